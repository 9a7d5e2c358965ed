/**
 * Exclusions served by set difference, the resolver's step for `exclude` on multi-valued and open
 * keys (docs/decisions/0011-company-size-and-exclusions.md): the companies of the list minus those
 * that have an excluded value, by uuid, both read without sections (`ListTooBroad` past the 500
 * served). Codes only the service can judge are checked first, in one call that costs nothing.
 */
import { type Filters, INVESTOR_EXCLUSION_KEY, LIST_FILTER_BY_KEY } from '../../contract/filters';
import { LIST_TOTAL_CAP } from '../../contract/list-params';
import type { ProblemField } from '../../contract/problem';
import { InvalidRequest, ServiceRefusal } from '../proxy/problem';
import { type Calls, type ListRow, Notes } from './calls';
import { ListTooBroad } from './errors';
import type { Difference, ListPlan } from './exclusions';
import type { Members } from './memory';
import { type Reading, resolveSource, type Source } from './size';

/** Every company of a source without sections (remembered), or ListTooBroad past the 500 served. */
async function membersOf(
  reading: Reading,
  source: Source,
  why: (size: number) => string,
  sizeHint?: number,
): Promise<ListRow[]> {
  const { calls, user, memory } = reading;
  const key = memory.key(
    user,
    'members',
    source.filters,
    `${source.bands?.join(',') ?? ''}\u0000${source.sortBy}:${source.order}`,
  );
  const cached = memory.recall(calls, key) as Members | undefined;
  if (cached) return cached.rows;
  const resolved = await resolveSource(reading, source, sizeHint === undefined ? {} : { hint: sizeHint }, {
    gather: false,
  });
  // A plain list of 500 may be longer (the service counts to 500); a banded one is counted exactly.
  const lowerBound = !source.bands && resolved.size >= LIST_TOTAL_CAP;
  if (lowerBound || resolved.size > LIST_TOTAL_CAP)
    throw new ListTooBroad(resolved.size, lowerBound, why(resolved.size));
  const rows = await resolved.read(0, resolved.size, [], new Notes());
  memory.remember(calls, key, { rows });
  return rows;
}

const labelOf = (key: string) =>
  key === INVESTOR_EXCLUSION_KEY ? 'investor' : LIST_FILTER_BY_KEY.get(key)!.label.toLowerCase();

/**
 * The filter that finds the companies a difference leaves out: the key with the excluded values; for
 * investors, a round naming one of them (a company with such a round is left out, whatever its
 * other rounds).
 */
function differenceFilter(d: Difference): Record<string, unknown> {
  if (d.key === INVESTOR_EXCLUSION_KEY)
    return { 'funding_detail.funding_rounds': { 'investors.uuid': d.values } };
  return { [d.key]: d.values };
}

/** The base list minus the companies with an excluded value: members with their base positions. */
export async function difference(
  reading: Reading,
  base: Source,
  diffs: readonly Difference[],
): Promise<{ rows: ListRow[]; positions: number[]; baseSize: number }> {
  const baseRows = await membersOf(
    reading,
    base,
    () =>
      `Leaving out companies by ${diffs.map((d) => labelOf(d.key)).join(' and ')} needs all of them, and the Company Data Service serves only the first ${LIST_TOTAL_CAP}.`,
  );
  const inBase = new Set(baseRows.map((r) => r.uuid));
  const removed = new Set<string>();
  // Nothing to leave out of an empty list: no further read.
  for (const d of baseRows.length > 0 ? diffs : []) {
    const label = labelOf(d.key);
    const where = differenceFilter(d);
    const within = !Object.keys(where).some((k) => k in base.filters) && !base.bands;
    const q: Source = { ...base, filters: { ...base.filters, ...where } as Filters };
    const rows = await membersOf(
      reading,
      q,
      (n) =>
        `${n >= LIST_TOTAL_CAP ? `${n} or more` : n} companies match its other filters with the ${label} to leave out, more than the Company Data Service serves.`,
      // Inside the list, the companies to leave out are at most as many as the list's.
      within ? baseRows.length : undefined,
    ).catch((e: unknown) => {
      if (e instanceof ListTooBroad) throw new ListTooBroad(baseRows.length, false, e.why);
      throw e;
    });
    for (const r of rows) if (inBase.has(r.uuid)) removed.add(r.uuid);
  }
  const rows: ListRow[] = [];
  const positions: number[] = [];
  baseRows.forEach((r, i) => {
    if (removed.has(r.uuid)) return;
    rows.push(r);
    positions.push(i);
  });
  return { rows, positions, baseSize: baseRows.length };
}

/**
 * Industry, NAICS and SIC codes exist or not only for the service: one call that matches nothing
 * (a founding year no company has, so it costs nothing) checks the filters' and the exclusions'
 * codes together, before anything is spent, and names the fields of both in one 400.
 */
export async function checkCodes(calls: Calls, planned: ListPlan): Promise<void> {
  const codeKinds = new Set(['industry', 'naics', 'sic']);
  const diffs = planned.differences.filter((d) => codeKinds.has(LIST_FILTER_BY_KEY.get(d.key)?.kind ?? ''));
  if (diffs.length === 0) return;
  const filters: Record<string, unknown> = { ...planned.service };
  const offsets = new Map<string, number>();
  for (const d of diffs) {
    const own = (filters[d.key] as unknown[] | undefined) ?? [];
    offsets.set(d.key, own.length);
    filters[d.key] = [...own, ...d.values];
  }
  filters['firmographic.founded_year'] = { gte: 9999, lte: 9999 };
  try {
    await calls.list({
      filters: filters as Filters,
      sort_by: 'relevance',
      sort_order: 'desc',
      limit: 1,
      offset: 0,
    });
  } catch (e) {
    if (!(e instanceof ServiceRefusal) || e.response.status !== 400) throw e;
    const body = (await e.response
      .clone()
      .json()
      .catch(() => null)) as { errors?: ProblemField[] } | null;
    if (!body?.errors) throw e;
    throw new InvalidRequest(
      body.errors.map((f) => {
        for (const [key, offset] of offsets) {
          const m = f.path.startsWith(`filters.${key}.`) ? /\.(\d+)$/.exec(f.path) : null;
          if (m && Number(m[1]) >= offset) return { ...f, path: `exclude.${key}.${Number(m[1]) - offset}` };
        }
        return f;
      }),
    );
  }
}
