/**
 * What the results grid says when a page cannot be had: what happened, in the service's words, and
 * what to do next. Retrying only helps where the cause can pass (network, rate limit, a service
 * fault); a spent budget or a refused filter needs something else from the user.
 */

import { ListTooBroadProblem } from '@contract/problem';
import { ApiError } from '@/lib/api-client';
import { errorMessage, problemFields } from '@/lib/errors';
import { formatCount } from '@/lib/format';
import { fieldSentence } from '@/lib/problem-words';

type ErrorAdvice = {
  title: string;
  /** The service's own explanation (problem `detail`), or ours. */
  detail: string;
  /** The service's field errors, if it named any, each a sentence without its path. */
  fields: string[];
  /** What to do next, in words. */
  next: string;
  /** The action offered: try the same page again, or start over without the filters. */
  action: 'retry' | 'clear-filters' | null;
};

/**
 * The BFF's 422 for a list it cannot serve exactly (a company-size slice or exclusions past the
 * 500 companies the service serves of any order), or null for any other failure.
 */
export function listTooBroad(error: unknown): ListTooBroadProblem | null {
  if (!(error instanceof ApiError) || error.status !== 422) return null;
  const parsed = ListTooBroadProblem.safeParse(error.problem);
  return parsed.success ? parsed.data : null;
}

/** "This list has 1,234 companies: add one more filter to narrow it" (or "more than 500"). */
export function tooBroadMessage(
  p: Pick<ListTooBroadProblem, 'list_size' | 'list_size_is_lower_bound'>,
): string {
  const size = p.list_size_is_lower_bound
    ? `more than ${formatCount(p.list_size)}`
    : formatCount(p.list_size);
  return `This list has ${size} companies: add one more filter to narrow it`;
}

export const TOO_BROAD_NEXT =
  'Add a filter (a country, an industry, a funding stage…) to bring it within 500 companies, or remove the Employees filter or the exclusions.';

export function errorAdvice(error: unknown): ErrorAdvice {
  const tooBroad = listTooBroad(error);
  if (tooBroad) {
    // Never a wrong list and never "the service refused": the list is fine, only too large to slice.
    return {
      title: tooBroadMessage(tooBroad),
      detail: tooBroad.detail,
      fields: [],
      next: TOO_BROAD_NEXT,
      action: null,
    };
  }
  if (!(error instanceof ApiError)) {
    return {
      title: 'The list could not be read',
      detail: 'The answer was not in a form the app understands.',
      fields: [],
      next: 'Try again; if it keeps happening, the server may be mid-update.',
      action: 'retry',
    };
  }
  const base = {
    detail: errorMessage(error),
    fields: problemFields(error).map(fieldSentence),
  };
  switch (true) {
    case error.status === 0:
      return {
        ...base,
        title: 'The server could not be reached',
        next: 'Check that the List Builder server is running and your connection is up, then try again.',
        action: 'retry',
      };
    case error.status === 401:
      return { ...base, title: 'You are signed out', next: 'Sign in again to load the list.', action: null };
    case error.status === 402:
      return {
        ...base,
        // The BFF refuses a page whose worst case does not fit what is left (its words say which
        // limit, and what is left): a smaller page may still fit.
        title: 'Not enough credits left for this page',
        next: 'Pages already loaded stay as they were. Choose fewer rows per page or fewer columns, ask an admin to raise the budget, or come back once it renews.',
        action: null,
      };
    case error.status === 403:
      return {
        ...base,
        title: 'Your plan does not allow this list',
        next: 'Remove the columns or filters it names (under Columns or Filters).',
        action: null,
      };
    case error.status === 429:
      return {
        ...base,
        title: 'Too many requests just now',
        next: 'Wait the few seconds it names, then try again.',
        action: 'retry',
      };
    case error.status === 400 || error.status === 422:
      return {
        ...base,
        title: 'The service did not accept these filters',
        next: 'Change or remove the filter it names, or start over without filters.',
        action: 'clear-filters',
      };
    default:
      return {
        ...base,
        title: 'Our data provider did not answer',
        next: 'This is usually brief: try again in a moment.',
        action: 'retry',
      };
  }
}
