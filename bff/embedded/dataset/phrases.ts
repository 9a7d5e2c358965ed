/**
 * Phrase banks and small text helpers the section texts are assembled from. Banks are keyed by the
 * taxonomy's sector so that a hospital and a SaaS vendor do not share customers, personas or awards.
 */
export function money(usd: number): string {
  if (usd >= 1e12) return `$${trim1(usd / 1e12)}T`;
  if (usd >= 1e9) return `$${trim1(usd / 1e9)}B`;
  if (usd >= 1e6) return `$${trim1(usd / 1e6)}M`;
  if (usd >= 1e3) return `$${Math.round(usd / 1e3)}K`;
  return `$${Math.round(usd)}`;
}

function trim1(n: number): string {
  return n >= 100 ? String(Math.round(n)) : n.toFixed(1).replace(/\.0$/, '');
}

export function num(n: number): string {
  return Math.round(n).toLocaleString('en-US');
}

/** '1,200+' style rounded counts. */
export function roughCount(n: number): string {
  if (n < 20) return String(Math.max(1, Math.round(n)));
  const magnitude = 10 ** Math.floor(Math.log10(n));
  const step = magnitude >= 100 ? magnitude / 2 : magnitude;
  return `${num(Math.floor(n / step) * step)}+`;
}

export function listText(items: readonly string[]): string {
  if (items.length <= 1) return items[0] ?? '';
  return `${items.slice(0, -1).join(', ')} and ${items[items.length - 1]}`;
}

/** 'bare-metal servers', 'practice exams' (not 'analysis', 'business'). */
export function isPlural(phrase: string): boolean {
  return /[^su]s$/.test(phrase.split(' ').pop() ?? '') && !/(sis|ics|ness|us)$/.test(phrase);
}

/** 'short-video app' -> 'short-video apps', 'battery' -> 'batteries'; plural and mass nouns stay. */
export function plural(phrase: string): string {
  if (isPlural(phrase) || /ics$/.test(phrase)) return phrase;
  if (/[^aeiou]y$/i.test(phrase)) return `${phrase.slice(0, -1)}ies`;
  if (/(s|x|z|ch|sh)$/i.test(phrase)) return `${phrase}es`;
  return `${phrase}s`;
}

export function article(phrase: string): string {
  // Plural and mass nouns take no article ('bare-metal servers', 'analytics').
  if (isPlural(phrase) || /ics$/.test(phrase)) return phrase;
  return /^[aeiou]/i.test(phrase) && !/^(uni|use|eu|one)/i.test(phrase) ? `an ${phrase}` : `a ${phrase}`;
}

export function capitalise(s: string): string {
  return s.charAt(0).toUpperCase() + s.slice(1);
}

/** 'threat detection platform' -> 'Threat Detection Platform'; acronyms and CI/CD stay as they are. */
export function titleCase(s: string): string {
  let cased = titleCases.get(s);
  if (cased === undefined) {
    cased = s
      .split(' ')
      .map((w) =>
        /[A-Z0-9]/.test(w) ? w : w.replace(/(^|-)([a-z])/g, (_, a: string, b: string) => a + b.toUpperCase()),
      )
      .join(' ');
    // Product nouns come from the taxonomy: a few thousand at most.
    if (titleCases.size < 20_000) titleCases.set(s, cased);
  }
  return cased;
}
const titleCases = new Map<string, string>();

/** An industry name inside a sentence: 'Cybersecurity' -> 'cybersecurity', 'HR Tech' stays. */
export function inSentence(name: string): string {
  return name
    .split(' ')
    .map((w) => (/[A-Z].*[A-Z]|^[A-Z0-9&/-]{2,}$/.test(w) ? w : w.toLowerCase()))
    .join(' ');
}

type SectorBank = {
  b2b: readonly string[];
  b2c: readonly string[];
  benefits: readonly string[];
  personas: readonly string[];
  useCases: readonly string[];
};

const DEFAULT_BANK: SectorBank = {
  b2b: ['businesses', 'mid-sized companies', 'enterprises'],
  b2c: ['consumers', 'households'],
  benefits: ['save time and money', 'run their operations more reliably', 'serve their own customers better'],
  personas: ['Operations manager', 'Owner-manager', 'Procurement lead'],
  useCases: ['Replacing manual processes', 'Reducing operating costs', 'Improving service quality'],
};

const SECTOR_BANKS: Readonly<Record<string, SectorBank>> = {
  Software: {
    b2b: [
      'IT and engineering teams',
      'mid-market and enterprise companies',
      'operations teams',
      'fast-growing software companies',
      'small businesses',
    ],
    b2c: ['consumers', 'individual professionals', 'households'],
    benefits: [
      'work faster with fewer tools',
      'cut manual work',
      'keep their systems secure and compliant',
      'turn data into decisions',
      'scale without adding headcount',
    ],
    personas: [
      'CTO',
      'CIO',
      'Head of IT',
      'Engineering manager',
      'VP Operations',
      'Security lead',
      'Product manager',
    ],
    useCases: [
      'Consolidating point tools onto one platform',
      'Automating repetitive workflows',
      'Meeting SOC 2 and ISO 27001 requirements',
      'Giving teams self-serve access to data',
      'Replacing legacy on-premise software',
    ],
  },
  'AI & Data': {
    b2b: ['data and engineering teams', 'enterprises adopting AI', 'product teams', 'analytics teams'],
    b2c: ['creators', 'consumers', 'knowledge workers'],
    benefits: [
      'ship AI features faster',
      'get reliable answers from their data',
      'automate knowledge work',
      'cut the cost of running models',
    ],
    personas: ['Head of Data', 'ML engineer', 'Chief Data Officer', 'CTO', 'Analytics lead'],
    useCases: [
      'Building retrieval-augmented assistants',
      'Automating document-heavy processes',
      'Forecasting demand',
      'Monitoring model quality in production',
      'Unifying data from dozens of sources',
    ],
  },
  'IT & Telecom': {
    b2b: ['businesses of every size', 'enterprise IT departments', 'public-sector organisations', 'carriers'],
    b2c: ['households', 'mobile subscribers'],
    benefits: [
      'stay connected and secure',
      'reduce IT overhead',
      'move workloads to the cloud',
      'keep critical systems running',
    ],
    personas: ['CIO', 'IT director', 'Network engineer', 'Procurement manager'],
    useCases: [
      'Migrating workloads to the cloud',
      'Outsourcing the service desk',
      'Rolling out fibre to branch offices',
      'Modernising legacy applications',
    ],
  },
  'Hardware & Electronics': {
    b2b: ['device makers', 'industrial customers', 'data-centre operators', 'OEMs', 'automotive suppliers'],
    b2c: ['consumers', 'tech enthusiasts', 'families'],
    benefits: [
      'build smaller and more efficient devices',
      'get reliable hardware at scale',
      'bring connected products to market faster',
    ],
    personas: ['Hardware engineer', 'Head of procurement', 'Product manager', 'Plant manager'],
    useCases: [
      'Designing next-generation devices',
      'Automating inspection on the factory floor',
      'Connecting field assets',
      'Upgrading data-centre capacity',
    ],
  },
  'Financial Services': {
    b2b: ['businesses', 'banks and fintechs', 'finance teams', 'merchants', 'institutional investors'],
    b2c: ['retail customers', 'savers and investors', 'households', 'freelancers'],
    benefits: [
      'move money faster and cheaper',
      'manage risk and compliance',
      'grow their savings',
      'get paid on time',
    ],
    personas: ['CFO', 'Head of payments', 'Treasury manager', 'Compliance officer', 'Finance controller'],
    useCases: [
      'Accepting payments in new markets',
      'Automating KYC and AML checks',
      'Financing working capital',
      'Managing investments on mobile',
    ],
  },
  Healthcare: {
    b2b: ['hospitals and clinics', 'health systems', 'care providers', 'payers', 'employers'],
    b2c: ['patients', 'families', 'older adults'],
    benefits: [
      'deliver better care at lower cost',
      'reduce administrative burden',
      'reach patients outside the clinic',
      'improve outcomes',
    ],
    personas: [
      'Chief Medical Officer',
      'Practice manager',
      'Nurse manager',
      'Head of revenue cycle',
      'Clinician',
    ],
    useCases: [
      'Reducing no-shows',
      'Remote monitoring of chronic conditions',
      'Speeding up clinical documentation',
      'Coordinating care across providers',
    ],
  },
  'Life Sciences': {
    b2b: ['pharmaceutical companies', 'research labs', 'hospitals', 'biotech companies', 'diagnostic labs'],
    b2c: ['patients'],
    benefits: [
      'bring therapies to patients sooner',
      'run faster and cheaper trials',
      'diagnose disease earlier',
      'scale manufacturing',
    ],
    personas: ['Head of R&D', 'Lab director', 'Clinical operations lead', 'Chief Scientific Officer'],
    useCases: [
      'Accelerating drug discovery',
      'Running decentralised clinical trials',
      'Scaling biologics manufacturing',
      'Point-of-care diagnostics',
    ],
  },
  'Energy & Utilities': {
    b2b: [
      'utilities',
      'industrial energy users',
      'commercial property owners',
      'grid operators',
      'municipalities',
    ],
    b2c: ['homeowners', 'households'],
    benefits: [
      'cut energy costs and emissions',
      'keep the grid stable',
      'decarbonise operations',
      'secure reliable supply',
    ],
    personas: ['Energy manager', 'Head of sustainability', 'Grid operations lead', 'Facilities director'],
    useCases: [
      'Electrifying fleets',
      'Balancing renewable generation',
      'Measuring and reducing emissions',
      'On-site solar and storage',
    ],
  },
  Industrials: {
    b2b: [
      'manufacturers',
      'OEMs',
      'industrial operators',
      'construction firms',
      'aerospace and defence primes',
    ],
    b2c: ['homeowners', 'tradespeople'],
    benefits: [
      'raise throughput',
      'reduce downtime',
      'build to tighter tolerances',
      'lower total cost of ownership',
    ],
    personas: [
      'Plant manager',
      'Head of operations',
      'Procurement director',
      'Maintenance lead',
      'Chief engineer',
    ],
    useCases: [
      'Automating production lines',
      'Predictive maintenance',
      'Reshoring manufacturing',
      'Qualifying new suppliers',
    ],
  },
  'Automotive & Mobility': {
    b2b: ['fleet operators', 'carmakers', 'dealers', 'cities'],
    b2c: ['drivers', 'commuters', 'car buyers'],
    benefits: [
      'move people and goods more efficiently',
      'electrify their fleets',
      'get around without owning a car',
    ],
    personas: ['Fleet manager', 'Head of mobility', 'Vehicle engineer', 'Dealer principal'],
    useCases: [
      'Electrifying delivery fleets',
      'Over-the-air vehicle updates',
      'Shared mobility in cities',
      'Driver safety programmes',
    ],
  },
  'Transportation & Logistics': {
    b2b: ['shippers', 'retailers and brands', 'manufacturers', 'e-commerce sellers', 'importers'],
    b2c: ['travellers', 'households', 'online shoppers'],
    benefits: ['ship faster and cheaper', 'see every shipment in real time', 'keep supply chains resilient'],
    personas: [
      'Head of logistics',
      'Supply chain director',
      'Transport manager',
      'E-commerce operations lead',
    ],
    useCases: [
      'Same-day delivery',
      'Cross-border shipping',
      'Warehouse outsourcing',
      'Cold-chain distribution',
    ],
  },
  'Real Estate & Construction': {
    b2b: ['property owners', 'developers', 'commercial tenants', 'general contractors', 'public agencies'],
    b2c: ['homeowners', 'renters', 'home buyers'],
    benefits: ['deliver projects on time and on budget', 'fill and manage space', 'find the right home'],
    personas: ['Project manager', 'Asset manager', 'Site manager', 'Head of real estate'],
    useCases: [
      'Managing large construction projects',
      'Leasing commercial space',
      'Renovating housing stock',
      'Operating flexible offices',
    ],
  },
  Consumer: {
    b2b: ['retailers', 'distributors', 'hospitality businesses'],
    b2c: ['consumers', 'families', 'health-conscious shoppers', 'young adults'],
    benefits: ['enjoy better everyday products', 'live healthier', 'look and feel their best'],
    personas: ['Category buyer', 'Brand manager', 'Retail partner manager'],
    useCases: ['Everyday household needs', 'Gifting', 'Healthy snacking', 'Premium self-care'],
  },
  'Retail & E-commerce': {
    b2b: ['brands', 'merchants', 'suppliers', 'wholesale buyers'],
    b2c: ['shoppers', 'online shoppers', 'families', 'bargain hunters'],
    benefits: ['shop conveniently', 'find better prices', 'get products delivered fast'],
    personas: ['Merchandising lead', 'E-commerce director', 'Store operations manager'],
    useCases: [
      'Weekly grocery shopping',
      'Buying and selling second-hand',
      'Click-and-collect',
      'Launching a brand online',
    ],
  },
  'Hospitality & Travel': {
    b2b: ['hotels', 'restaurants', 'corporate travel managers', 'event organisers'],
    b2c: ['travellers', 'guests', 'diners', 'families'],
    benefits: ['travel and eat out with less hassle', 'fill rooms and tables', 'plan memorable trips'],
    personas: ['Revenue manager', 'General manager', 'Travel manager', 'Events director'],
    useCases: ['Business travel', 'Weekend breaks', 'Corporate events', 'Online ordering'],
  },
  'Media & Entertainment': {
    b2b: ['advertisers', 'media companies', 'brands', 'rights holders'],
    b2c: ['audiences', 'fans', 'gamers', 'listeners', 'readers'],
    benefits: ['discover and enjoy great content', 'reach engaged audiences', 'monetise their content'],
    personas: ['Head of content', 'Media buyer', 'Creator', 'Partnerships manager'],
    useCases: ['Streaming on demand', 'Live events', 'Branded content', 'Mobile gaming'],
  },
  'Marketing & Advertising': {
    b2b: ['marketers', 'brands and agencies', 'B2B sales teams', 'e-commerce brands'],
    b2c: ['consumers'],
    benefits: ['reach the right buyers', 'prove the return on marketing spend', 'grow pipeline'],
    personas: ['CMO', 'Head of growth', 'Demand generation manager', 'Brand director', 'Head of sales'],
    useCases: [
      'Account-based marketing',
      'Launching a new brand',
      'Measuring campaign ROI',
      'Building prospect lists',
    ],
  },
  Education: {
    b2b: ['schools', 'universities', 'employers', 'training teams'],
    b2c: ['students', 'learners', 'parents', 'career changers'],
    benefits: ['learn new skills', 'improve outcomes for students', 'upskill their workforce'],
    personas: ['Head of learning', 'Teacher', 'School administrator', 'HR director'],
    useCases: ['Exam preparation', 'Workforce upskilling', 'Language learning', 'Blended classroom teaching'],
  },
  'Professional Services': {
    b2b: ['businesses', 'corporate clients', 'law and finance teams', 'HR leaders', 'public-sector clients'],
    b2c: ['individuals', 'families'],
    benefits: [
      'make better decisions',
      'stay compliant',
      'find and keep talent',
      'get expert help when they need it',
    ],
    personas: ['CEO', 'CFO', 'General counsel', 'HR director', 'Head of strategy'],
    useCases: ['Annual audits', 'Cross-border expansion', 'Hiring at scale', 'Due diligence'],
  },
  'Agriculture & Natural Resources': {
    b2b: ['food processors', 'manufacturers', 'farmers', 'industrial buyers', 'traders'],
    b2c: ['consumers'],
    benefits: ['secure reliable supply', 'raise yields sustainably', 'reduce input costs'],
    personas: ['Procurement director', 'Farm manager', 'Plant manager', 'Commodity trader'],
    useCases: [
      'Securing raw material supply',
      'Precision farming',
      'Sustainable sourcing',
      'Long-term offtake agreements',
    ],
  },
  'Public Sector & Nonprofit': {
    b2b: ['public agencies', 'member organisations', 'partners', 'donors'],
    b2c: ['citizens', 'communities', 'residents', 'families in need'],
    benefits: ['access public services', 'strengthen their communities', 'make a lasting difference'],
    personas: ['Programme director', 'Policy officer', 'Community manager', 'Grants manager'],
    useCases: [
      'Community programmes',
      'Public service delivery',
      'Advocacy campaigns',
      'Research and policy work',
    ],
  },
};

export function bankOf(sector: string): SectorBank {
  return SECTOR_BANKS[sector] ?? DEFAULT_BANK;
}

// ---------------------------------------------------------------------------------------------
// Coded entry descriptions

export const MOTION_TEXT: Readonly<Record<string, readonly string[]>> = {
  api_first: [
    'Developers sign up and integrate through documented APIs and SDKs before any sales contact.',
    'Adoption starts with engineers building on the public API; usage grows with their products.',
  ],
  channel_partners: [
    'Sells largely through resellers, distributors and system integrators.',
    'A partner network of resellers and integrators carries most new business.',
  ],
  community_led: [
    'An active user community, events and open-source projects drive awareness and adoption.',
    'Growth comes from a community of practitioners who share templates and recommend the product.',
  ],
  direct_to_consumer: [
    'Sells directly to consumers through its own website, app and stores.',
    'Reaches customers directly online, without intermediaries.',
  ],
  enterprise_field_sales: [
    'Field sales teams run long, multi-stakeholder deals with large organisations.',
    'Account executives and solution engineers sell to enterprise buyers on multi-year contracts.',
  ],
  event_driven: [
    'Trade shows, conferences and industry events generate most new relationships.',
    'Relies on flagship events and trade fairs to meet buyers.',
  ],
  inside_sales: [
    'An inside sales team converts inbound leads over phone and video.',
    'Inbound demand is qualified and closed remotely by an inside sales team.',
  ],
  marketplace_listing: [
    'Listed on app stores and cloud marketplaces, where customers buy directly.',
    'Distribution through online marketplaces and app stores.',
  ],
  oem_embedded: [
    'Technology is embedded in other manufacturers’ products under OEM agreements.',
    'Sold to OEMs who build it into their own products.',
  ],
  product_led_growth: [
    'Free tier and self-serve onboarding; teams upgrade as usage grows.',
    'Users try the product on their own and convert to paid plans without talking to sales.',
  ],
  sales_led: [
    'A direct sales team manages the full cycle from first call to contract.',
    'Sales-led: outbound prospecting and demos drive new accounts.',
  ],
  others: [
    'New business comes through referrals, long-standing relationships and public tenders.',
    'Relationship-driven selling, referrals and tenders.',
  ],
};

export const REVENUE_TEXT: Readonly<Record<string, readonly string[]>> = {
  advertising: [
    'Earns revenue by selling advertising to brands that want to reach its audience.',
    'Ad-supported: revenue comes from display, video and sponsored placements.',
  ],
  affiliate_referral: [
    'Earns commissions on sales and sign-ups it refers to partners.',
    'Affiliate and referral fees from partner merchants.',
  ],
  data_monetisation: [
    'Licenses aggregated, anonymised data and insights to third parties.',
    'Sells data products built from its platform activity.',
  ],
  freemium: [
    'A free plan attracts users; a share upgrades to paid tiers.',
    'Core features are free; advanced features need a paid plan.',
  ],
  grants_donations: [
    'Funded by grants, donations and membership fees.',
    'Relies on donors, foundations and public grants.',
  ],
  hardware_sales: [
    'Sells physical products, priced per unit.',
    'Revenue from product sales through direct and retail channels.',
  ],
  licensing_royalties: [
    'Licenses its intellectual property in exchange for fees and royalties.',
    'Royalty and licence income from partners using its technology.',
  ],
  managed_services: [
    'Runs services on behalf of clients for recurring fees.',
    'Recurring fees for operating and managing services for clients.',
  ],
  marketplace_commission: [
    'Takes a commission on each transaction between buyers and sellers on its platform.',
    'Charges a take rate on marketplace transactions.',
  ],
  one_time_license: [
    'Sells perpetual licences, with optional paid maintenance.',
    'One-off licence fees plus annual maintenance.',
  ],
  professional_services: [
    'Bills for implementation, consulting and training services.',
    'Project and advisory fees billed by the day or by milestone.',
  ],
  subscription_recurring: [
    'Customers pay a recurring subscription, billed monthly or annually.',
    'Recurring subscription revenue on annual contracts.',
  ],
  transaction_fee: [
    'Charges a fee on each transaction it processes.',
    'Per-transaction fees make up most revenue.',
  ],
  usage_based: [
    'Customers pay for what they use, metered monthly.',
    'Consumption-based pricing: revenue grows with customer usage.',
  ],
};

export const MOAT_TEXT: Readonly<Record<string, readonly string[]>> = {
  cost_advantage: [
    'Lower unit costs than competitors thanks to process know-how and sourcing.',
    'Runs leaner than rivals, so it can undercut them on price and stay profitable.',
  ],
  data_advantage: [
    'Proprietary data accumulated across customers improves its product in ways rivals cannot copy.',
    'Years of accumulated data train models and benchmarks competitors lack.',
  ],
  distribution_advantage: [
    'Established distribution reaches customers competitors struggle to access.',
    'Deep channel relationships and shelf space give it reach newcomers lack.',
  ],
  ecosystem_lock_in: [
    'Integrations, apps and partners built around the platform make it hard to leave.',
    'A wide ecosystem of integrations keeps customers on the platform.',
  ],
  efficient_scale: [
    'Serves a market that supports only a few players of its size.',
    'Scale in a limited market deters new entrants.',
  ],
  intangible_assets: [
    'Strong brand, patents and reputation support premium pricing.',
    'Recognised brand and protected intellectual property.',
  ],
  network_effects: [
    'Each new user makes the product more valuable for all others.',
    'Two-sided network: more participants on one side attract more on the other.',
  ],
  regulatory_moat: [
    'Licences and certifications that take years to obtain protect its position.',
    'Operates under regulatory approvals that are costly for newcomers to obtain.',
  ],
  switching_costs: [
    'Deep integration into customer workflows makes replacing it costly and risky.',
    'Customers would face long migrations and retraining to switch away.',
  ],
  talent_moat: [
    'A team of scarce specialists that competitors find hard to hire.',
    'Concentration of hard-to-hire expertise.',
  ],
};

type Channel = readonly [code: string, label: string, text: string];

export const MARKETING_CHANNELS: Readonly<Record<'b2b' | 'b2c', readonly Channel[]>> = {
  b2b: [
    [
      'content_marketing',
      'Content marketing',
      'Guides, webinars and research reports that generate inbound leads.',
    ],
    [
      'seo',
      'Search engine optimisation',
      'Ranks for category search terms that bring buyers to its website.',
    ],
    ['paid_search', 'Paid search', 'Search ads on category and competitor keywords.'],
    [
      'events',
      'Events and trade shows',
      'Exhibits at industry conferences and hosts its own customer events.',
    ],
    ['partner_marketing', 'Partner marketing', 'Joint campaigns with technology and channel partners.'],
    ['email', 'Email marketing', 'Nurture sequences and newsletters to prospects and customers.'],
    [
      'outbound',
      'Outbound prospecting',
      'Sales development reps reach target accounts by email, phone and LinkedIn.',
    ],
    [
      'linkedin_ads',
      'LinkedIn advertising',
      'Sponsored content targeting decision-makers by role and industry.',
    ],
    [
      'analyst_relations',
      'Analyst relations',
      'Briefings with industry analysts and inclusion in market reports.',
    ],
  ],
  b2c: [
    ['paid_social', 'Paid social', 'Ads on Instagram, TikTok and Facebook aimed at target audiences.'],
    ['influencer', 'Influencer marketing', 'Partnerships with creators who feature its products.'],
    ['seo', 'Search engine optimisation', 'Organic search traffic to product and content pages.'],
    ['paid_search', 'Paid search', 'Search ads on high-intent keywords.'],
    ['email', 'Email and CRM', 'Personalised offers and newsletters to its customer base.'],
    ['tv_radio', 'TV and radio', 'Broadcast campaigns for brand awareness.'],
    ['referral', 'Referral programme', 'Rewards customers who bring friends.'],
    ['app_store', 'App store optimisation', 'Visibility and ratings in app store search.'],
    ['out_of_home', 'Out-of-home', 'Billboards and transit advertising in key cities.'],
  ],
};

export const DISTRIBUTION_CHANNELS: Readonly<Record<string, readonly Channel[]>> = {
  software: [
    ['online_self_serve', 'Online self-serve', 'Customers sign up and pay on the website.'],
    ['direct_sales', 'Direct sales', 'Contracts negotiated by its own sales team.'],
    [
      'cloud_marketplaces',
      'Cloud marketplaces',
      'Available through AWS, Azure and Google Cloud marketplaces.',
    ],
    ['resellers', 'Resellers and MSPs', 'Resold and managed by partners.'],
    ['app_stores', 'App stores', 'Distributed through the Apple App Store and Google Play.'],
  ],
  hardware_manufacturing: [
    ['distributors', 'Distributors', 'Wholesale distributors stock and ship its products.'],
    ['retail', 'Retail', 'Sold through retail chains and specialist stores.'],
    ['direct_sales', 'Direct sales', 'Key accounts are served by its own sales engineers.'],
    ['oem', 'OEM supply', 'Supplied to manufacturers who integrate it into their products.'],
    ['online_store', 'Online store', 'Sells directly on its own web shop.'],
  ],
  services: [
    ['direct_sales', 'Direct sales', 'Clients are won and served by its own teams.'],
    ['referrals', 'Referrals', 'Much new business comes from referrals by existing clients.'],
    ['tenders', 'Public tenders', 'Bids on public and corporate tenders.'],
    ['partners', 'Partner network', 'Works through a network of local partners.'],
    ['locations', 'Branch network', 'Serves customers from a network of local branches.'],
  ],
  digital_commerce_content: [
    ['online_store', 'Own website and app', 'Most sales happen on its own website and app.'],
    ['marketplaces', 'Marketplaces', 'Sells on Amazon and other marketplaces.'],
    ['retail', 'Retail stores', 'Available in physical stores.'],
    ['app_stores', 'App stores', 'Distributed through app stores.'],
    ['wholesale', 'Wholesale', 'Sells to retailers and distributors.'],
  ],
};

export const COST_COMPONENTS: Readonly<Record<string, readonly string[]>> = {
  software: [
    'Cloud hosting and infrastructure',
    'Engineering salaries',
    'Sales and marketing',
    'Customer support',
    'Third-party data and API fees',
    'General and administrative',
  ],
  hardware_manufacturing: [
    'Raw materials and components',
    'Manufacturing and assembly labour',
    'Logistics and warehousing',
    'Research and development',
    'Warranty and returns',
    'Plant and equipment depreciation',
  ],
  services: [
    'Staff salaries and benefits',
    'Recruiting and training',
    'Subcontractors',
    'Office and facilities',
    'Travel',
    'Insurance and compliance',
  ],
  digital_commerce_content: [
    'Cost of goods sold',
    'Fulfilment and shipping',
    'Performance marketing',
    'Payment processing fees',
    'Content production and licensing',
    'Technology platform',
  ],
};

export const AI_TEXT: readonly string[] = [
  'No meaningful use of AI in its products or operations.',
  'Uses third-party AI tools internally, for example for support and marketing, but not in the product.',
  'Offers AI-assisted features such as recommendations, smart search or drafting inside an otherwise conventional product.',
  'AI is central to how the product beats alternatives, built on the company’s own models or data.',
  'The product is built around AI from the ground up; most of its value comes from models.',
  'Builds foundational AI models or infrastructure that other companies build on.',
];

export const TECH_STACK: Readonly<Record<string, readonly string[]>> = {
  Cloud: ['Amazon Web Services', 'Google Cloud', 'Microsoft Azure', 'Cloudflare'],
  Frontend: ['React', 'Next.js', 'Vue.js', 'Angular', 'Svelte'],
  Backend: ['Node.js', 'Python', 'Go', 'Java', 'Ruby on Rails', '.NET', 'Kotlin', 'Rust', 'Elixir'],
  Database: ['PostgreSQL', 'MySQL', 'MongoDB', 'Redis', 'Elasticsearch', 'Snowflake', 'ClickHouse'],
  Analytics: ['Google Analytics', 'Segment', 'Amplitude', 'Mixpanel', 'Looker', 'Tableau'],
  CRM: ['Salesforce', 'HubSpot', 'Pipedrive', 'Zoho CRM', 'Microsoft Dynamics 365'],
  Payments: ['Stripe', 'Adyen', 'PayPal', 'Braintree'],
  Support: ['Zendesk', 'Intercom', 'Freshdesk', 'Help Scout'],
  Collaboration: ['Slack', 'Microsoft Teams', 'Notion', 'Confluence', 'Google Workspace'],
  ERP: ['SAP S/4HANA', 'Oracle NetSuite', 'Microsoft Dynamics 365', 'Odoo'],
  Ecommerce: ['Shopify', 'Magento', 'Salesforce Commerce Cloud', 'WooCommerce', 'BigCommerce'],
  Monitoring: ['Datadog', 'Sentry', 'New Relic', 'Grafana'],
  DevOps: ['GitHub', 'GitLab', 'Docker', 'Kubernetes', 'Terraform', 'CircleCI'],
  Marketing: ['Marketo', 'Mailchimp', 'Braze', 'Klaviyo', 'HubSpot Marketing Hub'],
  Design: ['Figma', 'Adobe Creative Cloud', 'Canva'],
};
