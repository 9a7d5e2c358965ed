/**
 * The generator of added companies, in a worker thread of its own. The dataset's plan (whose
 * pre-pass takes about a second per 25,000 companies) is built there once, and every added company
 * is generated there too, so the service's thread keeps answering meanwhile. The plan holds
 * functions and cannot cross threads; what crosses is plain data: the request (position and
 * identity) one way, the `CompanyRecord` the other. Storing it stays with the service's thread
 * (ingest.ts), in the transaction that completes the request.
 *
 * The thread starts on first use (`warm`, called when a request is claimed, so the plan is built
 * during the ingestion delay), idles on a message port between requests (no CPU) and never holds
 * the process open; `close` ends it. If it dies, the requests it held fail and the next use starts
 * a new one.
 */
import type { Worker } from 'node:worker_threads';
import type { AddedIdentity } from '../dataset/generate';
import type { CompanyRecord } from '../store/companies';
import { siblingModule, startModuleWorker } from '../worker-thread';

/** The stored dataset the plan is built for (its `dataset.*` meta). */
export type DatasetParams = { seed: number; count: number; today: string };

export type GenerateRequest = { id: number; idx: number; identity: AddedIdentity };
export type GeneratorMessage =
  | { kind: 'plan'; ms: number }
  | { kind: 'company'; id: number; company: CompanyRecord }
  | { kind: 'error'; id: number; error: string };

export interface CompanyGenerator {
  /** Starts the thread and its plan build if not yet done; returns at once. */
  warm(): void;
  /** The company an addition creates at store position `idx` (dataset/generate.ts `companyForDomain`). */
  generate(idx: number, identity: AddedIdentity): Promise<CompanyRecord>;
  close(): Promise<void>;
}

type Waiter = { resolve: (c: CompanyRecord) => void; reject: (e: Error) => void };

export class ThreadCompanyGenerator implements CompanyGenerator {
  private worker: Worker | null = null;
  private nextId = 1;
  private readonly waiting = new Map<number, Waiter>();

  constructor(
    /** Read when the thread starts (the dataset's meta is only known once the database is open). */
    private readonly params: () => DatasetParams,
    private readonly log: (line: string) => void = () => {},
  ) {}

  warm(): void {
    this.thread();
  }

  generate(idx: number, identity: AddedIdentity): Promise<CompanyRecord> {
    const worker = this.thread();
    const id = this.nextId++;
    return new Promise<CompanyRecord>((resolve, reject) => {
      this.waiting.set(id, { resolve, reject });
      worker.postMessage({ id, idx, identity } satisfies GenerateRequest);
    });
  }

  async close(): Promise<void> {
    const worker = this.worker;
    this.worker = null;
    this.failAll(new Error('the company generator was closed'));
    if (worker) await worker.terminate();
  }

  private thread(): Worker {
    if (this.worker) return this.worker;
    const params = this.params();
    const worker = startModuleWorker(siblingModule(import.meta.url, 'generator-worker'), {
      workerData: params,
    });
    // An idle generator must not keep a finished process alive; close() ends it otherwise.
    worker.unref();
    worker.on('message', (m: GeneratorMessage) => {
      if (m.kind === 'plan') {
        this.log(
          `Plan of the ${params.count.toLocaleString('en')}-company data set built in ${Math.round(m.ms)} ms (generator thread).`,
        );
        return;
      }
      const waiter = this.waiting.get(m.id);
      this.waiting.delete(m.id);
      if (m.kind === 'company') waiter?.resolve(m.company);
      else waiter?.reject(new Error(m.error));
    });
    const lost = (err: Error) => {
      if (this.worker !== worker) return;
      this.worker = null;
      this.failAll(err);
    };
    worker.on('error', (err) => lost(err));
    worker.on('exit', (code) => lost(new Error(`the company generator thread exited (code ${code})`)));
    this.worker = worker;
    return worker;
  }

  private failAll(err: Error): void {
    for (const w of this.waiting.values()) w.reject(err);
    this.waiting.clear();
  }
}
