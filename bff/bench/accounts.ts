/**
 * `npm run bench` (BENCH=accounts for this part alone): an account import of 10,000 rows through the
 * BFF on the bench's 25k data set (BENCH_DIR/25000), the service and the BFF in this process, the
 * matching not paced (the embedded service has no rate limit). The rows are drawn from the data set
 * with a fixed seed, in the spellings CRM exports have: websites with scheme, `www.`, paths, upper
 * case and subdomains; sister domains; names exact, with legal suffixes, lower case, misspelt or cut
 * to their first word; domains alone; and junk (empty rows, "n/a", unknown domains, gibberish).
 *
 * Figures: the time from upload to completed, rows a second, searches per row, the match rate per
 * kind of row, how many matches name the company the row was drawn from (precision), the confidences,
 * and what the same import would take paced to a real key's rate limit.
 */
import path from 'node:path';
import type { ImportStatus, RowsResponse } from '../contract/accounts';
import { pathOf } from '../contract/endpoints';
import { startService } from '../embedded/service';
import { embeddedUpstream } from '../server/upstream/upstream';
import { csvOf, type DatasetCompany, datasetCompanies } from '../testing/accounts';
import { startBff } from '../testing/bff-server';
import { prng } from '../testing/compact-companies';
import { ensureBenchDataset } from './bff-overhead';
import { benchConfig } from './config';

const ROWS = benchConfig().BENCH_ACCOUNT_ROWS;

type Kind =
  | 'website, with name'
  | 'website variant, no name'
  | 'subdomain'
  | 'sister domain + name'
  | 'exact name'
  | 'name + legal suffix'
  | 'name, lower case'
  | 'name misspelt'
  | 'first word of name'
  | 'junk';

/** Each kind's share of the rows. */
const MIX: ReadonlyArray<[Kind, number]> = [
  ['website, with name', 0.25],
  ['website variant, no name', 0.12],
  ['subdomain', 0.05],
  ['sister domain + name', 0.05],
  ['exact name', 0.15],
  ['name + legal suffix', 0.08],
  ['name, lower case', 0.07],
  ['name misspelt', 0.08],
  ['first word of name', 0.05],
  ['junk', 0.1],
];

type Drawn = { kind: Kind; name: string; website: string; uuid: string | null };

function draw(companies: readonly DatasetCompany[], n: number): Drawn[] {
  const rnd = prng(15);
  const pick = <T>(xs: readonly T[]) => xs[Math.floor(rnd() * xs.length)]!;
  const rows: Drawn[] = [];
  for (const [kind, share] of MIX) {
    const count = Math.round(n * share);
    for (let i = 0; i < count; i++) {
      const c = pick(companies);
      const d = c.domain;
      switch (kind) {
        case 'website, with name':
          rows.push({
            kind,
            name: c.name,
            website: pick([c.website, d, `https://${d}/`, `www.${d}`]),
            uuid: c.uuid,
          });
          break;
        case 'website variant, no name':
          rows.push({
            kind,
            name: '',
            website: pick([
              d.toUpperCase(),
              `http://www.${d}/about-us`,
              `https://${d}/pricing?ref=crm`,
              `${d}:443`,
            ]),
            uuid: c.uuid,
          });
          break;
        case 'subdomain':
          rows.push({
            kind,
            name: pick(['', c.name]),
            website: `https://${pick(['app', 'blog', 'shop', 'eu'])}.${d}/`,
            uuid: c.uuid,
          });
          break;
        case 'sister domain + name': {
          const label = d.slice(0, d.indexOf('.'));
          const tld = pick(['net', 'org', 'de', 'io', 'co']);
          rows.push({
            kind,
            name: c.name,
            website: `${label}.${d.endsWith(`.${tld}`) ? 'biz' : tld}`,
            uuid: c.uuid,
          });
          break;
        }
        case 'exact name':
          rows.push({ kind, name: c.name, website: '', uuid: c.uuid });
          break;
        case 'name + legal suffix':
          rows.push({
            kind,
            name: `${c.name} ${pick(['Inc.', 'Ltd', 'GmbH', 'LLC', 'S.A.', 'Corp.'])}`,
            website: '',
            uuid: c.uuid,
          });
          break;
        case 'name, lower case':
          rows.push({ kind, name: c.name.toLowerCase(), website: '', uuid: c.uuid });
          break;
        case 'name misspelt': {
          // One letter of the last word dropped or doubled.
          const at = c.name.lastIndexOf(' ') + 2 + Math.floor(rnd() * 3);
          const name =
            at < c.name.length - 1
              ? rnd() < 0.5
                ? c.name.slice(0, at) + c.name.slice(at + 1)
                : c.name.slice(0, at) + c.name[at] + c.name.slice(at)
              : `${c.name}s`;
          rows.push({ kind, name, website: '', uuid: c.uuid });
          break;
        }
        case 'first word of name':
          rows.push({ kind, name: c.name.split(' ')[0]!, website: '', uuid: c.uuid });
          break;
        case 'junk':
          rows.push({
            kind,
            name: pick(['', 'n/a', 'asdf qwerty', 'TBD', '-', `Zq${Math.floor(rnd() * 1e6)}x Holdings`]),
            website: pick(['', 'n/a', 'none', `xq-${Math.floor(rnd() * 1e6)}-nowhere.com`, 'http://']),
            uuid: null,
          });
          break;
      }
    }
  }
  // Interleaved, as a real export would have them.
  for (let i = rows.length - 1; i > 0; i--) {
    const j = Math.floor(rnd() * (i + 1));
    [rows[i], rows[j]] = [rows[j]!, rows[i]!];
  }
  return rows.slice(0, n);
}

const pct = (a: number, b: number) => (b === 0 ? '-' : `${((100 * a) / b).toFixed(1)}%`);

export async function accountsBench(benchDir: string): Promise<void> {
  const dataDir = path.join(benchDir, '25000');
  console.log(
    `\n== Account import of ${ROWS.toLocaleString('en')} rows (${dataDir}; service and BFF in this process)`,
  );
  await ensureBenchDataset(dataDir);
  const service = await startService({ dataDir, log: () => {} });
  const bff = await startBff({
    upstream: embeddedUpstream(service, 'dev-enterprise-key'),
    accounts: { perMinute: null },
  });
  try {
    const companies = datasetCompanies(service);
    const drawn = draw(companies, ROWS);
    const csv = csvOf([['Account Name', 'Website'], ...drawn.map((r) => [r.name, r.website])]);

    const started = performance.now();
    const res = await bff.call(pathOf('bff.accounts.import'), {
      method: 'POST',
      headers: { 'content-type': 'text/csv' },
      body: csv,
    });
    if (res.status !== 202) throw new Error(`import answered ${res.status}: ${await res.text()}`);
    const accepted = (await res.json()) as { id: string; rows: number; eta_seconds: number };
    const uploadMs = performance.now() - started;
    let status: ImportStatus;
    for (;;) {
      status = (await (
        await bff.call(pathOf('bff.accounts.importStatus', { id: accepted.id }))
      ).json()) as ImportStatus;
      if (status.status !== 'queued' && status.status !== 'matching') break;
      await new Promise((r) => setTimeout(r, 200));
    }
    const seconds = (performance.now() - started) / 1000;

    const rows: RowsResponse['data'] = [];
    for (let after = 0; ; ) {
      const page = (await (
        await bff.call(`${pathOf('bff.accounts.rows', { id: accepted.id })}?limit=1000&after=${after}`)
      ).json()) as RowsResponse;
      rows.push(...page.data);
      if (page.next_after === null) break;
      after = page.next_after;
    }

    console.log(
      `upload and store: ${(uploadMs / 1000).toFixed(2)} s; matching done ${seconds.toFixed(1)} s after the upload started (${status.status}); ${Math.round(ROWS / seconds)} rows/s; ${status.requests} searches (${(status.requests / Math.max(1, status.processed - status.invalid)).toFixed(2)} per readable row)`,
    );
    console.log(
      `matched ${status.matched} (${pct(status.matched, ROWS)}), ambiguous ${status.ambiguous} (${pct(status.ambiguous, ROWS)}), unmatched ${status.unmatched} (${pct(status.unmatched, ROWS)}), invalid ${status.invalid} (${pct(status.invalid, ROWS)})`,
    );
    const real = ROWS - drawn.filter((d) => d.uuid === null).length;
    const matched = rows.filter((r) => (r.confidence ?? 0) >= 2);
    const right = matched.filter((r) => r.uuid === drawn[r.line - 2]!.uuid);
    console.log(
      `rows drawn from a real company: ${real}; matched to it: ${right.length} (recall ${pct(right.length, real)}); precision of the matches ${pct(right.length, matched.length)}`,
    );
    const byConfidence = new Map<number, { n: number; right: number }>();
    for (const r of rows) {
      const k = r.confidence ?? -1;
      const e = byConfidence.get(k) ?? { n: 0, right: 0 };
      e.n++;
      if (r.uuid !== null && r.uuid === drawn[r.line - 2]!.uuid) e.right++;
      byConfidence.set(k, e);
    }
    console.log(
      `by confidence: ${[...byConfidence.entries()]
        .sort((a, b) => b[0] - a[0])
        .map(([k, e]) => `${k}: ${e.n}${k >= 2 ? ` (${pct(e.right, e.n)} right)` : ''}`)
        .join(', ')}`,
    );
    console.log('kind of row                   rows  matched  right   ambiguous  unmatched  invalid');
    for (const [kind] of MIX) {
      const of = rows.filter((r) => drawn[r.line - 2]!.kind === kind);
      const m = of.filter((r) => (r.confidence ?? 0) >= 2);
      const ok = m.filter((r) => r.uuid === drawn[r.line - 2]!.uuid);
      console.log(
        `${kind.padEnd(28)} ${String(of.length).padStart(5)}  ${pct(m.length, of.length).padStart(7)}  ${pct(ok.length, of.length).padStart(6)}  ${pct(
          of.filter((r) => r.reason === 'several candidates').length,
          of.length,
        ).padStart(9)}  ${pct(of.filter((r) => r.reason === 'none').length, of.length).padStart(9)}  ${pct(
          of.filter((r) => r.reason?.startsWith('invalid row')).length,
          of.length,
        ).padStart(7)}`,
      );
    }
    for (const [plan, perMinute] of [
      ['Pay-as-you-go (90/min)', 90],
      ['Subscription (180/min)', 180],
    ] as const) {
      const h = (status.requests / perMinute / 60).toFixed(1);
      console.log(`the same import paced for ${plan}: ${status.requests} searches = ${h} h`);
    }
  } finally {
    await bff.close();
    service.close();
  }
}
