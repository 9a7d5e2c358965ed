/**
 * Test helper: companies written compactly, expanded into the sections the filters read (for the
 * naive evaluator) and into index rows the way the store writes them (`extractFacets` + sort columns).
 * Only the fields that filters and sorting read are filled in.
 */
import { regionAncestors } from '../contract/geo';
import type { Sections } from '../contract/sections';
import type { FilterSections, SortableCompany } from '../embedded/query/evaluate';

export type CompanySpec = {
  uuid: string;
  prominence: number;
  type?: string;
  ownership?: string;
  status?: string;
  founded?: number | null;
  gtm?: string;
  offering?: string;
  motions?: string[];
  revenueModels?: string[];
  concentration?: string;
  moats?: string[];
  revenueBand?: string;
  valuationBand?: string | null;
  revenue?: number;
  valuation?: number | null;
  country: string;
  city: string;
  markets?: string[];
  global?: boolean;
  offices?: { country: string; city: string }[];
  partners?: { name: string; type: string; tier: string }[];
  customers?: string[];
  naics?: string[];
  sic?: string[];
  industries?: string[];
  ai?: number;
  api?: boolean;
  app?: boolean;
  tech?: boolean;
  stage?: string | null;
  totalFunding?: number;
  numRounds?: number;
  lastFundingDate?: string | null;
  rounds?: {
    round: string;
    date: string;
    amount: number | null;
    investors: [uuid: string, lead: boolean][];
  }[];
  employees?: number;
};

export type TestCompany = SortableCompany & { sections: FilterSections & Pick<Sections, 'headcount'> };

const coded = (code: string) => ({ code, label: code });
const entry = (code: string) => ({ title: code, description: '', source: [], type: coded(code) });

export function expand(s: CompanySpec): TestCompany {
  const sections = {
    firmographic: {
      company_type: coded(s.type ?? 'private'),
      ownership_category: coded(s.ownership ?? 'founder_individual_operated_bootstrapped'),
      operating_status: coded(s.status ?? 'operating'),
      founded_year: s.founded === undefined ? 2000 : s.founded,
    },
    business_model: {
      gtm_type: coded(s.gtm ?? 'b2b'),
      offering_type: coded(s.offering ?? 'software'),
      gtm_motion: (s.motions ?? []).map(entry),
      revenue_model: (s.revenueModels ?? []).map(entry),
    },
    company_assessment: {
      customer_concentration: { classification: coded(s.concentration ?? 'low') },
      competitive_moat: (s.moats ?? []).map(entry),
    },
    financial_estimate: {
      revenue_estimate: coded(s.revenueBand ?? 'under_1m'),
      valuation_estimate: s.valuationBand ? coded(s.valuationBand) : null,
      revenue_usd: s.revenue ?? 0,
      valuation_usd: s.valuation ?? null,
    },
    location: {
      hq: {
        country: coded(s.country),
        region: regionAncestors(s.country).map(coded),
        city: s.city,
      },
      market_served: { markets: (s.markets ?? []).map(coded), is_global: s.global ?? false },
      offices: (s.offices ?? []).map((o) => ({ country: coded(o.country), city: o.city })),
    },
    strategic_signal: {
      partnership: (s.partners ?? []).map((p) => ({
        name: p.name,
        strategic_tier: p.tier,
        type: coded(p.type),
      })),
    },
    customer_profile: { select_customer: (s.customers ?? []).map((name) => ({ name })) },
    industry: {
      industry: (s.industries ?? []).map(coded),
      naics: (s.naics ?? []).map(coded),
      sic: (s.sic ?? []).map(coded),
    },
    technology: {
      ai_maturity: { scale: s.ai ?? 0 },
      api_detail: { has_api: s.api ?? false },
      app_detail: { has_app: s.app ?? false },
      is_technology_focussed: s.tech ?? false,
    },
    funding_detail: {
      funding_overview: {
        funding_stage: s.stage ? coded(s.stage) : null,
        total_funding_usd: s.totalFunding ?? 0,
        num_funding_rounds: s.numRounds ?? s.rounds?.length ?? 0,
        last_funding_date: s.lastFundingDate ?? null,
      },
      funding_rounds: (s.rounds ?? []).map((r) => ({
        round: coded(r.round),
        date: r.date,
        amount_usd: r.amount,
        investors: r.investors.map(([uuid, lead]) => ({ uuid, name: uuid, lead_investor: lead })),
      })),
    },
    headcount: { employee_count: s.employees ?? 10 },
  };
  return {
    uuid: s.uuid,
    prominence: s.prominence,
    sections: sections as unknown as TestCompany['sections'],
  };
}

/** A small deterministic PRNG (mulberry32). */
export function prng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
