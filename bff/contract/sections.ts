/**
 * The data sections of a company, as list generation and enrichment return them.
 *
 * Fields the specification names keep its spelling exactly. Where the spec says "not shown", the
 * shape is ours and documented here (docs/sections.md explains each choice). A filter key names the
 * field it tests in the section of the same name (docs/product-rules.md, section 4): `location.hq.country` is
 * `location` -> `hq.country`, `business_model.revenue_model` is each entry's `type.code`.
 */
import { z } from 'zod';
import type { StoredSection } from './section-names';

export const Coded = z.object({ code: z.string(), label: z.string() });
export type Coded = z.infer<typeof Coded>;

/** A reference to another company of the data set; `uuid` is null when the company is not in it. */
export const CompanyRef = z.object({ uuid: z.string().nullable(), name: z.string() });
export type CompanyRef = z.infer<typeof CompanyRef>;

/** A sourced statement: the entry shape the spec describes for business model and assessment lists. */
export const Entry = z.object({
  title: z.string(),
  description: z.string(),
  source: z.array(z.string()),
  type: Coded,
});
export type Entry = z.infer<typeof Entry>;

/** A date known to a varying precision (`announced_on` of the spec). */
export const PartialDate = z.object({
  day: z.number().int().min(1).max(31).optional(),
  month: z.number().int().min(1).max(12).optional(),
  year: z.number().int().optional(),
});

const IsoDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'expected a date YYYY-MM-DD');

// ---------------------------------------------------------------------------------------------
// firmographic

export const Firmographic = z.object({
  name: z.string(),
  legal_name: z.string(),
  website: z.string(),
  company_type: Coded,
  founded_year: z.number().int().nullable(),
  company_description: z.string(),
  company_description_short: z.string(),
  operating_status: Coded,
  ownership_category: Coded,
  headcount_range: z.string(),
  website_screenshot: z.string().nullable(),
});

// ---------------------------------------------------------------------------------------------
// business_model

const BusinessModel = z.object({
  gtm_type: Coded,
  offering_type: Coded,
  gtm_motion: z.array(Entry),
  revenue_model: z.array(Entry),
  marketing_channels: z.array(Entry),
  distribution_channels: z.array(Entry),
  pricing_details: z.array(Entry),
  cost_components: z.array(z.string()),
});

// ---------------------------------------------------------------------------------------------
// company_assessment

const AssessmentPoint = z.object({
  title: z.string(),
  description: z.string(),
  source: z.array(z.string()),
});

const CompanyAssessment = z.object({
  market_position: z.string(),
  strengths: z.array(AssessmentPoint),
  weakness: z.array(AssessmentPoint),
  competitive_moat: z.array(Entry),
  customer_concentration: z.object({
    classification: Coded,
    description: z.string(),
    top_customer_share_pct: z.number().nullable(),
    source: z.array(z.string()),
  }),
});

// ---------------------------------------------------------------------------------------------
// trust_signal (not shown in the spec: certifications, awards and review standing)

const TrustSignal = z.object({
  certifications: z.array(
    z.object({ name: z.string(), issuer: z.string(), year: z.number().int().nullable() }),
  ),
  awards: z.array(z.object({ title: z.string(), issuer: z.string(), year: z.number().int() })),
  review_rating: z.number().nullable(),
  review_count: z.number().int(),
  has_trust_center: z.boolean(),
  security_page_url: z.string().nullable(),
});

// ---------------------------------------------------------------------------------------------
// company_hierarchy (not shown: parent, ultimate parent, subsidiaries)

const CompanyHierarchy = z.object({
  is_subsidiary: z.boolean(),
  parent: CompanyRef.nullable(),
  ultimate_parent: CompanyRef.nullable(),
  subsidiaries: z.array(CompanyRef),
});

// ---------------------------------------------------------------------------------------------
// digital_presence (not shown: web and social footprint)

const DigitalPresence = z.object({
  website: z.string(),
  domain: z.string(),
  domain_registered_year: z.number().int().nullable(),
  monthly_website_visits: z.number().int(),
  social_profiles: z.array(z.object({ platform: z.string(), url: z.string(), followers: z.number().int() })),
  blog_url: z.string().nullable(),
  careers_url: z.string().nullable(),
});

// ---------------------------------------------------------------------------------------------
// financial_estimate

const FinancialEstimate = z.object({
  revenue_estimate: Coded,
  valuation_estimate: Coded.nullable(),
  revenue_usd: z.number().int().nonnegative(),
  valuation_usd: z.number().int().nonnegative().nullable(),
  revenue_growth_pct: z.number().nullable(),
  fiscal_year: z.number().int(),
  currency: z.literal('USD'),
  confidence: z.enum(['low', 'medium', 'high']),
  source: z.array(z.string()),
});

// ---------------------------------------------------------------------------------------------
// location

export const Office = z.object({
  country: Coded,
  city: z.string(),
  is_hq: z.boolean(),
  type: z.enum(['headquarters', 'office', 'r_and_d', 'sales', 'manufacturing', 'warehouse']),
});

export const Location = z.object({
  hq: z.object({
    country: Coded,
    /** Every M49 region containing the HQ country, most specific first. */
    region: z.array(Coded),
    city: z.string(),
    address: z.string(),
    postal_code: z.string(),
  }),
  market_served: z.object({ markets: z.array(Coded), is_global: z.boolean() }),
  offices: z.array(Office),
});

// ---------------------------------------------------------------------------------------------
// management_profile (not shown: leadership, founders, board)

const ManagementProfile = z.object({
  leadership: z.array(
    z.object({
      name: z.string(),
      title: z.string(),
      function: z.string(),
      is_founder: z.boolean(),
      since_year: z.number().int().nullable(),
      linkedin_url: z.string().nullable(),
    }),
  ),
  founders: z.array(z.string()),
  board: z.array(z.object({ name: z.string(), affiliation: z.string().nullable() })),
  leadership_changes: z.array(
    z.object({ name: z.string(), title: z.string(), change: z.enum(['joined', 'left']), date: IsoDate }),
  ),
});

// ---------------------------------------------------------------------------------------------
// product_offering (not shown: catalog summary)

const ProductOffering = z.object({
  product_category: z.string(),
  products: z.array(
    z.object({
      id: z.string(),
      name: z.string(),
      category: z.string(),
      description: z.string(),
      launched_year: z.number().int().nullable(),
      is_flagship: z.boolean(),
    }),
  ),
  use_cases: z.array(z.string()),
  target_personas: z.array(z.string()),
  has_free_trial: z.boolean(),
});

// ---------------------------------------------------------------------------------------------
// strategic_signal

export const Partnership = z.object({
  name: z.string(),
  uuid: z.string().nullable(),
  description: z.string(),
  strategic_tier: z.string(),
  type: Coded,
  source: z.array(z.string()),
  announced_on: PartialDate,
});

const StrategicSignal = z.object({
  scale_indicator: z.array(Entry),
  partnership: z.array(Partnership),
  recent_move: z.array(Entry.extend({ announced_on: PartialDate })),
});

// ---------------------------------------------------------------------------------------------
// customer_profile

const CustomerProfile = z.object({
  select_customer: z.array(
    z.object({
      name: z.string(),
      uuid: z.string().nullable(),
      description: z.string(),
      industry: z.string().nullable(),
      source: z.array(z.string()),
    }),
  ),
  target_segments: z.array(z.string()),
  target_industries: z.array(z.string()),
  customer_count_estimate: z.number().int().nullable(),
});

// ---------------------------------------------------------------------------------------------
// industry

const IndustrySection = z.object({
  /** Service taxonomy industries, primary first. */
  industry: z.array(Coded),
  naics: z.array(Coded),
  sic: z.array(Coded),
});

// ---------------------------------------------------------------------------------------------
// technology

export const Technology = z.object({
  ai_maturity: z.object({
    scale: z.number().int().min(0).max(5),
    label: z.string(),
    description: z.string(),
  }),
  api_detail: z.object({
    has_api: z.boolean(),
    api_type: z.string().nullable(),
    is_public: z.boolean(),
    documentation_url: z.string().nullable(),
  }),
  app_detail: z.object({
    has_app: z.boolean(),
    platforms: z.array(z.string()),
    app_names: z.array(z.string()),
  }),
  is_technology_focussed: z.boolean(),
  tech_stack: z.array(z.object({ name: z.string(), category: z.string() })),
  patents_count: z.number().int().nonnegative(),
});

// ---------------------------------------------------------------------------------------------
// funding_detail (Enterprise only)

export const Investor = z.object({ uuid: z.string(), name: z.string(), lead_investor: z.boolean() });

export const FundingRound = z.object({
  round: Coded,
  date: IsoDate,
  amount_usd: z.number().int().nonnegative().nullable(),
  investors: z.array(Investor),
  post_money_valuation_usd: z.number().int().nonnegative().nullable(),
  source: z.array(z.string()),
});
export type FundingRound = z.infer<typeof FundingRound>;

const FundingDetail = z.object({
  funding_overview: z.object({
    /** Null for a company that never raised outside money. */
    funding_stage: Coded.nullable(),
    total_funding_usd: z.number().int().nonnegative(),
    num_funding_rounds: z.number().int().nonnegative(),
    last_funding_date: IsoDate.nullable(),
    last_round_amount_usd: z.number().int().nonnegative().nullable(),
    investor_count: z.number().int().nonnegative(),
    lead_investors: z.array(CompanyRef),
  }),
  /** Oldest first. */
  funding_rounds: z.array(FundingRound),
});

// ---------------------------------------------------------------------------------------------
// mna_and_investment (Enterprise only; not shown: acquisitions made, investments made, exit)

const MnaAndInvestment = z.object({
  acquisitions: z.array(
    z.object({
      target: CompanyRef,
      date: IsoDate,
      amount_usd: z.number().int().nullable(),
      rationale: z.string(),
    }),
  ),
  investments: z.array(
    z.object({
      company: CompanyRef,
      date: IsoDate,
      round: Coded,
      amount_usd: z.number().int().nullable(),
      lead_investor: z.boolean(),
    }),
  ),
  acquired_by: z
    .object({ company: CompanyRef, date: IsoDate, amount_usd: z.number().int().nullable() })
    .nullable(),
});

// ---------------------------------------------------------------------------------------------
// headcount (enrichment only)

export const Headcount = z.object({
  headcount_range: z.string(),
  employee_count: z.number().int().nonnegative(),
  growth_6m_pct: z.number(),
  growth_12m_pct: z.number(),
  /** Month by month, oldest first, `YYYY-MM`. */
  history: z.array(z.object({ month: z.string().regex(/^\d{4}-\d{2}$/), employee_count: z.number().int() })),
});

// ---------------------------------------------------------------------------------------------

export const SECTION_SCHEMAS = {
  firmographic: Firmographic,
  business_model: BusinessModel,
  company_assessment: CompanyAssessment,
  trust_signal: TrustSignal,
  company_hierarchy: CompanyHierarchy,
  digital_presence: DigitalPresence,
  financial_estimate: FinancialEstimate,
  location: Location,
  management_profile: ManagementProfile,
  product_offering: ProductOffering,
  strategic_signal: StrategicSignal,
  customer_profile: CustomerProfile,
  industry: IndustrySection,
  technology: Technology,
  funding_detail: FundingDetail,
  mna_and_investment: MnaAndInvestment,
  headcount: Headcount,
} as const satisfies Record<StoredSection, z.ZodType>;

export type Sections = { [K in StoredSection]: z.infer<(typeof SECTION_SCHEMAS)[K]> };
