/**
 * The saved list's grid, as plain functions: which columns it shows, the list request of one of
 * its pages (or of the whole list, for "only new"), and what a run changed for this user once they
 * marked it seen.
 */
import type { ListRequest } from '@contract/api';
import { COLUMN_BY_ID, COLUMNS, sectionsOfColumns } from '@contract/columns';
import { LIST_DEFAULT_LIMIT, LIST_TOTAL_CAP } from '@contract/list-params';
import type { ListSection } from '@contract/section-names';
import { hashKey } from '@tanstack/react-query';
import type { RemovedCompany } from './types';

const DEFAULT_COLUMNS = COLUMNS.filter((c) => c.section === null && c.main).map((c) => c.id);

/** The saved columns the catalog knows, `name` first; the identity columns when none are saved. */
export function listColumns(saved: readonly string[] | null | undefined): string[] {
  const known = (saved ?? []).filter((id) => COLUMN_BY_ID.has(id));
  const ids = known.length > 0 ? known : DEFAULT_COLUMNS;
  return ['name', ...ids.filter((id) => id !== 'name')];
}

/** The sections the columns read that the plan serves in lists (others would be refused or skipped). */
export function servedSections(
  columns: readonly string[],
  plan: { listSections: boolean; unavailable: Partial<Record<ListSection, string>> },
): ListSection[] {
  if (!plan.listSections) return [];
  return sectionsOfColumns(columns).filter((s) => plan.unavailable[s] === undefined);
}

/** The page size of a saved list as the plan serves it. */
export function pageSizeOf(request: ListRequest, planMax: number): number {
  return Math.max(1, Math.min(request.limit ?? LIST_DEFAULT_LIMIT, planMax));
}

/** The list request of page `page` (1-based) of the saved list's grid. */
export function pageRequest(
  request: ListRequest,
  sections: readonly ListSection[],
  pageSize: number,
  page: number,
): ListRequest {
  const { offset: _offset, sections: _sections, ...rest } = request;
  const offset = Math.min((page - 1) * pageSize, LIST_TOTAL_CAP - 1);
  return { ...rest, ...(sections.length > 0 ? { sections: [...sections] } : {}), limit: pageSize, offset };
}

/** The list request that reads every member at once (for "only new"), as far as the plan allows. */
export function wholeListRequest(
  request: ListRequest,
  sections: readonly ListSection[],
  size: number,
  planMax: number,
): ListRequest {
  const limit = Math.max(1, Math.min(size, LIST_TOTAL_CAP, planMax));
  return pageRequest(request, sections, limit, 1);
}

/** A list request without how it is shown (sort, page, sections): the companies it holds. */
function membershipOf(request: ListRequest): string {
  const { sort_by: _s, sort_order: _o, limit: _l, offset: _f, sections: _x, ...list } = request;
  return hashKey([list]);
}

/**
 * Whether a query key is a page of the list `request` (any sort, page or sections): what a run of
 * the list renews, so the grid asks for it again (the BFF's store buys its order afresh).
 */
export function isPageOfList(queryKey: readonly unknown[], request: ListRequest): boolean {
  const [scope, kind, req] = queryKey;
  if (scope !== 'list' || kind !== 'generate' || typeof req !== 'object' || req === null) return false;
  return membershipOf(req as ListRequest) === membershipOf(request);
}

type RunChanges = { added: ReadonlySet<string>; removed: readonly RemovedCompany[] };

const NO_CHANGES: RunChanges = { added: new Set(), removed: [] };

/**
 * What the shown run changed for the user: its `added` and `removed`, unless the user has since
 * marked that run seen (then nothing is new until the next run finds something).
 */
export function runChanges(
  run: { id: string; added?: readonly string[]; removed?: readonly RemovedCompany[] } | null | undefined,
  seenRunIds: ReadonlySet<string>,
): RunChanges {
  if (!run || seenRunIds.has(run.id)) return NO_CHANGES;
  return { added: new Set(run.added ?? []), removed: run.removed ?? [] };
}
