/**
 * Micro-benchmark of list generation's query engine: realistic filter combinations, limit 50, paging
 * through the first ten pages, p50/p95 per combination. `npm run bench` calls `runQueryBench` at 25k
 * and 1M companies; run alone, this file seeds in-memory databases of the given sizes and prints the
 * figures: `tsx bff/embedded/query/bench-query.ts 25000 200000`.
 *
 * Investors are named in the suite as `@<company name>` and resolved to uuids from the data at bench
 * time (`resolveSuite`). BENCH_ROWS_CACHE=<dir> keeps the generated rows for the next run.
 */
import { once } from 'node:events';
import { createReadStream, createWriteStream, existsSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { pathToFileURL } from 'node:url';
import { benchConfig } from '../../bench/config';
import type { Filters } from '../../contract/filters';
import type { IndexSourceRow } from '../store/companies';
import { CompanyIndex, type SortSpec } from './index';

export type BenchCase = { name: string; filters: Filters; sort?: SortSpec };

export const BENCH_SUITE: BenchCase[] = [
  {
    name: 'Series B fintechs in DACH founded after 2015, revenue 10m-50m',
    filters: {
      'funding_detail.funding_overview.funding_stage': ['series_b'],
      // Service taxonomy: Fintech, Payments, Buy Now Pay Later, Embedded Finance, Personal Finance
      // Apps, Cross-Border Payments.
      'industry.industry': ['IND-2031', 'IND-2032', 'IND-2039', 'IND-2041', 'IND-2043', 'IND-2044'],
      'location.hq.country': ['DEU', 'AUT', 'CHE'],
      'firmographic.founded_year': { gte: 2016 },
      'financial_estimate.revenue_estimate': ['10m_25m', '25m_50m'],
    },
  },
  {
    name: 'US B2B SaaS with an API, by total funding',
    filters: {
      'location.hq.country': ['USA'],
      'business_model.gtm_type': ['b2b'],
      'business_model.offering_type': ['software'],
      'business_model.revenue_model': ['subscription_recurring'],
      'technology.api_detail.has_api': true,
    },
    sort: { by: 'total_funding', order: 'desc' },
  },
  {
    name: 'PE-controlled manufacturers in Europe, by revenue',
    filters: {
      'firmographic.ownership_category': ['private_equity_controlled'],
      'business_model.offering_type': ['hardware_manufacturing'],
      'location.hq.region': ['150'],
    },
    sort: { by: 'revenue_estimate', order: 'desc' },
  },
  {
    name: 'AI-native companies backed by Sequoia',
    filters: {
      'technology.ai_maturity.scale': [4, 5],
      'funding_detail.funding_rounds': { 'investors.uuid': ['@Sequoia Capital'] },
    },
  },
  {
    name: 'Rounds led by Accel since 2020, by valuation',
    filters: {
      'funding_detail.funding_rounds': {
        date: { gte: '2020-01-01' },
        'investors.uuid': ['@Accel'],
        'investors.lead_investor': true,
      },
    },
    sort: { by: 'valuation_estimate', order: 'desc' },
  },
  {
    name: 'Partner named "Salesforce"',
    filters: { 'strategic_signal.partnership.name': ['Salesforce'] },
  },
  {
    name: 'Offices in London, by employees',
    filters: { 'location.offices.city': ['London'] },
    sort: { by: 'employee_range', order: 'desc' },
  },
  {
    name: 'NAICS 5112 (software publishers) prefix',
    filters: { 'industry.naics': ['5112'] },
  },
  {
    name: 'A single round: Series A >= $10m since 2021 with a lead',
    filters: {
      'funding_detail.funding_rounds': {
        round: ['series_a'],
        date: { gte: '2021-01-01' },
        amount_usd: { gte: 10_000_000 },
        'investors.lead_investor': true,
      },
    },
  },
  {
    name: 'Public companies by revenue',
    filters: { 'firmographic.company_type': ['public'] },
    sort: { by: 'revenue_estimate', order: 'desc' },
  },
  {
    name: 'Private companies, oldest first',
    filters: { 'firmographic.company_type': ['private'] },
    sort: { by: 'founded_year', order: 'asc' },
  },
  {
    name: 'No filters (relevance)',
    filters: {},
  },
  {
    name: 'Founded since 2020, oldest first (matches at the end of the order)',
    filters: { 'firmographic.founded_year': { gte: 2020 } },
    sort: { by: 'founded_year', order: 'asc' },
  },
  {
    name: 'Global B2C companies with an app, by valuation',
    filters: {
      'location.market_served.is_global': true,
      'business_model.gtm_type': ['b2c'],
      'technology.app_detail.has_app': true,
    },
    sort: { by: 'valuation_estimate', order: 'desc' },
  },
  {
    name: 'Recently funded with $5m+ raised, by total funding',
    filters: {
      'funding_detail.funding_overview.last_funding_date': { gte: '2023-01-01' },
      'funding_detail.funding_overview.total_funding_usd': { gte: 5_000_000 },
    },
    sort: { by: 'total_funding', order: 'desc' },
  },
  {
    name: 'Bootstrapped software in Northern Europe, 2010-2020, revenue 1m-10m',
    filters: {
      'firmographic.ownership_category': ['founder_individual_operated_bootstrapped'],
      'business_model.offering_type': ['software'],
      'location.hq.region': ['154'],
      'firmographic.founded_year': { gte: 2010, lte: 2020 },
      'financial_estimate.revenue_estimate': ['1m_5m', '5m_10m'],
    },
  },
  {
    name: 'PLG companies selling into Germany or France with network effects',
    filters: {
      'business_model.gtm_motion': ['product_led_growth'],
      'location.market_served.markets': ['DEU', 'FRA'],
      'company_assessment.competitive_moat': ['network_effects'],
    },
    sort: { by: 'employee_range', order: 'desc' },
  },
  {
    name: 'New York HQ, valued over $1b',
    filters: {
      'location.hq.city': ['New York'],
      'financial_estimate.valuation_estimate': ['1b_5b', '5b_10b', '10b_25b', 'over_25b'],
    },
    sort: { by: 'valuation_estimate', order: 'desc' },
  },
  {
    name: 'Named customer "Bank", Americas, several rounds',
    filters: {
      'customer_profile.select_customer.name': ['Bank'],
      'location.hq.region': ['019'],
      'funding_detail.funding_overview.num_funding_rounds': { gte: 2 },
    },
  },
  {
    name: 'Any round of $1m+ since 2010 (broad single-round condition)',
    filters: {
      'funding_detail.funding_rounds': { amount_usd: { gte: 1_000_000 }, date: { gte: '2010-01-01' } },
    },
    sort: { by: 'total_funding', order: 'asc' },
  },
  {
    name: 'NAICS 54 (professional services) two-digit prefix, by revenue',
    filters: { 'industry.naics': ['54'] },
    sort: { by: 'revenue_estimate', order: 'desc' },
  },
  {
    name: 'Named customer "Group" (a very common word), B2B',
    filters: { 'customer_profile.select_customer.name': ['Group'], 'business_model.gtm_type': ['b2b'] },
    sort: { by: 'employee_range', order: 'asc' },
  },
  {
    name: 'Broad ranges: founded 1990+, any funding, by valuation ascending',
    filters: {
      'firmographic.founded_year': { gte: 1990 },
      'funding_detail.funding_overview.total_funding_usd': { gte: 1 },
    },
    sort: { by: 'valuation_estimate', order: 'asc' },
  },
];

/** Replaces `@<company name>` investor references with the uuids found by `resolveName`. */
export function resolveSuite(
  suite: readonly BenchCase[],
  resolveName: (name: string) => string | undefined,
): {
  suite: BenchCase[];
  unresolved: string[];
} {
  const unresolved: string[] = [];
  const resolve = (value: unknown): unknown => {
    if (typeof value === 'string' && value.startsWith('@')) {
      const uuid = resolveName(value.slice(1));
      if (uuid === undefined) unresolved.push(value.slice(1));
      return uuid ?? value;
    }
    if (Array.isArray(value)) return value.map(resolve);
    if (value && typeof value === 'object') {
      return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, resolve(v)]));
    }
    return value;
  };
  return { suite: suite.map((c) => ({ ...c, filters: resolve(c.filters) as Filters })), unresolved };
}

type BenchResult = {
  name: string;
  /** total_count of the first page (min(matches, 500)). */
  total: number;
  p50: number;
  p95: number;
  max: number;
  runs: number;
};

type BenchOptions = {
  /** Timed runs per combination (default 100). */
  runs?: number;
  /** Untimed runs first (default 10). */
  warmup?: number;
  /** Page size (default 50); run i reads page i mod 10. */
  limit?: number;
};

export function percentile(sorted: readonly number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil(p * sorted.length) - 1)] ?? Number.NaN;
}

/** Runs each combination through `index.search` and reports latencies in milliseconds. */
export function runQueryBench(
  index: CompanyIndex,
  suite: readonly BenchCase[] = BENCH_SUITE,
  options: BenchOptions = {},
): BenchResult[] {
  const runs = options.runs ?? 100;
  const warmup = options.warmup ?? 10;
  const limit = options.limit ?? 50;
  const results: BenchResult[] = [];
  const sortOf = (c: BenchCase): SortSpec => c.sort ?? { by: 'relevance', order: 'desc' };
  // Warm the whole suite first, as a running service is: otherwise the first combination measures
  // the compiler.
  for (let i = 0; i < warmup; i++) {
    for (const c of suite) index.search(c.filters, sortOf(c), { offset: (i % 10) * limit, limit });
  }
  for (const c of suite) {
    const sort = sortOf(c);
    const times: number[] = [];
    let total = 0;
    for (let i = 0; i < runs; i++) {
      const page = { offset: (i % 10) * limit, limit };
      const started = performance.now();
      const r = index.search(c.filters, sort, page);
      const elapsed = performance.now() - started;
      if (i === 0) total = r.total;
      times.push(elapsed);
    }
    times.sort((a, b) => a - b);
    results.push({
      name: c.name,
      total,
      p50: percentile(times, 0.5),
      p95: percentile(times, 0.95),
      max: times[times.length - 1] ?? Number.NaN,
      runs,
    });
  }
  return results;
}

export function formatBenchResults(results: readonly BenchResult[]): string {
  const width = Math.max(...results.map((r) => r.name.length));
  const lines = results.map(
    (r) =>
      `${r.name.padEnd(width)}  total ${String(r.total).padStart(3)}  p50 ${r.p50.toFixed(3).padStart(7)} ms  p95 ${r.p95
        .toFixed(3)
        .padStart(7)} ms  max ${r.max.toFixed(3).padStart(7)} ms`,
  );
  const p95s = results.map((r) => r.p95).sort((a, b) => a - b);
  lines.push(`worst p95 ${p95s[p95s.length - 1]?.toFixed(3)} ms over ${results.length} combinations`);
  return lines.join('\n');
}

// ---------------------------------------------------------------------------------------------
// Run alone: generate companies in memory (no database), build, measure.

function memoryMb(): number {
  (globalThis as { gc?: () => void }).gc?.();
  const m = process.memoryUsage();
  return (m.heapUsed + m.arrayBuffers) / 1e6;
}

/** Investor names the suite refers to (`@<name>`). */
function namesIn(suite: readonly BenchCase[]): Set<string> {
  const names = new Set<string>();
  const visit = (v: unknown): void => {
    if (typeof v === 'string' && v.startsWith('@')) names.add(v.slice(1));
    else if (Array.isArray(v)) v.forEach(visit);
    else if (v && typeof v === 'object') Object.values(v).forEach(visit);
  };
  for (const c of suite) visit(c.filters);
  return names;
}

/** `cacheDir`: keep the generated rows there (NDJSON) and reuse them on the next run. */
async function main(sizes: readonly number[], runs: number, cacheDir: string | undefined): Promise<void> {
  const { generateCompanies } = await import('../dataset/generate');
  const { indexSourceRow } = await import('../store/companies');
  const wanted = namesIn(BENCH_SUITE);
  for (const count of sizes) {
    const baseline = memoryMb();
    const generating = performance.now();
    let rows: IndexSourceRow[] = [];
    let uuidsByName = new Map<string, string>();
    const cache = cacheDir ? path.join(cacheDir, `index-rows-42-${count}.ndjson`) : undefined;
    if (cache && existsSync(cache)) {
      const lines = createInterface({ input: createReadStream(cache), crlfDelay: Number.POSITIVE_INFINITY });
      let first = true;
      for await (const line of lines) {
        if (first) uuidsByName = new Map(JSON.parse(line) as [string, string][]);
        else rows.push(JSON.parse(line) as IndexSourceRow);
        first = false;
      }
    } else {
      for (const c of generateCompanies({ seed: 42, count })) {
        rows.push(indexSourceRow(rows.length, c));
        if (wanted.has(c.name) && !uuidsByName.has(c.name)) uuidsByName.set(c.name, c.uuid);
      }
      if (cache) {
        mkdirSync(cacheDir!, { recursive: true });
        const out = createWriteStream(cache);
        out.write(`${JSON.stringify([...uuidsByName])}\n`);
        for (const row of rows) if (!out.write(`${JSON.stringify(row)}\n`)) await once(out, 'drain');
        await new Promise((resolve) => out.end(resolve));
      }
    }
    const generated = performance.now() - generating;
    const withRows = memoryMb();
    const started = performance.now();
    const index = CompanyIndex.build(rows);
    const built = performance.now() - started;
    rows = [];
    const indexMb = memoryMb() - baseline;
    console.log(
      `\n== ${count.toLocaleString('en')} companies: generated in ${(generated / 1000).toFixed(1)} s ` +
        `(rows ${(withRows - baseline).toFixed(0)} MB); index built in ${built.toFixed(0)} ms, ` +
        `${indexMb.toFixed(0)} MB (heap + array buffers)`,
    );
    console.log(JSON.stringify(index.stats()));
    const { suite, unresolved } = resolveSuite(BENCH_SUITE, (name) => uuidsByName.get(name));
    if (unresolved.length > 0) console.log(`(unresolved investor names: ${unresolved.join(', ')})`);
    console.log(formatBenchResults(runQueryBench(index, suite, { runs })));
    console.log(addBench(index));
  }
}

/** Appends copies of existing companies under new uuids and reports how long `add` takes. */
function addBench(index: CompanyIndex, count = 20): string {
  const times: number[] = [];
  for (let i = 0; i < count; i++) {
    const idx = index.size;
    const row: IndexSourceRow = {
      idx,
      uuid: `bench-added-${i}`,
      prominence: 0.5,
      revenue_usd: 1_000_000 * (i + 1),
      valuation_usd: null,
      employee_count: 10 + i,
      total_funding_usd: 0,
      founded_year: 2024,
      facets: JSON.stringify({
        values: {
          'firmographic.company_type': ['private'],
          'location.hq.country': ['DEU'],
          'location.hq.region': ['155', '150'],
          'location.hq.city': [`Added City ${i}`],
          'firmographic.founded_year': [2024],
          'funding_detail.funding_overview.total_funding_usd': [0],
        },
        rounds: [{ round: 'seed', date: '2024-06-01', amount_usd: 500_000, investors: [] }],
      }),
    };
    const started = performance.now();
    index.add(row);
    times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  return `add: p50 ${percentile(times, 0.5).toFixed(2)} ms, max ${times[times.length - 1]!.toFixed(2)} ms (${count} companies)`;
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const sizes = process.argv
    .slice(2)
    .map(Number)
    .filter((n) => n > 0);
  const cfg = benchConfig();
  await main(sizes.length > 0 ? sizes : [25_000], cfg.BENCH_RUNS, cfg.BENCH_ROWS_CACHE);
}
