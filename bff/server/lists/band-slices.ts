/**
 * Company size past the first 500 (docs/decisions/0026-counting-by-slices.md, amended): a run of
 * bands lies beyond the 500 positions the service serves of a list's employee order, but a slice of
 * that list of fewer than 500 (./slicing.ts) is served whole in employee order, so the run's stretch
 * within each slice is found by binary search with one-company probes (./slices.ts), like the
 * list's own (./size.ts). The count sums the stretches; a list of company size alone gathers up to
 * 500 companies of its bands from the slices in the order they are cut.
 */
import { HEADCOUNT_RANGES, type HeadcountRange } from '../../contract/enums';
import type { Filters } from '../../contract/filters';
import { PROBES_PER_SLICE_RUN, probeCost } from '../../contract/list-cost';
import { LIST_TOTAL_CAP, type SortOrder } from '../../contract/list-params';
import { bandRuns } from '../../contract/list-rules';
import { PRICES } from '../../contract/pricing';
import type { ListSection } from '../../contract/section-names';
import { type Calls, type ListRow, type Notes, Stale } from './calls';
import { findSlices, NO_BAND, PAST_END, type ProbeReading } from './slices';
import { type CountedSlice, type CountSlice, sliceList } from './slicing';

/** Positions [start, end) of `filters`' employee order `order`: companies of the bands asked. */
export type Stretch = { filters: Filters; order: SortOrder; start: number; end: number; total: number };

const bandIndex = (v: unknown): number => {
  const i = HEADCOUNT_RANGES.indexOf(v as HeadcountRange);
  return i === -1 ? NO_BAND : i;
};

/**
 * One probe of a list's employee order: the band of the company at `position` (with its
 * firmographic section, or by enrichment on plans without sections in lists).
 */
export async function probeBand(
  calls: Calls,
  filters: Filters,
  order: SortOrder,
  position: number,
): Promise<ProbeReading> {
  const a = await calls.list({
    filters,
    sort_by: 'employee_range',
    sort_order: order,
    limit: 1,
    offset: position,
    ...(calls.listSections ? { sections: ['firmographic'] as ListSection[] } : {}),
  });
  const row = a.data[0];
  let band = PAST_END;
  if (row) {
    const firmographic = calls.listSections
      ? row.firmographic
      : (await calls.enrich(row.uuid, ['firmographic'])).firmographic;
    band = bandIndex((firmographic as { headcount_range?: unknown } | undefined)?.headcount_range);
  }
  return { band, total: a.total_count };
}

/**
 * The stretches of `bands` within a slice of `total` (< 500) companies, in `direction`; none for an
 * empty slice. Stale when the slice no longer has `total` companies.
 */
export async function stretchesIn(
  calls: Calls,
  filters: Filters,
  total: number,
  bands: readonly HeadcountRange[],
  direction: SortOrder,
): Promise<Stretch[]> {
  if (total === 0) return [];
  const found = await findSlices(
    bandRuns(bands),
    direction,
    async (order, position) => {
      const r = await probeBand(calls, filters, order, position);
      if (r.total !== total) throw new Stale();
      return r;
    },
    { total, readings: new Map() },
  );
  // Under 500 every stretch is within reach; anything else means the slice changed.
  if (found.kind !== 'slices') throw new Stale();
  return found.slices
    .filter((s) => s.end > s.start)
    .map((s) => ({ filters, order: s.order, start: s.start, end: s.end, total }));
}

/** The count call of a slice (`offset` 499, `limit` 1: a slice under 500 returns no company). */
export function sliceCounter(calls: Calls): CountSlice {
  return async (filters) =>
    (
      await calls.list({
        filters,
        sort_by: 'employee_range',
        sort_order: 'asc',
        limit: 1,
        offset: LIST_TOTAL_CAP - 1,
      })
    ).total_count;
}

/** What gathering found: the stretches in the order served, their size, whether that is every one. */
export type Gathered = {
  stretches: Stretch[];
  size: number;
  complete: boolean;
  /** Stopped at its credits' or stretches' ceiling before `want` were found. */
  capped?: boolean;
};

class Enough extends Error {}

/** What a gathering may spend and keep at most (`gatheringCreditsMax`, `GATHER_STRETCHES`). */
export type GatherLimits = { credits: number; stretches: number };

/**
 * Up to `want` companies of `bands` in a list of `listTotal` (500 or more) companies: the list cut
 * into slices of fewer than 500 in the order the count cuts them (./slicing.ts), each slice's
 * stretches in `direction`, until `want` are found, the slices run out, or the next call could pass
 * `limits.credits` (checked before each count call and before each slice's probes at their worst,
 * so the gathering never spends more) or `limits.stretches` are kept.
 */
export async function gatherBands(
  calls: Calls,
  filters: Filters,
  listTotal: number,
  bands: readonly HeadcountRange[],
  direction: SortOrder,
  want = LIST_TOTAL_CAP,
  limits: GatherLimits = { credits: Infinity, stretches: Infinity },
): Promise<Gathered> {
  const stretches: Stretch[] = [];
  let size = 0;
  let capped = false;
  const start = calls.credits;
  const spent = () => calls.credits - start;
  const runs = bandRuns(bands).length;
  const probes = runs * PROBES_PER_SLICE_RUN * probeCost(calls.plan);
  const countCall = PRICES.listBase + PRICES.listPerCompany;
  const stop = () => {
    capped = true;
    return new Enough();
  };
  const counter = sliceCounter(calls);
  const onSlice = async (s: CountedSlice) => {
    if (s.count === 0) return;
    if (spent() + probes > limits.credits + 1e-9) throw stop();
    for (const x of await stretchesIn(calls, s.filters, s.count, bands, direction)) {
      const take = Math.min(x.end - x.start, want - size);
      if (take <= 0) break;
      // The first `take` in the direction asked: the last ones of a stretch read the other way.
      stretches.push(x.order === direction ? { ...x, end: x.start + take } : { ...x, start: x.end - take });
      size += take;
    }
    if (size >= want) throw new Enough();
    if (stretches.length + runs > limits.stretches) throw stop();
  };
  try {
    await sliceList(
      filters,
      listTotal,
      async (f) => {
        if (spent() + countCall > limits.credits + 1e-9) throw stop();
        return counter(f);
      },
      { onSlice },
    );
  } catch (e) {
    if (e instanceof Enough) return { stretches, size, complete: false, ...(capped ? { capped } : {}) };
    throw e;
  }
  return { stretches, size, complete: true };
}

/**
 * Positions [from, to) of the list the stretches make, in `direction`: each stretch read in its
 * own order and turned around when that is the other one. Stale when a company read is not of the
 * bands (the list changed since the stretches were found).
 */
export async function readStretches(
  calls: Calls,
  stretches: readonly Stretch[],
  bands: readonly HeadcountRange[],
  direction: SortOrder,
  from: number,
  to: number,
  sections: readonly ListSection[],
  notes: Notes,
): Promise<ListRow[]> {
  const wanted = new Set<string>(bands);
  const rows: ListRow[] = [];
  let at = 0;
  for (const s of stretches) {
    const n = s.end - s.start;
    const a = Math.max(from, at) - at;
    const b = Math.min(to, at + n) - at;
    at += n;
    if (a >= b) continue;
    const q = { filters: s.filters, sort_by: 'employee_range' as const, sort_order: s.order, sections };
    const got =
      s.order === direction
        ? await calls.range(q, s.start + a, s.start + b, s.total, notes)
        : (await calls.range(q, s.end - b, s.end - a, s.total, notes)).reverse();
    for (const row of got) {
      const band = (row.firmographic as { headcount_range?: unknown } | undefined)?.headcount_range;
      if (band !== undefined && !wanted.has(String(band))) throw new Stale();
    }
    rows.push(...got);
  }
  return rows;
}
