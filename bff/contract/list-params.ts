/**
 * The parameters of list generation every reader shares: sort keys and their words, page limits,
 * the longest description. Free of zod, so the web app's first load reads them without the
 * request and response schemas of `api.ts`.
 */

export const SORT_BY = [
  'relevance',
  'revenue_estimate',
  'valuation_estimate',
  'employee_range',
  'total_funding',
  'founded_year',
] as const;
export type SortBy = (typeof SORT_BY)[number];
export const SORT_ORDERS = ['asc', 'desc'] as const;
export type SortOrder = (typeof SORT_ORDERS)[number];

export const SORT_LABELS: Readonly<Record<SortBy, string>> = {
  relevance: 'Relevance',
  revenue_estimate: 'Revenue',
  valuation_estimate: 'Valuation',
  employee_range: 'Employees',
  total_funding: 'Total funding',
  founded_year: 'Founded',
};

export const LIST_MAX_LIMIT = 500;
export const LIST_TOTAL_CAP = 500;
export const LIST_DEFAULT_LIMIT = 50;
export const QUERY_MAX_LENGTH = 1000;

/** Seeds of one lookalikes request (issue 16): one company up to twenty. */
export const LOOKALIKE_MAX_SEEDS = 20;

/** The longest name of a saved list (the Save list form reads it in the list builder's chunk). */
export const SAVED_LIST_NAME_MAX = 200;

/** The most companies a static list (companies picked by hand) holds. */
export const STATIC_LIST_MAX_COMPANIES = 500;

/** The media type of `POST /bff/lists/count`'s streamed progress (one JSON object a line). */
export const COUNT_STREAM_TYPE = 'application/x-ndjson';
