/**
 * A seeding worker: rebuilds the plan from the main thread's pre-pass results, then generates and
 * serialises the rows of each chunk it is asked for (seed.ts inserts them in index order).
 */
import { parentPort, workerData } from 'node:worker_threads';
import { companyRowValues } from '../store/companies';
import { companyAt } from './generate';
import { Plan } from './plan';
import type { WorkerInit, WorkerReply, WorkerRequest } from './seed';

const init = workerData as WorkerInit;
const plan = new Plan(init.seed, init.count, init.today, init.plan);

parentPort!.on('message', (req: WorkerRequest) => {
  let reply: WorkerReply;
  try {
    const rows: unknown[][] = [];
    for (let idx = req.start; idx < req.end; idx++)
      rows.push(companyRowValues(idx, companyAt(plan, idx), 'seed', init.createdAt));
    reply = { start: req.start, rows };
  } catch (err) {
    reply = { error: err instanceof Error ? (err.stack ?? err.message) : String(err) };
  }
  parentPort!.postMessage(reply);
});
