/**
 * Phrase banks the review, post and news texts are composed from: keyed by sector (what a hospital
 * and a SaaS vendor talk about differs), by what is reviewed (business software, a consumer app, a
 * physical product, a service) and by sentiment, with the company's own names substituted.
 */

export type Vars = Readonly<Record<string, string>>;

/** 'Head of IT' -> 'heads of IT', 'Finance manager' -> 'finance managers'; acronyms stay. */
export function peoplePlural(persona: string | undefined, fallback = 'customers'): string {
  if (!persona) return fallback;
  const words = persona.split(' ').map((w) => (/^[A-Z0-9&/-]{2,}$/.test(w) ? w : w.toLowerCase()));
  const at = words.includes('of') ? words.indexOf('of') - 1 : words.length - 1;
  if (at >= 0 && !/s$/.test(words[at]!)) words[at] = `${words[at]}s`;
  return words.join(' ');
}

/** Replaces `{key}` with `vars[key]`; an unknown key is left visible so tests catch it. */
export function fill(template: string, vars: Vars): string {
  return template.replace(/\{(\w+)\}/g, (m, k: string) => vars[k] ?? m);
}

type SectorTerms = {
  /** What customers do with the offering ('month-end close'). */
  areas: readonly string[];
  /** Parts of the offering people single out ('the approval workflows'). */
  features: readonly string[];
  /** Job titles typical of the sector's own staff. */
  roles: readonly string[];
  /** Sector-specific things employees like and dislike. */
  workPros: readonly string[];
  workCons: readonly string[];
};

const OFFICE_ROLES = [
  'Account Executive',
  'Customer Success Manager',
  'Marketing Manager',
  'Financial Analyst',
  'HR Business Partner',
  'Office Manager',
  'Sales Development Representative',
  'Operations Manager',
  'Project Manager',
  'Recruiter',
];

const SECTOR_TERMS: Readonly<Record<string, SectorTerms>> = {
  Software: {
    areas: [
      'sprint planning',
      'customer onboarding',
      'reporting',
      'internal approvals',
      'incident response',
      'pipeline reviews',
    ],
    features: [
      'the dashboards',
      'the API',
      'the Slack integration',
      'role-based permissions',
      'the workflow builder',
      'the audit log',
      'single sign-on',
    ],
    roles: [
      'Software Engineer',
      'Senior Software Engineer',
      'Product Manager',
      'Solutions Engineer',
      'QA Engineer',
      'Engineering Manager',
      'UX Designer',
      'Site Reliability Engineer',
    ],
    workPros: [
      'Modern tech stack and real ownership of features',
      'Remote-friendly with sensible meeting culture',
      'Strong engineering peers who do good code review',
    ],
    workCons: [
      'Roadmap changes every quarter',
      'On-call rotation can be heavy',
      'Promotions depend on visibility more than impact',
    ],
  },
  'AI & Data': {
    areas: ['data pipelines', 'model monitoring', 'forecasting', 'document processing', 'analytics'],
    features: [
      'the model accuracy',
      'the Python SDK',
      'the data connectors',
      'the labelling tools',
      'the notebook integration',
      'the evaluation reports',
    ],
    roles: [
      'Machine Learning Engineer',
      'Data Scientist',
      'Data Engineer',
      'Research Scientist',
      'MLOps Engineer',
      'Product Manager',
    ],
    workPros: [
      'Interesting research problems and access to serious compute',
      'Smart colleagues who publish',
      'Fast-moving, lots of autonomy',
    ],
    workCons: [
      'Pressure to ship demos before they are ready',
      'Priorities follow the latest hype',
      'GPU budget fights between teams',
    ],
  },
  'IT & Telecom': {
    areas: [
      'network monitoring',
      'service desk tickets',
      'cloud migration',
      'connectivity across our sites',
      'device management',
    ],
    features: [
      'the uptime',
      'the support portal',
      'the SLA reporting',
      'the self-service console',
      'the failover setup',
    ],
    roles: [
      'Network Engineer',
      'Systems Administrator',
      'Field Technician',
      'Service Desk Analyst',
      'Cloud Engineer',
      'NOC Engineer',
    ],
    workPros: [
      'Good certifications budget',
      'Stable work with clear processes',
      'Exposure to large enterprise networks',
    ],
    workCons: [
      'Night and weekend maintenance windows',
      'Legacy systems nobody wants to touch',
      'Ticket metrics over quality',
    ],
  },
  'Hardware & Electronics': {
    areas: ['prototyping', 'production testing', 'field deployments', 'our lab setup'],
    features: [
      'the build quality',
      'the firmware updates',
      'the battery life',
      'the companion app',
      'the documentation',
    ],
    roles: [
      'Hardware Engineer',
      'Firmware Engineer',
      'Test Engineer',
      'Manufacturing Engineer',
      'Supply Chain Planner',
      'Technician',
    ],
    workPros: [
      'You see the products you build ship',
      'Well-equipped labs',
      'Experienced engineers to learn from',
    ],
    workCons: [
      'Supply chain crunches mean long hours',
      'Slow hardware cycles',
      'Siloed teams between design and manufacturing',
    ],
  },
  'Financial Services': {
    areas: [
      'reconciliation',
      'payments',
      'month-end close',
      'KYC checks',
      'treasury reporting',
      'expense management',
    ],
    features: [
      'the reconciliation engine',
      'the audit trail',
      'the bank feeds',
      'the reporting exports',
      'the fraud alerts',
      'the approval limits',
    ],
    roles: [
      'Financial Analyst',
      'Compliance Officer',
      'Relationship Manager',
      'Risk Analyst',
      'Operations Associate',
      'Software Engineer',
      'Underwriter',
    ],
    workPros: [
      'Good pay and a solid bonus structure',
      'Strong compliance culture, you learn a lot',
      'Hybrid working that is actually respected',
    ],
    workCons: [
      'Bureaucracy slows everything down',
      'Long hours around quarter end',
      'Risk-averse, new ideas take forever',
    ],
  },
  Healthcare: {
    areas: ['patient scheduling', 'clinical documentation', 'billing', 'care coordination', 'patient intake'],
    features: [
      'the patient portal',
      'the EHR integration',
      'the scheduling view',
      'the HIPAA-compliant messaging',
      'the reminders',
    ],
    roles: [
      'Registered Nurse',
      'Medical Assistant',
      'Care Coordinator',
      'Clinical Manager',
      'Physician',
      'Billing Specialist',
      'Patient Services Representative',
    ],
    workPros: [
      'Meaningful work, you help patients every day',
      'Supportive colleagues on the floor',
      'Good training for new nurses',
    ],
    workCons: [
      'Understaffed shifts',
      'Charting takes time away from patients',
      'Schedules change at short notice',
    ],
  },
  'Life Sciences': {
    areas: [
      'lab workflows',
      'sample tracking',
      'clinical trials',
      'regulatory submissions',
      'assay development',
    ],
    features: [
      'the data quality',
      'the LIMS integration',
      'the validation package',
      'the instrument software',
      'the technical support',
    ],
    roles: [
      'Research Associate',
      'Scientist',
      'Clinical Research Associate',
      'Quality Assurance Specialist',
      'Regulatory Affairs Manager',
      'Lab Technician',
    ],
    workPros: ['Science-driven culture', 'Working on therapies that matter', 'Well-funded labs'],
    workCons: ['Programmes get cut after readouts', 'Slow decision making', 'Pay below big pharma'],
  },
  'Energy & Utilities': {
    areas: ['asset maintenance', 'grid monitoring', 'energy reporting', 'field crews', 'metering'],
    features: [
      'the monitoring dashboard',
      'the field app',
      'the outage alerts',
      'the installation quality',
      'the customer service',
    ],
    roles: [
      'Field Engineer',
      'Electrical Engineer',
      'Project Engineer',
      'Control Room Operator',
      'Energy Analyst',
      'Lineworker',
    ],
    workPros: ['Job security and good pension', 'Working on the energy transition', 'Strong safety culture'],
    workCons: ['Slow career progression', 'Lots of travel to sites', 'Old-fashioned management layers'],
  },
  Industrials: {
    areas: ['production planning', 'maintenance', 'quality control', 'procurement', 'plant operations'],
    features: [
      'the machine reliability',
      'the spare parts availability',
      'the service technicians',
      'the control software',
      'the delivery times',
    ],
    roles: [
      'Production Supervisor',
      'Mechanical Engineer',
      'Machine Operator',
      'Maintenance Technician',
      'Quality Engineer',
      'Plant Manager',
      'Buyer',
    ],
    workPros: [
      'Stable employer with a long history',
      'Good overtime pay',
      'Hands-on work and solid training',
    ],
    workCons: [
      'Shift work and mandatory overtime',
      'Outdated equipment in parts of the plant',
      'Management far from the shop floor',
    ],
  },
  'Automotive & Mobility': {
    areas: ['fleet operations', 'vehicle diagnostics', 'charging', 'daily commuting', 'dealer operations'],
    features: ['the app', 'the charging speed', 'the range', 'the service network', 'the booking flow'],
    roles: [
      'Vehicle Engineer',
      'Service Technician',
      'Fleet Manager',
      'Battery Engineer',
      'Operations Associate',
      'Software Engineer',
    ],
    workPros: [
      'Exciting products and a fast-changing industry',
      'Good employee discounts',
      'Strong engineering teams',
    ],
    workCons: ['Constant reorganisations', 'Deadlines driven by launch dates', 'Pressure from cost-cutting'],
  },
  'Transportation & Logistics': {
    areas: [
      'shipment tracking',
      'route planning',
      'warehouse operations',
      'customs clearance',
      'last-mile delivery',
    ],
    features: [
      'the tracking',
      'the delivery times',
      'the driver app',
      'the customer service',
      'the rate quotes',
    ],
    roles: [
      'Warehouse Associate',
      'Dispatcher',
      'Logistics Coordinator',
      'Driver',
      'Operations Supervisor',
      'Freight Broker',
    ],
    workPros: ['Steady hours and weekly pay', 'Fast-paced, days go quickly', 'Friendly team on site'],
    workCons: [
      'Physically demanding peak seasons',
      'Targets raised without warning',
      'High turnover of managers',
    ],
  },
  'Real Estate & Construction': {
    areas: [
      'site management',
      'tenant communication',
      'project scheduling',
      'property viewings',
      'maintenance requests',
    ],
    features: [
      'the project portal',
      'the communication from the site team',
      'the finish quality',
      'the tenant app',
      'the handover process',
    ],
    roles: [
      'Project Manager',
      'Site Engineer',
      'Quantity Surveyor',
      'Property Manager',
      'Estimator',
      'Leasing Consultant',
    ],
    workPros: [
      'Varied projects you can see being built',
      'Good bonuses when projects land',
      'Experienced site teams',
    ],
    workCons: ['Long days on site', 'Projects understaffed from the start', 'Pay reviews are inconsistent'],
  },
  Consumer: {
    areas: ['everyday use', 'gifting', 'my morning routine', 'family use'],
    features: ['the quality', 'the packaging', 'the price', 'the customer service', 'the delivery'],
    roles: [
      'Brand Manager',
      'Product Developer',
      'Retail Associate',
      'Customer Service Agent',
      'Supply Chain Analyst',
      'Designer',
    ],
    workPros: ['Fun brand and creative colleagues', 'Product discounts', 'Young, energetic teams'],
    workCons: ['Below-market pay', 'Peak seasons are exhausting', 'Decisions come from the top'],
  },
  'Retail & E-commerce': {
    areas: ['online orders', 'returns', 'in-store pickup', 'price comparison'],
    features: ['the delivery speed', 'the returns process', 'the website', 'the product range', 'the prices'],
    roles: [
      'Store Associate',
      'Store Manager',
      'Cashier',
      'E-commerce Manager',
      'Merchandiser',
      'Fulfilment Associate',
      'Customer Service Agent',
    ],
    workPros: ['Flexible shifts that work around studies', 'Staff discount', 'Good team spirit in store'],
    workCons: ['Weekend and holiday rotas', 'Understaffed during peak', 'Little room for progression'],
  },
  'Hospitality & Travel': {
    areas: ['booking trips', 'hotel stays', 'event planning', 'group travel'],
    features: ['the booking flow', 'the rooms', 'the staff', 'the cancellation policy', 'the app'],
    roles: [
      'Front Desk Agent',
      'Guest Relations Manager',
      'Chef de Partie',
      'Travel Consultant',
      'Housekeeping Supervisor',
      'Revenue Manager',
    ],
    workPros: ['Travel perks', 'Meeting people from all over the world', 'Great teamwork during busy season'],
    workCons: ['Unsociable hours', 'Low base pay', 'Seasonal contracts'],
  },
  'Media & Entertainment': {
    areas: ['watching on the go', 'staying up to date', 'content production', 'audience growth'],
    features: [
      'the content library',
      'the app',
      'the streaming quality',
      'the recommendations',
      'the subscription price',
    ],
    roles: [
      'Producer',
      'Editor',
      'Journalist',
      'Video Editor',
      'Content Strategist',
      'Audience Development Manager',
    ],
    workPros: [
      'Creative work with talented people',
      'Interesting projects and big audiences',
      'Flexible working',
    ],
    workCons: ['Job cuts every year', 'Tight deadlines and late nights', 'Pay lags other industries'],
  },
  'Marketing & Advertising': {
    areas: [
      'campaign reporting',
      'lead generation',
      'social scheduling',
      'attribution',
      'creative production',
    ],
    features: [
      'the campaign analytics',
      'the templates',
      'the integrations',
      'the account team',
      'the reporting exports',
    ],
    roles: [
      'Account Manager',
      'Campaign Manager',
      'Copywriter',
      'Media Buyer',
      'SEO Specialist',
      'Creative Director',
      'Performance Marketer',
    ],
    workPros: [
      'Creative environment with varied clients',
      'Good learning curve early in your career',
      'Nice office culture',
    ],
    workCons: [
      'Clients drive unrealistic timelines',
      'Overtime is expected',
      'Accounts churn and teams get shuffled',
    ],
  },
  Education: {
    areas: ['exam preparation', 'classroom management', 'homework', 'online courses', 'grading'],
    features: [
      'the course content',
      'the instructors',
      'the learning app',
      'the practice tests',
      'the progress tracking',
    ],
    roles: [
      'Teacher',
      'Instructional Designer',
      'Tutor',
      'Curriculum Developer',
      'Admissions Counselor',
      'Program Coordinator',
    ],
    workPros: ['Mission-driven work with students', 'Long holidays', 'Supportive colleagues'],
    workCons: ['Pay is modest', 'Admin workload keeps growing', 'Resources are stretched'],
  },
  'Professional Services': {
    areas: [
      'audit preparation',
      'project delivery',
      'contract reviews',
      'process improvement',
      'our ERP rollout',
    ],
    features: [
      'the consultants',
      'the project management',
      'the deliverables',
      'the communication',
      'the responsiveness',
    ],
    roles: [
      'Consultant',
      'Senior Consultant',
      'Associate',
      'Manager',
      'Paralegal',
      'Auditor',
      'Business Analyst',
    ],
    workPros: [
      'Steep learning curve and good training',
      'Exposure to many industries',
      'Strong alumni network',
    ],
    workCons: [
      'Long hours at utilisation targets',
      'Travel-heavy engagements',
      'Up-or-out promotion culture',
    ],
  },
  'Agriculture & Natural Resources': {
    areas: ['crop planning', 'yield monitoring', 'irrigation', 'harvest logistics', 'soil testing'],
    features: [
      'the product quality',
      'the agronomy support',
      'the delivery',
      'the sensor accuracy',
      'the field app',
    ],
    roles: [
      'Agronomist',
      'Farm Manager',
      'Field Technician',
      'Geologist',
      'Operations Supervisor',
      'Equipment Operator',
    ],
    workPros: ['Outdoor work with real impact', 'Close-knit teams', 'Stable seasonal planning'],
    workCons: ['Remote locations', 'Long hours in harvest season', 'Weather decides your weekends'],
  },
  'Public Sector & Nonprofit': {
    areas: ['community programmes', 'grant reporting', 'volunteer coordination', 'public services'],
    features: [
      'the staff',
      'the programmes',
      'the communication',
      'the online services',
      'the response times',
    ],
    roles: [
      'Program Manager',
      'Case Worker',
      'Policy Analyst',
      'Volunteer Coordinator',
      'Grants Officer',
      'Administrative Officer',
    ],
    workPros: ['Mission you can believe in', 'Good work-life balance', 'Generous leave'],
    workCons: ['Funding uncertainty every year', 'Slow processes', 'Pay below the private sector'],
  },
};

export function sectorTerms(sector: string): SectorTerms {
  return SECTOR_TERMS[sector] ?? SECTOR_TERMS['Professional Services']!;
}

export function jobTitles(sector: string): readonly string[] {
  return [...sectorTerms(sector).roles, ...OFFICE_ROLES];
}

// ---------------------------------------------------------------------------------------------
// Product reviews. Vars: P product, C company, F feature, F2 another feature, A area, N number,
// I industry (in a sentence), U use case.

export type ReviewKind = 'business_software' | 'consumer_app' | 'physical' | 'service' | 'consumer_service';

/** Sentiment bands of a review's stars: 1-2 negative, 3 mixed, 4-5 positive. */
export type Tone = 'negative' | 'mixed' | 'positive';

export function toneOf(stars: number): Tone {
  return stars <= 2 ? 'negative' : stars === 3 ? 'mixed' : 'positive';
}

export const REVIEW_TITLES: Readonly<Record<ReviewKind, Readonly<Record<Tone, readonly string[]>>>> = {
  business_software: {
    positive: [
      '{P} keeps our {A} on track',
      'Reliable, and the team actually listens',
      'Best tool we have found for {A}',
      '"Finally, one place for {A}"',
      'Solid {I} platform with great support',
      'Easy to roll out, easy to love',
      'Huge time saver for {A}',
      'Worth it for {F} alone',
    ],
    mixed: [
      'Good core product, rough edges around {F}',
      'Does the job, but the learning curve is real',
      'Useful for {A}, pricey as we grew',
      'Decent, though support could be faster',
      'Works well once it is set up',
    ],
    negative: [
      'Promising, but {F} let us down',
      'Too many bugs for the price',
      'We are moving off {P}',
      'Support has gone downhill',
      'Not ready for teams our size',
    ],
  },
  consumer_app: {
    positive: [
      'Love it',
      'Does exactly what it says',
      'Use it every day',
      'Five stars from me',
      'So much easier than before',
      'Best {I} app I have tried',
    ],
    mixed: [
      'Good, but ads everywhere',
      'Fine for basics',
      'Used to be better',
      'OK but the subscription is steep',
    ],
    negative: [
      'Keeps crashing since the update',
      'Not worth the money',
      'Cancelled my subscription',
      'Customer service never replied',
      'Lost my data',
    ],
  },
  physical: {
    positive: [
      'Excellent quality',
      'Exactly as described',
      'Worth every penny',
      'Great value',
      'Would buy again',
    ],
    mixed: [
      'Good but not great',
      'Nice design, so-so durability',
      'Decent for the price',
      'Arrived late but works',
    ],
    negative: [
      'Stopped working after {N} months',
      'Poor quality control',
      'Returned it',
      'Not as advertised',
      'Broke on first use',
    ],
  },
  consumer_service: {
    positive: [
      'Great experience',
      'Friendly and helpful staff',
      'Always a pleasure',
      'Quick and easy',
      'My go-to for {A}',
    ],
    mixed: ['Hit and miss', 'Good prices, long waits', 'Fine, nothing special', 'Depends on the day'],
    negative: [
      'Terrible customer service',
      'Never again',
      'Still waiting for my refund',
      'Rude staff, long waits',
    ],
  },
  service: {
    positive: [
      'Professional from start to finish',
      'Delivered on time and on budget',
      'A partner, not a vendor',
      'Highly recommend {C}',
      'Great team to work with',
    ],
    mixed: ['Good work, slow communication', 'Solid results, some hiccups', 'Capable team, stretched thin'],
    negative: [
      'Missed every deadline',
      'Would not hire again',
      'Poor communication throughout',
      'Overpromised, underdelivered',
    ],
  },
};

export const REVIEW_LIKES: Readonly<Record<ReviewKind, Readonly<Record<Tone, readonly string[]>>>> = {
  business_software: {
    positive: [
      'We rely on {F} daily; we stopped exporting to spreadsheets for {A} within a month.',
      'Setup took about {N} weeks and {P} has been stable since.',
      'Support answers within hours and the people there know the product deeply.',
      'Our whole team adopted it without training sessions, which never happens.',
      'It connects to everything else we run, and {F2} saves us real time every week.',
      'The release cadence is impressive: small, useful improvements every few weeks.',
      'Permissions and {F2} make it easy to give every department what it needs.',
    ],
    mixed: [
      'When it works, {F} saves us time on {A}.',
      'The core features cover what we need for {A}.',
      'Reasonable price for a small team.',
      'The interface is clean and most people find their way around.',
    ],
    negative: [
      'The idea is right and {F2} is fine.',
      'The onboarding call was helpful.',
      'It does the basics of {A}.',
    ],
  },
  consumer_app: {
    positive: [
      'Simple, fast and it just works. My favourite part is {F}.',
      'I have tried a few {I} apps and this is the one I kept.',
      'Clean design, no clutter, and it syncs across my phone and laptop.',
      'Helps me with {A} every single day.',
    ],
    mixed: ['The basics are good, and I like {F}.', 'Nice design overall.'],
    negative: ['It used to be good.', 'The idea is nice.'],
  },
  physical: {
    positive: [
      'Feels sturdy and well made; I am impressed by {F}.',
      'Set up in minutes and has worked flawlessly for {N} months.',
      'Great value compared with the big brands.',
    ],
    mixed: ['Looks good, and no complaints about {F}.', 'Works as expected most of the time.'],
    negative: ['The packaging was nice.', 'It looked good in the photos.'],
  },
  consumer_service: {
    positive: [
      'Staff were friendly and sorted everything out quickly.',
      'Great prices, and I am a fan of {F}.',
      'Easy {A} and no hassle at all.',
      'I have used them for {Y} years and they rarely disappoint.',
    ],
    mixed: ['Decent prices.', 'The staff tried their best.', 'Good selection overall.'],
    negative: ['The website looked fine.', 'Prices were OK.'],
  },
  service: {
    positive: [
      'The team understood our {A} problem quickly and proposed a clear plan.',
      'Weekly check-ins kept everyone aligned, and they flagged risks early.',
      'Senior people stayed on the project instead of handing it off to juniors.',
    ],
    mixed: ['The final result for {A} was good.', 'Knowledgeable people.'],
    negative: ['The first workshop was useful.', 'Friendly staff.'],
  },
};

export const REVIEW_DISLIKES: Readonly<Record<ReviewKind, Readonly<Record<Tone, readonly string[]>>>> = {
  business_software: {
    positive: [
      'Reporting could be more flexible; some exports need a bit of cleanup.',
      'Pricing climbs quickly once you add seats.',
      'The mobile version lags behind the web app.',
      'A few settings are buried deep in the admin pages.',
      'Nothing major; I would like more templates for {A}.',
    ],
    mixed: [
      'Setting up {F} is clunky; we needed a consultant.',
      'Support tickets sometimes take days.',
      'Performance drops with large data sets.',
      'Renewal came with a steep price increase.',
    ],
    negative: [
      'We hit bugs in {F} after almost every release.',
      'Support took {N} days to reply to a blocking issue.',
      'Integrations broke twice and nobody told us.',
      'It was sold as ready for {A}, and it is not.',
      'The contract locked us in while the product stood still.',
    ],
  },
  consumer_app: {
    positive: ['Would love a dark mode.', 'Occasional sync delays.', 'Notifications can be a bit much.'],
    mixed: [
      'Too many upsells to premium.',
      'The last update moved everything around.',
      'Battery drain is noticeable.',
    ],
    negative: [
      'Crashes every time I open it.',
      'Charged me after I cancelled and support never answered.',
      'The update wiped my settings.',
      'Half the features now sit behind a paywall.',
    ],
  },
  physical: {
    positive: ['Instructions could be clearer.', 'A bit heavier than I expected.'],
    mixed: ['Not convinced by {F}.', 'Delivery took longer than promised.', 'Runs hot after long use.'],
    negative: [
      'Stopped working after {N} months and the warranty claim went nowhere.',
      'Arrived damaged.',
      'Nothing like the pictures.',
    ],
  },
  consumer_service: {
    positive: ['Parking can be tricky.', 'Busy at weekends.', 'The app could be faster.'],
    mixed: [
      'Waited {N} days for a reply about {A}.',
      'Not impressed by {F}.',
      'Queues at peak times are long.',
    ],
    negative: [
      'Waited {N} weeks for a refund that never came.',
      'Nobody answers the phone.',
      'They made a mess of {A} from start to finish.',
    ],
  },
  service: {
    positive: [
      'Invoices were sometimes hard to reconcile with the plan.',
      'Scheduling the first meetings took a while.',
    ],
    mixed: [
      'Communication slowed down in the middle of the project.',
      'Some deliverables needed several rounds.',
    ],
    negative: [
      'Deadlines slipped by {N} weeks with no explanation.',
      'Junior staff learned on our budget.',
      'We had to chase them for every update.',
    ],
  },
};

export const REVIEW_BENEFITS: readonly string[] = [
  'We use {P} for {A}. It replaced a patchwork of spreadsheets and email and cut the time we spend on it by about {N}%.',
  'It solves {U} for us; the team finally has one source of truth.',
  '{P} handles {A} across {N} teams. Less manual work, fewer mistakes.',
  'Mainly {A}. Before {P} this took days every month; now it is a few hours.',
  'It gives us visibility into {A} that we simply did not have before.',
];

export const REVIEW_BENEFITS_NEGATIVE: readonly string[] = [
  'We bought {P} for {A}, but we still do most of it by hand.',
  'In theory {A}. In practice we work around it.',
  'It was meant to streamline {A}; the benefit has been small so far.',
];

export const COMPANY_SIZE_BANDS = [
  'Small-Business (50 or fewer emp.)',
  'Mid-Market (51-1000 emp.)',
  'Enterprise (> 1000 emp.)',
] as const;

// ---------------------------------------------------------------------------------------------
// Employee reviews. Vars: C company, R role, W a sector-specific pro or con.

export const EMPLOYEE_SUMMARIES: Readonly<Record<Tone, readonly string[]>> = {
  positive: [
    'Great place to grow',
    'Good company, good people',
    'Best employer I have had',
    'Supportive team and interesting work',
    'Great culture',
    'Solid place to build a career',
    'Would recommend to friends',
  ],
  mixed: [
    'Good people, unclear direction',
    'Decent job, average pay',
    'Depends a lot on your manager',
    'OK for a few years',
    'Mixed experience',
  ],
  negative: [
    'Look elsewhere',
    'Toxic management',
    'Burnout factory',
    'Not what was promised',
    'Going downhill',
  ],
};

export const EMPLOYEE_PROS: Readonly<Record<Tone, readonly string[]>> = {
  positive: [
    '{W}. My manager invests in my development and I was promoted after {N} years.',
    'Great colleagues, transparent leadership. {W}.',
    '{W}. Benefits are generous and the hybrid policy is respected.',
    'You get real responsibility early on. {W}.',
    'Good pay for the area and a supportive team. {W}.',
  ],
  mixed: [
    '{W}.',
    'Nice colleagues and a decent salary.',
    'Flexible hours and a friendly team.',
    'Good benefits package.',
  ],
  negative: [
    'Some colleagues are great.',
    'The pay is on time.',
    'Decent location.',
    '{W}, at least in my first months.',
  ],
};

export const EMPLOYEE_CONS: Readonly<Record<Tone, readonly string[]>> = {
  positive: [
    '{W}.',
    'Growth has made some processes slower.',
    'Parking is a pain.',
    'Salary reviews could be more frequent.',
    'Nothing major.',
  ],
  mixed: [
    '{W}. Career paths are not clear.',
    'Workload spikes without extra staff. {W}.',
    'Pay has not kept up with inflation.',
    'Too many reorganisations.',
  ],
  negative: [
    '{W}. Management ignores feedback and people leave every month.',
    'Constant pressure, no recognition. {W}.',
    'Layoffs announced by email; morale is at rock bottom.',
    'Promises made at hiring were never kept. {W}.',
  ],
};

/** Short reviews in the languages of some office countries (the review's `language`). */
export const FOREIGN_EMPLOYEE_REVIEWS: Readonly<
  Record<
    string,
    Readonly<Record<Tone, { summary: readonly string[]; pros: readonly string[]; cons: readonly string[] }>>
  >
> = {
  de: {
    positive: {
      summary: ['Toller Arbeitgeber', 'Gutes Team, spannende Aufgaben'],
      pros: [
        'Flexible Arbeitszeiten und ein sehr kollegiales Team.',
        'Gute Bezahlung und echte Weiterbildungsmöglichkeiten.',
      ],
      cons: ['Manche Prozesse sind noch etwas langsam.', 'Die Kantine könnte besser sein.'],
    },
    mixed: {
      summary: ['Ganz okay', 'Licht und Schatten'],
      pros: ['Nette Kollegen.', 'Sicherer Arbeitsplatz.'],
      cons: ['Wenig Aufstiegsmöglichkeiten.', 'Häufige Umstrukturierungen.'],
    },
    negative: {
      summary: ['Leider nicht zu empfehlen', 'Hohe Fluktuation'],
      pros: ['Gute Lage.', 'Einzelne Kollegen sind hilfsbereit.'],
      cons: ['Das Management hört nicht zu.', 'Viel Druck und wenig Wertschätzung.'],
    },
  },
  fr: {
    positive: {
      summary: ['Très bonne entreprise', 'Ambiance excellente'],
      pros: ['Équipe soudée et management à l’écoute.', 'Bonne rémunération et télétravail possible.'],
      cons: ['Quelques lourdeurs administratives.', 'Locaux un peu petits.'],
    },
    mixed: {
      summary: ['Correct sans plus', 'Des hauts et des bas'],
      pros: ['Collègues sympathiques.', 'Horaires flexibles.'],
      cons: ['Peu d’évolution.', 'Charge de travail variable.'],
    },
    negative: {
      summary: ['À éviter', 'Management toxique'],
      pros: ['Bon emplacement.', 'Quelques collègues bienveillants.'],
      cons: ['Aucune reconnaissance.', 'Turnover très élevé.'],
    },
  },
  es: {
    positive: {
      summary: ['Excelente lugar para trabajar', 'Muy buen ambiente'],
      pros: ['Buen equipo y oportunidades de crecimiento.', 'Horario flexible y buenos beneficios.'],
      cons: ['Algunos procesos son lentos.', 'El sueldo podría ser mejor.'],
    },
    mixed: {
      summary: ['Regular', 'Tiene cosas buenas y malas'],
      pros: ['Compañeros agradables.', 'Estabilidad laboral.'],
      cons: ['Poca claridad en el plan de carrera.', 'Mucha carga de trabajo.'],
    },
    negative: {
      summary: ['No lo recomiendo', 'Mala gestión'],
      pros: ['La ubicación.', 'Algunos compañeros.'],
      cons: ['Mucha presión y poco reconocimiento.', 'Alta rotación de personal.'],
    },
  },
};

/** ISO alpha-3 country -> the language a share of its reviews are written in. */
export const LOCAL_LANGUAGE: Readonly<Record<string, string>> = {
  DEU: 'de',
  AUT: 'de',
  CHE: 'de',
  FRA: 'fr',
  BEL: 'fr',
  ESP: 'es',
  MEX: 'es',
  ARG: 'es',
  COL: 'es',
  CHL: 'es',
  PER: 'es',
};
