/**
 * Evaluates the BFF's filter-builder on labelled descriptions: each description is posted to a real
 * BFF (in-process, no cache) in front of a real embedded service, and the answer's `filters` and
 * `exclude` are compared with the labels. Precision, recall, F1 and exact match are given for filters
 * and for exclude separately, per set and split, and overall; then what the answers cost.
 *
 * Two collections:
 * - `descriptions.labelled.json` (size and negation; dev: written before the rules; holdout: written
 *   after them, labelled before they were run on it), on a 300-company service;
 * - the reps' set, written in the voices reps and founders type (shorthand sizes, stage ranges,
 *   one-round conditions, investors by their short names, everyday industry names, misspelt
 *   countries, trade regions, negations of each) and labelled before any rule was written for it:
 *   `reps.tune.labelled.json` (rules were tuned on it) and `reps.blind.labelled.json` (never looked
 *   at while tuning), on a 1,000-company service (the size at which the real investor firms are in
 *   the data). An investor is labelled by its name (`@Sequoia Capital`), read here as the uuid of the
 *   investor of exactly that name.
 *
 * Pairs: an array value gives one pair per value, a boolean or a range one pair (serialised); a
 * funding-round condition one pair per sub-field.
 *
 * - the fresh set (issue 34's second round): 190 descriptions in voices the first two did not use
 *   (CRM-style lines, emails to self, ISO codes, typos of investors and industries, negated places
 *   below the country, "anything but", "w/o"), written and labelled from the catalog before the rules
 *   were looked at, split by file: `reps.fresh.tune.labelled.json` (tuned on, by class) and
 *   `reps.fresh.blind.labelled.json` (never looked at while tuning), on the 1,000-company service.
 *
 * Run: npm run eval:words [-- --verbose] [-- --only=reps|fresh|descriptions] [-- --set=tune|blind]
 */
import { readFileSync } from 'node:fs';
import { CSRF_HEADER, CSRF_HEADER_VALUE } from '../../contract/bff';
import { pathOf } from '../../contract/endpoints';
import { normalizeText } from '../../contract/text';
import { startService } from '../../embedded/service';
import { createBffApp } from '../app';
import { SqliteStore } from '../store/sqlite';
import { embeddedUpstream } from '../upstream/upstream';

type Labelled = {
  id: string;
  /** descriptions: size | negation; the reps' set: its class of phrasing. */
  set?: string;
  class?: string;
  split?: string;
  query: string;
  filters: Record<string, unknown>;
  exclude: Record<string, unknown>;
  note?: string;
};
type Answer = {
  data: { filters: Record<string, unknown>; exclude?: Record<string, unknown>; unmatched?: string[] };
  credits_consumed: number;
};
type Counts = { tp: number; fp: number; fn: number };

const verbose = process.argv.includes('--verbose');
const only = process.argv.find((a) => a.startsWith('--only='))?.slice(7);
const onlySet = process.argv.find((a) => a.startsWith('--set='))?.slice(6);
const read = (file: string) => JSON.parse(readFileSync(new URL(file, import.meta.url), 'utf8')) as Labelled[];

function canonical(v: unknown): string {
  if (v === null || typeof v !== 'object') return JSON.stringify(v);
  if (Array.isArray(v)) return `[${v.map(canonical).sort().join(',')}]`;
  const o = v as Record<string, unknown>;
  return `{${Object.keys(o)
    .sort()
    .map((k) => `${k}:${canonical(o[k])}`)
    .join(',')}}`;
}

function pairs(filters: Record<string, unknown>): Set<string> {
  const out = new Set<string>();
  for (const [key, value] of Object.entries(filters)) {
    if (Array.isArray(value)) for (const v of value) out.add(`${key}=${String(v)}`);
    else if (key === 'funding_detail.funding_rounds' && value && typeof value === 'object') {
      for (const [sub, v] of Object.entries(value)) out.add(`${key}.${sub}=${canonical(v)}`);
    } else out.add(`${key}=${canonical(value)}`);
  }
  return out;
}

/** Adds the comparison of one answer to `c`; true when the two sets are equal. */
function compare(c: Counts, got: Set<string>, expected: Set<string>): boolean {
  let same = got.size === expected.size;
  for (const p of got) {
    if (expected.has(p)) c.tp++;
    else {
      c.fp++;
      same = false;
    }
  }
  for (const p of expected) if (!got.has(p)) c.fn++;
  return same;
}

const pct = (x: number) => `${(100 * x).toFixed(1)}%`.padStart(7);
function line(name: string, c: Counts, exact: number, of: number): string {
  const p = c.tp + c.fp === 0 ? 1 : c.tp / (c.tp + c.fp);
  const r = c.tp + c.fn === 0 ? 1 : c.tp / (c.tp + c.fn);
  const f1 = p + r === 0 ? 0 : (2 * p * r) / (p + r);
  return `${name.padEnd(22)}${pct(p)}${pct(r)}${pct(f1)}   exact ${String(exact).padStart(3)}/${of}   tp=${c.tp} fp=${c.fp} fn=${c.fn}`;
}

type Totals = {
  filters: Counts;
  exclude: Counts;
  both: Counts;
  exactFilters: number;
  exactExclude: number;
  exactBoth: number;
  n: number;
  credits: number;
};
const fresh = (): Totals => ({
  filters: { tp: 0, fp: 0, fn: 0 },
  exclude: { tp: 0, fp: 0, fn: 0 },
  both: { tp: 0, fp: 0, fn: 0 },
  exactFilters: 0,
  exactExclude: 0,
  exactBoth: 0,
  n: 0,
  credits: 0,
});

/** A BFF in front of an embedded service of `companies` companies; its filter-builder, and its close. */
async function startBff(companies: number) {
  const service = await startService({ dataDir: ':memory:', companies, seed: 11, log: () => {} });
  const bff = createBffApp({
    upstream: embeddedUpstream(service),
    store: new SqliteStore(':memory:'),
    staticDir: 'does-not-exist',
    cacheTtlMs: 0,
    rateLimitPerMinute: 0,
    // Its requests are handed to `fetch` as from `origin`: a host the BFF must be told it serves.
    allowedHosts: ['bff.local'],
    log: () => {},
  });
  const origin = 'http://bff.local';
  const filterBuilder = async (query: string): Promise<Answer> => {
    const res = await bff.fetch(
      new Request(`${origin}${pathOf('list.filterBuilder')}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin, [CSRF_HEADER]: CSRF_HEADER_VALUE },
        body: JSON.stringify({ query }),
      }),
    );
    if (res.status !== 200) throw new Error(`${query}: ${res.status} ${await res.text()}`);
    return (await res.json()) as Answer;
  };
  /** The uuid of the investor named exactly `name` in the data. */
  const investor = (name: string): string => {
    const rows = service.ctx.db
      .prepare('SELECT uuid FROM companies WHERE search_name = ? ORDER BY prominence DESC LIMIT 1')
      .all(normalizeText(name)) as { uuid: string }[];
    if (!rows[0]) throw new Error(`no investor named ${name} in the data`);
    return rows[0].uuid;
  };
  const close = () => {
    bff.close();
    service.close();
  };
  return { filterBuilder, investor, close };
}

/** Labels naming investors by `@name`, with the data's uuids in their place. */
function resolveLabels(v: unknown, investor: (name: string) => string): unknown {
  if (typeof v === 'string' && v.startsWith('@')) return investor(v.slice(1));
  if (Array.isArray(v)) return v.map((x) => resolveLabels(x, investor));
  if (v && typeof v === 'object')
    return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, resolveLabels(x, investor)]));
  return v;
}

async function evaluate(
  title: string,
  companies: number,
  labelled: Labelled[],
  groupsOf: (l: Labelled) => string[],
) {
  const bff = await startBff(companies);
  const totals = new Map<string, Totals>();
  const bump = (name: string): Totals => {
    const t = totals.get(name) ?? fresh();
    totals.set(name, t);
    return t;
  };
  for (const item of labelled) {
    const answer = await bff.filterBuilder(item.query);
    const got = { filters: pairs(answer.data.filters), exclude: pairs(answer.data.exclude ?? {}) };
    const want = {
      filters: pairs(resolveLabels(item.filters, bff.investor) as Record<string, unknown>),
      exclude: pairs(resolveLabels(item.exclude, bff.investor) as Record<string, unknown>),
    };
    let okFilters = true;
    let okExclude = true;
    for (const name of groupsOf(item)) {
      const t = bump(name);
      okFilters = compare(t.filters, got.filters, want.filters);
      okExclude = compare(t.exclude, got.exclude, want.exclude);
      compare(t.both, got.filters, want.filters);
      compare(t.both, got.exclude, want.exclude);
      t.exactFilters += okFilters ? 1 : 0;
      t.exactExclude += okExclude ? 1 : 0;
      t.exactBoth += okFilters && okExclude ? 1 : 0;
      t.n++;
      t.credits += answer.credits_consumed;
    }
    if (verbose && !(okFilters && okExclude)) {
      console.log(`\n${item.id} ${item.query}`);
      for (const [what, g, w] of [
        ['filters', got.filters, want.filters],
        ['exclude', got.exclude, want.exclude],
      ] as const) {
        for (const p of g) if (!w.has(p)) console.log(`  + ${what} ${p}`);
        for (const p of w) if (!g.has(p)) console.log(`  - ${what} ${p}`);
      }
      if (answer.data.unmatched?.length) console.log(`  unmatched: ${answer.data.unmatched.join(', ')}`);
    }
  }
  bff.close();
  console.log(`\n######## ${title}`);
  for (const [name, t] of totals) {
    console.log(`\n== ${name}: ${t.n} descriptions`);
    console.log(`${''.padEnd(22)}${'P'.padStart(7)}${'R'.padStart(7)}${'F1'.padStart(7)}`);
    console.log(line('filters', t.filters, t.exactFilters, t.n));
    console.log(line('exclude', t.exclude, t.exactExclude, t.n));
    console.log(line('filters and exclude', t.both, t.exactBoth, t.n));
    console.log(`credits: ${t.credits} in all, ${(t.credits / t.n).toFixed(2)} per description`);
  }
}

if (!only || only === 'descriptions') {
  const labelled = read('./descriptions.labelled.json');
  await evaluate('descriptions.labelled.json (size and negation)', 300, labelled, (item) => [
    item.set ?? 'size',
    item.split ?? 'dev',
    'all',
  ]);
}
const sets = (['tune', 'blind'] as const).filter((s) => !onlySet || s === onlySet);
for (const [name, prefix, title] of [
  ['reps', 'reps', "the reps' set (reps.tune / reps.blind)"],
  ['fresh', 'reps.fresh', 'the fresh set (reps.fresh.tune / reps.fresh.blind)'],
] as const) {
  if (only && only !== name) continue;
  const labelled = sets.flatMap((s) =>
    read(`./${prefix}.${s}.labelled.json`).map((item) => ({ ...item, split: s })),
  );
  await evaluate(title, 1000, labelled, (item) => [`${item.split}`, `${item.split} / ${item.class}`, 'all']);
}
