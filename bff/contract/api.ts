/**
 * Requests and responses of every endpoint of the Company Data Service (the error body is in
 * `problem.ts`, the list parameters every reader shares in `list-params.ts`). The embedded service
 * validates requests with these; the BFF validates before it spends credits; the web app types its
 * client from them.
 */
import { z } from 'zod';
import { AccountListIds } from './accounts';
import { EMPLOYEE_RATING_TYPES, FRACTION_RATING_TYPES } from './employee-ratings';
import { COMPANY_STATUSES } from './enums';
import { certainlyValidFilters, ExcludeSchema, FiltersSchema, ListFiltersSchema } from './filters';
import {
  LIST_DEFAULT_LIMIT,
  LIST_MAX_LIMIT,
  LIST_TOTAL_CAP,
  QUERY_MAX_LENGTH,
  SORT_BY,
  SORT_ORDERS,
} from './list-params';
import { ENRICHMENT_SECTION_NAMES, LIST_SECTIONS, type ListSection } from './section-names';
import { Coded, SECTION_SCHEMAS } from './sections';
import { SCREEN_SCOPES, usesSignalKeys } from './signal-cost';
import { ScreenedInfo, SignalValues } from './signal-filters';

/**
 * For a refinement across fields: run it even when a field failed its own check (zod skips it after
 * a type or enum error otherwise), so one 400 names every invalid field (docs/product-rules.md, section 3). The
 * refinement must then read the fields it compares defensively.
 */
const EVERY_TIME = {
  when: (payload: { value: unknown }) =>
    typeof payload.value === 'object' && payload.value !== null && !Array.isArray(payload.value),
};

// ---------------------------------------------------------------------------------------------
// 1. List generation

/** The fields of a list generation request, with the filters schema of who reads it. */
function listGenerateFields<F extends z.ZodType>(filters: F) {
  return {
    query: z.string().trim().min(1, 'query must not be empty').max(QUERY_MAX_LENGTH).optional(),
    filters: filters.optional(),
    sections: z
      .array(z.enum(LIST_SECTIONS))
      .max(LIST_SECTIONS.length * 2)
      .optional(),
    sort_by: z.enum(SORT_BY).default('relevance'),
    sort_order: z.enum(SORT_ORDERS).default('desc'),
    limit: z
      .number()
      .int('limit must be a whole number')
      .min(1, 'limit must be at least 1')
      .max(LIST_MAX_LIMIT, `limit must be at most ${LIST_MAX_LIMIT}`)
      .default(LIST_DEFAULT_LIMIT),
    offset: z
      .number()
      .int('offset must be a whole number')
      .min(0, 'offset must not be negative')
      .max(
        LIST_TOTAL_CAP - 1,
        `offset must be below ${LIST_TOTAL_CAP}: only the first ${LIST_TOTAL_CAP} matches are served`,
      )
      .default(0),
  };
}

function queryOrFilters(r: { query?: unknown; filters?: unknown }, ctx: z.RefinementCtx): void {
  if (r.query !== undefined && r.filters !== undefined) {
    ctx.addIssue({
      code: 'custom',
      path: ['query'],
      message: 'send either query or filters, not both',
      input: r,
    });
  }
}

/** List generation as the service takes it (service endpoint 1, docs/api.md). */
export const ListGenerateRequest = z
  .object(listGenerateFields(FiltersSchema))
  .strict()
  .superRefine(queryOrFilters, EVERY_TIME);
export type ListGenerateRequest = z.input<typeof ListGenerateRequest>;

/**
 * List generation as the list builder's BFF takes it: the service's request, whose filters may also
 * use the BFF's own keys (`firmographic.headcount_range`), plus `exclude` (filter keys to the values
 * a company must not have). The BFF resolves both before anything reaches the service
 * (docs/product-rules.md, section 14); with a `query`, the BFF reads size and negation words itself.
 */
export const ListRequest = z
  .object({
    ...listGenerateFields(ListFiltersSchema),
    exclude: ExcludeSchema.optional(),
    /**
     * Account lists (issue 15) whose companies the list leaves out: pages stay full (the BFF reads
     * further), `excluded_count` says how many were left out.
     */
    exclude_account_lists: AccountListIds.optional(),
    /** Account lists to mark: each company gets `account_lists`, the ids of those it is in. */
    mark_account_lists: AccountListIds.optional(),
    /**
     * With signal filters: which companies are screened, the list's first 500 (the default) or every
     * match, the list cut into slices of fewer than 500 as an exact count cuts it.
     */
    screen: z.enum(SCREEN_SCOPES, { message: 'screen must be "first_500" or "all"' }).optional(),
  })
  .strict()
  .superRefine((r, ctx) => {
    queryOrFilters(r, ctx);
    if (r.screen !== undefined && r.query === undefined && !usesSignalKeys(r.filters)) {
      ctx.addIssue({
        code: 'custom',
        path: ['screen'],
        message:
          'screen applies to a list with signal filters (signals.headcount_growth, signals.hiring, signals.monthly_visits)',
        input: r,
      });
    }
    if (r.query !== undefined && r.exclude !== undefined) {
      ctx.addIssue({
        code: 'custom',
        path: ['exclude'],
        message: 'send exclude with filters, not with a query (a query says what to leave out in words)',
        input: r,
      });
    }
  }, EVERY_TIME);
export type ListRequest = z.input<typeof ListRequest>;
export type ParsedListRequest = z.output<typeof ListRequest>;

const QUICK_SECTIONS: ReadonlySet<unknown> = new Set(LIST_SECTIONS);
const QUICK_SORT_BY: ReadonlySet<unknown> = new Set(SORT_BY);
const QUICK_SORT_ORDERS: ReadonlySet<unknown> = new Set(SORT_ORDERS);
const wholeIn = (v: unknown, min: number, max: number) =>
  typeof v === 'number' && Number.isInteger(v) && v >= min && v <= max;

/**
 * Whether a list request certainly passes ListRequest and goes to the service as it is (no query,
 * no exclusions, no account lists, no key of the BFF's), told without zod: the request the list
 * builder sends for most pages. False means "not known here": ListRequest decides, and names what
 * is wrong. Held to ListRequest by a property test (api.quick.test.ts).
 */
export function certainlyPlainListRequest(value: unknown): boolean {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return false;
  const r = value as Record<string, unknown>;
  for (const key in r) {
    if (!Object.hasOwn(r, key)) return false;
    const v = r[key];
    switch (key) {
      case 'filters':
        if (!certainlyValidFilters(v)) return false;
        break;
      case 'sections':
        if (!Array.isArray(v) || v.length > LIST_SECTIONS.length * 2) return false;
        for (const section of v) if (!QUICK_SECTIONS.has(section)) return false;
        break;
      case 'sort_by':
        if (!QUICK_SORT_BY.has(v)) return false;
        break;
      case 'sort_order':
        if (!QUICK_SORT_ORDERS.has(v)) return false;
        break;
      case 'limit':
        if (!wholeIn(v, 1, LIST_MAX_LIMIT)) return false;
        break;
      case 'offset':
        if (!wholeIn(v, 0, LIST_TOTAL_CAP - 1)) return false;
        break;
      default:
        return false;
    }
  }
  return true;
}

export const Warning = z.object({
  code: z.string(),
  message: z.string(),
  /** Through the BFF: the filter key a warning is about (`exclusion_drops_unknown`). */
  key: z.string().optional(),
});
export type Warning = z.infer<typeof Warning>;
export const SkippedSection = z.object({ section: z.string(), reason: z.string() });
export type SkippedSection = z.infer<typeof SkippedSection>;

/** Identity fields always present on a list item; requested sections are added under their names. */
export const CompanyIdentity = z.object({
  uuid: z.string(),
  name: z.string(),
  website: z.string(),
  product_category: z.string().nullable(),
  company_type: Coded,
});
export type CompanyIdentity = z.infer<typeof CompanyIdentity>;

export const CompanyListItem = CompanyIdentity.extend(
  Object.fromEntries(LIST_SECTIONS.map((s) => [s, SECTION_SCHEMAS[s].optional()])) as {
    [K in ListSection]: z.ZodOptional<(typeof SECTION_SCHEMAS)[K]>;
  },
).extend({
  /** Through the BFF with `mark_account_lists`: the marked account lists the company is in. */
  account_lists: z.array(z.string()).optional(),
  /** Through the BFF with a signal filter: the values the company was screened on (./signal-filters.ts). */
  signals: SignalValues.optional(),
});
export type CompanyListItem = z.infer<typeof CompanyListItem>;

export const ListGenerateResponse = z.object({
  data: z.array(CompanyListItem),
  count: z.number().int(),
  total_count: z.number().int(),
  offset: z.number().int(),
  filters: z.record(z.string(), z.unknown()),
  /** Through the BFF: the exclusions applied, normalised (absent when none). */
  exclude: z.record(z.string(), z.unknown()).optional(),
  /**
   * Through the BFF with `exclude_account_lists`: companies of those lists left out of the list,
   * from its start to the end of this page (all of them when `excluded_count_complete`); then
   * `total_count` is the list's size less these (at most the size until complete).
   */
  excluded_count: z.number().int().optional(),
  excluded_count_complete: z.boolean().optional(),
  /** Through the BFF with a signal filter: how the list was screened (its first 500 companies). */
  screened: ScreenedInfo.optional(),
  query_translated: z.boolean(),
  warnings: z.array(Warning),
  skipped_sections: z.array(SkippedSection),
  credits_consumed: z.number(),
});
export type ListGenerateResponse = z.infer<typeof ListGenerateResponse>;

// ---------------------------------------------------------------------------------------------
// 2. Filter translation

export const FilterBuilderRequest = z
  .object({ query: z.string().trim().min(1, 'query must not be empty').max(QUERY_MAX_LENGTH) })
  .strict();

export const FilterMatch = z.object({
  text: z.string(),
  key: z.string(),
  values: z.unknown(),
  /** Through the BFF: the words were negated, and `values` are left out (`exclude`), not asked for. */
  excluded: z.boolean().optional(),
});
export type FilterMatch = z.infer<typeof FilterMatch>;
export const FilterBuilderResponse = z.object({
  data: z.object({
    filters: z.record(z.string(), z.unknown()),
    /** Through the BFF: what negated words leave out (`exclude` of a list request). */
    exclude: z.record(z.string(), z.unknown()).optional(),
    matches: z.array(FilterMatch).optional(),
    /** Words of the description that became no filter (function words aside). */
    unmatched: z.array(z.string()).optional(),
  }),
  credits_consumed: z.number(),
});
export type FilterBuilderResponse = z.infer<typeof FilterBuilderResponse>;

// ---------------------------------------------------------------------------------------------
// 3. Enrichment (GET is canonical; POST takes the same as JSON)

const companyParam = z.string().trim().min(1, 'company is required (a website or a company id)').max(2048);
const enrichmentSection = z.enum(ENRICHMENT_SECTION_NAMES as unknown as [string, ...string[]], {
  error: (issue) => `unknown section "${String(issue.input)}"`,
});

/**
 * `GET /company/enrichment?company=&sections=`. `sections` is optional, as in the real service:
 * without it the answer holds every section the key's plan includes (`PLAN_RULES[plan].sections`:
 * all 17 on Enterprise, all but `funding_detail` and `mna_and_investment` otherwise), keyed by their
 * canonical names and charged as the sum of their prices. Given, it is a comma-separated list of
 * section names or their aliases (docs/product-rules.md, section 6); an empty list is a 400.
 */
export const EnrichmentQuery = z
  .object({
    company: companyParam,
    sections: z
      .string()
      .transform((s) =>
        s
          .split(',')
          .map((x) => x.trim())
          .filter(Boolean),
      )
      .pipe(z.array(enrichmentSection).min(1, 'name at least one section, or leave sections out'))
      .optional(),
  })
  .strict();

/** `POST /company/enrichment` with `{company, sections?}`: the same answer as the GET. */
export const EnrichmentBody = z
  .object({
    company: companyParam,
    sections: z
      .array(enrichmentSection)
      .min(1, 'name at least one section, or leave sections out')
      .optional(),
  })
  .strict();

export const EnrichmentResponse = z.object({
  data: z.object({ uuid: z.string() }).catchall(z.unknown()),
  credits_consumed: z.number(),
});
export type EnrichmentResponse = z.infer<typeof EnrichmentResponse>;

// ---------------------------------------------------------------------------------------------
// 7. Industry search

/** The levels of the real service's industry taxonomy, broadest (`l1`) to finest (`l4`). */
export const INDUSTRY_LEVELS = ['l1', 'l2', 'l3', 'l4'] as const;
export type IndustryLevel = (typeof INDUSTRY_LEVELS)[number];
const INDUSTRY_LEVEL_VALUES: readonly string[] = [...INDUSTRY_LEVELS, 'all'];

/**
 * `GET /industry/search?query=&level=`. `level` is `l1`, `l2`, `l3`, `l4`, `all`, or a
 * comma-separated list of them (default `l4`), as in the real service. The embedded taxonomy has
 * two levels, and each real level maps to the one closest in granularity: `l1` and `l2` answer its
 * sectors (codes such as `IND-10`: the two digits their industries' codes share), `l3` and `l4` its
 * industries (`IND-1001`: the codes the `industry.industry` filter takes); `all` answers both.
 * The parsed `level` is the distinct levels asked for.
 */
export const IndustrySearchQuery = z
  .object({
    query: z.string({ error: 'query is required' }).trim().min(1, 'query must not be empty').max(200),
    level: z
      .string()
      .superRefine((s, ctx) => {
        const items = commaItems(s.toLowerCase());
        const unknown = items.filter((l) => !INDUSTRY_LEVEL_VALUES.includes(l));
        if (items.length === 0 || unknown.length > 0)
          ctx.addIssue({
            code: 'custom',
            message: `${unknown.length > 0 ? `unknown level ${unknown.map((l) => `"${l}"`).join(', ')}` : 'level must not be empty'}: give l1, l2, l3, l4 or all, or a comma-separated list of them`,
            input: s,
          });
      })
      .transform((s): IndustryLevel[] => {
        const items = commaItems(s.toLowerCase());
        return INDUSTRY_LEVELS.filter((l) => items.includes(l) || items.includes('all'));
      })
      .default(['l4']),
  })
  .strict();
export const IndustryMatch = z.object({
  code: z.string(),
  industry_name: z.string(),
  similarity: z.number(),
});
export type IndustryMatch = z.infer<typeof IndustryMatch>;
export const IndustrySearchResponse = z.object({
  data: z.array(IndustryMatch),
  count: z.number().int(),
  credits_consumed: z.number(),
});

// ---------------------------------------------------------------------------------------------
// 8. Company search (docs/product-rules.md, section 8)

/**
 * `GET /company/search`. `query` is what the real service takes (its only parameter): a company id
 * (`000g3h-sequoia-capital`), a website in any common spelling (`https://www.acme.com/pricing`,
 * `ACME.COM`) or a name; the service decides which, in that order (an id that exists, then a
 * website whose registrable domain exists, then names). `uuid`, `website` and `name` ask for one
 * kind explicitly; `limit` bounds the name matches. Give at least one of the four.
 */
export const CompanySearchQuery = z
  .object({
    query: z.string().trim().min(1).max(2048).optional(),
    name: z.string().trim().min(1).max(300).optional(),
    website: z.string().trim().min(1).max(2048).optional(),
    uuid: z.string().trim().min(1).max(200).optional(),
    limit: z.coerce.number().int().min(1).max(50).default(10),
  })
  .strict()
  .superRefine((q, ctx) => {
    const given = [q.query, q.name, q.website, q.uuid].filter((v) => v !== undefined).length;
    if (given === 0) {
      ctx.addIssue({
        code: 'custom',
        path: ['query'],
        message: 'give one of query, name, website or uuid',
        input: q,
      });
    }
  }, EVERY_TIME);

export const CompanySearchRecord = z.object({
  uuid: z.string(),
  name: z.string(),
  website: z.string(),
  domain: z.string(),
  product_category: z.string().nullable(),
  company_status: z.enum(COMPANY_STATUSES),
  score: z.number(),
});
export type CompanySearchRecord = z.infer<typeof CompanySearchRecord>;
export const CompanySearchResponse = z.object({
  data: z.array(CompanySearchRecord),
  count: z.number().int(),
  credits_consumed: z.number(),
});

// ---------------------------------------------------------------------------------------------
// Health

export const Health = z.object({ status: z.literal('ok') }).catchall(z.unknown());

// ---------------------------------------------------------------------------------------------
// 4. Product reviews

/** The items of a comma-separated parameter, trimmed, blanks dropped. */
export function commaItems(s: string): string[] {
  return s
    .split(',')
    .map((x) => x.trim())
    .filter(Boolean);
}

const pageNumber = (what: string, max: number, fallback: number) =>
  z.coerce
    .number({ error: `${what} must be a number` })
    .int(`${what} must be a whole number`)
    .min(0, `${what} must not be negative`)
    .max(max, `${what} must be at most ${max}`)
    .default(fallback);

export const PRODUCT_REVIEWS_MAX_LIMIT = 50;
export const ProductReviewsQuery = z
  .object({
    company: companyParam,
    products: z
      .array(z.string().trim().min(1, 'product ids must not be empty'))
      .max(50, 'ask for at most 50 products at once')
      .default([]),
    limit: pageNumber('limit', PRODUCT_REVIEWS_MAX_LIMIT, 0),
    offset: pageNumber('offset', 1_000_000, 0),
  })
  .strict();

export const ProductReview = z.object({
  review_id: z.number().int(),
  review_title: z.string(),
  review_content: z.string(),
  review_question_answers: z.array(z.object({ question: z.string(), answer: z.string() })),
  review_rating: z.number(),
  publish_date: z.string(),
  reviewer_company_size: z.string(),
  review_link: z.string(),
  provider: z.string(),
});
export type ProductReview = z.infer<typeof ProductReview>;

/** Items of pros_list, cons_list and pricing are not shown in the spec; ours carry their source provider. */
export const ProductPoint = z.object({ text: z.string(), mentions: z.number().int(), provider: z.string() });
export const ProductPricing = z.object({
  plan: z.string(),
  price: z.string(),
  billing_period: z.string().nullable(),
  description: z.string(),
});

export const Product = z.object({
  id: z.string(),
  product_name: z.string(),
  main_category: z.string(),
  categories: z.array(z.string()),
  description: z.string(),
  rating: z.record(z.string(), z.number()).optional(),
  star_distribution: z
    .record(
      z.string(),
      z.object({
        1: z.number().int(),
        2: z.number().int(),
        3: z.number().int(),
        4: z.number().int(),
        5: z.number().int(),
      }),
    )
    .optional(),
  pros_list: z.array(ProductPoint).optional(),
  cons_list: z.array(ProductPoint).optional(),
  pricing: z.array(ProductPricing).optional(),
  reviews: z
    .object({
      data: z.array(ProductReview),
      total: z.number().int(),
      total_by_provider: z.record(z.string(), z.number().int()),
    })
    .optional(),
});
export type Product = z.infer<typeof Product>;

export const ProductReviewsResponse = z.object({
  data: z.object({ uuid: z.string(), product_reviews: z.array(Product) }),
  limit: z.number().int(),
  offset: z.number().int(),
  credits_consumed: z.number(),
});
export type ProductReviewsResponse = z.infer<typeof ProductReviewsResponse>;

// ---------------------------------------------------------------------------------------------
// 5. Employee reviews

export const EMPLOYEE_REVIEWS_MAX_LIMIT = 100;
export const EmployeeReviewsQuery = z
  .object({
    company: companyParam,
    limit: pageNumber('limit', EMPLOYEE_REVIEWS_MAX_LIMIT, 10),
    offset: pageNumber('offset', 1_000_000, 0),
  })
  .strict();

export { EMPLOYEE_RATING_TYPES, FRACTION_RATING_TYPES };

export const EmployeeReview = z.object({
  id: z.number().int(),
  summary: z.string(),
  pros: z.string(),
  cons: z.string(),
  rating: z.number().int(),
  review_link: z.string(),
  job_title: z.string(),
  review_date: z.string(),
  employment_status: z.string(),
  is_current_employee: z.boolean(),
  years_of_employment: z.number().int(),
  location: z.string(),
  country_code: z.string(),
  helpful_count: z.number().int(),
  not_helpful_count: z.number().int(),
  career_opportunities_rating: z.number().int().nullable(),
  ceo_rating: z.string().nullable(),
  compensation_and_benefits_rating: z.number().int().nullable(),
  culture_and_values_rating: z.number().int().nullable(),
  diversity_and_inclusion_rating: z.number().int().nullable(),
  senior_management_rating: z.number().int().nullable(),
  work_life_balance_rating: z.number().int().nullable(),
  language: z.string(),
  provider: z.string(),
});
export type EmployeeReview = z.infer<typeof EmployeeReview>;

export const EmployeeReviewsResponse = z.object({
  data: z.object({
    uuid: z.string(),
    employee_reviews: z.object({
      overall_rating: z.record(z.string(), z.number()),
      other_ratings: z.array(z.object({ type: z.string(), provider: z.string(), value: z.number() })),
      reviews: z.object({
        data: z.array(EmployeeReview),
        total: z.number().int(),
        total_by_provider: z.record(z.string(), z.number().int()),
      }),
    }),
  }),
  limit: z.number().int(),
  offset: z.number().int(),
  credits_consumed: z.number(),
});
export type EmployeeReviewsResponse = z.infer<typeof EmployeeReviewsResponse>;

// ---------------------------------------------------------------------------------------------
// 6. Social posts

/** The spec leaves the maximum open; 50 (five blocks of 10 credits' worth) per page is ours. */
export const POSTS_MAX_LIMIT = 50;
export const PostsQuery = z
  .object({
    company: companyParam,
    limit: pageNumber('limit', POSTS_MAX_LIMIT, 10),
    offset: pageNumber('offset', 1_000_000, 0),
  })
  .strict();

export const EngagementMetrics = z.object({
  total_reaction_count: z.number().int(),
  like_count: z.number().int(),
  empathy_count: z.number().int(),
  praise_count: z.number().int(),
  appreciation_count: z.number().int(),
  interest_count: z.number().int(),
  funny_count: z.number().int(),
  comments_count: z.number().int(),
  reposts_Count: z.number().int(),
});

export const Post = z.object({
  id: z.string(),
  content_type: z.string(),
  link: z.string(),
  posted_date: z.string(),
  is_paid: z.boolean(),
  reposted: z.boolean(),
  text_content: z.string(),
  post_classification: z.string(),
  author: z.object({ name: z.string().optional(), title: z.string().optional(), url: z.string().optional() }),
  mentions: z.array(z.object({ name: z.string(), uuid: z.string().nullable().optional() })),
  engagement_metrics: EngagementMetrics,
});
export type Post = z.infer<typeof Post>;

export const PostsResponse = z.object({
  count: z.number().int(),
  limit: z.number().int(),
  offset: z.number().int(),
  data: z.object({ uuid: z.string(), posts: z.array(Post) }),
  credits_consumed: z.number(),
});
export type PostsResponse = z.infer<typeof PostsResponse>;

// ---------------------------------------------------------------------------------------------
// 9. News (docs/product-rules.md, section 10; the real service's parameters: docs/real-service.md)

export const NEWS_MAX_LIMIT = 100;
const boolString = z
  .enum(['true', 'false'], { error: 'expected "true" or "false"' })
  .transform((v) => v === 'true');

export const NEWS_SENTIMENTS = ['positive', 'negative', 'neutral'] as const;
export const NEWS_SCORES = ['high', 'medium', 'low'] as const;

/**
 * A comma-separated choice among `values` or `all` (case-insensitive), parsed to the distinct values
 * chosen; `all` chooses every value.
 */
function commaChoice<T extends string>(field: string, values: readonly T[]) {
  const allowed: readonly string[] = values;
  return z
    .string()
    .superRefine((s, ctx) => {
      const items = commaItems(s.toLowerCase());
      const unknown = items.filter((v) => v !== 'all' && !allowed.includes(v));
      if (items.length === 0 || unknown.length > 0)
        ctx.addIssue({
          code: 'custom',
          message: `${unknown.length > 0 ? `unknown ${field} value ${unknown.map((v) => `"${v}"`).join(', ')}` : `${field} must not be empty`}: give ${values.join(', ')} or all, comma-separated`,
          input: s,
        });
    })
    .transform((s): T[] => {
      const items = commaItems(s.toLowerCase());
      return values.filter((v) => items.includes(v) || items.includes('all'));
    });
}

/** A comma-separated list of items that each match `pattern`, parsed to the distinct items. */
function commaList(
  field: string,
  pattern: RegExp,
  what: { one: string; many: string },
  normalise: (s: string) => string,
) {
  return z
    .string()
    .max(4000)
    .superRefine((s, ctx) => {
      const items = commaItems(s);
      const bad = items.filter((v) => !pattern.test(v));
      const wrong =
        bad.length === 1
          ? `"${bad[0]}" is not ${what.one}`
          : `${bad.map((v) => `"${v}"`).join(', ')} are not ${what.many}`;
      if (items.length === 0 || bad.length > 0)
        ctx.addIssue({
          code: 'custom',
          message: `${bad.length > 0 ? wrong : `${field} must not be empty`}: give ${what.many}, comma-separated`,
          input: s,
        });
    })
    .transform((s) => [...new Set(commaItems(s).map(normalise))]);
}

/** A comma-separated list the service takes as it is (codes and names of the real service's vocabularies). */
const freeList = z.string().trim().min(1, 'must not be empty').max(4000);
const newsDate = z.iso.date({ error: 'expected a date YYYY-MM-DD' });
const companyRef = z.string().trim().min(1).max(2048);

/**
 * `GET /news`: the interface's parameters (docs/product-rules.md, section 10) plus every one the real
 * service documents (docs/real-service.md), so the BFF forwards them unchanged. At least one of
 * `company`, `primary_company`, `industry`, `query` or `title`; unknown parameters are a 400.
 *
 * - `company`: articles about the company (id or website); `primary_company`: only articles where it
 *   is the primary company; not both.
 * - `industry`: comma-separated industry codes (industry search: an industry `IND-1001` or a sector
 *   `IND-10`); an industry's exact name is accepted too.
 * - `query`: every word in the title or the summary; `title`: every word in the title.
 * - `start_date`, `end_date`: inclusive days `YYYY-MM-DD`; `from` and `to` are their older spellings
 *   (giving both spellings of one bound is a 400).
 * - `unique_article`, `group_articles` (`"true"`/`"false"`): the same switch under the spec's and the
 *   real service's names: one article per story (its syndicated copies collapsed to the earliest
 *   that passes the other filters); given both, they must agree.
 * - `sentiment_list`: `positive`, `negative`, `neutral`, `all` (comma-separated).
 * - `news_score_list`: `High`, `Medium`, `Low`, `all`; `countries`: ISO country codes; `blacklisted`:
 *   publisher domains to leave out.
 * - `type_list`, `entity_person_list`, `entity_location_list`, `entity_product_list`,
 *   `entity_event_list`, `naics_code_list`, `sic_code_list`, `iptc_code_list`, `iab_code_list`:
 *   comma-separated lists of the real service's vocabularies.
 *
 * A service that cannot apply a parameter (its articles lack the field) answers without it and says
 * so in the response's `warnings`.
 */
export const NewsQuery = z
  .object({
    company: companyRef.optional(),
    primary_company: companyRef.optional(),
    industry: z.string().trim().min(1).max(2000).optional(),
    query: z.string().trim().min(1).max(QUERY_MAX_LENGTH).optional(),
    title: z.string().trim().min(1).max(QUERY_MAX_LENGTH).optional(),
    start_date: newsDate.optional(),
    end_date: newsDate.optional(),
    from: newsDate.optional(),
    to: newsDate.optional(),
    unique_article: boolString.optional(),
    group_articles: boolString.optional(),
    sentiment_list: commaChoice('sentiment_list', NEWS_SENTIMENTS).optional(),
    news_score_list: commaChoice('news_score_list', NEWS_SCORES).optional(),
    countries: commaList(
      'countries',
      /^[A-Za-z]{2,3}$/,
      { one: 'an ISO country code', many: 'ISO country codes' },
      (s) => s.toUpperCase(),
    ).optional(),
    blacklisted: commaList(
      'blacklisted',
      /^(?:https?:\/\/)?(?:[a-z0-9-]+\.)+[a-z0-9-]+\/?$/i,
      { one: 'a publisher domain', many: 'publisher domains' },
      (s) => s.toLowerCase(),
    ).optional(),
    type_list: freeList.optional(),
    entity_person_list: freeList.optional(),
    entity_location_list: freeList.optional(),
    entity_product_list: freeList.optional(),
    entity_event_list: freeList.optional(),
    naics_code_list: freeList.optional(),
    sic_code_list: freeList.optional(),
    iptc_code_list: freeList.optional(),
    iab_code_list: freeList.optional(),
    limit: pageNumber('limit', NEWS_MAX_LIMIT, 10),
    offset: pageNumber('offset', 1_000_000, 0),
  })
  .strict()
  .superRefine((q, ctx) => {
    const issue = (path: string, message: string) =>
      ctx.addIssue({ code: 'custom', path: [path], message, input: q });
    if ([q.company, q.primary_company, q.industry, q.query, q.title].every((v) => v === undefined))
      issue('company', 'give at least one of company, primary_company, industry, query or title');
    if (q.company !== undefined && q.primary_company !== undefined)
      issue('primary_company', 'give company or primary_company, not both');
    if (q.from !== undefined && q.start_date !== undefined)
      issue('from', 'from is the older spelling of start_date: give one of them');
    if (q.to !== undefined && q.end_date !== undefined)
      issue('to', 'to is the older spelling of end_date: give one of them');
    // Compared only when both are valid: an invalid one is already named.
    const start = q.start_date ?? q.from;
    const end = q.end_date ?? q.to;
    const isDay = (d: unknown): d is string => newsDate.safeParse(d).success;
    if (isDay(start) && isDay(end) && start > end) {
      const startName = q.start_date !== undefined ? 'start_date' : 'from';
      const endName = q.end_date !== undefined ? 'end_date' : 'to';
      issue(startName, `${startName} must not be after ${endName}`);
    }
    const [unique, group]: unknown[] = [q.unique_article, q.group_articles];
    if (typeof unique === 'boolean' && typeof group === 'boolean' && unique !== group)
      issue('group_articles', 'group_articles and unique_article are the same switch and disagree');
  }, EVERY_TIME);
export type NewsQuery = z.output<typeof NewsQuery>;

export const NewsArticle = z.object({
  id: z.string(),
  title: z.string(),
  published_date: z.string(),
  publisher: z.string(),
  primary_tag: z.string(),
  sentiment: z.string(),
  ai_summary: z.string(),
  url: z.string(),
  company_uuid: z.string().nullable(),
  story_id: z.string(),
});
export type NewsArticle = z.infer<typeof NewsArticle>;

/** `warnings` names the parameters the service accepted but could not apply (and why). */
export const NewsResponse = z.object({
  status: z.literal('success'),
  data: z.array(NewsArticle),
  total: z.number().int(),
  warnings: z.array(Warning),
  credits_consumed: z.number(),
});
export type NewsResponse = z.infer<typeof NewsResponse>;

// ---------------------------------------------------------------------------------------------
// 10-11. Company addition (docs/product-rules.md, section 9)

export const ADDITION_STATES = ['pending', 'in_progress', 'completed', 'failed'] as const;
export type AdditionState = (typeof ADDITION_STATES)[number];

export const AdditionRequest = z
  .object({
    company_name: z
      .string({ error: 'company_name is required' })
      .trim()
      .min(1, { error: 'company_name must not be empty', abort: true })
      .max(300)
      .regex(/[\p{L}\p{N}]/u, 'company_name must contain a letter or a digit'),
    website: z.string({ error: 'website is required' }).trim().min(1, 'website must not be empty').max(2048),
  })
  .strict();
export type AdditionRequest = z.infer<typeof AdditionRequest>;

export const AdditionSubmitResponse = z.object({
  already_exists: z.boolean(),
  company: z
    .object({
      uuid: z.string(),
      website: z.string(),
      name: z.string(),
      legal_name: z.string(),
      domain: z.string(),
    })
    .nullable(),
  request_id: z.string().nullable(),
  status: z.enum(ADDITION_STATES).nullable(),
  domain: z.string(),
  credits_consumed: z.number(),
});
export type AdditionSubmitResponse = z.infer<typeof AdditionSubmitResponse>;

/** The status lookup record of the spec; a webhook delivery carries it as its `data`. */
export const AdditionStatus = z.object({
  request_id: z.string(),
  request_type: z.literal('company_addition'),
  status: z.enum(ADDITION_STATES),
  detail: z.object({
    company_addition_request_id: z.string(),
    company_name: z.string(),
    domain: z.string(),
    status: z.enum(ADDITION_STATES),
    reason: z.string().nullable(),
    company_uuid: z.string().nullable(),
    created_at: z.string(),
    updated_at: z.string(),
  }),
});
export type AdditionStatus = z.infer<typeof AdditionStatus>;

/** What `GET .../addition-requests/{id}/` and `GET /status/{id}/` answer (free: every response carries credits). */
export const AdditionStatusResponse = AdditionStatus.extend({ credits_consumed: z.number() });
export type AdditionStatusResponse = z.infer<typeof AdditionStatusResponse>;

export const WEBHOOK_EVENT_TYPES = ['company_addition.status_changed'] as const;
export type WebhookEventType = (typeof WEBHOOK_EVENT_TYPES)[number];

export const WebhookEndpointRequest = z
  .object({
    url: z.url({ protocol: /^https?$/, error: 'url must be an http(s) URL' }).max(2048),
    description: z.string().max(500).optional(),
    /** The event types to send; every type when omitted. */
    events: z
      .array(z.enum(WEBHOOK_EVENT_TYPES))
      .min(1, 'events must name at least one event type')
      .optional(),
  })
  .strict();
export type WebhookEndpointRequest = z.infer<typeof WebhookEndpointRequest>;

export const WEBHOOK_DELIVERY_STATES = ['pending', 'delivered', 'failed'] as const;

export const WebhookEndpoint = z.object({
  id: z.string(),
  url: z.string(),
  description: z.string().nullable(),
  events: z.array(z.enum(WEBHOOK_EVENT_TYPES)),
  created_at: z.string(),
  /** The whole signing secret (`whsec_...`): only in the answer that creates the endpoint. */
  secret: z.string().optional(),
  /** The secret's last characters (`whsec_...a1b2`), so a caller can tell which one is configured. */
  secret_hint: z.string(),
  /** Deliveries to this endpoint by state. */
  deliveries: z.record(z.enum(WEBHOOK_DELIVERY_STATES), z.number().int()),
});
export type WebhookEndpoint = z.infer<typeof WebhookEndpoint>;

export const WebhookEndpointResponse = z.object({ data: WebhookEndpoint, credits_consumed: z.number() });
export const WebhookEndpointListResponse = z.object({
  data: z.array(WebhookEndpoint),
  count: z.number().int(),
  credits_consumed: z.number(),
});

/** One event sent to one endpoint, with every attempt's outcome summed up. */
export const WebhookDelivery = z.object({
  id: z.string(),
  /** The `webhook-id` header: the same on every attempt, so receivers dedupe by it. */
  webhook_id: z.string(),
  event_type: z.enum(WEBHOOK_EVENT_TYPES),
  request_id: z.string(),
  request_status: z.enum(ADDITION_STATES),
  status: z.enum(WEBHOOK_DELIVERY_STATES),
  attempts: z.number().int(),
  last_status_code: z.number().int().nullable(),
  last_error: z.string().nullable(),
  next_attempt_at: z.string().nullable(),
  created_at: z.string(),
  delivered_at: z.string().nullable(),
});
export type WebhookDelivery = z.infer<typeof WebhookDelivery>;

export const WebhookDeliveryListResponse = z.object({
  data: z.array(WebhookDelivery),
  count: z.number().int(),
  credits_consumed: z.number(),
});

export const WebhookEvent = z.object({
  type: z.literal('company_addition.status_changed'),
  timestamp: z.string(),
  data: AdditionStatus,
});
export type WebhookEvent = z.infer<typeof WebhookEvent>;

// ---------------------------------------------------------------------------------------------
// 12-14. The real service's signal endpoints: headcount trends, job listings, website traffic
// (decisions section 15; the inner shapes the vendor leaves open: docs/decisions/0025-signal-endpoint-shapes.md)

/** The periods headcount growth is given for, and how many months each spans. */
export const GROWTH_PERIODS = ['3m', '6m', '12m', '24m'] as const;
export type GrowthPeriod = (typeof GROWTH_PERIODS)[number];
export const GROWTH_PERIOD_MONTHS: Readonly<Record<GrowthPeriod, number>> = {
  '3m': 3,
  '6m': 6,
  '12m': 12,
  '24m': 24,
};

// The functions, the listings' page size and the traffic sources live in signal-values.ts (no zod).
import { JOBS_MAX_LIMIT } from './signal-values';

export {
  JOB_FUNCTION_LABELS,
  JOB_FUNCTIONS,
  JOBS_MAX_LIMIT,
  type JobFunction,
  TRAFFIC_SOURCES,
  type TrafficSource,
} from './signal-values';
/** LinkedIn's experience levels. */
export const JOB_SENIORITIES = [
  'internship',
  'entry',
  'associate',
  'mid_senior',
  'director',
  'executive',
] as const;
export const EMPLOYMENT_TYPES = ['full_time', 'part_time', 'contract', 'temporary', 'internship'] as const;
export const JOB_SOURCES = ['linkedin', 'indeed'] as const;
export const COMPENSATION_PERIODS = ['year', 'month', 'hour'] as const;

const SignalDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'expected a date YYYY-MM-DD');

export const HeadcountTrendsQuery = z.object({ company: companyParam }).strict();

/** One period's change of a headcount: counts at its start and end, and the percent (null from 0). */
export const GrowthChange = z.object({
  period: z.string(),
  months: z.number().int(),
  start_count: z.number().int().nonnegative(),
  end_count: z.number().int().nonnegative(),
  change: z.number().int(),
  percent: z.number().nullable(),
});
export type GrowthChange = z.infer<typeof GrowthChange>;

export const HeadcountGrowth = GrowthChange.extend({ start_date: SignalDate, end_date: SignalDate });
export type HeadcountGrowth = z.infer<typeof HeadcountGrowth>;

export const FunctionHeadcount = z.object({
  function: z.string(),
  count: z.number().int().nonnegative(),
  /** Of the total, 0..1. */
  share: z.number(),
  growth: z.array(GrowthChange),
});
export type FunctionHeadcount = z.infer<typeof FunctionHeadcount>;

export const HeadcountTrendsResponse = z.object({
  status: z.literal('success'),
  data: z.object({
    uuid: z.string(),
    linkedin_username: z.string().nullable(),
    linkedin_official_name: z.string(),
    total_employees: z.number().int().nonnegative(),
    /** The latest reading's date. */
    date: SignalDate,
    growth_periods: z.array(z.string()),
    headcount_growth: z.array(HeadcountGrowth),
    headcount_by_function: z.array(FunctionHeadcount),
  }),
  credits_consumed: z.number(),
});
export type HeadcountTrendsResponse = z.infer<typeof HeadcountTrendsResponse>;

export const JobsQuery = z
  .object({
    company: companyParam,
    limit: pageNumber('limit', JOBS_MAX_LIMIT, 10),
    offset: pageNumber('offset', 1_000_000, 0),
  })
  .strict();

export const JobListing = z.object({
  id: z.string(),
  title: z.string(),
  function: z.string(),
  seniority: z.string(),
  employment_type: z.string(),
  remote: z.boolean(),
  location: z.string(),
  /** ISO 3166-1 alpha-2, null when the listing names no country. */
  country: z.string().nullable(),
  posted_date: SignalDate,
  description: z.string(),
  compensation: z
    .object({ min: z.number(), max: z.number(), currency: z.string(), period: z.string() })
    .nullable(),
  key_skills: z.array(z.string()),
  source: z.string(),
  url: z.string(),
});
export type JobListing = z.infer<typeof JobListing>;

export const JobsResponse = z.object({
  status: z.literal('success'),
  data: z.array(JobListing),
  /** Every open listing of the company (the page is `limit` of them from `offset`). */
  count: z.number().int(),
  limit: z.number().int(),
  offset: z.number().int(),
  credits_consumed: z.number(),
});
export type JobsResponse = z.infer<typeof JobsResponse>;

export const WebsiteTrafficQuery = z.object({ company: companyParam }).strict();

export const WebsiteTrafficResponse = z.object({
  status: z.literal('success'),
  data: z.object({
    uuid: z.string(),
    engagements: z.object({
      /** 0..1 */
      bounce_rate: z.number(),
      pages_per_visit: z.number(),
      avg_visit_duration_seconds: z.number(),
    }),
    /** Visits by month (`YYYY-MM`), the last 12 months, oldest first. */
    estimated_monthly_visits: z.record(z.string().regex(/^\d{4}-\d{2}$/), z.number().int().nonnegative()),
    /** Each source's share of the visits, 0..1, summing to 1. */
    traffic_sources: z.object({
      direct: z.number(),
      search: z.number(),
      social: z.number(),
      referral: z.number(),
      paid: z.number(),
      email: z.number(),
    }),
  }),
  credits_consumed: z.number(),
});
export type WebsiteTrafficResponse = z.infer<typeof WebsiteTrafficResponse>;
