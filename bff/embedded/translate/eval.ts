/**
 * Evaluates the translator on queries.labelled.json: precision, recall and F1 over (key, value)
 * pairs per filter group and overall, and the exact-match rate (the whole filters object equal).
 *
 * Pairs: an array filter gives one pair per value; a boolean or a range gives one pair (the value
 * serialised); `funding_detail.funding_rounds` gives one pair per sub-field.
 *
 * Run: npx tsx bff/embedded/translate/eval.ts [--verbose]
 */
import { readFileSync } from 'node:fs';
import { FiltersSchema } from '../../contract/filters';
import { translate } from './translate';

/** `class`: the class of phrasing a query was written for (the long tail: `m49-subregion`, ...). */
type Labelled = {
  query: string;
  filters: Record<string, unknown>;
  split?: 'dev' | 'holdout';
  class?: string;
};

const TODAY = new Date('2026-11-22T00:00:00Z');
const INVESTORS: Record<string, string> = { sequoia: 'inv-sequoia', accel: 'inv-accel', a16z: 'inv-a16z' };
const ctx = {
  today: TODAY,
  resolveInvestor: (name: string) => {
    const id = INVESTORS[name.toLowerCase()];
    return id ? [id] : [];
  },
};

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

const groupOf = (pair: string) => pair.split('.')[0]!;

type Counts = { tp: number; fp: number; fn: number };

const verbose = process.argv.includes('--verbose');
const all = JSON.parse(
  readFileSync(new URL('./queries.labelled.json', import.meta.url), 'utf8'),
) as Labelled[];

const pct = (x: number) => `${(100 * x).toFixed(1)}%`.padStart(7);
function line(name: string, c: Counts): string {
  const p = c.tp + c.fp === 0 ? 1 : c.tp / (c.tp + c.fp);
  const r = c.tp + c.fn === 0 ? 1 : c.tp / (c.tp + c.fn);
  const f1 = p + r === 0 ? 0 : (2 * p * r) / (p + r);
  return `${name.padEnd(20)}${pct(p)}${pct(r)}${pct(f1)}   tp=${c.tp} fp=${c.fp} fn=${c.fn}`;
}

let elapsed = 0;
function evaluate(title: string, labelled: Labelled[], quiet = false): { total: Counts; exact: number } {
  const counts = new Map<string, Counts>();
  const bump = (group: string, field: keyof Counts) => {
    const c = counts.get(group) ?? { tp: 0, fp: 0, fn: 0 };
    c[field]++;
    counts.set(group, c);
  };
  let exact = 0;
  let invalid = 0;
  for (const item of labelled) {
    const t0 = performance.now();
    const got = translate(item.query, ctx).filters as Record<string, unknown>;
    elapsed += performance.now() - t0;
    if (!FiltersSchema.safeParse(got).success) invalid++;
    const g = pairs(got);
    const e = pairs(item.filters);
    let ok = g.size === e.size;
    for (const p of g) {
      if (e.has(p)) bump(groupOf(p), 'tp');
      else {
        bump(groupOf(p), 'fp');
        ok = false;
      }
    }
    for (const p of e) if (!g.has(p)) bump(groupOf(p), 'fn');
    if (ok) exact++;
    else if (verbose && !quiet) {
      console.log(`\n${item.query}`);
      for (const p of g) if (!e.has(p)) console.log(`  + ${p}`);
      for (const p of e) if (!g.has(p)) console.log(`  - ${p}`);
    }
  }
  const total: Counts = { tp: 0, fp: 0, fn: 0 };
  for (const c of counts.values()) {
    total.tp += c.tp;
    total.fp += c.fp;
    total.fn += c.fn;
  }
  if (quiet) return { total, exact };
  console.log(`\n== ${title}: ${labelled.length} queries`);
  console.log(`${'group'.padEnd(20)}${'P'.padStart(7)}${'R'.padStart(7)}${'F1'.padStart(7)}`);
  for (const [group, c] of [...counts].sort(([a], [b]) => a.localeCompare(b))) console.log(line(group, c));
  console.log(line('overall', total));
  console.log(`exact match: ${exact}/${labelled.length} = ${pct(exact / labelled.length).trim()}`);
  console.log(`invalid outputs (FiltersSchema): ${invalid}`);
  return { total, exact };
}

// dev: queries written while building the rules (in-sample); holdout: written afterwards, before
// the translator was run on them.
evaluate(
  'dev',
  all.filter((q) => q.split !== 'holdout'),
);
evaluate(
  'holdout',
  all.filter((q) => q.split === 'holdout'),
);
evaluate('all', all);

// per class of phrasing (queries without a class: the general set)
console.log(`\n== by class (overall over all splits)`);
const classes = [...new Set(all.map((q) => q.class ?? '(general)'))];
for (const cls of classes) {
  const items = all.filter((q) => (q.class ?? '(general)') === cls);
  const { total, exact } = evaluate(cls, items, true);
  console.log(`${line(cls, total)}   exact ${exact}/${items.length}`);
}
console.log(
  `\ntime: ${(elapsed / (4 * all.length)).toFixed(2)} ms per query on average (the first call builds the lexicons)`,
);
