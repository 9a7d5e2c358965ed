/**
 * The thread of the added-company generator (generator.ts): builds the dataset's plan once, then
 * answers each request with the generated company as plain data.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { companyForDomain } from '../dataset/generate';
import { buildPlan } from '../dataset/plan';
import type { DatasetParams, GenerateRequest, GeneratorMessage } from './generator';

const params = workerData as DatasetParams;
const port = parentPort!;
const started = performance.now();
// Requests that arrive meanwhile wait in the port's queue.
const plan = buildPlan(params.seed, params.count, params.today);
port.postMessage({ kind: 'plan', ms: performance.now() - started } satisfies GeneratorMessage);

port.on('message', (req: GenerateRequest) => {
  let reply: GeneratorMessage;
  try {
    reply = { kind: 'company', id: req.id, company: companyForDomain(plan, req.idx, req.identity) };
  } catch (err) {
    reply = {
      kind: 'error',
      id: req.id,
      error: err instanceof Error ? (err.stack ?? err.message) : String(err),
    };
  }
  port.postMessage(reply);
});
