/**
 * The columns a company list can show and export: one catalog read by the web app's grid and by the
 * BFF's CSV export, so a column has the same header, the same flattening and the same section needs
 * in both. Section fields come from `sections.ts`; coded values show their labels, countries their
 * names (the service already sends `{code, label}`), lists are joined with "; ".
 *
 * Two readings of a cell, both plain: display formatting ("$12.5M", "Jun 1, 2023") is the web app's
 * (`web/src/lib/format.ts`), applied by the grid per `kind`, never written into the CSV.
 * - `text`: what the CSV writes. Numbers (money included) stay plain digits ("1250000", no currency
 *   sign or thousands separator) so a spreadsheet reads them as numbers; dates stay ISO; booleans
 *   are "Yes"/"No"; a missing value (section not requested, field null) is "".
 * - `value`: the raw-ish value the grid formats: a number for number/money/year kinds, a boolean for
 *   boolean, the code for coded values, an ISO date for dates, otherwise the text; null when missing.
 */
import type { CompanyListItem } from './api';
import type { SortBy } from './list-params';
import { LIST_SECTIONS, type ListSection } from './section-names';
import type { SignalReading } from './signal-columns';

type ColumnKind = 'text' | 'number' | 'money' | 'year' | 'date' | 'url' | 'list' | 'coded' | 'boolean';

export type ColumnDef = {
  /** Stable id: the field's path in the list item where there is one ('location.hq.country'). */
  id: string;
  /** Readable header, unique across the catalog. */
  header: string;
  /**
   * The section the column reads; null for identity columns, which every list item carries, and
   * for signal columns (`signal`).
   */
  section: ListSection | null;
  /**
   * A signal column's reading (./signal-columns.ts): its values are bought per company through the
   * signal endpoints, the company store counted, and carried on the row as `signals`.
   */
  signal?: SignalReading;
  kind: ColumnKind;
  /** Shown when its section is chosen (for identity columns: shown by default). */
  main: boolean;
  /** The list sort (`sort_by`) that orders rows by this column, if any. */
  sortBy?: SortBy;
  /** Suggested width in px. */
  width: number;
  text: (row: CompanyListItem) => string;
  value: (row: CompanyListItem) => string | number | boolean | null;
};

type SectionData<K extends ListSection> = NonNullable<CompanyListItem[K]>;
type Coded = { code: string | number; label: string };
type Options = { main?: boolean; sortBy?: SortBy; width?: number };

const LIST_SEPARATOR = '; ';

const DEFAULT_WIDTH: Record<ColumnKind, number> = {
  text: 200,
  number: 110,
  money: 130,
  year: 90,
  date: 110,
  url: 200,
  list: 240,
  coded: 160,
  boolean: 90,
};

/** Reads a field of a section, or undefined when the section is absent from the row. */
function reader<K extends ListSection | null, T>(
  section: K,
  get: (s: K extends ListSection ? SectionData<K> : CompanyListItem) => T,
): (row: CompanyListItem) => T | undefined {
  return (row) => {
    if (section === null) return get(row as never);
    const data = row[section];
    return data === undefined || data === null ? undefined : get(data as never);
  };
}

function make(
  section: ListSection | null,
  id: string,
  header: string,
  kind: ColumnKind,
  text: ColumnDef['text'],
  value: ColumnDef['value'],
  opts: Options,
): ColumnDef {
  return {
    id,
    header,
    section,
    kind,
    main: opts.main ?? false,
    ...(opts.sortBy ? { sortBy: opts.sortBy } : {}),
    width: opts.width ?? DEFAULT_WIDTH[kind],
    text,
    value,
  };
}

// One constructor per kind, each typed by what its getter must return, so a column cannot hand an
// object to the text reading by mistake.

function textCol<K extends ListSection | null>(
  section: K,
  id: string,
  header: string,
  get: (s: K extends ListSection ? SectionData<K> : CompanyListItem) => string | null,
  opts: Options & { kind?: 'text' | 'url' | 'date' } = {},
): ColumnDef {
  const read = reader(section, get);
  return make(
    section,
    id,
    header,
    opts.kind ?? 'text',
    (row) => read(row) ?? '',
    (row) => read(row) ?? null,
    opts,
  );
}

function numberCol<K extends ListSection | null>(
  section: K,
  id: string,
  header: string,
  get: (s: K extends ListSection ? SectionData<K> : CompanyListItem) => number | null,
  opts: Options & { kind?: 'number' | 'money' | 'year' } = {},
): ColumnDef {
  const read = reader(section, get);
  return make(
    section,
    id,
    header,
    opts.kind ?? 'number',
    (row) => {
      const n = read(row);
      return n === undefined || n === null || !Number.isFinite(n) ? '' : String(n);
    },
    (row) => {
      const n = read(row);
      return n === undefined || n === null || !Number.isFinite(n) ? null : n;
    },
    opts,
  );
}

function codedCol<K extends ListSection | null>(
  section: K,
  id: string,
  header: string,
  get: (s: K extends ListSection ? SectionData<K> : CompanyListItem) => Coded | null | undefined,
  opts: Options = {},
): ColumnDef {
  const read = reader(section, get);
  return make(
    section,
    id,
    header,
    'coded',
    (row) => read(row)?.label ?? '',
    (row) => read(row)?.code ?? null,
    opts,
  );
}

function listCol<K extends ListSection | null>(
  section: K,
  id: string,
  header: string,
  get: (s: K extends ListSection ? SectionData<K> : CompanyListItem) => readonly (string | Coded)[],
  opts: Options = {},
): ColumnDef {
  const read = reader(section, get);
  const joined = (row: CompanyListItem): string => {
    const items = read(row);
    if (items === undefined) return '';
    // Duplicates (the same investor in three rounds, two offices in one country) say nothing new.
    const words = items.map((i) => (typeof i === 'string' ? i : i.label)).filter((w) => w !== '');
    return [...new Set(words)].join(LIST_SEPARATOR);
  };
  return make(
    section,
    id,
    header,
    'list',
    joined,
    (row) => (read(row) === undefined ? null : joined(row)),
    opts,
  );
}

function boolCol<K extends ListSection | null>(
  section: K,
  id: string,
  header: string,
  get: (s: K extends ListSection ? SectionData<K> : CompanyListItem) => boolean | null,
  opts: Options = {},
): ColumnDef {
  const read = reader(section, get);
  return make(
    section,
    id,
    header,
    'boolean',
    (row) => {
      const b = read(row);
      return b === undefined || b === null ? '' : b ? 'Yes' : 'No';
    },
    (row) => read(row) ?? null,
    opts,
  );
}

const names = (refs: readonly { name: string }[]): string[] => refs.map((r) => r.name);
const titles = (entries: readonly { title: string }[]): string[] => entries.map((e) => e.title);
const types = (entries: readonly { type: Coded }[]): Coded[] => entries.map((e) => e.type);

function partialDate(d: { year?: number; month?: number; day?: number }): string {
  if (d.year === undefined) return '';
  const pad = (n: number) => String(n).padStart(2, '0');
  return d.month === undefined
    ? String(d.year)
    : d.day === undefined
      ? `${d.year}-${pad(d.month)}`
      : `${d.year}-${pad(d.month)}-${pad(d.day)}`;
}

const IDENTITY: readonly ColumnDef[] = [
  textCol(null, 'name', 'Company', (r) => r.name, { main: true, width: 220 }),
  textCol(null, 'website', 'Website', (r) => r.website, { kind: 'url', main: true }),
  textCol(null, 'product_category', 'Product category', (r) => r.product_category, { main: true }),
  codedCol(null, 'company_type', 'Company type', (r) => r.company_type, { main: true, width: 110 }),
  textCol(null, 'uuid', 'Company ID', (r) => r.uuid, { width: 180 }),
];

const SECTION_COLUMNS: { readonly [K in ListSection]: readonly ColumnDef[] } = {
  firmographic: [
    numberCol('firmographic', 'firmographic.founded_year', 'Founded', (s) => s.founded_year, {
      kind: 'year',
      main: true,
      sortBy: 'founded_year',
    }),
    textCol('firmographic', 'firmographic.headcount_range', 'Employees', (s) => s.headcount_range, {
      main: true,
      sortBy: 'employee_range',
      width: 110,
    }),
    codedCol('firmographic', 'firmographic.ownership_category', 'Ownership', (s) => s.ownership_category, {
      main: true,
    }),
    codedCol('firmographic', 'firmographic.operating_status', 'Operating status', (s) => s.operating_status),
    textCol('firmographic', 'firmographic.legal_name', 'Legal name', (s) => s.legal_name),
    textCol(
      'firmographic',
      'firmographic.company_description_short',
      'Short description',
      (s) => s.company_description_short,
      { width: 320 },
    ),
  ],
  business_model: [
    codedCol('business_model', 'business_model.gtm_type', 'Go-to-market', (s) => s.gtm_type, { main: true }),
    codedCol('business_model', 'business_model.offering_type', 'Offering', (s) => s.offering_type, {
      main: true,
    }),
    listCol(
      'business_model',
      'business_model.revenue_model',
      'Revenue models',
      (s) => types(s.revenue_model),
      {
        main: true,
      },
    ),
    listCol('business_model', 'business_model.gtm_motion', 'Go-to-market motions', (s) =>
      types(s.gtm_motion),
    ),
    listCol('business_model', 'business_model.marketing_channels', 'Marketing channels', (s) =>
      titles(s.marketing_channels),
    ),
    listCol('business_model', 'business_model.distribution_channels', 'Distribution channels', (s) =>
      titles(s.distribution_channels),
    ),
    listCol('business_model', 'business_model.pricing_details', 'Pricing', (s) => titles(s.pricing_details)),
  ],
  company_assessment: [
    textCol(
      'company_assessment',
      'company_assessment.market_position',
      'Market position',
      (s) => s.market_position,
      {
        main: true,
        width: 280,
      },
    ),
    codedCol(
      'company_assessment',
      'company_assessment.customer_concentration.classification',
      'Customer concentration',
      (s) => s.customer_concentration.classification,
      { main: true },
    ),
    listCol(
      'company_assessment',
      'company_assessment.competitive_moat',
      'Competitive moats',
      (s) => types(s.competitive_moat),
      { main: true },
    ),
    listCol('company_assessment', 'company_assessment.strengths', 'Strengths', (s) => titles(s.strengths)),
    listCol('company_assessment', 'company_assessment.weakness', 'Weaknesses', (s) => titles(s.weakness)),
    numberCol(
      'company_assessment',
      'company_assessment.customer_concentration.top_customer_share_pct',
      'Top customer share %',
      (s) => s.customer_concentration.top_customer_share_pct,
    ),
  ],
  trust_signal: [
    numberCol('trust_signal', 'trust_signal.review_rating', 'Review rating', (s) => s.review_rating, {
      main: true,
    }),
    numberCol('trust_signal', 'trust_signal.review_count', 'Reviews', (s) => s.review_count, { main: true }),
    listCol('trust_signal', 'trust_signal.certifications', 'Certifications', (s) => names(s.certifications), {
      main: true,
    }),
    listCol('trust_signal', 'trust_signal.awards', 'Awards', (s) => titles(s.awards)),
    boolCol('trust_signal', 'trust_signal.has_trust_center', 'Trust center', (s) => s.has_trust_center),
    textCol('trust_signal', 'trust_signal.security_page_url', 'Security page', (s) => s.security_page_url, {
      kind: 'url',
    }),
  ],
  company_hierarchy: [
    boolCol('company_hierarchy', 'company_hierarchy.is_subsidiary', 'Subsidiary', (s) => s.is_subsidiary, {
      main: true,
    }),
    textCol(
      'company_hierarchy',
      'company_hierarchy.parent',
      'Parent company',
      (s) => s.parent?.name ?? null,
      {
        main: true,
      },
    ),
    textCol(
      'company_hierarchy',
      'company_hierarchy.ultimate_parent',
      'Ultimate parent',
      (s) => s.ultimate_parent?.name ?? null,
    ),
    listCol('company_hierarchy', 'company_hierarchy.subsidiaries', 'Subsidiaries', (s) =>
      names(s.subsidiaries),
    ),
    numberCol(
      'company_hierarchy',
      'company_hierarchy.subsidiaries_count',
      'Subsidiary count',
      (s) => s.subsidiaries.length,
    ),
  ],
  digital_presence: [
    textCol('digital_presence', 'digital_presence.domain', 'Domain', (s) => s.domain, { main: true }),
    numberCol(
      'digital_presence',
      'digital_presence.monthly_website_visits',
      'Monthly visits',
      (s) => s.monthly_website_visits,
      { main: true, width: 130 },
    ),
    listCol(
      'digital_presence',
      'digital_presence.social_profiles',
      'Social profiles',
      (s) => s.social_profiles.map((p) => p.url),
      { main: true },
    ),
    numberCol(
      'digital_presence',
      'digital_presence.domain_registered_year',
      'Domain registered',
      (s) => s.domain_registered_year,
      { kind: 'year' },
    ),
    textCol('digital_presence', 'digital_presence.blog_url', 'Blog', (s) => s.blog_url, { kind: 'url' }),
    textCol('digital_presence', 'digital_presence.careers_url', 'Careers page', (s) => s.careers_url, {
      kind: 'url',
    }),
  ],
  financial_estimate: [
    codedCol(
      'financial_estimate',
      'financial_estimate.revenue_estimate',
      'Revenue band',
      (s) => s.revenue_estimate,
      {
        main: true,
        sortBy: 'revenue_estimate',
      },
    ),
    numberCol('financial_estimate', 'financial_estimate.revenue_usd', 'Revenue (USD)', (s) => s.revenue_usd, {
      kind: 'money',
      main: true,
      sortBy: 'revenue_estimate',
    }),
    codedCol(
      'financial_estimate',
      'financial_estimate.valuation_estimate',
      'Valuation band',
      (s) => s.valuation_estimate,
      { main: true, sortBy: 'valuation_estimate' },
    ),
    numberCol(
      'financial_estimate',
      'financial_estimate.valuation_usd',
      'Valuation (USD)',
      (s) => s.valuation_usd,
      {
        kind: 'money',
        sortBy: 'valuation_estimate',
      },
    ),
    numberCol(
      'financial_estimate',
      'financial_estimate.revenue_growth_pct',
      'Revenue growth %',
      (s) => s.revenue_growth_pct,
    ),
    numberCol('financial_estimate', 'financial_estimate.fiscal_year', 'Fiscal year', (s) => s.fiscal_year, {
      kind: 'year',
    }),
    textCol(
      'financial_estimate',
      'financial_estimate.confidence',
      'Estimate confidence',
      (s) => s.confidence,
      {
        width: 110,
      },
    ),
  ],
  location: [
    codedCol('location', 'location.hq.country', 'HQ country', (s) => s.hq.country, { main: true }),
    textCol('location', 'location.hq.city', 'HQ city', (s) => s.hq.city, { main: true, width: 150 }),
    // `hq.region` lists every M49 region containing the country, most specific first: the last one is
    // the continent-level region, the first the subregion a rep would name.
    codedCol('location', 'location.hq.region', 'HQ region', (s) => s.hq.region.at(-1), { main: true }),
    codedCol('location', 'location.hq.subregion', 'HQ subregion', (s) =>
      s.hq.region.length > 1 ? s.hq.region[0] : undefined,
    ),
    textCol('location', 'location.hq.address', 'HQ address', (s) => s.hq.address, { width: 240 }),
    textCol('location', 'location.hq.postal_code', 'HQ postal code', (s) => s.hq.postal_code, { width: 110 }),
    listCol('location', 'location.market_served.markets', 'Markets served', (s) => s.market_served.markets),
    boolCol('location', 'location.market_served.is_global', 'Global', (s) => s.market_served.is_global),
    listCol('location', 'location.offices.country', 'Office countries', (s) =>
      s.offices.map((o) => o.country),
    ),
  ],
  management_profile: [
    listCol(
      'management_profile',
      'management_profile.leadership',
      'Leadership',
      (s) => s.leadership.map((p) => `${p.name} (${p.title})`),
      { main: true, width: 320 },
    ),
    listCol('management_profile', 'management_profile.founders', 'Founders', (s) => s.founders, {
      main: true,
    }),
    listCol('management_profile', 'management_profile.board', 'Board', (s) => names(s.board)),
  ],
  product_offering: [
    listCol('product_offering', 'product_offering.products', 'Products', (s) => names(s.products), {
      main: true,
    }),
    listCol(
      'product_offering',
      'product_offering.flagship',
      'Flagship products',
      (s) => names(s.products.filter((p) => p.is_flagship)),
      { main: true },
    ),
    listCol('product_offering', 'product_offering.use_cases', 'Use cases', (s) => s.use_cases),
    listCol(
      'product_offering',
      'product_offering.target_personas',
      'Target personas',
      (s) => s.target_personas,
    ),
    boolCol('product_offering', 'product_offering.has_free_trial', 'Free trial', (s) => s.has_free_trial),
  ],
  strategic_signal: [
    listCol('strategic_signal', 'strategic_signal.partnership', 'Partners', (s) => names(s.partnership), {
      main: true,
    }),
    listCol(
      'strategic_signal',
      'strategic_signal.recent_move',
      'Recent moves',
      (s) => titles(s.recent_move),
      {
        main: true,
      },
    ),
    listCol('strategic_signal', 'strategic_signal.partnership.type', 'Partnership types', (s) =>
      types(s.partnership),
    ),
    listCol('strategic_signal', 'strategic_signal.recent_move.announced_on', 'Recent move dates', (s) =>
      s.recent_move.map((m) => partialDate(m.announced_on)),
    ),
    listCol('strategic_signal', 'strategic_signal.scale_indicator', 'Scale indicators', (s) =>
      titles(s.scale_indicator),
    ),
  ],
  customer_profile: [
    listCol(
      'customer_profile',
      'customer_profile.select_customer',
      'Customers',
      (s) => names(s.select_customer),
      {
        main: true,
      },
    ),
    listCol(
      'customer_profile',
      'customer_profile.target_segments',
      'Target segments',
      (s) => s.target_segments,
      {
        main: true,
      },
    ),
    numberCol(
      'customer_profile',
      'customer_profile.customer_count_estimate',
      'Customer count',
      (s) => s.customer_count_estimate,
      { main: true },
    ),
    listCol(
      'customer_profile',
      'customer_profile.target_industries',
      'Target industries',
      (s) => s.target_industries,
    ),
  ],
  industry: [
    codedCol('industry', 'industry.primary', 'Primary industry', (s) => s.industry[0], { main: true }),
    listCol('industry', 'industry.industry', 'Industries', (s) => s.industry, { main: true }),
    // NAICS and SIC codes are what CRMs match on, so the codes go out beside their names.
    listCol('industry', 'industry.naics', 'NAICS', (s) => s.naics.map((n) => `${n.code} ${n.label}`), {
      main: true,
    }),
    listCol('industry', 'industry.naics.code', 'NAICS codes', (s) => s.naics.map((n) => n.code), {
      width: 120,
    }),
    listCol('industry', 'industry.sic', 'SIC', (s) => s.sic.map((n) => `${n.code} ${n.label}`)),
    listCol('industry', 'industry.sic.code', 'SIC codes', (s) => s.sic.map((n) => n.code), { width: 120 }),
  ],
  technology: [
    textCol('technology', 'technology.ai_maturity', 'AI maturity', (s) => s.ai_maturity.label, {
      main: true,
      width: 140,
    }),
    listCol('technology', 'technology.tech_stack', 'Tech stack', (s) => names(s.tech_stack), { main: true }),
    boolCol('technology', 'technology.api_detail.has_api', 'Has API', (s) => s.api_detail.has_api, {
      main: true,
    }),
    textCol('technology', 'technology.api_detail.api_type', 'API type', (s) => s.api_detail.api_type, {
      width: 110,
    }),
    boolCol('technology', 'technology.app_detail.has_app', 'Has app', (s) => s.app_detail.has_app),
    listCol('technology', 'technology.app_detail.platforms', 'App platforms', (s) => s.app_detail.platforms),
    boolCol(
      'technology',
      'technology.is_technology_focussed',
      'Technology company',
      (s) => s.is_technology_focussed,
    ),
    numberCol('technology', 'technology.patents_count', 'Patents', (s) => s.patents_count),
  ],
  funding_detail: [
    codedCol(
      'funding_detail',
      'funding_detail.funding_overview.funding_stage',
      'Funding stage',
      (s) => s.funding_overview.funding_stage,
      { main: true },
    ),
    numberCol(
      'funding_detail',
      'funding_detail.funding_overview.total_funding_usd',
      'Total funding (USD)',
      (s) => s.funding_overview.total_funding_usd,
      { kind: 'money', main: true, sortBy: 'total_funding', width: 150 },
    ),
    textCol(
      'funding_detail',
      'funding_detail.funding_overview.last_funding_date',
      'Last funding date',
      (s) => s.funding_overview.last_funding_date,
      { kind: 'date', main: true, width: 130 },
    ),
    codedCol(
      'funding_detail',
      'funding_detail.last_round',
      'Last round',
      (s) => s.funding_rounds.at(-1)?.round,
    ),
    numberCol(
      'funding_detail',
      'funding_detail.funding_overview.last_round_amount_usd',
      'Last round (USD)',
      (s) => s.funding_overview.last_round_amount_usd,
      { kind: 'money' },
    ),
    numberCol(
      'funding_detail',
      'funding_detail.funding_overview.num_funding_rounds',
      'Funding rounds',
      (s) => s.funding_overview.num_funding_rounds,
    ),
    listCol(
      'funding_detail',
      'funding_detail.funding_overview.lead_investors',
      'Lead investors',
      (s) => names(s.funding_overview.lead_investors),
      { main: true },
    ),
    listCol('funding_detail', 'funding_detail.investors', 'Investors', (s) =>
      s.funding_rounds.flatMap((r) => names(r.investors)),
    ),
  ],
  mna_and_investment: [
    textCol(
      'mna_and_investment',
      'mna_and_investment.acquired_by',
      'Acquired by',
      (s) => s.acquired_by?.company.name ?? null,
      { main: true },
    ),
    textCol(
      'mna_and_investment',
      'mna_and_investment.acquired_by.date',
      'Acquired on',
      (s) => s.acquired_by?.date ?? null,
      { kind: 'date' },
    ),
    listCol(
      'mna_and_investment',
      'mna_and_investment.acquisitions',
      'Acquisitions',
      (s) => s.acquisitions.map((a) => a.target.name),
      { main: true },
    ),
    numberCol(
      'mna_and_investment',
      'mna_and_investment.acquisitions_count',
      'Acquisition count',
      (s) => s.acquisitions.length,
    ),
    listCol(
      'mna_and_investment',
      'mna_and_investment.investments',
      'Investments',
      (s) => s.investments.map((i) => i.company.name),
      { main: true },
    ),
  ],
};

/**
 * Signal columns (issue 36, decisions section 15): read from a row's `signals`, which a screened
 * list carries and the grid and the export add through `POST /bff/companies/signals`. Not in
 * `COLUMNS` (whose section-less columns are the identity ones) but in `COLUMN_BY_ID`. "Monthly
 * visits (last month)" is the website traffic endpoint's latest whole month; "Monthly visits" is
 * the digital presence section's estimate.
 */
function signalCol(
  reading: SignalReading,
  id: string,
  header: string,
  get: (s: NonNullable<CompanyListItem['signals']>) => number | null | undefined,
  width: number,
): ColumnDef {
  const read = (row: CompanyListItem): number | null => {
    const v = row.signals ? get(row.signals) : undefined;
    return typeof v === 'number' && Number.isFinite(v) ? v : null;
  };
  return {
    ...make(
      null,
      id,
      header,
      'number',
      (row) => {
        const v = read(row);
        return v === null ? '' : String(v);
      },
      read,
      { width },
    ),
    signal: reading,
  };
}

export const SIGNAL_COLUMNS: readonly ColumnDef[] = [
  signalCol(
    'headcount_trends',
    'signals.headcount_growth_6m',
    'Headcount growth (6 months)',
    (s) => s.headcount_growth_6m,
    130,
  ),
  signalCol(
    'headcount_trends',
    'signals.headcount_growth_12m',
    'Headcount growth (12 months)',
    (s) => s.headcount_growth_12m,
    130,
  ),
  signalCol('open_roles', 'signals.open_listings', 'Open roles', (s) => s.open_listings, 110),
  signalCol(
    'website_traffic',
    'signals.monthly_visits',
    'Monthly visits (last month)',
    (s) => s.monthly_visits,
    140,
  ),
];

/** The signal readings a set of columns needs, in catalog order; other ids are ignored. */
export function signalsOfColumns(ids: readonly string[]): SignalReading[] {
  const wanted = new Set(ids);
  return [...new Set(SIGNAL_COLUMNS.filter((c) => wanted.has(c.id)).map((c) => c.signal!))];
}

export const IDENTITY_COLUMN_IDS: readonly string[] = IDENTITY.map((c) => c.id);

export const COLUMNS: readonly ColumnDef[] = [
  ...IDENTITY,
  ...LIST_SECTIONS.flatMap((s) => SECTION_COLUMNS[s]),
];

/**
 * The day a row's data was fetched from the service (the oldest of its sections; the BFF's company
 * store serves data up to its max age). An export column only: the grid shows it as a row's tooltip.
 * The export puts the time on each row as `as_of` (ISO-8601); the column writes its day.
 */
export const AS_OF_COLUMN: ColumnDef = {
  id: 'as_of',
  header: 'Data as of',
  section: null,
  kind: 'date',
  main: false,
  width: 110,
  text: (row) => ((row as { as_of?: unknown }).as_of as string | undefined)?.slice(0, 10) ?? '',
  value: (row) => ((row as { as_of?: unknown }).as_of as string | undefined)?.slice(0, 10) ?? null,
};

export const COLUMN_BY_ID: ReadonlyMap<string, ColumnDef> = new Map(
  [...COLUMNS, ...SIGNAL_COLUMNS, AS_OF_COLUMN].map((c) => [c.id, c]),
);

/** Every column of a section, main ones first in catalog order. */
export function sectionColumns(section: ListSection): readonly ColumnDef[] {
  return SECTION_COLUMNS[section];
}

export function mainColumnIds(section: ListSection): readonly string[] {
  return SECTION_COLUMNS[section].filter((c) => c.main).map((c) => c.id);
}

/** The sections a set of columns needs, in the spec's order; unknown ids are ignored. */
export function sectionsOfColumns(ids: readonly string[]): ListSection[] {
  const needed = new Set<ListSection>();
  for (const id of ids) {
    const section = COLUMN_BY_ID.get(id)?.section;
    if (section) needed.add(section);
  }
  return LIST_SECTIONS.filter((s) => needed.has(s));
}
