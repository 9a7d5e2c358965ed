/**
 * The addition worker of the service process. It claims pending requests (pending -> in_progress,
 * one conditional UPDATE each, so a request is claimed once), lets the ingestion delay pass (the
 * real service resolves and crawls the company meanwhile; here it is configurable, so the demo looks
 * real and tests run fast) and ingests (ingest.ts).
 *
 * Restart: a request found `in_progress` at start was claimed by a process that died. It is resumed
 * where it stands (its delay counted from its claim), never moved back: ingestion runs in one
 * transaction and is idempotent by domain, so a company is created once whether or not the dead
 * process got as far as committing.
 *
 * The company is generated in a thread of its own (generator.ts), so this thread keeps serving while
 * it is made. Ingestions run one at a time, so each finds the store position it was generated for
 * still free (ingest.ts checks it anyway).
 */
import type { ServiceContext } from '../context';
import { recordStatusChange } from '../webhooks/deliveries';
import { type CompanyGenerator, ThreadCompanyGenerator } from './generator';
import { datasetParams, type IngestResult, ingestRequest } from './ingest';
import { type AdditionRow, moveRequest, requestsIn } from './queue';

type AdditionWorkerOptions = {
  /** How long a request stays in progress before it is ingested. */
  delayMs: number;
  /** Requests in progress at once (their delays overlap; ingestions run one after another). */
  concurrency?: number;
  /** After every status change (its webhook deliveries are already queued). */
  onStatusChange?: (row: AdditionRow) => void;
  log?: (line: string) => void;
  /** Where added companies are generated; by default a thread of its own, ended by `stop`. */
  generator?: CompanyGenerator;
};

const DEFAULT_ADDITION_CONCURRENCY = 4;

export class AdditionWorker {
  /** Requests holding a slot: waiting out their delay (a timer) or queued for ingestion (null). */
  private readonly waiting = new Map<string, NodeJS.Timeout | null>();
  private poller: NodeJS.Timeout | null = null;
  private stopped = false;
  private ingesting: Promise<void> = Promise.resolve();
  private readonly generator: CompanyGenerator;

  constructor(
    private readonly ctx: ServiceContext,
    private readonly opts: AdditionWorkerOptions,
  ) {
    this.generator = opts.generator ?? new ThreadCompanyGenerator(() => datasetParams(ctx.db), opts.log);
  }

  start(): void {
    for (const row of requestsIn(this.ctx.db, 'in_progress', 1_000_000)) this.schedule(row);
    this.poller = setInterval(() => this.kick(), 1000);
    this.poller.unref();
    this.kick();
  }

  stop(): void {
    this.stopped = true;
    if (this.poller) clearInterval(this.poller);
    for (const t of this.waiting.values()) if (t) clearTimeout(t);
    this.waiting.clear();
    // An ingestion waiting for its company stores nothing once stopped (the database is closing).
    void this.generator.close();
  }

  /** Claims as many pending requests as there is room for. */
  kick(): void {
    if (this.stopped) return;
    const room = (this.opts.concurrency ?? DEFAULT_ADDITION_CONCURRENCY) - this.waiting.size;
    if (room <= 0) return;
    const { db } = this.ctx;
    for (const pending of requestsIn(db, 'pending', room)) {
      const claimed = db.transaction(() => {
        const row = moveRequest(db, pending.id, 'pending', 'in_progress', this.ctx.now());
        if (row) recordStatusChange(db, row, this.ctx.now());
        return row;
      })();
      if (!claimed) continue;
      this.opts.onStatusChange?.(claimed);
      this.schedule(claimed);
    }
  }

  private schedule(row: AdditionRow): void {
    const claimedAt = Date.parse(row.claimed_at ?? row.updated_at);
    const wait = Math.max(0, claimedAt + this.opts.delayMs - this.ctx.now().getTime());
    const timer = setTimeout(() => this.finish(row.id), wait);
    this.waiting.set(row.id, timer);
    // The plan is built during the delay, off this thread.
    this.generator.warm();
  }

  private finish(id: string): void {
    this.waiting.set(id, null);
    // ingest() handles its faults; this only keeps one that escapes from stopping the queue.
    this.ingesting = this.ingesting
      .then(() => this.ingest(id))
      .catch((err: unknown) => this.opts.log?.(`Addition request ${id}: ${String(err)}`));
  }

  private async ingest(id: string): Promise<void> {
    if (this.stopped) return;
    let result: IngestResult | undefined;
    try {
      result = await ingestRequest(
        this.ctx.db,
        id,
        (need) => this.generator.generate(need.idx, need.identity),
        () => this.ctx.now(),
        () => !this.stopped,
      );
    } catch (err) {
      if (this.stopped) return;
      // A fault of the generator or the store must not leave the request in progress for ever.
      this.opts.log?.(`Addition request ${id} could not be ingested: ${String(err)}`);
      result = this.failOnFault(id);
    }
    this.waiting.delete(id);
    if (this.stopped) return;
    if (result?.added) {
      try {
        this.ctx.index.add(result.added);
      } catch (err) {
        // The company is stored; the next start's index build picks it up.
        this.opts.log?.(
          `Company ${result.row.company_uuid} is stored but not yet searchable: ${String(err)}`,
        );
      }
    }
    if (result) this.opts.onStatusChange?.(result.row);
    this.kick();
  }

  private failOnFault(id: string): IngestResult | undefined {
    const { db } = this.ctx;
    return db.transaction(() => {
      const row = moveRequest(db, id, 'in_progress', 'failed', this.ctx.now(), {
        reason: 'The service failed while adding this company; submit it again.',
      });
      if (!row) return undefined;
      recordStatusChange(db, row, this.ctx.now());
      return { row, added: null };
    })();
  }
}
