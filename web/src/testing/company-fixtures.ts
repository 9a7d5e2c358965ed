/**
 * Contract-shaped data for the company page's component tests: every fixture is parsed with the
 * contract's own schema, so a test cannot pass on a shape the service would never send.
 */
import { EmployeeReviewsResponse, NewsArticle, Post, Product } from '@contract/api';
import { SECTION_SCHEMAS, type Sections } from '@contract/sections';

const coded = (code: string, label: string) => ({ code, label });

export const firmographic: Sections['firmographic'] = SECTION_SCHEMAS.firmographic.parse({
  name: 'Acme Robotics',
  legal_name: 'Acme Robotics GmbH',
  website: 'https://www.acme-robotics.de',
  company_type: coded('private', 'Private'),
  founded_year: 2014,
  company_description: 'Acme builds warehouse robots for mid-sized retailers.',
  company_description_short: 'Warehouse robots.',
  operating_status: coded('operating', 'Operating'),
  ownership_category: coded('venture_growth_investor_backed', 'Venture / growth investor backed'),
  headcount_range: '201-500',
  website_screenshot: null,
});

/** The same section with every optional value missing: nulls and empty strings. */
export const firmographicSparse: Sections['firmographic'] = SECTION_SCHEMAS.firmographic.parse({
  ...firmographic,
  legal_name: '',
  website: '',
  founded_year: null,
  company_description: '',
  company_description_short: '',
  headcount_range: '',
});

export const location: Sections['location'] = SECTION_SCHEMAS.location.parse({
  hq: {
    country: coded('DEU', 'Germany'),
    region: [coded('155', 'Western Europe'), coded('150', 'Europe')],
    city: 'Munich',
    address: 'Leopoldstraße 1',
    postal_code: '80802',
  },
  market_served: { markets: [coded('DEU', 'Germany'), coded('AUT', 'Austria')], is_global: false },
  offices: [
    { country: coded('DEU', 'Germany'), city: 'Munich', is_hq: true, type: 'headquarters' },
    { country: coded('USA', 'United States'), city: 'Austin', is_hq: false, type: 'r_and_d' },
  ],
});

export const locationSparse: Sections['location'] = SECTION_SCHEMAS.location.parse({
  hq: { country: coded('DEU', 'Germany'), region: [], city: '', address: '', postal_code: '' },
  market_served: { markets: [], is_global: false },
  offices: [],
});

export const industry: Sections['industry'] = SECTION_SCHEMAS.industry.parse({
  industry: [coded('robotics', 'Robotics'), coded('logistics', 'Logistics')],
  naics: [coded('333922', 'Conveyor and Conveying Equipment Manufacturing')],
  sic: [coded('3535', 'Conveyors and Conveying Equipment')],
});

export const industryEmpty: Sections['industry'] = SECTION_SCHEMAS.industry.parse({
  industry: [],
  naics: [],
  sic: [],
});

const entry = (code: string, label: string, title: string, description: string, source: string[] = []) => ({
  title,
  description,
  source,
  type: coded(code, label),
});

export const businessModel: Sections['business_model'] = SECTION_SCHEMAS.business_model.parse({
  gtm_type: coded('b2b', 'B2B'),
  offering_type: coded('hardware_manufacturing', 'Hardware / manufacturing'),
  gtm_motion: [
    entry('enterprise_field_sales', 'Enterprise field sales', 'Field sales', 'A team of 40 reps.'),
  ],
  revenue_model: [entry('hardware_sales', 'Hardware sales', 'Robot sales', 'One-off sales of robots.')],
  marketing_channels: [],
  distribution_channels: [],
  pricing_details: [entry('quote', 'Quote based', 'Quote based', 'Priced per site.')],
  cost_components: ['Components', 'Field engineers'],
});

export const assessment: Sections['company_assessment'] = SECTION_SCHEMAS.company_assessment.parse({
  market_position: 'A challenger in European warehouse automation.',
  strengths: [
    {
      title: 'Fast deployment',
      description: 'Sites go live in two weeks.',
      source: ['https://news.example.com/a'],
    },
  ],
  weakness: [{ title: 'Thin US presence', description: '', source: [] }],
  competitive_moat: [
    entry('switching_costs', 'Switching costs', 'Integrated WMS', 'Robots tied into the warehouse system.', [
      'https://www.acme-robotics.de/platform',
    ]),
  ],
  customer_concentration: {
    classification: coded('moderate', 'Moderate'),
    description: '',
    top_customer_share_pct: null,
    source: [],
  },
});

export const assessmentEmpty: Sections['company_assessment'] = SECTION_SCHEMAS.company_assessment.parse({
  ...assessment,
  market_position: '',
  strengths: [],
  weakness: [],
  competitive_moat: [],
});

export const strategicSignal: Sections['strategic_signal'] = SECTION_SCHEMAS.strategic_signal.parse({
  scale_indicator: [entry('sites', 'Sites', '120 live sites', 'Across 9 countries.')],
  partnership: [
    {
      name: 'Globex Logistics',
      uuid: 'cmp-globex',
      description: 'Joint offering for 3PLs.',
      strategic_tier: 'Tier 1',
      type: coded('reseller', 'Reseller'),
      source: [],
      announced_on: { year: 2024, month: 3 },
    },
    {
      name: 'Unknown Partner Ltd',
      uuid: null,
      description: '',
      strategic_tier: '',
      type: coded('technology', 'Technology'),
      source: [],
      announced_on: {},
    },
  ],
  recent_move: [
    {
      ...entry('expansion', 'Expansion', 'Opened Austin office', 'R&D hub.'),
      announced_on: { year: 2025, month: 1, day: 15 },
    },
  ],
});

export const management: Sections['management_profile'] = SECTION_SCHEMAS.management_profile.parse({
  leadership: [
    {
      name: 'Jane Doe',
      title: 'CEO',
      function: 'executive',
      is_founder: true,
      since_year: 2014,
      linkedin_url: null,
    },
  ],
  founders: ['Jane Doe'],
  board: [{ name: 'Rick Roe', affiliation: null }],
  leadership_changes: [],
});

export const customers: Sections['customer_profile'] = SECTION_SCHEMAS.customer_profile.parse({
  select_customer: [
    { name: 'Initech', uuid: 'cmp-initech', description: 'Runs 12 sites.', industry: 'Retail', source: [] },
  ],
  target_segments: ['Mid-market'],
  target_industries: ['Retail'],
  customer_count_estimate: 140,
});

export const funding: Sections['funding_detail'] = SECTION_SCHEMAS.funding_detail.parse({
  funding_overview: {
    funding_stage: coded('series_b', 'Series B'),
    total_funding_usd: 62_000_000,
    num_funding_rounds: 3,
    last_funding_date: '2023-06-01',
    last_round_amount_usd: 45_000_000,
    investor_count: 3,
    lead_investors: [{ uuid: 'cmp-sequoia', name: 'Sequoia Capital' }],
  },
  funding_rounds: [
    {
      round: coded('seed', 'Seed'),
      date: '2016-02-10',
      amount_usd: null,
      investors: [],
      post_money_valuation_usd: null,
      source: [],
    },
    {
      round: coded('series_a', 'Series A'),
      date: '2019-09-20',
      amount_usd: 17_000_000,
      investors: [{ uuid: 'cmp-index', name: 'Index Ventures', lead_investor: true }],
      post_money_valuation_usd: 80_000_000,
      source: ['https://news.example.com/series-a'],
    },
    {
      round: coded('series_b', 'Series B'),
      date: '2023-06-01',
      amount_usd: 45_000_000,
      investors: [
        { uuid: 'cmp-sequoia', name: 'Sequoia Capital', lead_investor: true },
        { uuid: 'cmp-index', name: 'Index Ventures', lead_investor: false },
      ],
      post_money_valuation_usd: null,
      source: [],
    },
  ],
});

export const fundingNone: Sections['funding_detail'] = SECTION_SCHEMAS.funding_detail.parse({
  funding_overview: {
    funding_stage: null,
    total_funding_usd: 0,
    num_funding_rounds: 0,
    last_funding_date: null,
    last_round_amount_usd: null,
    investor_count: 0,
    lead_investors: [],
  },
  funding_rounds: [],
});

export const catalog: Product[] = Product.array().parse([
  {
    id: 'prd-fleet',
    product_name: 'Acme Fleet',
    main_category: 'Warehouse robotics',
    categories: ['Warehouse robotics', 'Automation'],
    description: 'Autonomous mobile robots.',
  },
  { id: 'prd-os', product_name: 'Acme OS', main_category: '', categories: [], description: '' },
]);

export const productDetail: Product = Product.parse({
  ...catalog[0],
  rating: { g2: 4.4, capterra: 3.9 },
  star_distribution: {
    g2: { 1: 2, 2: 3, 3: 10, 4: 40, 5: 45 },
    capterra: { 1: 0, 2: 0, 3: 0, 4: 0, 5: 0 },
  },
  pros_list: [{ text: 'Easy to deploy', mentions: 31, provider: 'g2' }],
  cons_list: [{ text: 'Pricey spare parts', mentions: 7, provider: 'capterra' }],
  pricing: [
    { plan: 'Starter', price: '$2,000', billing_period: 'month', description: 'Up to 5 robots.' },
    { plan: 'Enterprise', price: 'Contact sales', billing_period: null, description: '' },
  ],
  reviews: {
    data: [
      {
        review_id: 101,
        review_title: 'Live in a week',
        review_content: 'What do you like best? The speed. What do you dislike? Spare parts.',
        review_question_answers: [
          { question: 'What do you like best?', answer: 'The speed.' },
          { question: 'What do you dislike?', answer: '' },
        ],
        review_rating: 4.5,
        publish_date: '2025-04-02T10:00:00Z',
        reviewer_company_size: '51-200 employees',
        review_link: 'https://g2.example.com/r/101',
        provider: 'g2',
      },
      {
        review_id: 102,
        review_title: '',
        review_content: 'Solid robots.',
        review_question_answers: [],
        review_rating: 3,
        publish_date: '',
        reviewer_company_size: '',
        review_link: '',
        provider: 'capterra',
      },
    ],
    total: 12,
    total_by_provider: { g2: 9, capterra: 3 },
  },
});

/** A chosen product for which nothing beyond the catalog is known. */
export const productBare: Product = Product.parse({
  ...catalog[1],
  rating: {},
  star_distribution: {},
  pros_list: [],
  cons_list: [],
  pricing: [],
  reviews: { data: [], total: 0, total_by_provider: {} },
});

const employeeReview = {
  id: 7,
  summary: 'Great team, slow promotions',
  pros: 'Smart colleagues',
  cons: 'Few promotions',
  rating: 4,
  review_link: 'https://glassdoor.example.com/r/7',
  job_title: 'Field Engineer',
  review_date: '2025-02-11',
  employment_status: 'REGULAR',
  is_current_employee: true,
  years_of_employment: 3,
  location: 'Munich',
  country_code: 'DE',
  helpful_count: 2,
  not_helpful_count: 0,
  career_opportunities_rating: 2,
  ceo_rating: 'APPROVE',
  compensation_and_benefits_rating: 4,
  culture_and_values_rating: null,
  diversity_and_inclusion_rating: null,
  senior_management_rating: null,
  work_life_balance_rating: 5,
  language: 'en',
  provider: 'glassdoor',
};

export const employeeReviews = EmployeeReviewsResponse.parse({
  data: {
    uuid: 'cmp-acme',
    employee_reviews: {
      overall_rating: { glassdoor: 4.1, indeed: 3.6 },
      other_ratings: [
        { type: 'recommend_to_friend', provider: 'glassdoor', value: 0.82 },
        { type: 'work_life_balance', provider: 'glassdoor', value: 3.9 },
        { type: 'ceo', provider: 'indeed', value: 0.5 },
      ],
      reviews: {
        data: [
          employeeReview,
          {
            ...employeeReview,
            id: 8,
            summary: '',
            pros: '',
            cons: '',
            job_title: '',
            review_date: '',
            location: '',
            country_code: '',
            is_current_employee: false,
            employment_status: 'CONTRACT',
            years_of_employment: 0,
            career_opportunities_rating: null,
            ceo_rating: null,
            compensation_and_benefits_rating: null,
            work_life_balance_rating: null,
            provider: 'indeed',
          },
        ],
        total: 25,
        total_by_provider: { glassdoor: 20, indeed: 5 },
      },
    },
  },
  limit: 10,
  offset: 0,
  credits_consumed: 1.5,
}).data.employee_reviews;

export const employeeReviewsEmpty = EmployeeReviewsResponse.parse({
  data: {
    uuid: 'cmp-acme',
    employee_reviews: {
      overall_rating: {},
      other_ratings: [],
      reviews: { data: [], total: 0, total_by_provider: {} },
    },
  },
  limit: 10,
  offset: 0,
  credits_consumed: 0,
}).data.employee_reviews;

export const posts: Post[] = Post.array().parse([
  {
    id: 'p1',
    content_type: 'linkedInVideo',
    link: 'https://social.example.com/p1',
    posted_date: '2025-05-01T09:30:00+02:00',
    is_paid: true,
    reposted: false,
    text_content: 'Meet our new robot.',
    post_classification: 'Product & technology',
    author: { name: 'Acme Robotics' },
    mentions: [{ name: 'Globex', uuid: 'cmp-globex' }],
    engagement_metrics: {
      total_reaction_count: 1520,
      like_count: 1400,
      empathy_count: 20,
      praise_count: 50,
      appreciation_count: 10,
      interest_count: 30,
      funny_count: 10,
      comments_count: 87,
      reposts_Count: 12,
    },
  },
  {
    id: 'p2',
    content_type: 'text',
    link: '',
    posted_date: '',
    is_paid: false,
    reposted: true,
    text_content: '',
    post_classification: '',
    author: {},
    mentions: [],
    engagement_metrics: {
      total_reaction_count: 0,
      like_count: 0,
      empathy_count: 0,
      praise_count: 0,
      appreciation_count: 0,
      interest_count: 0,
      funny_count: 0,
      comments_count: 0,
      reposts_Count: 0,
    },
  },
]);

export const news: NewsArticle[] = NewsArticle.array().parse([
  {
    id: 'n1',
    title: 'Acme raises $45M Series B',
    published_date: '2023-06-01T08:00:00Z',
    publisher: 'TechWire',
    primary_tag: 'Funding',
    sentiment: 'positive',
    ai_summary: 'The round is led by Sequoia.',
    url: 'https://techwire.example.com/acme',
    company_uuid: 'cmp-acme',
    story_id: 's1',
  },
  {
    id: 'n2',
    title: '',
    published_date: '',
    publisher: '',
    primary_tag: '',
    sentiment: '',
    ai_summary: '',
    url: '',
    company_uuid: null,
    story_id: 's2',
  },
]);
