/**
 * `npm run bench` (BENCH=lists for this part alone): what company size costs through the BFF.
 *
 * On the bench's 25k data set (BENCH_DIR/25000, shared with the rest of the bench), the embedded
 * service and the BFF in this process, two banded lists chosen from the data: one of about 60
 * companies and one of about 500 (the most the service serves). For each: a first page (limit 50,
 * firmographic section) with the probes that find the slice, then the next page, whose probes come
 * from the resolver's cache. Per page: probes, credits (what the answer says, which is what the
 * ledger recorded), time in ms; and the estimate shown before the run.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { CSRF_HEADER, CSRF_HEADER_VALUE } from '../contract/bff';
import { pathOf } from '../contract/endpoints';
import { HEADCOUNT_RANGES, type HeadcountRange } from '../contract/enums';
import { estimateListCost } from '../contract/list-cost';
import { LIST_TOTAL_CAP } from '../contract/list-params';
import { startService } from '../embedded/service';
import { findKey, setCredits } from '../embedded/store/keys';
import { createBffApp } from '../server/app';
import { embeddedUpstream } from '../server/upstream/upstream';
import { ensureBenchDataset } from './bff-overhead';

const KEY = 'dev-enterprise-key';

type Row = { uuid: string; country: string; employees: number | null; band: string | null };
type Candidate = { countries: string[]; bands: HeadcountRange[]; size: number; listSize: number };

/** Runs of adjacent bands of one or two countries whose slice is whole within the 500 served. */
function candidates(rows: readonly Row[]): Candidate[] {
  const byCountry = new Map<string, Row[]>();
  for (const r of rows) byCountry.set(r.country, [...(byCountry.get(r.country) ?? []), r]);
  const top = [...byCountry.entries()].sort((a, b) => b[1].length - a[1].length).slice(0, 12);
  const sets: string[][] = [
    ...top.map(([c]) => [c]),
    ...top.flatMap(([a], i) => top.slice(i + 1).map(([b]) => [a, b])),
  ];
  const out: Candidate[] = [];
  for (const countries of sets) {
    const list = countries.flatMap((c) => byCountry.get(c) ?? []);
    const asc = [...list].sort(
      (a, b) => (a.employees ?? Infinity) - (b.employees ?? Infinity) || (a.uuid < b.uuid ? -1 : 1),
    );
    const desc = [...list].sort((a, b) => {
      if (a.employees === null || b.employees === null) return a.employees === null ? 1 : -1;
      return b.employees - a.employees || (a.uuid < b.uuid ? -1 : 1);
    });
    for (let lo = 0; lo < HEADCOUNT_RANGES.length; lo++) {
      for (let hi = lo; hi < Math.min(lo + 2, HEADCOUNT_RANGES.length); hi++) {
        const bands = HEADCOUNT_RANGES.slice(lo, hi + 1);
        const inRun = (r: Row) => r.band !== null && (bands as readonly string[]).includes(r.band);
        const reach = (order: Row[]) => {
          const end = order.findLastIndex(inRun) + 1;
          return list.length < LIST_TOTAL_CAP || end < LIST_TOTAL_CAP;
        };
        const size = list.filter(inRun).length;
        if (size > 0 && (reach(asc) || reach(desc)))
          out.push({ countries, bands: [...bands], size, listSize: list.length });
      }
    }
  }
  return out;
}

export async function listsBench(benchDir: string): Promise<void> {
  const dataDir = path.join(benchDir, '25000');
  console.log(`\n== Company size through the BFF (${dataDir}; service and BFF in this process)`);
  await ensureBenchDataset(dataDir);
  const service = await startService({ dataDir });
  const key = findKey(service.ctx.db, KEY);
  if (key) setCredits(service.ctx.db, key.id, 1e12);
  const ledgerDir = mkdtempSync(path.join(tmpdir(), 'bff-lists-bench-'));
  const bff = createBffApp({
    upstream: embeddedUpstream(service, KEY),
    dataDir: ledgerDir,
    staticDir: 'does-not-exist',
    rateLimitPerMinute: 0,
    // Its requests are handed to `fetch` as http://bff/...: a host the BFF must be told it serves.
    allowedHosts: ['bff'],
    log: () => {},
  });
  try {
    const rows = service.ctx.db
      .prepare(
        `SELECT uuid, json_extract(s_location, '$.hq.country.code') AS country, employee_count AS employees,
                json_extract(s_firmographic, '$.headcount_range') AS band FROM companies`,
      )
      .all() as Row[];
    const all = candidates(rows);
    // The closest to 60, and the largest the service can serve, each from as long a list as possible.
    const pick = (fits: (c: Candidate) => boolean, score: (c: Candidate) => number) =>
      all.filter(fits).sort((a, b) => score(a) - score(b) || b.listSize - a.listSize)[0];
    const cases = [
      pick(
        (c) => c.size >= 50 && c.size <= 70,
        (c) => Math.abs(c.size - 60),
      ),
      pick(
        (c) => c.size <= LIST_TOTAL_CAP,
        (c) => LIST_TOTAL_CAP - c.size,
      ),
    ].filter((c): c is Candidate => c !== undefined);

    const ledger = bff.deps.store.sql;
    const lastId = async () =>
      ((await ledger.get('SELECT COALESCE(MAX(id), 0) AS id FROM ledger')) as { id: number }).id;
    const flush = () => bff.fetch(new Request(`http://bff${pathOf('bff.usage')}`));
    for (const c of cases) {
      const filters = { 'location.hq.country': c.countries, 'firmographic.headcount_range': c.bands };
      const body = {
        filters,
        sort_by: 'employee_range',
        sort_order: 'desc',
        limit: 50,
        sections: ['firmographic'],
      };
      const estimate = estimateListCost(body as Parameters<typeof estimateListCost>[0], 'enterprise');
      console.log(
        `\n${c.countries.join('+')} ${c.bands.join(',')}: ${c.size} companies of a list of ${c.listSize} (estimate before the run: up to ${estimate.credits} credits)`,
      );
      for (const [label, offset] of [
        ['first page (probes)', 0],
        ['next page (cached)', 50],
      ] as const) {
        await flush();
        const before = await lastId();
        const started = performance.now();
        const res = await bff.fetch(
          new Request(`http://bff${pathOf('list.generate')}`, {
            method: 'POST',
            headers: {
              'content-type': 'application/json',
              origin: 'http://bff',
              [CSRF_HEADER]: CSRF_HEADER_VALUE,
            },
            body: JSON.stringify({ ...body, offset }),
          }),
        );
        const answer = (await res.json()) as { total_count: number; count: number; credits_consumed: number };
        const ms = performance.now() - started;
        if (res.status !== 200) throw new Error(`${res.status} ${JSON.stringify(answer)}`);
        await flush();
        const calls = (await ledger.all('SELECT credits_consumed FROM ledger WHERE id > ?', [before])) as {
          credits_consumed: number;
        }[];
        const ledgerCredits = Math.round(calls.reduce((s, r) => s + r.credits_consumed, 0) * 10000) / 10000;
        // Every call but the page's read is a probe (one slice: one read per page).
        console.log(
          `  ${label.padEnd(20)} total_count ${answer.total_count}, ${answer.count} returned: ${calls.length - 1} probes, ${answer.credits_consumed} credits (ledger ${ledgerCredits}), ${ms.toFixed(1)} ms`,
        );
      }
    }
  } finally {
    bff.close();
    service.close();
    rmSync(ledgerDir, { recursive: true, force: true });
  }
}
