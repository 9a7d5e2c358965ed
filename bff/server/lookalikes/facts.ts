/**
 * What the similarity score reads of a company: a few facts from its identity fields and sections,
 * read the same way from a list generation row and from an enrichment answer (sections keyed by
 * name beside the identity). A fact is `undefined` when its section was not read or the company has
 * no value; the score then leaves it out rather than guess.
 */
import { HEADCOUNT_RANGES, REVENUE_BANDS, VALUATION_BANDS } from '../../contract/enums';

export type Coded = { code: string; label: string };

export type Facts = {
  uuid: string;
  name: string;
  productCategory?: string;
  /** Service taxonomy industries, primary first. */
  industries?: Coded[];
  naics?: Coded[];
  /** Index into HEADCOUNT_RANGES. */
  band?: number;
  ownership?: Coded;
  gtm?: Coded;
  offering?: Coded;
  revenueModels?: Coded[];
  motions?: Coded[];
  segments?: string[];
  targetIndustries?: string[];
  /** Index into REVENUE_BANDS / VALUATION_BANDS, with the band's label. */
  revenue?: { index: number; label: string };
  valuation?: { index: number; label: string };
  /** The funding stage; `none` for a company that never raised outside money. */
  stage?: Coded;
  country?: Coded;
  /** M49 regions of the HQ country, most specific first. */
  regions?: Coded[];
  tools?: string[];
  aiMaturity?: number;
  techFocus?: boolean;
};

export const NEVER_RAISED: Coded = { code: 'none', label: 'No outside funding' };

type Rec = Record<string, unknown>;

const isRec = (v: unknown): v is Rec => typeof v === 'object' && v !== null && !Array.isArray(v);

function coded(v: unknown): Coded | undefined {
  if (!isRec(v)) return undefined;
  const { code, label } = v;
  return typeof code === 'string' ? { code, label: typeof label === 'string' ? label : code } : undefined;
}

function codedList(v: unknown): Coded[] | undefined {
  if (!Array.isArray(v)) return undefined;
  return v.map(coded).filter((c): c is Coded => c !== undefined);
}

/** The type codes of sourced entries (`{type: {code, label}}`). */
function entryTypes(v: unknown): Coded[] | undefined {
  if (!Array.isArray(v)) return undefined;
  return v.map((e) => (isRec(e) ? coded(e.type) : undefined)).filter((c): c is Coded => c !== undefined);
}

function strings(v: unknown): string[] | undefined {
  return Array.isArray(v) ? v.filter((s): s is string => typeof s === 'string') : undefined;
}

function bandIndex(list: readonly { code: string; label: string }[], v: unknown) {
  const c = coded(v);
  const index = c ? list.findIndex((b) => b.code === c.code) : -1;
  return index === -1 ? undefined : { index, label: list[index]!.label };
}

/** Assigns the defined values only (exactOptionalPropertyTypes: no `key: undefined`). */
function defined<T extends object>(o: { [K in keyof T]: T[K] | undefined }): T {
  return Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined)) as T;
}

/** The facts of a list row, or of an enrichment's `data` with the company's identity beside it. */
export function readFacts(company: Rec): Facts {
  const firmographic = isRec(company.firmographic) ? company.firmographic : undefined;
  const industry = isRec(company.industry) ? company.industry : undefined;
  const model = isRec(company.business_model) ? company.business_model : undefined;
  const customers = isRec(company.customer_profile) ? company.customer_profile : undefined;
  const finance = isRec(company.financial_estimate) ? company.financial_estimate : undefined;
  const funding = isRec(company.funding_detail) ? company.funding_detail : undefined;
  const location = isRec(company.location) ? company.location : undefined;
  const hq = location && isRec(location.hq) ? location.hq : undefined;
  const technology = isRec(company.technology) ? company.technology : undefined;
  const overview = funding && isRec(funding.funding_overview) ? funding.funding_overview : undefined;
  const band =
    typeof firmographic?.headcount_range === 'string'
      ? (HEADCOUNT_RANGES as readonly string[]).indexOf(firmographic.headcount_range)
      : -1;
  const ai = isRec(technology?.ai_maturity) ? technology.ai_maturity.scale : undefined;
  const tools = Array.isArray(technology?.tech_stack)
    ? technology.tech_stack
        .map((t) => (isRec(t) && typeof t.name === 'string' ? t.name : undefined))
        .filter((t): t is string => t !== undefined)
    : undefined;
  const industries = codedList(industry?.industry);
  return defined<Facts>({
    uuid: String(company.uuid ?? ''),
    name: typeof company.name === 'string' ? company.name : String(company.uuid ?? ''),
    productCategory:
      typeof company.product_category === 'string' && company.product_category !== ''
        ? company.product_category
        : undefined,
    industries: industries && industries.length > 0 ? industries : undefined,
    naics: codedList(industry?.naics),
    band: band === -1 ? undefined : band,
    ownership: coded(firmographic?.ownership_category),
    gtm: coded(model?.gtm_type),
    offering: coded(model?.offering_type),
    revenueModels: entryTypes(model?.revenue_model),
    motions: entryTypes(model?.gtm_motion),
    segments: strings(customers?.target_segments),
    targetIndustries: strings(customers?.target_industries),
    revenue: bandIndex(REVENUE_BANDS, finance?.revenue_estimate),
    valuation: bandIndex(VALUATION_BANDS, finance?.valuation_estimate),
    // A funding section whose stage is null: the company never raised outside money.
    stage: overview ? (coded(overview.funding_stage) ?? NEVER_RAISED) : undefined,
    country: coded(hq?.country),
    regions: codedList(hq?.region),
    tools,
    aiMaturity: typeof ai === 'number' ? ai : undefined,
    techFocus:
      typeof technology?.is_technology_focussed === 'boolean' ? technology.is_technology_focussed : undefined,
  });
}
