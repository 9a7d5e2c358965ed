/**
 * The filter catalog: every filter key of the specification with its group, kind, allowed values
 * and the words a person reads; and the zod schema of the `filters` object built from it.
 *
 * Semantics (docs/product-rules.md, section 4): AND across keys, any-of within an array; `industry.naics` and
 * `industry.sic` match by code prefix; `location.hq.region` matches any HQ country inside the M49
 * region at any level; free-text names match whole words, case- and accent-insensitively; ranges are
 * inclusive; `funding_detail.funding_rounds` conditions hold jointly for one round.
 */
import { z } from 'zod';
import {
  AI_MATURITY_LEVELS,
  COMPANY_TYPES,
  COMPETITIVE_MOATS,
  CUSTOMER_CONCENTRATIONS,
  codesOf,
  FUNDING_STAGES,
  FUNDING_STAGES_IN_ORDER,
  GTM_MOTIONS,
  GTM_TYPES,
  HEADCOUNT_RANGES,
  type HeadcountRange,
  OFFERING_TYPES,
  OPERATING_STATUSES,
  type Option,
  OWNERSHIP_CATEGORIES,
  PARTNERSHIP_TYPES,
  REVENUE_BANDS,
  REVENUE_MODELS,
  VALUATION_BANDS,
} from './enums';
import { COUNTRIES, REGIONS } from './geo';
import type { ListSection } from './section-names';
import { SIGNAL_FILTER_SHAPE, type SignalFilters } from './signal-filters';

export const FILTER_GROUPS = [
  { id: 'firmographic', label: 'Firmographic' },
  { id: 'business_model', label: 'Business model' },
  { id: 'company_assessment', label: 'Company assessment' },
  { id: 'financial_estimate', label: 'Financial estimate' },
  { id: 'location', label: 'Location' },
  { id: 'strategic_signal', label: 'Strategic signal' },
  { id: 'customer_profile', label: 'Customer profile' },
  { id: 'industry', label: 'Industry' },
  { id: 'technology', label: 'Technology' },
  { id: 'funding_detail', label: 'Funding detail' },
] as const satisfies readonly { id: ListSection; label: string }[];
export type FilterGroup = (typeof FILTER_GROUPS)[number]['id'];

/**
 * How a filter's values are written and matched.
 * - `enum`: codes from `values`; `number_enum` the same with numeric codes
 * - `country`: ISO alpha-3 codes; `region`: M49 codes (hierarchical match)
 * - `text`: free-text names (whole-word, case- and accent-insensitive)
 * - `naics` / `sic`: industry codes (prefix match); `industry`: service taxonomy codes
 * - `boolean`; `year_range`, `int_range`, `usd_range`, `date_range`: `{gte?, lte?}` inclusive
 * - `funding_rounds`: the nested single-round object
 */
export type FilterKind =
  | 'enum'
  | 'number_enum'
  | 'country'
  | 'region'
  | 'text'
  | 'naics'
  | 'sic'
  | 'industry'
  | 'boolean'
  | 'year_range'
  | 'int_range'
  | 'usd_range'
  | 'date_range'
  | 'funding_rounds';

export type FilterDef = {
  readonly key: string;
  readonly group: FilterGroup;
  readonly label: string;
  readonly kind: FilterKind;
  /** The field tested, inside the section named by `group` (dotted; arrays are traversed). */
  readonly field: string;
  readonly values?: readonly Option<string | number>[];
  readonly help?: string;
};

const countryOptions = COUNTRIES.map((c) => ({ code: c.code, label: c.name }));
const regionOptions = REGIONS.map((r) => ({ code: r.code, label: r.name }));

function def<const K extends string>(
  key: K,
  label: string,
  kind: FilterKind,
  values?: readonly Option<string | number>[],
  help?: string,
): FilterDef & { readonly key: K } {
  const [group, ...rest] = key.split('.');
  const field = rest.join('.');
  return {
    key,
    group: group as FilterGroup,
    label,
    kind,
    field,
    ...(values ? { values } : {}),
    ...(help ? { help } : {}),
  };
}

export const FILTER_CATALOG = [
  def('firmographic.company_type', 'Company type', 'enum', COMPANY_TYPES),
  def('firmographic.ownership_category', 'Ownership', 'enum', OWNERSHIP_CATEGORIES),
  def('firmographic.operating_status', 'Operating status', 'enum', OPERATING_STATUSES),
  def('firmographic.founded_year', 'Founded', 'year_range'),

  def('business_model.gtm_type', 'Customers (B2B / B2C)', 'enum', GTM_TYPES),
  def('business_model.offering_type', 'Offering', 'enum', OFFERING_TYPES),
  def('business_model.gtm_motion', 'Go-to-market motion', 'enum', GTM_MOTIONS),
  def('business_model.revenue_model', 'Revenue model', 'enum', REVENUE_MODELS),

  def(
    'company_assessment.customer_concentration.classification',
    'Customer concentration',
    'enum',
    CUSTOMER_CONCENTRATIONS,
  ),
  def('company_assessment.competitive_moat', 'Competitive moat', 'enum', COMPETITIVE_MOATS),

  def('financial_estimate.revenue_estimate', 'Revenue', 'enum', REVENUE_BANDS),
  def('financial_estimate.valuation_estimate', 'Valuation', 'enum', VALUATION_BANDS),

  def(
    'location.hq.region',
    'HQ region',
    'region',
    regionOptions,
    'UN M49 regions; a region includes its sub-regions',
  ),
  def('location.hq.country', 'HQ country', 'country', countryOptions),
  def('location.hq.city', 'HQ city', 'text'),
  def('location.market_served.markets', 'Markets served', 'country', countryOptions),
  def('location.market_served.is_global', 'Serves a global market', 'boolean'),
  def('location.offices.country', 'Office country', 'country', countryOptions),
  def('location.offices.city', 'Office city', 'text'),

  def('strategic_signal.partnership.name', 'Partner name', 'text'),
  def('strategic_signal.partnership.type', 'Partnership type', 'enum', PARTNERSHIP_TYPES),
  def('strategic_signal.partnership.strategic_tier', 'Partnership tier', 'text'),

  def('customer_profile.select_customer.name', 'Named customer', 'text'),

  def('industry.naics', 'NAICS code', 'naics', undefined, 'Matches the code and every code under it'),
  def('industry.sic', 'SIC code', 'sic', undefined, 'Matches the code and every code under it'),
  def('industry.industry', 'Industry', 'industry', undefined, 'Type an everyday name: fintech, logistics'),

  def('technology.ai_maturity.scale', 'AI maturity', 'number_enum', AI_MATURITY_LEVELS),
  def('technology.api_detail.has_api', 'Has a public API', 'boolean'),
  def('technology.app_detail.has_app', 'Has a mobile app', 'boolean'),
  def('technology.is_technology_focussed', 'Technology-focused', 'boolean'),

  def('funding_detail.funding_overview.funding_stage', 'Funding stage', 'enum', FUNDING_STAGES_IN_ORDER),
  def('funding_detail.funding_overview.total_funding_usd', 'Total funding (USD)', 'usd_range'),
  def('funding_detail.funding_overview.num_funding_rounds', 'Number of funding rounds', 'int_range'),
  def('funding_detail.funding_overview.last_funding_date', 'Last funding date', 'date_range'),
  def(
    'funding_detail.funding_rounds',
    'A single funding round',
    'funding_rounds',
    undefined,
    'Every condition must hold for one and the same round',
  ),
] as const satisfies readonly FilterDef[];

export type FilterKey = (typeof FILTER_CATALOG)[number]['key'];

/**
 * "Not funded by X" in words: the investors a company's rounds must not name (ids, as
 * `funding_detail.funding_rounds` takes them), an exclusion of an open key, served by set difference
 * against the companies with a round naming one of them (`{"funding_detail.funding_rounds":
 * {"investors.uuid": [...]}}`). The BFF's description step writes it in `exclude`; it excludes those
 * investors and nothing else (docs/product-rules.md, section 14).
 */
export const INVESTOR_EXCLUSION_KEY = 'funding_detail.funding_rounds.investors.uuid';
export const FILTER_BY_KEY: ReadonlyMap<string, FilterDef> = new Map(FILTER_CATALOG.map((f) => [f.key, f]));

// ---------------------------------------------------------------------------------------------
// Value schemas

const MAX_VALUES = 500;

function uniq<T>(values: T[]): T[] {
  return [...new Set(values)];
}

/** Codes are matched case-insensitively and echoed as listed (docs/product-rules.md, section 4). */
function codeArray(allowed: readonly string[], normalise: (s: string) => string) {
  const set = new Set(allowed);
  return z
    .array(z.string().trim().min(1).transform(normalise))
    .max(MAX_VALUES)
    .superRefine((values, ctx) => {
      values.forEach((v, i) => {
        if (!set.has(v)) {
          ctx.addIssue({
            code: 'custom',
            path: [i],
            message: `"${v}" is not an allowed value`,
            input: v,
          });
        }
      });
    })
    .transform(uniq);
}

const lower = (s: string) => s.toLowerCase();
const upper = (s: string) => s.toUpperCase();

function patternArray(pattern: RegExp, what: string, normalise: (s: string) => string = (s) => s) {
  return z
    .array(
      z
        .string()
        .trim()
        .transform(normalise)
        .pipe(z.string().regex(pattern, `expected ${what}`)),
    )
    .max(MAX_VALUES)
    .transform(uniq);
}

const textArray = z
  .array(z.string().trim().min(1, 'expected a non-empty name').max(200))
  .max(MAX_VALUES)
  .transform(uniq);

function range<T extends z.ZodType<number> | z.ZodType<string>>(bound: T, what: string) {
  return z
    .object({ gte: bound.optional(), lte: bound.optional() })
    .strict()
    .superRefine((r, ctx) => {
      const { gte, lte } = r as { gte?: number | string; lte?: number | string };
      if (gte === undefined && lte === undefined) {
        ctx.addIssue({ code: 'custom', message: `a range needs gte or lte (${what})`, input: r });
      } else if (gte !== undefined && lte !== undefined && gte > lte) {
        ctx.addIssue({ code: 'custom', message: 'gte must not be greater than lte', input: r });
      }
    });
}

export type Range<T> = { gte?: T; lte?: T };

const isoDate = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'expected a date YYYY-MM-DD')
  .refine((s) => {
    const d = new Date(`${s}T00:00:00Z`);
    return !Number.isNaN(d.getTime()) && d.toISOString().startsWith(s);
  }, 'not a real calendar date');

const year = z.number().int('expected a whole year').min(1000, 'expected a four-digit year').max(9999);
const usd = z.number().int('expected whole US dollars').nonnegative();
const count = z.number().int('expected a whole number').nonnegative();

const investorUuids = z.array(z.string().trim().min(1)).max(MAX_VALUES).transform(uniq);

/**
 * One funding-round condition. The investor sub-fields are accepted in the spec's dotted spelling
 * (`"investors.uuid"`, `"investors.lead_investor"`) and nested (`"investors": {uuid, lead_investor}`);
 * the parsed value, and so every echo, uses the dotted one (docs/product-rules.md, section 4).
 */
export const FundingRoundsFilter = z
  .object({
    round: codeArray(codesOf(FUNDING_STAGES), lower).optional(),
    date: range(isoDate, 'dates').optional(),
    amount_usd: range(usd, 'USD').optional(),
    'investors.uuid': investorUuids.optional(),
    'investors.lead_investor': z.boolean().optional(),
    investors: z
      .object({ uuid: investorUuids.optional(), lead_investor: z.boolean().optional() })
      .strict()
      .optional(),
  })
  .strict()
  .transform((f, ctx): FundingRoundsCondition => {
    const { investors, ...rest } = f;
    const out = { ...rest } as FundingRoundsCondition;
    for (const sub of ['uuid', 'lead_investor'] as const) {
      if (investors?.[sub] !== undefined && rest[`investors.${sub}`] !== undefined) {
        ctx.addIssue({
          code: 'custom',
          path: ['investors', sub],
          message: `give investors.${sub} once, dotted or nested`,
          input: f,
        });
      }
    }
    const uuid = rest['investors.uuid'] ?? investors?.uuid;
    const lead = rest['investors.lead_investor'] ?? investors?.lead_investor;
    if (uuid !== undefined) out['investors.uuid'] = uuid;
    if (lead !== undefined) out['investors.lead_investor'] = lead;
    // Only when nothing else is wrong: an invalid sub-field is its own error, not an empty condition.
    if (ctx.issues.length === 0 && !hasRoundCondition(out)) {
      ctx.addIssue({
        code: 'custom',
        message: 'a funding round condition needs at least one sub-field',
        input: f,
      });
    }
    return out;
  });

/** Whether a parsed funding-round condition sets anything (an empty list sets nothing). */
export function hasRoundCondition(c: FundingRoundsCondition): boolean {
  return Boolean(
    c.round?.length ||
      c.date ||
      c.amount_usd ||
      c['investors.uuid']?.length ||
      c['investors.lead_investor'] !== undefined,
  );
}

const countryCodes = codesOf(countryOptions);
const regionCodes = codesOf(regionOptions);

const valueSchemas = new Map<FilterDef, z.ZodType>();

/**
 * The schema of a filter's value, made once per filter: the service's filters, the list builder's
 * and the exclusions share them (zod schemas are immutable), which builds a third of the schemas
 * this module would otherwise make when it loads, in the browser's first load too.
 */
function valueSchema(f: FilterDef): z.ZodType {
  let schema = valueSchemas.get(f);
  if (!schema) {
    schema = makeValueSchema(f);
    valueSchemas.set(f, schema);
  }
  return schema;
}

function makeValueSchema(f: FilterDef): z.ZodType {
  switch (f.kind) {
    case 'enum':
      return codeArray(
        (f.values ?? []).map((v) => String(v.code)),
        lower,
      );
    case 'number_enum': {
      const allowed = new Set((f.values ?? []).map((v) => Number(v.code)));
      return z
        .array(z.number().refine((n) => allowed.has(n), { message: 'expected an AI maturity level 0 to 5' }))
        .max(MAX_VALUES)
        .transform(uniq);
    }
    case 'country':
      return codeArray(countryCodes, upper);
    case 'region':
      return codeArray(regionCodes, (s) => s.padStart(3, '0'));
    case 'text':
      return textArray;
    case 'naics':
      return patternArray(/^\d{2,6}$/, 'a NAICS code of 2 to 6 digits');
    case 'sic':
      return patternArray(/^\d{2,4}$/, 'a SIC code of 2 to 4 digits');
    case 'industry':
      return z.array(z.string().trim().min(1)).max(MAX_VALUES).transform(uniq);
    case 'boolean':
      return z.boolean();
    case 'year_range':
      return range(year, 'years');
    case 'int_range':
      return range(count, 'whole numbers');
    case 'usd_range':
      return range(usd, 'USD');
    case 'date_range':
      return range(isoDate, 'dates');
    case 'funding_rounds':
      return FundingRoundsFilter;
  }
}

/**
 * A code list's check without zod: true only if its schema (codeArray) certainly accepts the value.
 * Strings are trimmed and normalised as the schema does, then looked up in the same codes.
 */
function quickCodeArray(allowed: readonly string[], normalise: (s: string) => string) {
  const set = new Set(allowed);
  return (value: unknown): boolean => {
    if (!Array.isArray(value) || value.length > MAX_VALUES) return false;
    for (const v of value) if (typeof v !== 'string' || !set.has(normalise(v.trim()))) return false;
    return true;
  };
}

function makeQuickCheck(f: FilterDef): ((value: unknown) => boolean) | undefined {
  switch (f.kind) {
    case 'enum':
      return quickCodeArray(
        (f.values ?? []).map((v) => String(v.code)),
        lower,
      );
    case 'country':
      return quickCodeArray(countryCodes, upper);
    case 'region':
      return quickCodeArray(regionCodes, (s) => s.padStart(3, '0'));
    case 'boolean':
      return (value) => typeof value === 'boolean';
    default:
      return undefined;
  }
}

/** Per service filter key, its quick check (codes and booleans, what list requests mostly hold). */
const QUICK_CHECKS: ReadonlyMap<string, (value: unknown) => boolean> = new Map(
  FILTER_CATALOG.flatMap((f) => {
    const check = makeQuickCheck(f);
    return check ? [[f.key, check] as const] : [];
  }),
);

/**
 * Whether a `filters` object certainly passes the service's filters schema (FiltersSchema), told
 * without zod: every key a service filter of a kind with a quick check (codes, booleans), every value
 * accepted by it. False means "not known here": the schema decides. A list request's check (zod over
 * the catalog's 36 keys) was the largest part of the BFF's own work on a list call; the property test
 * (api.quick.test.ts, through the list request) holds this to the schema.
 */
export function certainlyValidFilters(filters: unknown): boolean {
  if (typeof filters !== 'object' || filters === null || Array.isArray(filters)) return false;
  for (const key in filters) {
    if (!Object.hasOwn(filters, key)) return false;
    const check = QUICK_CHECKS.get(key);
    if (!check?.((filters as Record<string, unknown>)[key])) return false;
  }
  return true;
}

/** The output type of a parsed, normalised `filters` object. */
export type Filters = {
  'firmographic.company_type'?: string[];
  'firmographic.ownership_category'?: string[];
  'firmographic.operating_status'?: string[];
  'firmographic.founded_year'?: Range<number>;
  'business_model.gtm_type'?: string[];
  'business_model.offering_type'?: string[];
  'business_model.gtm_motion'?: string[];
  'business_model.revenue_model'?: string[];
  'company_assessment.customer_concentration.classification'?: string[];
  'company_assessment.competitive_moat'?: string[];
  'financial_estimate.revenue_estimate'?: string[];
  'financial_estimate.valuation_estimate'?: string[];
  'location.hq.region'?: string[];
  'location.hq.country'?: string[];
  'location.hq.city'?: string[];
  'location.market_served.markets'?: string[];
  'location.market_served.is_global'?: boolean;
  'location.offices.country'?: string[];
  'location.offices.city'?: string[];
  'strategic_signal.partnership.name'?: string[];
  'strategic_signal.partnership.type'?: string[];
  'strategic_signal.partnership.strategic_tier'?: string[];
  'customer_profile.select_customer.name'?: string[];
  'industry.naics'?: string[];
  'industry.sic'?: string[];
  'industry.industry'?: string[];
  'technology.ai_maturity.scale'?: number[];
  'technology.api_detail.has_api'?: boolean;
  'technology.app_detail.has_app'?: boolean;
  'technology.is_technology_focussed'?: boolean;
  'funding_detail.funding_overview.funding_stage'?: string[];
  'funding_detail.funding_overview.total_funding_usd'?: Range<number>;
  'funding_detail.funding_overview.num_funding_rounds'?: Range<number>;
  'funding_detail.funding_overview.last_funding_date'?: Range<string>;
  'funding_detail.funding_rounds'?: FundingRoundsCondition;
};

/** A parsed funding-round condition: the investor sub-fields in the spec's dotted spelling. */
export type FundingRoundsCondition = {
  round?: string[];
  date?: Range<string>;
  amount_usd?: Range<number>;
  'investors.uuid'?: string[];
  'investors.lead_investor'?: boolean;
};

// Compile-time check: the hand-written Filters type names exactly the catalog's keys.
type _SameKeys = [FilterKey] extends [keyof Filters]
  ? [keyof Filters] extends [FilterKey]
    ? true
    : never
  : never;
const _sameKeys: _SameKeys = true;
void _sameKeys;

/**
 * The `filters` object: only catalog keys (an unknown key is an error naming it), every value
 * checked against its kind, codes normalised, duplicates dropped. Empty arrays pass validation;
 * the service ignores them with a warning.
 */
export const FiltersSchema = z
  .object(Object.fromEntries(FILTER_CATALOG.map((f) => [f.key, valueSchema(f).optional()])))
  .strict() as unknown as z.ZodType<Filters, Record<string, unknown>>;

/** An empty list: valid, but it selects nothing, so the service ignores it with a warning. */
export function isEmptyFilterValue(value: unknown): boolean {
  return Array.isArray(value) && value.length === 0;
}

/**
 * The values a company holds for a filter's field: the path is walked through objects and arrays;
 * a coded value `{code, label}` gives its code and a sourced entry `{type: {code}}` its type's code
 * (docs/product-rules.md, section 4). Nulls and missing fields give nothing.
 */
export function valuesAt(section: unknown, field: string): (string | number | boolean)[] {
  const out: (string | number | boolean)[] = [];
  const walk = (node: unknown, parts: readonly string[]): void => {
    if (node === null || node === undefined) return;
    if (Array.isArray(node)) {
      for (const item of node) walk(item, parts);
      return;
    }
    if (parts.length > 0) {
      if (typeof node === 'object') walk((node as Record<string, unknown>)[parts[0]!], parts.slice(1));
      return;
    }
    if (typeof node === 'string' || typeof node === 'number' || typeof node === 'boolean') {
      out.push(node);
    } else if (typeof node === 'object') {
      const o = node as { code?: unknown; type?: { code?: unknown } };
      if (typeof o.code === 'string' || typeof o.code === 'number') out.push(o.code);
      else if (o.type && (typeof o.type.code === 'string' || typeof o.type.code === 'number'))
        out.push(o.type.code);
    }
  };
  walk(section, field === '' ? [] : field.split('.'));
  return out;
}

// ---------------------------------------------------------------------------------------------
// The list builder's filters: the service's, plus what the BFF adds (docs/product-rules.md, section 14)

/**
 * Filter keys the BFF serves on top of the service's, the same way on the embedded and the real
 * service: the service never sees them (the embedded one refuses them as unknown, as the real one
 * would). `firmographic.headcount_range` is served from the `employee_range` order.
 */
const HEADCOUNT_LABELS: Readonly<Record<HeadcountRange, string>> = {
  '1-10': '1–10',
  '11-50': '11–50',
  '51-200': '51–200',
  '201-500': '201–500',
  '501-1000': '501–1,000',
  '1001-5000': '1,001–5,000',
  '5001-10000': '5,001–10,000',
  '10001+': '10,001+',
};

const BFF_FILTER_CATALOG = [
  def(
    'firmographic.headcount_range',
    'Employees',
    'enum',
    HEADCOUNT_RANGES.map((r) => ({ code: r, label: HEADCOUNT_LABELS[r] })),
    'The list starts sorted by employees; another sort works when the sizes hold up to 500 companies',
  ),
] as const satisfies readonly FilterDef[];

const BFF_FILTER_KEYS: readonly string[] = BFF_FILTER_CATALOG.map((f) => f.key);

/** Every filter of the list builder: the service's and the BFF's, in editor order (by group). */
export const LIST_FILTER_CATALOG: readonly FilterDef[] = FILTER_GROUPS.flatMap((g) => [
  ...[...BFF_FILTER_CATALOG, ...FILTER_CATALOG].filter((f) => f.group === g.id),
]);
export const LIST_FILTER_BY_KEY: ReadonlyMap<string, FilterDef> = new Map(
  LIST_FILTER_CATALOG.map((f) => [f.key, f]),
);

/**
 * The filters of a list as the BFF takes them: the service's plus the BFF's own keys, the signal
 * filters among them (./signal-filters.ts: served by screening, not in the filter catalog).
 */
export type ListFilters = Filters & { 'firmographic.headcount_range'?: HeadcountRange[] } & SignalFilters;

export const ListFiltersSchema = z
  .object({
    ...Object.fromEntries(LIST_FILTER_CATALOG.map((f) => [f.key, valueSchema(f).optional()])),
    ...SIGNAL_FILTER_SHAPE,
  })
  .strict() as unknown as z.ZodType<ListFilters, Record<string, unknown>>;

/** Whether filters use a key only the BFF serves (the request cannot go to the service as it is). */
export function usesBffKeys(filters: Record<string, unknown> | undefined): boolean {
  return filters !== undefined && BFF_FILTER_KEYS.some((k) => filters[k] !== undefined);
}

// ---------------------------------------------------------------------------------------------
// Exclusions: "is none of" (docs/product-rules.md, section 14)

/** Kinds whose values can be excluded: lists of values, and booleans (written as a one-value list). */
const EXCLUDABLE_KINDS: ReadonlySet<FilterKind> = new Set([
  'enum',
  'number_enum',
  'country',
  'region',
  'text',
  'naics',
  'sic',
  'industry',
  'boolean',
]);

/** The keys an `exclude` object may name. */
export const EXCLUDABLE_FILTERS: readonly FilterDef[] = LIST_FILTER_CATALOG.filter((f) =>
  EXCLUDABLE_KINDS.has(f.kind),
);

function excludeValueSchema(f: FilterDef): z.ZodType {
  if (f.kind === 'boolean')
    return z.array(z.boolean()).min(1).max(1, 'exclude one boolean value').transform(uniq);
  return valueSchema(f);
}

/**
 * `exclude` beside `filters` in a list request: filter keys to the values a company must not have.
 * Codes are normalised as in `filters`; an unknown key is named in the error. Whether an exclusion
 * leaves anything (excluding every value a key allows is refused) is the BFF's check, because it
 * depends on what `filters` asks on the same key.
 */
export const ExcludeSchema = z
  .object({
    ...Object.fromEntries(EXCLUDABLE_FILTERS.map((f) => [f.key, excludeValueSchema(f).optional()])),
    // Investors a company's rounds must not name (INVESTOR_EXCLUSION_KEY): an open key of ids.
    [INVESTOR_EXCLUSION_KEY]: investorUuids.optional(),
  })
  .strict() as unknown as z.ZodType<Exclusions, Record<string, unknown>>;

export type Exclusions = {
  [INVESTOR_EXCLUSION_KEY]?: string[];
} & {
  [K in keyof ListFilters]?: NonNullable<ListFilters[K]> extends readonly unknown[]
    ? NonNullable<ListFilters[K]>
    : NonNullable<ListFilters[K]> extends boolean
      ? boolean[]
      : never;
};
