/**
 * `npx tsx bff/bench/news.ts`: time of news calls without a company (the ones that
 * generate articles for many companies), on a data set of COMPANIES (default 5000) companies.
 */
import { startService } from '../embedded/service';
import { benchConfig } from './config';
import { median } from './stats';

const companies = benchConfig().COMPANIES;
const service = await startService({ dataDir: ':memory:', companies, seed: 42, log: () => {} });
const call = async (qs: string) => {
  const t = performance.now();
  const res = await service.fetch(
    new Request(`http://service/api/v1/news?${qs}`, { headers: { 'x-api-key': 'dev-enterprise-key' } }),
  );
  await res.text();
  if (res.status !== 200) throw new Error(`${qs}: ${res.status}`);
  return performance.now() - t;
};
const queries = [
  'query=cloud',
  'query=funding%20round',
  'query=acquisition&unique_article=true',
  'query=bank&limit=50',
  'industry=IND-1001',
];
const first: number[] = [];
for (const q of queries) first.push(await call(q));
const repeats: number[] = [];
for (let i = 0; i < 5; i++) for (const q of queries) repeats.push(await call(`${q}&offset=${i}`));
console.log(`first calls (ms): ${first.map((t) => t.toFixed(0)).join(', ')}`);
console.log(
  `later calls: median ${median(repeats).toFixed(1)} ms, max ${Math.max(...repeats).toFixed(1)} ms`,
);
service.close();
