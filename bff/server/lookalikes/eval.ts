/**
 * Measures lookalikes on the labelled seed sets (`seeds.labelled.json`, issue 16's definitions):
 * each set is posted to a real BFF in front of the embedded service on the bench's 25,000 companies
 * (in one process; the response cache is off, so every request pays and times its own calls; the
 * sets lead to different lists, so no set reads another's probe readings), and the top 20 of each answer is read against the truth in
 * the service's database:
 *
 * - industry: the share of the 20 whose primary (first-listed) industry is the set's industry;
 * - size: the share of the 20 within one headcount band of the seeds' median band.
 *
 * A missing row, a duplicate or a returned seed counts as a miss. Also the time of each request
 * through the BFF and what it cost. Used by `npm run bench` (BENCH=lookalikes); alone:
 * `npx tsx bff/server/lookalikes/eval.ts [data dir] [--verbose]`.
 */
import { readFileSync } from 'node:fs';
import { CSRF_HEADER, CSRF_HEADER_VALUE } from '../../contract/bff';
import { pathOf } from '../../contract/endpoints';
import { HEADCOUNT_RANGES } from '../../contract/enums';
import type { LookalikeResponse } from '../../contract/lookalikes';
import { startService } from '../../embedded/service';
import { loadCompanies } from '../../embedded/store/companies';
import { findKey, setCredits } from '../../embedded/store/keys';
import { createBffApp } from '../app';
import { SqliteStore } from '../store/sqlite';
import { embeddedUpstream } from '../upstream/upstream';
import type { LabelledSet } from './make-labelled';

export const TOP = 20;
export const TARGETS = { industry: 0.85, size: 0.75, p95Ms: 1000 } as const;

export type SetResult = {
  id: string;
  size: number;
  outlier: boolean;
  industry: number;
  band: number;
  rows: number;
  ms: number;
  credits: number;
  level: string;
};

export type EvalResult = {
  sets: SetResult[];
  industry: number;
  size: number;
  p50Ms: number;
  p95Ms: number;
  maxMs: number;
  meanCredits: number;
  maxCredits: number;
};

const percentile = (sorted: readonly number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))] ?? 0;

export function loadLabelled(): LabelledSet[] {
  return JSON.parse(readFileSync(new URL('./seeds.labelled.json', import.meta.url), 'utf8')) as LabelledSet[];
}

/** Runs every labelled set once through a BFF on the embedded service in `dataDir`. */
export async function evaluateLookalikes(
  dataDir: string,
  opts: { key?: string; limit?: number; onSet?: (r: SetResult, answer: LookalikeResponse) => void } = {},
): Promise<EvalResult> {
  const key = opts.key ?? 'dev-enterprise-key';
  const service = await startService({ dataDir, log: () => {} });
  const apiKey = findKey(service.ctx.db, key);
  if (apiKey) setCredits(service.ctx.db, apiKey.id, 1e12);
  const idxs = (service.ctx.db.prepare('SELECT idx FROM companies').all() as { idx: number }[]).map(
    (r) => r.idx,
  );
  const truth = new Map<string, { industry?: string; band: number }>();
  for (const c of loadCompanies(service.ctx.db, idxs, ['industry', 'firmographic'])) {
    truth.set(c.uuid, {
      ...(c.sections.industry?.industry[0] ? { industry: c.sections.industry.industry[0].code } : {}),
      band: (HEADCOUNT_RANGES as readonly string[]).indexOf(c.sections.firmographic?.headcount_range ?? ''),
    });
  }
  const bff = createBffApp({
    upstream: embeddedUpstream(service, key),
    store: new SqliteStore(':memory:'),
    staticDir: 'does-not-exist',
    cacheTtlMs: 0,
    rateLimitPerMinute: 0,
    // Its requests are handed to `fetch` as from `origin`: a host the BFF must be told it serves.
    allowedHosts: ['bff.local'],
    log: () => {},
  });
  const origin = 'http://bff.local';
  const sets: SetResult[] = [];
  try {
    // One request first, not measured: module and statement caches warm up.
    const labelled = loadLabelled();
    const post = (seeds: string[]) =>
      bff.fetch(
        new Request(`${origin}${pathOf('bff.lookalikes')}`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', origin, [CSRF_HEADER]: CSRF_HEADER_VALUE },
          body: JSON.stringify({ seeds, ...(opts.limit ? { limit: opts.limit } : {}) }),
        }),
      );
    await (await post(labelled[0]!.seeds)).text();
    for (const set of labelled) {
      const started = performance.now();
      const res = await post(set.seeds);
      const text = await res.text();
      const ms = performance.now() - started;
      if (res.status !== 200) throw new Error(`${set.id}: ${res.status} ${text}`);
      const answer = JSON.parse(text) as LookalikeResponse;
      const seeds = new Set(set.seed_uuids);
      const counted = new Set<string>();
      const median = HEADCOUNT_RANGES.indexOf(set.band);
      let industry = 0;
      let band = 0;
      for (const row of answer.data.slice(0, TOP)) {
        // A returned seed or a duplicate is a miss.
        if (seeds.has(row.uuid) || counted.has(row.uuid)) continue;
        counted.add(row.uuid);
        const t = truth.get(row.uuid);
        if (!t) continue;
        if (t.industry === set.industry) industry++;
        if (t.band >= 0 && Math.abs(t.band - median) <= 1) band++;
      }
      const result: SetResult = {
        id: set.id,
        size: set.size,
        outlier: set.outlier,
        industry: industry / TOP,
        band: band / TOP,
        rows: answer.data.length,
        ms,
        credits: answer.credits_consumed,
        level: answer.warnings.find((w) => w.code === 'lookalikes_widened') ? 'widened' : 'derived',
      };
      sets.push(result);
      opts.onSet?.(result, answer);
    }
  } finally {
    bff.close();
    service.close();
  }
  const times = sets.map((s) => s.ms).sort((a, b) => a - b);
  const mean = (f: (s: SetResult) => number) => sets.reduce((sum, s) => sum + f(s), 0) / sets.length;
  return {
    sets,
    industry: mean((s) => s.industry),
    size: mean((s) => s.band),
    p50Ms: percentile(times, 0.5),
    p95Ms: percentile(times, 0.95),
    maxMs: times.at(-1) ?? 0,
    meanCredits: mean((s) => s.credits),
    maxCredits: Math.max(...sets.map((s) => s.credits)),
  };
}

const pct = (x: number) => `${(100 * x).toFixed(1)}%`;

/** The figures as `npm run bench` prints them. */
export function formatEval(r: EvalResult): string {
  const groups: [string, (s: SetResult) => boolean][] = [
    ['all', () => true],
    ...[1, 3, 5, 10].map((n): [string, (s: SetResult) => boolean] => [
      `${n} seed${n > 1 ? 's' : ''}`,
      (s) => s.size === n,
    ]),
    ['with an outlier', (s) => s.outlier],
  ];
  const lines = [
    `${'seed sets'.padEnd(18)}${'sets'.padStart(5)}${'industry'.padStart(10)}${'size'.padStart(8)}${'p50 ms'.padStart(9)}${'credits'.padStart(9)}`,
  ];
  for (const [name, test] of groups) {
    const g = r.sets.filter(test);
    if (g.length === 0) continue;
    const mean = (f: (s: SetResult) => number) => g.reduce((sum, s) => sum + f(s), 0) / g.length;
    const times = g.map((s) => s.ms).sort((a, b) => a - b);
    lines.push(
      `${name.padEnd(18)}${String(g.length).padStart(5)}${pct(mean((s) => s.industry)).padStart(10)}${pct(mean((s) => s.band)).padStart(8)}${percentile(times, 0.5).toFixed(0).padStart(9)}${mean(
        (s) => s.credits,
      )
        .toFixed(1)
        .padStart(9)}`,
    );
  }
  lines.push(
    `targets: industry >= ${pct(TARGETS.industry)} (${r.industry >= TARGETS.industry ? 'met' : 'MISSED'}), size >= ${pct(TARGETS.size)} (${r.size >= TARGETS.size ? 'met' : 'MISSED'}), p95 <= ${TARGETS.p95Ms} ms (${r.p95Ms <= TARGETS.p95Ms ? 'met' : 'MISSED'})`,
    `time per request through the BFF: p50 ${r.p50Ms.toFixed(0)} ms, p95 ${r.p95Ms.toFixed(0)} ms, max ${r.maxMs.toFixed(0)} ms; credits per request: mean ${r.meanCredits.toFixed(1)}, max ${r.maxCredits.toFixed(1)}`,
  );
  return lines.join('\n');
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const dir = process.argv.slice(2).find((a) => !a.startsWith('--')) ?? 'data/bench/25000';
  const verbose = process.argv.includes('--verbose');
  const result = await evaluateLookalikes(dir, {
    onSet: (s, answer) => {
      if (!verbose) return;
      console.log(
        `${s.id.padEnd(14)} industry ${pct(s.industry).padStart(6)} size ${pct(s.band).padStart(6)} rows ${s.rows} ${s.ms.toFixed(0)} ms ${s.credits} cr ${s.level} ${JSON.stringify(answer.filters)}`,
      );
    },
  });
  console.log(formatEval(result));
}
