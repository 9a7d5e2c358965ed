/**
 * Background matching of imports. Each row is matched through the free company search (`deps.port`,
 * so the proxy's validation, cache and ledger apply: 0 credits), paced to the upstream's rate limit,
 * and recorded in the store in one transaction with its list membership, so a BFF that stops
 * mid-import resumes with the rows still pending and never records a row twice. A 429 pauses every
 * import (Retry-After); other upstream failures are retried with backoff, then the import fails with
 * its rows kept (its pending rows resume when it is started again).
 */
import { randomUUID } from 'node:crypto';
import { MATCHED_CONFIDENCE } from '../../contract/accounts';
import type { BffUser } from '../context';
import type { ServicePort } from '../lists/port';
import { ServiceRefusal } from '../proxy/problem';
import { matchRow, type Search, type SearchParams, type SearchRecord } from './match';
import type { Pacer } from './pacer';
import type { AccountStore, ImportRecord } from './records';

/** The upstream refused in a way retrying does not mend (401, 403): the import fails. */
class Fatal extends Error {}

export type RunnerOptions = {
  store: AccountStore;
  /** The typed port to the service (`deps.port`). */
  port: ServicePort;
  pacer: Pacer;
  /** Rows matched at once per import (default 4). */
  concurrency?: number;
  /** Attempts of one search before the import fails (default 6). */
  attempts?: number;
  /** First retry delay in ms, doubled each time (default 500). */
  retryBaseMs?: number;
  /** Told after each row (and each state change). */
  onProgress: (importId: string, ownerId: string, final: boolean) => void;
  log: (line: string) => void;
  now: () => Date;
  /**
   * How long an instance's lease on an import it matches lasts (ms, default 30 s): renewed every
   * third of it while matching; another instance takes an import over once its lease has ended, and
   * looks for such imports as often.
   */
  leaseMs?: number;
};

/** An import being matched: whether it was cancelled, its end, and the row writes in flight. */
type Running = { cancelled: boolean; done: Promise<void>; writes: Set<Promise<unknown>> };

export class ImportRunner {
  private readonly running = new Map<string, Running>();
  private closed = false;
  /** This instance, as the holder of imports' leases (several BFF instances share one store). */
  private readonly instance = randomUUID();
  private readonly leaseMs: number;
  private sweep: ReturnType<typeof setInterval> | undefined;
  /** Seconds per request, a moving average over every import (for the estimate when not paced). */
  private secondsPerRequest = 0.01;

  constructor(private readonly opts: RunnerOptions) {
    this.leaseMs = opts.leaseMs ?? 30_000;
  }

  /** Seconds one request takes on average at the pace in force (for estimates). */
  get requestSeconds(): number {
    const c = this.opts.concurrency ?? 4;
    return Math.max(this.opts.pacer.interval, this.secondsPerRequest / c);
  }

  isRunning(id: string): boolean {
    return this.running.has(id);
  }

  /** Starts (or resumes) an import's matching unless it is running already. */
  start(record: ImportRecord): void {
    if (this.closed || this.running.has(record.id)) return;
    const state: Running = { cancelled: false, done: Promise.resolve(), writes: new Set() };
    this.running.set(record.id, state);
    state.done = this.run(record, state)
      .catch((e: unknown) => {
        this.opts.log(
          `[accounts] import ${record.id} stopped: ${e instanceof Error ? e.message : String(e)}`,
        );
      })
      .finally(() => {
        this.running.delete(record.id);
      });
  }

  /**
   * Resumes every import left queued or matching that no other instance holds (a previous process's,
   * or one whose instance stopped), now and then every lease period.
   */
  async resumeAll(): Promise<number> {
    if (!this.sweep && !this.closed) {
      this.sweep = setInterval(() => {
        this.resumeUnfinished().catch((e: unknown) =>
          this.opts.log(`[accounts] could not resume imports: ${String(e)}`),
        );
      }, this.leaseMs);
      this.sweep.unref?.();
    }
    return this.resumeUnfinished();
  }

  private async resumeUnfinished(): Promise<number> {
    const unfinished = await this.opts.store.unfinishedImports();
    for (const r of unfinished) this.start(r);
    return unfinished.length;
  }

  /** Takes or renews this instance's lease on an import: false when it is not this instance's to match. */
  private lease(id: string): Promise<boolean> {
    const at = this.opts.now();
    const until = new Date(at.getTime() + this.leaseMs);
    return this.opts.store.leaseImport(id, this.instance, at.toISOString(), until.toISOString());
  }

  /**
   * Stops an import's matching: no row of it is recorded from now on (a search in flight or a wait
   * for the pace ends unrecorded); answers once the row writes already under way are done, so the
   * caller's status is the last word.
   */
  async cancel(id: string): Promise<void> {
    const r = this.running.get(id);
    if (!r) return;
    r.cancelled = true;
    await Promise.allSettled([...r.writes]);
  }

  /** Stops every import where it is (a restart resumes them) and waits for rows in flight. */
  async close(): Promise<void> {
    this.closed = true;
    if (this.sweep) clearInterval(this.sweep);
    for (const r of this.running.values()) r.cancelled = true;
    this.opts.pacer.close();
    await Promise.all([...this.running.values()].map((r) => r.done));
  }

  private async run(record: ImportRecord, state: Running): Promise<void> {
    const { store, now } = this.opts;
    const user: BffUser = {
      id: record.owner.id,
      name: record.owner.name,
      role: record.owner.role === 'admin' ? 'admin' : 'member',
    };
    // One instance at a time: the lease, renewed while matching; lost (cancelled, or taken over
    // after this instance stalled past it), the import stops here.
    if (!(await this.lease(record.id))) return;
    const renewal = setInterval(() => {
      this.lease(record.id)
        .then((held) => {
          if (!held) state.cancelled = true;
        })
        .catch(() => undefined);
    }, this.leaseMs / 3);
    renewal.unref?.();
    try {
      if (!(await store.settleImport(record.id, 'matching', now().toISOString()))) return;
      this.opts.onProgress(record.id, user.id, false);
      await this.match(record, state, user);
    } finally {
      clearInterval(renewal);
      // Stopped or done: the lease goes back, so another instance may resume the import at once.
      await store.releaseImport(record.id, this.instance).catch(() => undefined);
    }
  }

  private async match(record: ImportRecord, state: Running, user: BffUser): Promise<void> {
    const { store, now } = this.opts;
    const search = this.search(user, state);
    const concurrency = Math.max(1, this.opts.concurrency ?? 4);
    let after = 0;
    try {
      for (;;) {
        if (state.cancelled) return;
        const rows = await store.pendingRows(record.id, after, 64);
        if (rows.length === 0) break;
        after = rows[rows.length - 1]!.line;
        let next = 0;
        let failure: { error: unknown } | undefined;
        const worker = async () => {
          while (!state.cancelled && !failure && next < rows.length) {
            // The embedded service answers in-process, without I/O: without a turn of the event
            // loop per row, matching would starve every request the BFF serves meanwhile.
            await new Promise<void>((resolve) => setImmediate(resolve));
            if (state.cancelled || failure || next >= rows.length) return;
            const row = rows[next++]!;
            let matched: Awaited<ReturnType<typeof matchRow>>;
            try {
              matched = await matchRow({ name: row.inName, domain: row.inDomain }, search);
            } catch (error) {
              failure ??= { error };
              return;
            }
            const { result, requests } = matched;
            if (state.cancelled || failure) return;
            const write = store.recordMatch(
              record.id,
              row.line,
              result,
              requests,
              record.accountListId,
              result.confidence >= MATCHED_CONFIDENCE && result.uuid !== null,
              now().toISOString(),
            );
            state.writes.add(write);
            try {
              await write;
            } finally {
              state.writes.delete(write);
            }
            this.opts.onProgress(record.id, user.id, false);
          }
        };
        await Promise.all(Array.from({ length: Math.min(concurrency, rows.length) }, worker));
        if (failure) throw failure.error;
      }
    } catch (e) {
      if (state.cancelled) return;
      const why = e instanceof Error ? e.message : String(e);
      if (await store.settleImport(record.id, 'failed', now().toISOString(), why))
        this.opts.onProgress(record.id, user.id, true);
      return;
    }
    if (state.cancelled) return;
    if (await store.settleImport(record.id, 'completed', now().toISOString()))
      this.opts.onProgress(record.id, user.id, true);
  }

  /** The company search as the ladder asks it: paced, through `deps.port`, retried. */
  private search(user: BffUser, state: Running): Search {
    const { pacer, port, log } = this.opts;
    const attempts = this.opts.attempts ?? 6;
    const base = this.opts.retryBaseMs ?? 500;
    return async (params: SearchParams): Promise<SearchRecord[]> => {
      for (let attempt = 1; ; attempt++) {
        if (state.cancelled) return [];
        await pacer.take();
        if (state.cancelled) return [];
        const started = performance.now();
        let res: Response | undefined;
        let data: unknown;
        try {
          ({ data } = await port(user, 'company.search', params));
        } catch (e) {
          // A refusal carries the service's answer; anything else is a fault on the way there.
          res =
            e instanceof ServiceRefusal
              ? e.response
              : new Response(null, { status: 502, statusText: e instanceof Error ? e.message : String(e) });
        }
        this.secondsPerRequest = 0.9 * this.secondsPerRequest + 0.1 * ((performance.now() - started) / 1000);
        if (!res) return readRecords(data);
        await res.body?.cancel().catch(() => undefined);
        if (res.status === 400 || res.status === 404) {
          // A name or website the service will not search for: nothing found.
          return [];
        }
        if (res.status === 401 || res.status === 403)
          throw new Fatal(`the Company Data Service refused the company search (${res.status})`);
        if (res.status === 429) {
          const retryAfter = Number(res.headers.get('retry-after'));
          const ms = Number.isFinite(retryAfter) && retryAfter > 0 ? retryAfter * 1000 : 60_000;
          log(`[accounts] the upstream's rate limit was reached; matching pauses ${Math.round(ms / 1000)} s`);
          pacer.pause(ms);
          attempt--; // a rate limit is no failure of the row: wait and ask again
          continue;
        }
        if (attempt >= attempts)
          throw new Error(`the company search kept failing (${res.status}); the rows left resume later`);
        await pacer.sleep(base * 2 ** (attempt - 1));
      }
    };
  }
}

/** The records of a company search answer, read defensively (a remote service's shape may vary). */
function readRecords(body: unknown): SearchRecord[] {
  const data = (body as { data?: unknown } | null)?.data;
  if (!Array.isArray(data)) return [];
  const out: SearchRecord[] = [];
  for (const r of data) {
    if (!r || typeof r !== 'object') continue;
    const o = r as Record<string, unknown>;
    if (typeof o.uuid !== 'string' || typeof o.name !== 'string') continue;
    out.push({
      uuid: o.uuid,
      name: o.name,
      website: typeof o.website === 'string' ? o.website : '',
      domain: typeof o.domain === 'string' ? o.domain : '',
    });
  }
  return out;
}
