/**
 * The real Company Data Service's answers as its public API reference documents them
 * (`docs/real-service.md`), as strict zod schemas: a field the reference does not list
 * is an error. The double's tests hold its answers to these, and the BFF adapter's tests build their
 * real-service-shaped samples to pass them.
 */
import { z } from 'zod';
import { Post } from '../contract/api';

const int = z.number().int();
const day = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'a date YYYY-MM-DD');
const ADDITION_STATES = ['pending', 'in_progress', 'completed', 'failed'] as const;

export const RealListGenerate = z
  .object({
    data: z.array(z.looseObject({ uuid: z.string(), name: z.string(), website: z.string() })),
    count: int,
    total_count: int.max(500),
    credits_consumed: z.number(),
  })
  .strict();

export const RealFilterBuilder = z
  .object({
    data: z.object({ filters: z.record(z.string(), z.unknown()) }).strict(),
    credits_consumed: z.number(),
  })
  .strict();

export const RealEnrichment = z
  .object({
    status: z.literal('success'),
    data: z.record(z.string(), z.unknown()),
    count: int,
    credits_consumed: z.number(),
  })
  .strict();

export const RealCompanySearchRecord = z
  .object({
    uuid: z.string(),
    name: z.string(),
    website: z.string(),
    product_category: z.string().nullable(),
    company_status: z.string(),
  })
  .strict();
export const RealCompanySearch = z
  .object({ data: z.array(RealCompanySearchRecord).min(1), credits_consumed: z.literal(0) })
  .strict();

export const RealIndustrySearch = z
  .object({
    data: z
      .array(
        z
          .object({ code: z.string(), industry_name: z.string(), similarity: z.number().min(0).max(1) })
          .strict(),
      )
      .min(1),
    count: int,
    credits_consumed: z.literal(0),
  })
  .strict();

export const RealProductReview = z
  .object({
    review_id: int,
    review_title: z.string(),
    review_content: z.string(),
    review_question_answers: z.array(z.object({ question: z.string(), answer: z.string() }).strict()),
    review_rating: z.number(),
    publish_date: z.string(),
    reviewer_company_size: z.string(),
    review_link: z.string(),
    provider: z.string(),
  })
  .strict();

export const RealProduct = z
  .object({
    id: z.string(),
    product_name: z.string(),
    main_category: z.string(),
    categories: z.array(z.string()),
    description: z.string(),
    rating: z.record(z.string(), z.number()).optional(),
    star_distribution: z.record(z.string(), z.record(z.string(), int)).optional(),
    pros_list: z.array(z.string()).optional(),
    cons_list: z.array(z.string()).optional(),
    pricing: z.array(z.record(z.string(), z.unknown())).optional(),
    reviews: z
      .object({ data: z.array(RealProductReview), total: int, total_by_provider: z.record(z.string(), int) })
      .strict()
      .optional(),
  })
  .strict();

export const RealProductReviews = z
  .object({
    data: z.object({ uuid: z.string(), product_reviews: z.array(RealProduct) }).strict(),
    limit: int,
    offset: int,
    credits_consumed: z.number(),
  })
  .strict();

const rating = int.nullable();
export const RealEmployeeReview = z
  .object({
    id: int,
    summary: z.string(),
    pros: z.string(),
    cons: z.string(),
    rating: int,
    review_link: z.string(),
    job_title: z.string(),
    review_date: z.string(),
    employment_status: z.string(),
    is_current_employee: z.boolean(),
    years_of_employment: int,
    location: z.string(),
    country_code: z.string(),
    helpful_count: int,
    not_helpful_count: int,
    career_opportunities_rating: rating,
    compensation_and_benefits_rating: rating,
    culture_and_values_rating: rating,
    diversity_and_inclusion_rating: rating,
    senior_management_rating: rating,
    work_life_balance_rating: rating,
    ceo_rating: z.string().nullable(),
    language: z.string(),
    provider: z.string(),
  })
  .strict();

const FRACTIONS = ['business_outlook', 'ceo', 'recommend_to_friend'];
export const RealOtherRating = z
  .object({ type: z.string(), provider: z.string(), value: z.number() })
  .strict()
  .refine((r) => r.value >= 0 && r.value <= (FRACTIONS.includes(r.type) ? 1 : 5), {
    message: 'business_outlook, ceo and recommend_to_friend are 0-1; the others 0-5',
  });

export const RealEmployeeReviews = z
  .object({
    data: z
      .object({
        uuid: z.string(),
        employee_reviews: z
          .object({
            overall_rating: z.record(z.string(), z.number()),
            other_ratings: z.array(RealOtherRating),
            reviews: z
              .object({
                data: z.array(RealEmployeeReview),
                total: int,
                total_by_provider: z.record(z.string(), int),
              })
              .strict(),
          })
          .strict(),
      })
      .strict(),
    limit: int,
    offset: int,
    credits_consumed: z.number(),
  })
  .strict();

export const RealPosts = z
  .object({
    data: z.object({ uuid: z.string(), posts: z.array(Post) }).strict(),
    count: int,
    limit: int,
    offset: int,
    credits_consumed: z.number(),
  })
  .strict();

const Tagged = z.object({ name: z.string(), code: z.string(), is_primary: z.boolean() }).strict();
export const RealArticle = z
  .object({
    title: z.string(),
    url: z.string(),
    publisher: z.string(),
    published_date: day,
    sentiment: z.enum(['positive', 'negative', 'neutral']),
    news_score: z.number().min(0).max(1),
    ai_summary: z.string(),
    full_text: z.string(),
    original_language: z.string(),
    author: z.string().nullable(),
    countries: z.array(z.string().regex(/^[A-Z]{2}$/, 'ISO alpha-2')),
    industries: z.array(Tagged),
    types: z.array(Tagged),
    company_mentions: z.array(
      z
        .object({ company_id: z.string(), name: z.string(), website: z.string(), is_primary: z.boolean() })
        .strict(),
    ),
  })
  .strict();

export const RealNews = z
  .object({
    status: z.literal('success'),
    total: int,
    count: int,
    limit: int,
    offset: int,
    credits_consumed: z.number(),
    data: z.array(RealArticle),
  })
  .strict();

export const RealAdditionSubmit = z
  .object({
    status: z.literal('success'),
    data: z
      .object({
        already_exists: z.boolean(),
        company: z
          .object({
            uuid: z.string(),
            website: z.string(),
            domain: z.string(),
            name: z.string(),
            legal_name: z.string(),
          })
          .strict()
          .nullable(),
        request_id: z.string().nullable(),
        status: z.enum(ADDITION_STATES).nullable(),
        domain: z.string(),
        credits_consumed: z.literal(0),
      })
      .strict(),
    credits_consumed: z.literal(0),
  })
  .strict();

export const RealStatus = z
  .object({
    status: z.literal('success'),
    data: z
      .object({
        request_id: z.string(),
        request_type: z.literal('company_addition'),
        status: z.enum(ADDITION_STATES),
        created_at: z.string(),
        updated_at: z.string(),
        detail: z
          .object({
            company_addition_request_id: z.string(),
            company_name: z.string(),
            domain: z.string(),
            status: z.enum(ADDITION_STATES),
            reason: z.string().nullable(),
            company_uuid: z.string().nullable(),
            created_at: z.string(),
            updated_at: z.string(),
          })
          .strict(),
      })
      .strict(),
    credits_consumed: z.literal(0),
  })
  .strict();

/**
 * The three endpoints beyond the spec (docs/real-service.md, "Endpoints the real service has beyond
 * the spec"): the envelope and the record's documented top-level fields and types, strictly; the inner
 * records, which the reference leaves open, loosely.
 */
export const RealHeadcountTrends = z
  .object({
    data: z
      .object({
        uuid: z.string(),
        linkedin_username: z.string().nullable(),
        linkedin_official_name: z.string(),
        total_employees: int,
        date: z.string(),
        growth_periods: z.array(z.string()),
        headcount_growth: z.array(z.looseObject({})),
        headcount_by_function: z.array(z.looseObject({})),
      })
      .strict(),
    credits_consumed: z.number(),
  })
  .strict();

export const RealJobs = z
  .object({
    status: z.literal('success'),
    data: z.array(z.looseObject({})),
    count: int,
    limit: int,
    offset: int,
    credits_consumed: z.number(),
  })
  .strict();

export const RealWebsiteTraffic = z
  .object({
    data: z
      .object({
        uuid: z.string(),
        engagements: z.looseObject({}),
        estimated_monthly_visits: z.looseObject({}),
        traffic_sources: z.looseObject({}),
      })
      .strict(),
    credits_consumed: z.number(),
  })
  .strict();

/** `{status: "error", message}`, `{detail}`, or FastAPI's validation list `{detail: [{loc, msg, type}]}`. */
export const RealError = z.union([
  z.object({ status: z.literal('error'), message: z.string().min(1) }).strict(),
  z.object({ detail: z.string().min(1) }).strict(),
  z
    .object({
      detail: z
        .array(
          z
            .object({ loc: z.array(z.union([z.string(), z.number()])), msg: z.string(), type: z.string() })
            .strict(),
        )
        .min(1),
    })
    .strict(),
]);
export type RealError = z.infer<typeof RealError>;
