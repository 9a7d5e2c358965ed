/**
 * Company size, the resolver's step for `firmographic.headcount_range`
 * (docs/decisions/0011-company-size-and-exclusions.md): each run of adjacent bands is a stretch of
 * the `employee_range` order, found by binary search with one-company probes and served from the
 * order that holds it whole within the 500 positions served. When neither does, up to 500 of its
 * companies are gathered from slices of the list under 500 (./band-slices.ts, decision 0026).
 * A list without bands is read as the service orders it.
 */
import type { ParsedListRequest, Warning } from '../../contract/api';
import { HEADCOUNT_RANGES, type HeadcountRange } from '../../contract/enums';
import type { Filters } from '../../contract/filters';
import { GATHER_SLICES, GATHER_STRETCHES, gatheringCreditsMax, probeCost } from '../../contract/list-cost';
import { LIST_TOTAL_CAP, type SortOrder } from '../../contract/list-params';
import { type BandRun, bandRuns, PROBES_PER_RUN } from '../../contract/list-rules';
import { credits } from '../../contract/pricing';
import type { ListSection } from '../../contract/section-names';
import type { BffUser } from '../context';
import { BffProblem } from '../proxy/problem';
import { type Gathered, gatherBands, probeBand, readStretches } from './band-slices';
import { type Calls, type ListRow, type Notes, Stale } from './calls';
import { ListTooBroad } from './errors';
import type { ListMemory } from './memory';
import { findSlices, type Slice } from './slices';
import { CannotSlice } from './slicing';

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
  /** Why the list is what it is, when the BFF served it otherwise than asked (gathered by slices). */
  note?: Warning;
  read: (from: number, to: number, sections: readonly ListSection[], notes: Notes) => Promise<ListRow[]>;
};

/**
 * One resolution's calls, for whom, and the memory they read and write; `remaining`: what the user
 * may still spend (null: no limit), asked before a gathering spends anything.
 */
export type Reading = {
  calls: Calls;
  user: BffUser;
  memory: ListMemory;
  remaining?: ((user: BffUser) => Promise<number | null>) | undefined;
};

/** A run of bands in words: "51 to 500", "1001 or more". */
function runLabel(run: BandRun): string {
  const lower = HEADCOUNT_RANGES[run.lo]!.split(/[-+]/)[0];
  const upper = HEADCOUNT_RANGES[run.hi]!;
  return upper.endsWith('+') ? `${lower} or more` : `${lower} to ${upper.split('-')[1]}`;
}

/**
 * Where the bands lie in a list: their stretches of the list's employee order, or, when a run lies
 * out of reach of both orders, `beyond` (the list's size as the service counts it).
 */
async function slicesOf(
  { calls, user, memory }: Reading,
  source: Source,
): Promise<{ slices: Slice[]; size: number; total: number } | { beyond: number; run: BandRun }> {
  const memo = memory.readingsOf(calls, user, source.filters);
  const result = await findSlices(
    bandRuns(source.bands ?? []),
    source.order,
    async (order, position) => {
      const r = await probeBand(calls, source.filters, order, position);
      if (memo.total !== undefined && memo.total !== r.total) throw new Stale();
      memo.total = r.total;
      memo.readings.set(`${order}:${position}`, r.band);
      return r;
    },
    memo,
  );
  if (result.kind === 'out_of_reach') return { beyond: result.listTotal, run: result.run };
  return { slices: result.slices, size: result.size, total: result.listTotal };
}

/** The memory's key of a source's gathering. */
const gatheredKey = ({ user, memory }: Reading, source: Source): string =>
  memory.key(user, 'gathered', source.filters, `${(source.bands ?? []).join(',')}:${source.order}`);

/**
 * The bands of a list whose run lies beyond the 500 served either way: up to 500 of its companies
 * gathered slice by slice (./band-slices.ts), remembered like probe readings. A list the slicing
 * keys cannot cut (one slice of 500 or more holds one value of each) is still too broad.
 */
async function gathered(
  reading: Reading,
  source: Source,
  listTotal: number,
  run: BandRun,
): Promise<Gathered> {
  const { calls, memory } = reading;
  const key = gatheredKey(reading, source);
  const known = memory.recall(calls, key) as Gathered | undefined;
  if (known) return known;
  const runs = bandRuns(source.bands ?? []).length;
  const ceiling = gatheringCreditsMax(calls.plan, runs);
  // 402 before the gathering spends anything when the budget left cannot cover its ceiling.
  await refuseOverBudget(reading, ceiling, calls.credits, runLabel(run));
  try {
    const got = await gatherBands(
      calls,
      source.filters,
      listTotal,
      source.bands ?? [],
      source.order,
      LIST_TOTAL_CAP,
      { credits: ceiling, stretches: GATHER_STRETCHES },
    );
    memory.remember(calls, key, got);
    return got;
  } catch (e) {
    if (!(e instanceof CannotSlice)) throw e;
    throw new ListTooBroad(
      listTotal,
      listTotal >= LIST_TOTAL_CAP,
      `Its companies of ${runLabel(run)} employees lie beyond the first ${LIST_TOTAL_CAP} the Company Data Service serves, ordered by employees either way, and the list cannot be cut into smaller slices.`,
    );
  }
}

/** Gathering may cost up to `ceiling` credits: 402 when the budget left cannot cover it. */
async function refuseOverBudget(
  reading: Reading,
  ceiling: number,
  spent: number,
  label: string,
): Promise<void> {
  const remaining = (await reading.remaining?.(reading.user)) ?? null;
  if (remaining === null || remaining >= ceiling) return;
  throw new BffProblem(
    402,
    `The companies of ${label} employees lie beyond the first ${LIST_TOTAL_CAP} the Company Data Service serves by employees either way; gathering up to ${LIST_TOTAL_CAP} of them slice by slice may cost up to ${ceiling.toLocaleString('en-US')} credits, and you have ${credits(remaining).toLocaleString('en-US')} left. ${spent > 0 ? `${credits(spent)} credits were spent finding where the sizes lie; nothing was spent gathering.` : 'Nothing was spent.'} Add a filter (an HQ country, say) to narrow the list.`,
  );
}

/**
 * Company size alone (no other filter): the list without it is the whole data set, far past 500,
 * so its bands are all but surely gathered. 402 before anything is spent when the budget left
 * cannot cover the probes and the gathering (the estimate's figure), unless already gathered.
 */
export async function refuseAloneOverBudget(reading: Reading, source: Source): Promise<void> {
  if (Object.keys(source.filters).length > 0 || !reading.remaining) return;
  if (reading.memory.recall(reading.calls, gatheredKey(reading, source))) return;
  const runs = bandRuns(source.bands ?? []);
  if (runs.length === 0) return;
  const { plan } = reading.calls;
  const probes = runs.length * PROBES_PER_RUN * probeCost(plan);
  const ceiling = credits(probes + gatheringCreditsMax(plan, runs.length));
  await refuseOverBudget(reading, ceiling, 0, runs.map(runLabel).join(' or '));
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
  /** `gather: false`: a run beyond reach is too broad (a set difference needs the whole list). */
  opts: { gather?: boolean } = {},
): Promise<Resolved> {
  if (!source.bands) return resolvePlain(reading.calls, source, size);
  const { calls } = reading;
  const found = await slicesOf(reading, source);
  if ('beyond' in found && opts.gather === false)
    throw new ListTooBroad(
      found.beyond,
      found.beyond >= LIST_TOTAL_CAP,
      `Its companies of ${runLabel(found.run)} employees lie beyond the first ${LIST_TOTAL_CAP} the Company Data Service serves, ordered by employees either way.`,
    );
  if ('beyond' in found) {
    const g = await gathered(reading, source, found.beyond, found.run);
    const bands = source.bands ?? [];
    return {
      // Every company of the bands when the slices ran out before 500; else 500, "500 or more".
      size: g.size,
      note: {
        code: 'size_gathered',
        message: `The companies of ${runLabel(found.run)} employees lie beyond the first ${LIST_TOTAL_CAP} the Company Data Service serves by employees; ${g.complete ? `these are all ${g.size} of them` : g.capped ? `these are the ${g.size} found within the gathering's limit of ${GATHER_SLICES} slices' cost` : `these are the first ${g.size} found`}, gathered slice by slice: HQ countries with the fewest companies first, each slice by employees. Count the list for its exact size.`,
      },
      read: (from, to, sections, notes) =>
        readStretches(calls, g.stretches, bands, source.order, from, to, sections, notes),
    };
  }
  const { slices, size: sliced, total } = found;
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
