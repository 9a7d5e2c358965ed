/**
 * Job listings (decisions section 15; shapes: docs/decisions/0025-signal-endpoint-shapes.md): the
 * company's open roles on LinkedIn and Indeed, posted over the last 90 days before the data set's
 * today, newest first. How many follows from its size and growth (the people it hires in a year,
 * growth plus replacing those who leave, a quarter's worth open at once): a growing company has more
 * listings per employee than a flat one, a shrinking one few, a closed one none. Which functions
 * follows its workforce (./workforce.ts), where its offices, what they pay its HQ country's level.
 * Listing i (0 = newest) is computed alone, like the posts.
 */
import {
  JOB_FUNCTION_LABELS,
  JOB_FUNCTIONS,
  type JOB_SENIORITIES,
  type JobFunction,
  type JobListing,
} from '../../contract/api';
import { countryByCode } from '../../contract/geo';
import { employeesOf, type SignalCompany, type SignalEnv, sectorOf, techFocusOf } from './company';
import { sectorTerms } from './phrases';
import { DAY_MS, dayMs, isoDay, itemRng, signalRng, spreadTime } from './rng';
import { hiringWeights, workforceProfile } from './workforce';

/** Listings reach back this far. */
export const JOBS_WINDOW_DAYS = 90;
/** At most this many listings open at once (the largest employers). */
const MAX_OPEN = 1500;
/** Of a workforce, the share replaced in a year (people who leave). */
const ATTRITION = 0.12;

const ROLES: Readonly<Record<Exclude<JobFunction, 'operations'>, readonly string[]>> = {
  sales: [
    'Sales Development Representative',
    'Account Executive',
    'Enterprise Account Executive',
    'Business Development Manager',
    'Key Account Manager',
    'Sales Manager',
  ],
  engineering: [
    'Software Engineer',
    'Backend Engineer',
    'Frontend Engineer',
    'DevOps Engineer',
    'QA Engineer',
  ],
  marketing: [
    'Marketing Manager',
    'Product Marketing Manager',
    'Content Marketing Manager',
    'Growth Marketer',
    'Digital Marketing Specialist',
  ],
  customer_support: [
    'Customer Support Specialist',
    'Customer Success Manager',
    'Technical Support Engineer',
    'Customer Service Representative',
  ],
  product: ['Product Manager', 'Product Owner', 'Technical Product Manager'],
  finance: ['Financial Analyst', 'Accountant', 'Controller', 'FP&A Analyst'],
  hr: ['Recruiter', 'HR Business Partner', 'Talent Acquisition Specialist', 'People Operations Manager'],
  design: ['Product Designer', 'UX Designer', 'Graphic Designer', 'UX Researcher'],
  data: ['Data Analyst', 'Data Scientist', 'Data Engineer', 'Machine Learning Engineer'],
  legal: ['Legal Counsel', 'Paralegal', 'Compliance Manager'],
  it: ['IT Support Specialist', 'Systems Administrator', 'Security Engineer', 'Network Engineer'],
  research: ['Research Scientist', 'Research Associate', 'Clinical Research Associate', 'Lab Technician'],
};
/** Engineers of companies that do not ship software. */
const PLANT_ENGINEERS = [
  'Mechanical Engineer',
  'Process Engineer',
  'Electrical Engineer',
  'Quality Engineer',
];

const SKILLS: Readonly<Record<JobFunction, readonly string[]>> = {
  sales: [
    'Salesforce',
    'Prospecting',
    'Negotiation',
    'Pipeline management',
    'Cold calling',
    'MEDDIC',
    'HubSpot',
  ],
  engineering: ['TypeScript', 'Python', 'Go', 'Kubernetes', 'AWS', 'PostgreSQL', 'React', 'CI/CD'],
  marketing: ['SEO', 'Google Ads', 'Content strategy', 'HubSpot', 'Copywriting', 'Analytics', 'Campaigns'],
  operations: ['Process improvement', 'Lean', 'Scheduling', 'Vendor management', 'Excel', 'SAP', 'Safety'],
  customer_support: ['Zendesk', 'Customer empathy', 'Troubleshooting', 'Onboarding', 'Intercom', 'SLAs'],
  product: ['Roadmapping', 'User research', 'Jira', 'Discovery', 'Analytics', 'Prioritisation'],
  finance: ['Excel', 'Financial modelling', 'IFRS', 'GAAP', 'NetSuite', 'Forecasting', 'Audit'],
  hr: ['Recruiting', 'Workday', 'Employee relations', 'Onboarding', 'Greenhouse', 'Compensation'],
  design: ['Figma', 'Prototyping', 'Design systems', 'User research', 'Accessibility', 'Illustration'],
  data: ['SQL', 'Python', 'dbt', 'Snowflake', 'Machine learning', 'Tableau', 'Statistics'],
  legal: ['Contract law', 'GDPR', 'Compliance', 'Negotiation', 'Corporate law', 'Litigation'],
  it: ['Active Directory', 'Networking', 'Microsoft 365', 'Security', 'ITIL', 'Linux'],
  research: ['Laboratory techniques', 'GLP', 'Data analysis', 'Clinical trials', 'Scientific writing', 'R'],
};

type Seniority = (typeof JOB_SENIORITIES)[number];
const SENIORITIES: readonly Seniority[] = [
  'internship',
  'entry',
  'associate',
  'mid_senior',
  'director',
  'executive',
];
const SENIORITY_WEIGHTS = [0.04, 0.22, 0.22, 0.38, 0.1, 0.04];
const BASE_PAY_USD: Readonly<Record<Seniority, number>> = {
  internship: 42_000,
  entry: 62_000,
  associate: 78_000,
  mid_senior: 112_000,
  director: 172_000,
  executive: 245_000,
};
const FUNCTION_PAY: Readonly<Partial<Record<JobFunction, number>>> = {
  engineering: 1.25,
  data: 1.25,
  product: 1.2,
  legal: 1.2,
  research: 1.1,
  sales: 1.05,
  design: 1.05,
  operations: 0.75,
  customer_support: 0.72,
  hr: 0.9,
};
/** Pay level against the US, and the currency with its units per US dollar, by HQ country. */
const PAY: Readonly<Record<string, { level: number; currency: string; perUsd: number }>> = {
  USA: { level: 1, currency: 'USD', perUsd: 1 },
  CAN: { level: 0.8, currency: 'CAD', perUsd: 1.36 },
  GBR: { level: 0.75, currency: 'GBP', perUsd: 0.79 },
  IRL: { level: 0.8, currency: 'EUR', perUsd: 0.92 },
  DEU: { level: 0.8, currency: 'EUR', perUsd: 0.92 },
  FRA: { level: 0.7, currency: 'EUR', perUsd: 0.92 },
  NLD: { level: 0.8, currency: 'EUR', perUsd: 0.92 },
  ESP: { level: 0.55, currency: 'EUR', perUsd: 0.92 },
  ITA: { level: 0.6, currency: 'EUR', perUsd: 0.92 },
  CHE: { level: 1.1, currency: 'CHF', perUsd: 0.9 },
  SWE: { level: 0.7, currency: 'SEK', perUsd: 10.5 },
  AUS: { level: 0.85, currency: 'AUD', perUsd: 1.5 },
  JPN: { level: 0.6, currency: 'JPY', perUsd: 150 },
  IND: { level: 0.2, currency: 'INR', perUsd: 83 },
  BRA: { level: 0.25, currency: 'BRL', perUsd: 5 },
  SGP: { level: 0.8, currency: 'SGD', perUsd: 1.35 },
};
/** Where pay is published most often (transparency laws). */
const DISCLOSING = new Set(['USA', 'CAN', 'GBR', 'AUS', 'DEU', 'NLD', 'SWE', 'CHE', 'IRL']);
/** Functions that often work remotely. */
const REMOTE_FRIENDLY = new Set<JobFunction>([
  'engineering',
  'data',
  'product',
  'design',
  'marketing',
  'sales',
]);

export type JobsPlan = {
  total: number;
  startMs: number;
  endMs: number;
  functionWeights: readonly number[];
};

/** The company's open listings today: how many, and what they are for. */
export function jobsPlan(c: SignalCompany, env: SignalEnv): JobsPlan {
  const r = signalRng(env.seed, c.uuid, 'jobs-plan');
  const endMs = dayMs(env.today);
  const startMs = endMs - (JOBS_WINDOW_DAYS - 1) * DAY_MS;
  const functionWeights = hiringWeights(workforceProfile(c, env));
  if (c.sections.firmographic.operating_status.code === 'closed')
    return { total: 0, startMs, endMs, functionWeights };
  const growth = c.sections.headcount.growth_12m_pct / 100;
  // People hired in a year: the growth plus those who leave; a shrinking company replaces few of them.
  const perYear = employeesOf(c) * Math.max(0, growth + ATTRITION) * (growth < 0 ? 0.5 : 1);
  const expected = perYear * (JOBS_WINDOW_DAYS / 365) * 0.8 * Math.exp(r.normal(0, 0.3));
  const total = Math.min(MAX_OPEN, Math.floor(expected + r.next()));
  return { total, startMs, endMs, functionWeights };
}

function titleOf(base: string, seniority: Seniority, fn: JobFunction, r: { pick<T>(l: readonly T[]): T }) {
  const plain = base.replace(/^Senior /, '');
  const label = JOB_FUNCTION_LABELS[fn];
  switch (seniority) {
    case 'internship':
      return `${plain} Intern`;
    case 'entry':
      return `Junior ${plain}`;
    case 'associate':
      return plain;
    case 'mid_senior':
      return `Senior ${plain}`;
    case 'director':
      return `Director of ${label}`;
    case 'executive':
      return r.pick([`VP of ${label}`, `Head of ${label}`]);
  }
}

function roundPay(n: number, period: string): number {
  return period === 'hour' ? Math.round(n * 2) / 2 : Math.round(n / 1000) * 1000;
}

/** Listing `i` (0 = newest). */
export function jobAt(c: SignalCompany, env: SignalEnv, plan: JobsPlan, i: number): JobListing {
  const r = itemRng(env.seed, c.uuid, 'job', i);
  const posted = isoDay(spreadTime(i, plan.total, plan.startMs, plan.endMs, r.next(), 1.3));
  const fn = JOB_FUNCTIONS[r.weightedIndex(plan.functionWeights)]!;
  const software = c.sections.business_model.offering_type.code === 'software';
  const bases =
    fn === 'operations'
      ? sectorTerms(sectorOf(c)).roles
      : fn === 'engineering' && !software
        ? PLANT_ENGINEERS
        : ROLES[fn];
  const seniority = r.weighted(SENIORITIES, SENIORITY_WEIGHTS);
  const title = titleOf(r.pick(bases), seniority, fn, r);
  const employment =
    seniority === 'internship'
      ? 'internship'
      : r.weighted(['full_time', 'part_time', 'contract', 'temporary'], [0.86, 0.05, 0.07, 0.02]);

  const loc = c.sections.location;
  const offices =
    loc.offices.length > 0 ? loc.offices : [{ country: loc.hq.country, city: loc.hq.city, is_hq: true }];
  const office = r.weighted(
    offices,
    offices.map((o) => (o.is_hq ? 3 : 1)),
  );
  const country = countryByCode(office.country.code);
  const remoteChance = REMOTE_FRIENDLY.has(fn) ? 0.05 + 0.3 * techFocusOf(c) : 0.03;
  const remote = seniority !== 'internship' && r.chance(remoteChance);
  const source = r.chance(0.6) ? 'linkedin' : 'indeed';

  const pay = PAY[office.country.code] ?? { level: 0.55, currency: 'USD', perUsd: 1 };
  const disclosed = r.chance(
    (DISCLOSING.has(office.country.code) ? 0.55 : 0.25) + (source === 'indeed' ? 0.1 : 0),
  );
  const period = employment === 'part_time' || employment === 'internship' ? 'hour' : 'year';
  const yearly = BASE_PAY_USD[seniority] * (FUNCTION_PAY[fn] ?? 1) * pay.level * pay.perUsd;
  const low = yearly * (0.85 + 0.15 * r.next()) * (period === 'hour' ? 1 / 2080 : 1);
  const high = low * (1.15 + 0.2 * r.next());
  const compensation = disclosed
    ? { min: roundPay(low, period), max: roundPay(high, period), currency: pay.currency, period }
    : null;

  // LinkedIn's ids grow with time; Indeed's are 16 hex digits. Both unique within the company's listings.
  const id =
    source === 'linkedin'
      ? String(Math.floor(dayMs(posted) / DAY_MS) * 100_000 + i)
      : `${i.toString(16).padStart(4, '0')}${r.int(0, 0xffffff).toString(16).padStart(6, '0')}${r.int(0, 0xffffff).toString(16).padStart(6, '0')}`;
  const place = remote ? `Remote, ${office.country.label}` : `${office.city}, ${office.country.label}`;
  return {
    id,
    title,
    function: fn,
    seniority,
    employment_type: employment,
    remote,
    location: place,
    country: country?.alpha2 ?? null,
    posted_date: posted,
    description: `${c.name} is hiring a ${title} (${JOB_FUNCTION_LABELS[fn].toLowerCase()}) ${remote ? 'to work remotely' : `in ${office.city}`}. You will work with a team of ${employeesOf(c) > 50 ? 'specialists' : 'generalists'} on what ${c.name} does best.`,
    compensation,
    key_skills: r.sample(SKILLS[fn], r.int(3, 5)),
    source,
    url:
      source === 'linkedin'
        ? `https://www.linkedin.com/jobs/view/${id}/`
        : `https://www.indeed.com/viewjob?jk=${id}`,
  };
}

export function jobsPage(
  c: SignalCompany,
  env: SignalEnv,
  plan: JobsPlan,
  offset: number,
  limit: number,
): JobListing[] {
  const out: JobListing[] = [];
  for (let i = offset; i < Math.min(plan.total, offset + limit); i++) out.push(jobAt(c, env, plan, i));
  return out;
}
