/**
 * The list builder's whole state, as it lives in the URL (`/` route search params): reload, back,
 * forward and a shared link all restore the same list. TanStack Router stores nested values as
 * JSON, and this schema is the one place they are read back, so a hand-edited or stale link falls
 * back to defaults field by field instead of breaking the page.
 */
import type { ListRequest } from '@contract/api';
import { ExcludeSchema, ListFiltersSchema } from '@contract/filters';
import {
  LIST_DEFAULT_LIMIT,
  LOOKALIKE_MAX_SEEDS,
  SORT_BY,
  SORT_ORDERS,
  type SortBy,
} from '@contract/list-params';
import { LIST_SECTIONS, type ListSection } from '@contract/section-names';
import { usesSignalKeys } from '@contract/signal-cost';
import { z } from 'zod';

export const PAGE_SIZES = [20, 50, 100, 200, 500] as const;

type KeyedSchema = { safeParse: (v: unknown) => { success: boolean; data?: unknown } };

/** The entries of an object a schema accepts one key at a time, normalised as it parses them. */
function acceptedEach(
  schema: KeyedSchema,
  values: Record<string, unknown> | undefined,
): Record<string, unknown> | undefined {
  if (!values) return undefined;
  const kept: [string, unknown][] = [];
  for (const [k, v] of Object.entries(values)) {
    const r = schema.safeParse({ [k]: v });
    if (r.success) kept.push([k, (r.data as Record<string, unknown>)[k]]);
  }
  return kept.length > 0 ? Object.fromEntries(kept) : undefined;
}

/**
 * Only the filters the list builder would accept (`ListFiltersSchema`: the service's and the BFF's
 * own keys), each checked on its own: a hand-edited or stale link (an unknown key, a range of
 * words) loses that filter instead of turning the whole list into a 400 that no retry can fix. Each
 * value is kept as the contract normalises it (codes as listed, the dotted spelling of a funding
 * round's investors), so the editor reads one form whatever the link wrote.
 */
export function acceptedFilters(
  filters: Record<string, unknown> | undefined,
): Record<string, unknown> | undefined {
  return acceptedEach(ListFiltersSchema, filters);
}

/** The same for exclusions (`ExcludeSchema`): a bad key or value drops alone. */
export function acceptedExclusions(
  exclude: Record<string, unknown> | undefined,
): Record<string, unknown> | undefined {
  return acceptedEach(ExcludeSchema, exclude);
}

/** The filter whose list is served from the employee-range order (docs/product-rules.md, section 14). */
export const SIZE_FILTER_KEY = 'firmographic.headcount_range';

/**
 * `employee_range` while the Employees filter is on (sizes asked for, or sizes left out), else
 * null: the BFF finds the sizes in the employee-range order, which is the list's order until the
 * user picks another (`defaultSortBy`). Another sort is served when the BFF can place every company
 * of the sizes in it, else the answer's `employee_sort` warning says why it stayed by employees
 * (docs/product-rules.md, "Company size in another sort").
 */
export function lockedSortBy(
  filters: Record<string, unknown> | undefined,
  exclude?: Record<string, unknown> | undefined,
): SortBy | null {
  const holds = (v: unknown) => Array.isArray(v) && v.length > 0;
  return holds(filters?.[SIZE_FILTER_KEY]) || holds(exclude?.[SIZE_FILTER_KEY]) ? 'employee_range' : null;
}

/** The sort of a list whose user picked none: by employees under the Employees filter, else relevance. */
export function defaultSortBy(
  filters: Record<string, unknown> | undefined,
  exclude?: Record<string, unknown> | undefined,
): SortBy {
  return lockedSortBy(filters, exclude) ?? 'relevance';
}

/** Ids of account lists (issue 15), at most 20, each once. */
const AccountListIds = z
  .array(z.string().min(1).max(100))
  .max(20)
  .transform((ids) => [...new Set(ids)])
  .optional()
  .catch(undefined);

export const ListSearch = z.object({
  /** The plain-language description last turned into filters (shown in the Describe box). */
  q: z.string().max(1000).optional().catch(undefined),
  /** The filters the list is built from (the user's, after any translation). */
  filters: z
    .record(z.string(), z.unknown())
    .optional()
    .catch(undefined)
    .transform(acceptedFilters)
    .optional(),
  /** What a company must not have: filter keys to the values it leaves out ("is none of"). */
  exclude: z
    .record(z.string(), z.unknown())
    .optional()
    .catch(undefined)
    .transform(acceptedExclusions)
    .optional(),
  /** Sections requested with the list (added by the column chooser). */
  sections: z.array(z.enum(LIST_SECTIONS)).optional().catch(undefined),
  /** Visible column ids of `@contract/columns`, in order; absent = the default columns. */
  columns: z.array(z.string()).optional().catch(undefined),
  sort_by: z.enum(SORT_BY).optional().catch(undefined),
  sort_order: z.enum(SORT_ORDERS).optional().catch(undefined),
  /** 1-based page number. */
  page: z.number().int().min(1).max(500).optional().catch(undefined),
  size: z.number().int().min(1).max(500).optional().catch(undefined),
  /**
   * "More like this": the seed companies (ids) whose lookalikes the page shows instead of a list
   * (features/lookalikes); `filters` are then the lookalikes' filters, once derived from the seeds.
   */
  like: z.array(z.string().min(1).max(2048)).min(1).max(LOOKALIKE_MAX_SEEDS).optional().catch(undefined),
  /**
   * With signal filters: `all` screens every match of the list (cut into slices, up to 5,000
   * companies), not only its first 500 (docs/decisions/0032-screening-every-match.md).
   */
  screen: z.enum(['all']).optional().catch(undefined),
  /** Account lists (ids) whose companies the grid marks "In CRM" (a badge and a column). */
  mark_accounts: AccountListIds,
  /** Account lists whose companies the grid and its exports leave out. */
  hide_accounts: AccountListIds,
  /**
   * The list's exact size, once counted by slices past the service's 500 (issue 33): `n` companies
   * for the list whose `countFingerprint` is `of`. Shown only while the list is still that one.
   */
  count: z
    .object({ n: z.number().int().min(0), of: z.string().min(1).max(32) })
    .optional()
    .catch(undefined),
});
export type ListSearch = z.infer<typeof ListSearch>;

/** The list request a state asks for (the BFF's `ListRequest`: filters, exclusions, sort, page). */
export function toListRequest(s: ListSearch, maxPageSize = 500): ListRequest {
  const size = Math.min(s.size ?? LIST_DEFAULT_LIMIT, maxPageSize);
  const page = s.page ?? 1;
  const req: ListRequest = {
    sort_by: s.sort_by ?? defaultSortBy(s.filters, s.exclude),
    sort_order: s.sort_order ?? 'desc',
    limit: size,
    offset: Math.min((page - 1) * size, 499),
  };
  if (s.filters && Object.keys(s.filters).length > 0) req.filters = s.filters;
  if (s.exclude && Object.keys(s.exclude).length > 0) req.exclude = s.exclude;
  if (s.sections && s.sections.length > 0) req.sections = s.sections as ListSection[];
  if (s.hide_accounts && s.hide_accounts.length > 0) req.exclude_account_lists = s.hide_accounts;
  if (s.mark_accounts && s.mark_accounts.length > 0) req.mark_account_lists = s.mark_accounts;
  if (s.screen === 'all' && usesSignalKeys(s.filters)) req.screen = 'all';
  return req;
}

/**
 * A short fingerprint of what decides a list's companies (description, filters, exclusions, hidden
 * account lists), to tie an exact count kept in the URL to the list it counted: another list (or a
 * hand-edited link) shows no stale count. FNV-1a over the JSON, as 8 hex digits.
 */
export function countFingerprint(s: ListSearch): string {
  const text = JSON.stringify([s.q ?? null, s.filters ?? null, s.exclude ?? null, s.hide_accounts ?? null]);
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return (h >>> 0).toString(16).padStart(8, '0');
}

/** The exact count the URL keeps for this very list, or null. */
export function exactCountOf(s: ListSearch): number | null {
  return s.count && s.count.of === countFingerprint(s) ? s.count.n : null;
}
