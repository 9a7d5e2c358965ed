/**
 * The rating types of employee reviews, free of zod: the company page's Employees tab orders and
 * scales them without the service's schemas (`api.ts`, which re-exports them) in its chunk
 * (docs/decisions/0012-first-load-budget.md).
 */

/** The types the spec lists, plus career_opportunities: every review carries that rating too. */
export const EMPLOYEE_RATING_TYPES = [
  'business_outlook',
  'ceo',
  'recommend_to_friend',
  'compensation_and_benefits',
  'culture_and_values',
  'diversity_and_inclusion',
  'senior_management',
  'work_life_balance',
  'career_opportunities',
] as const;
/** These are fractions 0..1; the other rating types are on a 0..5 scale. */
export const FRACTION_RATING_TYPES = ['business_outlook', 'ceo', 'recommend_to_friend'] as const;
