/**
 * The signal endpoints' values the web app shows and the filters' schemas read
 * (docs/decisions/0025-signal-endpoint-shapes.md), free of zod and of api.ts: the list filters read
 * them without a cycle, and the company page's tabs without bringing the service's schemas into the
 * first load (web/src/app/first-load.test.ts).
 *
 * The functions a workforce and a job listing are sorted into (LinkedIn's, in snake case): the
 * headcount trends' and job listings' codes, and the `functions` of the `signals.hiring` filter.
 */

export const JOB_FUNCTIONS = [
  'sales',
  'engineering',
  'marketing',
  'operations',
  'customer_support',
  'product',
  'finance',
  'hr',
  'design',
  'data',
  'legal',
  'it',
  'research',
] as const;
export type JobFunction = (typeof JOB_FUNCTIONS)[number];
export const JOB_FUNCTION_LABELS: Readonly<Record<JobFunction, string>> = {
  sales: 'Sales',
  engineering: 'Engineering',
  marketing: 'Marketing',
  operations: 'Operations',
  customer_support: 'Customer support',
  product: 'Product',
  finance: 'Finance',
  hr: 'HR',
  design: 'Design',
  data: 'Data',
  legal: 'Legal',
  it: 'IT',
  research: 'Research',
};

/** The most job listings one call returns. */
export const JOBS_MAX_LIMIT = 50;

/** Where a website's visits come from. */
export const TRAFFIC_SOURCES = ['direct', 'search', 'social', 'referral', 'paid', 'email'] as const;
export type TrafficSource = (typeof TRAFFIC_SOURCES)[number];
