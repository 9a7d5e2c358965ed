/**
 * `npm run bench` (BENCH=lookalikes for this part alone): lookalike quality and speed on the labelled
 * seed sets (bff/server/lookalikes/seeds.labelled.json, issue 16's definitions), through the BFF on
 * the bench's 25k data set (BENCH_DIR/25000), the service and the BFF in this process: of each
 * answer's top 20, the share in the seeds' industry and the share within one headcount band of their
 * median band; the time per request; the credits. Once per plan: Enterprise ranks by similarity,
 * Pay-as-you-go works from the filters alone.
 */
import path from 'node:path';
import { evaluateLookalikes, formatEval } from '../server/lookalikes/eval';
import { ensureBenchDataset } from './bff-overhead';

const PLANS = [
  ['Enterprise (ranked by similarity)', 'dev-enterprise-key'],
  ['Subscription (no funding section)', 'dev-subscription-key'],
  ['Pay-as-you-go (filters alone)', 'dev-payg-key'],
] as const;

export async function lookalikesBench(benchDir: string): Promise<void> {
  const dataDir = path.join(benchDir, '25000');
  console.log(`\n== Lookalikes on the labelled seed sets (${dataDir}; service and BFF in this process)`);
  await ensureBenchDataset(dataDir);
  for (const [name, key] of PLANS) {
    console.log(`\n${name}:`);
    console.log(formatEval(await evaluateLookalikes(dataDir, { key })));
  }
}
