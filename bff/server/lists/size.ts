/**
 * Company size, the resolver's step for `firmographic.headcount_range`
 * (docs/decisions/0011-company-size-and-exclusions.md): each run of adjacent bands is a stretch of
 * the `employee_range` order, found by binary search with one-company probes and served from the
 * order that holds it whole within the 500 positions served (`ListTooBroad` when neither does).
 * A list without bands is read as the service orders it.
 */
import type { ParsedListRequest } from '../../contract/api';
import { HEADCOUNT_RANGES, type HeadcountRange } from '../../contract/enums';
import type { Filters } from '../../contract/filters';
import { LIST_TOTAL_CAP, type SortOrder } from '../../contract/list-params';
import { type BandRun, bandRuns } from '../../contract/list-rules';
import type { ListSection } from '../../contract/section-names';
import type { BffUser } from '../context';
import { type Calls, type ListRow, type Notes, Stale } from './calls';
import { ListTooBroad } from './errors';
import type { ListMemory } from './memory';
import { findSlices, NO_BAND, PAST_END, type Slice } from './slices';

/** A list the service can order: its filters, and the bands asked of it (served from employee order). */
export type Source = {
  filters: Filters;
  bands?: HeadcountRange[];
  sortBy: ParsedListRequest['sort_by'];
  order: SortOrder;
};

/** A source resolved: its size and a reader of its positions [from, to). */
export type Resolved = {
  size: number;
  read: (from: number, to: number, sections: readonly ListSection[], notes: Notes) => Promise<ListRow[]>;
};

/** One resolution's calls, for whom, and the memory they read and write. */
export type Reading = { calls: Calls; user: BffUser; memory: ListMemory };

const bandIndex = (v: unknown): number => {
  const i = HEADCOUNT_RANGES.indexOf(v as HeadcountRange);
  return i === -1 ? NO_BAND : i;
};

/** A run of bands in words: "51 to 500", "1001 or more". */
function runLabel(run: BandRun): string {
  const lower = HEADCOUNT_RANGES[run.lo]!.split(/[-+]/)[0];
  const upper = HEADCOUNT_RANGES[run.hi]!;
  return upper.endsWith('+') ? `${lower} or more` : `${lower} to ${upper.split('-')[1]}`;
}

/** Where the bands lie in a list, or ListTooBroad. */
async function slicesOf(
  { calls, user, memory }: Reading,
  source: Source,
): Promise<{ slices: Slice[]; size: number; total: number }> {
  const memo = memory.readingsOf(calls, user, source.filters);
  const result = await findSlices(
    bandRuns(source.bands ?? []),
    source.order,
    async (order, position) => {
      const a = await calls.list({
        filters: source.filters,
        sort_by: 'employee_range',
        sort_order: order,
        limit: 1,
        offset: position,
        ...(calls.listSections ? { sections: ['firmographic'] as ListSection[] } : {}),
      });
      if (memo.total !== undefined && memo.total !== a.total_count) throw new Stale();
      memo.total = a.total_count;
      const row = a.data[0];
      let band = PAST_END;
      if (row) {
        const firmographic = calls.listSections
          ? row.firmographic
          : (await calls.enrich(row.uuid, ['firmographic'])).firmographic;
        band = bandIndex((firmographic as { headcount_range?: unknown } | undefined)?.headcount_range);
      }
      memo.readings.set(`${order}:${position}`, band);
      return { band, total: a.total_count };
    },
    memo,
  );
  if (result.kind === 'out_of_reach') {
    throw new ListTooBroad(
      result.listTotal,
      result.listTotal >= LIST_TOTAL_CAP,
      `Its companies of ${runLabel(result.run)} employees lie beyond the first ${LIST_TOTAL_CAP} the Company Data Service serves, ordered by employees either way.`,
    );
  }
  return { slices: result.slices, size: result.size, total: result.listTotal };
}

/** A plain list (no bands): its size from a first read (one company unless a bound is known). */
async function resolvePlain(
  calls: Calls,
  source: Source,
  size: { hint?: number; known?: number },
): Promise<Resolved> {
  const q = { filters: source.filters, sort_by: source.sortBy, sort_order: source.order };
  const first =
    size.known === undefined
      ? await calls.list({ ...q, limit: Math.max(1, Math.min(size.hint ?? 1, calls.maxLimit)), offset: 0 })
      : undefined;
  const total = first?.total_count ?? size.known ?? 0;
  return {
    size: total,
    read: async (from, to, sections, notes) => {
      // Read without sections from the start: the first read already holds its beginning.
      if (first && sections.length === 0 && from === 0) {
        const rest =
          to > first.data.length
            ? await calls.range({ ...q, sections }, first.data.length, to, total, notes)
            : [];
        return [...(first.data.slice(0, to) as ListRow[]), ...rest];
      }
      return calls.range({ ...q, sections }, from, to, total, notes);
    },
  };
}

/** A source resolved: its size and a reader of its positions. */
export async function resolveSource(
  reading: Reading,
  source: Source,
  size: { hint?: number; known?: number } = {},
): Promise<Resolved> {
  if (!source.bands) return resolvePlain(reading.calls, source, size);
  const { calls } = reading;
  const { slices, size: sliced, total } = await slicesOf(reading, source);
  const runOf = (s: Slice) => new Set(HEADCOUNT_RANGES.slice(s.run.lo, s.run.hi + 1) as string[]);
  return {
    size: sliced,
    read: async (from, to, sections, notes) => {
      const rows: ListRow[] = [];
      let at = 0;
      for (const s of slices) {
        const n = s.end - s.start;
        const a = Math.max(from, at) - at;
        const b = Math.min(to, at + n) - at;
        at += n;
        if (a >= b) continue;
        const q = {
          filters: source.filters,
          sort_by: 'employee_range' as const,
          sort_order: s.order,
          sections,
        };
        // A stretch found in the other order is read there and turned around: the same
        // companies, by employees in the direction asked, ties then by uuid descending.
        const got =
          s.order === source.order
            ? await calls.range(q, s.start + a, s.start + b, total, notes)
            : (await calls.range(q, s.end - b, s.end - a, total, notes)).reverse();
        const bands = runOf(s);
        for (const row of got) {
          const band = (row.firmographic as { headcount_range?: unknown } | undefined)?.headcount_range;
          if (band !== undefined && !bands.has(String(band))) throw new Stale();
        }
        rows.push(...got);
      }
      return rows;
    },
  };
}
