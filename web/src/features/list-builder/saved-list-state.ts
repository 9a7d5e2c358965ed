/**
 * The list builder's state (the URL's `ListSearch`) as a saved list holds it, and back: the
 * contract's list request (filters or description, exclusions, sections, sort, page size as
 * `limit`) plus the visible columns. Saving keeps the user's page size whatever the plan serves
 * today; opening a saved list in the builder restores filters, sort, columns and page size.
 */
import type { ListRequest } from '@contract/api';
import { LIST_DEFAULT_LIMIT, SORT_BY, SORT_LABELS, SORT_ORDERS } from '@contract/list-params';
import { LOOKALIKE_DEFAULT_LIMIT, LOOKALIKE_MAX_LIMIT } from '@contract/lookalike-cost';
import { LIST_SECTIONS, type ListSection } from '@contract/section-names';
import { requestedSections, visibleColumnIds } from './components/results/visible-columns';
import { acceptedExclusions, acceptedFilters, type ListSearch, toListRequest } from './list-search';

type SavedListState = { request: ListRequest; columns: string[] };

/** What "Save list" saves of the builder's state: the list request (first page, its size) and columns. */
export function savedListStateOf(search: ListSearch): SavedListState {
  const columns = visibleColumnIds(search);
  const { offset: _offset, ...request } = toListRequest(
    { ...search, sections: requestedSections(search), page: 1 },
    500,
  );
  // A description the builder has not turned into filters yet is the list's query.
  if (!request.filters && search.q && !search.like) {
    const { exclude: _exclude, ...rest } = request;
    return { request: { ...rest, query: search.q }, columns };
  }
  return { request, columns };
}

const isOneOf = <T extends string>(values: readonly T[], v: unknown): v is T =>
  typeof v === 'string' && (values as readonly string[]).includes(v);

/** The builder's URL state of a saved list ("Open in the list builder"). */
export function searchOfSavedList(request: ListRequest, columns: readonly string[] | null): ListSearch {
  const search: ListSearch = {};
  const filters = acceptedFilters(request.filters as Record<string, unknown> | undefined);
  if (filters) search.filters = filters;
  const exclude = acceptedExclusions(request.exclude as Record<string, unknown> | undefined);
  if (exclude) search.exclude = exclude;
  if (typeof request.query === 'string' && request.query.trim() !== '') search.q = request.query;
  const sections = (request.sections ?? []).filter((s): s is ListSection => isOneOf(LIST_SECTIONS, s));
  if (sections.length > 0) search.sections = sections;
  if (columns && columns.length > 0) search.columns = [...columns];
  if (isOneOf(SORT_BY, request.sort_by) && request.sort_by !== 'relevance') search.sort_by = request.sort_by;
  if (isOneOf(SORT_ORDERS, request.sort_order) && request.sort_order !== 'desc')
    search.sort_order = request.sort_order;
  if (typeof request.limit === 'number' && request.limit !== LIST_DEFAULT_LIMIT) search.size = request.limit;
  Object.assign(search, accountListsOf(request));
  return search;
}

/** The account lists a saved request hides or marks, as the builder's URL keeps them. */
function accountListsOf(request: ListRequest): Pick<ListSearch, 'hide_accounts' | 'mark_accounts'> {
  const out: Pick<ListSearch, 'hide_accounts' | 'mark_accounts'> = {};
  if (request.exclude_account_lists && request.exclude_account_lists.length > 0)
    out.hide_accounts = [...request.exclude_account_lists];
  if (request.mark_account_lists && request.mark_account_lists.length > 0)
    out.mark_accounts = [...request.mark_account_lists];
  return out;
}

/**
 * The builder's URL state of a saved list of lookalikes ("Open in the list builder" on a list with
 * seeds): the lookalikes of its seeds read with its filters (so the seeds re-rank what they match),
 * its exclusions and hidden account lists, as many lookalikes as its page size (saved from the
 * lookalikes, the number they showed).
 */
export function searchOfSeededList(request: ListRequest, seeds: readonly string[]): ListSearch {
  const search: ListSearch = { like: [...seeds] };
  const filters = acceptedFilters(request.filters as Record<string, unknown> | undefined);
  if (filters) search.filters = filters;
  const exclude = acceptedExclusions(request.exclude as Record<string, unknown> | undefined);
  if (exclude) search.exclude = exclude;
  if (typeof request.limit === 'number' && request.limit !== LOOKALIKE_DEFAULT_LIMIT)
    search.size = Math.min(request.limit, LOOKALIKE_MAX_LIMIT);
  const { hide_accounts } = accountListsOf(request);
  if (hide_accounts) search.hide_accounts = hide_accounts;
  return search;
}

/** What a saved list keeps, in words: "2 filters, 1 exclusion, sorted by Founded (ascending), 100 per page, 6 columns". */
export function savedListSummary(search: ListSearch): string {
  const { request, columns } = savedListStateOf(search);
  const parts: string[] = [];
  const count = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;
  if (request.query) parts.push(`the description “${request.query}”`);
  const filters = Object.keys(request.filters ?? {}).length;
  parts.push(
    filters === 0 && !request.query ? 'no filters (every company)' : count(filters, 'filter', 'filters'),
  );
  const exclusions = Object.keys(request.exclude ?? {}).length;
  if (exclusions > 0) parts.push(count(exclusions, 'exclusion', 'exclusions'));
  const sortBy = request.sort_by ?? 'relevance';
  parts.push(
    `sorted by ${SORT_LABELS[sortBy]}${sortBy === 'relevance' ? '' : ` (${request.sort_order === 'asc' ? 'ascending' : 'descending'})`}`,
  );
  parts.push(`${request.limit ?? LIST_DEFAULT_LIMIT} per page`);
  parts.push(count(columns.length, 'column', 'columns'));
  return parts.filter((p) => p !== '0 filters').join(', ');
}
