/**
 * Evaluates the BFF's filter-builder on descriptions.labelled.json: each description is posted to a
 * real BFF (in-process, no cache) in front of a real embedded service, and the answer's `filters`
 * and `exclude` are compared with the labels. Precision, recall and exact match are given for
 * filters and for exclude separately, per set (size, negation), per split (dev: written before the
 * rules; holdout: written after them, labelled before they were run on it) and overall; then what
 * the answers cost.
 *
 * Pairs: an array value gives one pair per value, a boolean or a range one pair (serialised).
 *
 * Run: npm run eval:words [-- --verbose]
 */
import { readFileSync } from 'node:fs';
import { CSRF_HEADER, CSRF_HEADER_VALUE } from '../../contract/bff';
import { pathOf } from '../../contract/endpoints';
import { startService } from '../../embedded/service';
import { createBffApp } from '../app';
import { SqliteStore } from '../store/sqlite';
import { embeddedUpstream } from '../upstream/upstream';

/** `split`: holdout rows were written after the rules, and labelled before they were run. */
type Labelled = {
  id: string;
  set: 'size' | 'negation';
  split?: 'holdout';
  query: string;
  filters: Record<string, unknown>;
  exclude: Record<string, unknown>;
  note?: string;
};
type Answer = {
  data: {
    filters: Record<string, unknown>;
    exclude?: Record<string, unknown>;
    unmatched?: string[];
  };
  credits_consumed: number;
};
type Counts = { tp: number; fp: number; fn: number };

const verbose = process.argv.includes('--verbose');
const labelled = JSON.parse(
  readFileSync(new URL('./descriptions.labelled.json', import.meta.url), 'utf8'),
) as Labelled[];

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
    else out.add(`${key}=${canonical(value)}`);
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
  return `${name.padEnd(22)}${pct(p)}${pct(r)}   exact ${String(exact).padStart(2)}/${of}   tp=${c.tp} fp=${c.fp} fn=${c.fn}`;
}

const service = await startService({ dataDir: ':memory:', companies: 300, seed: 11, log: () => {} });
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
async function filterBuilder(query: string): Promise<Answer> {
  const res = await bff.fetch(
    new Request(`${origin}${pathOf('list.filterBuilder')}`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        origin,
        [CSRF_HEADER]: CSRF_HEADER_VALUE,
      },
      body: JSON.stringify({ query }),
    }),
  );
  if (res.status !== 200) throw new Error(`${query}: ${res.status} ${await res.text()}`);
  return (await res.json()) as Answer;
}

type Totals = {
  filters: Counts;
  exclude: Counts;
  exactFilters: number;
  exactExclude: number;
  exactBoth: number;
  n: number;
  credits: number;
};
const totals = new Map<string, Totals>();
const bump = (name: string): Totals => {
  let t = totals.get(name);
  if (!t) {
    t = {
      filters: { tp: 0, fp: 0, fn: 0 },
      exclude: { tp: 0, fp: 0, fn: 0 },
      exactFilters: 0,
      exactExclude: 0,
      exactBoth: 0,
      n: 0,
      credits: 0,
    };
    totals.set(name, t);
  }
  return t;
};

for (const name of ['size', 'negation', 'dev', 'holdout', 'all']) bump(name);
for (const item of labelled) {
  const answer = await filterBuilder(item.query);
  const got = { filters: pairs(answer.data.filters), exclude: pairs(answer.data.exclude ?? {}) };
  const want = { filters: pairs(item.filters), exclude: pairs(item.exclude) };
  let okFilters = true;
  let okExclude = true;
  for (const name of [item.set, item.split ?? 'dev', 'all']) {
    const t = bump(name);
    okFilters = compare(t.filters, got.filters, want.filters);
    okExclude = compare(t.exclude, got.exclude, want.exclude);
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

for (const [name, t] of totals) {
  console.log(`\n== ${name}: ${t.n} descriptions`);
  console.log(`${''.padEnd(22)}${'P'.padStart(7)}${'R'.padStart(7)}`);
  console.log(line('filters', t.filters, t.exactFilters, t.n));
  console.log(line('exclude', t.exclude, t.exactExclude, t.n));
  console.log(`exact match (filters and exclude): ${t.exactBoth}/${t.n} = ${pct(t.exactBoth / t.n).trim()}`);
  console.log(`credits: ${t.credits} in all, ${(t.credits / t.n).toFixed(2)} per description`);
}

bff.close();
service.close();
