/**
 * The delivery worker: sends due deliveries as signed POSTs (Standard Webhooks: `webhook-id`,
 * `webhook-timestamp`, `webhook-signature` = `v1,` + base64 HMAC-SHA256 of `id.timestamp.body`),
 * retries any non-2xx answer, network error or timeout with exponential backoff and jitter, and gives
 * up after `maxAttempts`, recording the failure. Delivery is at least once: a crash after a receiver
 * answered but before the answer was recorded sends the same message (same `webhook-id`) again.
 */
import { Webhook } from 'standardwebhooks';
import type { ServiceContext } from '../context';
import { type DueDelivery, dueDeliveries, recordAttempt } from './deliveries';

type SenderOptions = {
  /** Delay before the first retry; each later one doubles it (default 5000). */
  retryBaseMs: number;
  /** Attempts in all, the first included (default 6). */
  maxAttempts: number;
  /** How long a receiver has to answer (default 10000). */
  timeoutMs: number;
  /** Deliveries in flight at once. */
  concurrency?: number;
  log?: (line: string) => void;
};

/** The headers that sign `body` as message `messageId` sent at `at`. */
function signedHeaders(secret: string, messageId: string, at: Date, body: string): Record<string, string> {
  return {
    'webhook-id': messageId,
    'webhook-timestamp': String(Math.floor(at.getTime() / 1000)),
    'webhook-signature': new Webhook(secret).sign(messageId, at, body),
  };
}

/**
 * The wait before attempt `attempt + 1` after `attempt` failed ones: base x 2^(attempt-1), of which a
 * random half is taken off ("equal jitter"), so receivers that failed together are not retried in step.
 */
export function backoffMs(attempt: number, baseMs: number, random: () => number = Math.random): number {
  const full = baseMs * 2 ** Math.max(0, attempt - 1);
  return Math.round(full / 2 + (full / 2) * random());
}

export class DeliverySender {
  private readonly inFlight = new Set<number>();
  private timer: NodeJS.Timeout | null = null;
  private stopped = false;

  constructor(
    private readonly ctx: ServiceContext,
    private readonly opts: SenderOptions,
  ) {}

  start(): void {
    // Polling also picks up retries as they fall due; a status change nudges it at once (`kick`).
    this.timer = setInterval(() => this.kick(), Math.max(10, Math.min(this.opts.retryBaseMs, 1000)));
    this.timer.unref();
    this.kick();
  }

  stop(): void {
    this.stopped = true;
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
  }

  /** Starts every due delivery there is room for. */
  kick(): void {
    if (this.stopped) return;
    const room = (this.opts.concurrency ?? 8) - this.inFlight.size;
    if (room <= 0) return;
    for (const d of dueDeliveries(this.ctx.db, this.ctx.now(), room + this.inFlight.size)) {
      if (this.inFlight.size >= (this.opts.concurrency ?? 8)) break;
      if (this.inFlight.has(d.id)) continue;
      this.inFlight.add(d.id);
      void this.send(d).finally(() => this.inFlight.delete(d.id));
    }
  }

  private async send(d: DueDelivery): Promise<void> {
    const at = this.ctx.now();
    let outcome: { ok: boolean; statusCode: number | null; error: string | null };
    try {
      const res = await fetch(d.url, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'user-agent': 'company-data-service-webhooks/1',
          ...signedHeaders(d.secret, d.message_id, at, d.payload),
        },
        body: d.payload,
        redirect: 'manual',
        signal: AbortSignal.timeout(this.opts.timeoutMs),
      });
      // The answer's body is not used, but reading it frees the connection.
      await res.arrayBuffer().catch(() => undefined);
      const ok = res.status >= 200 && res.status < 300;
      outcome = { ok, statusCode: res.status, error: ok ? null : `receiver answered ${res.status}` };
    } catch (err) {
      const timedOut = err instanceof Error && (err.name === 'TimeoutError' || err.name === 'AbortError');
      const cause = err instanceof Error && err.cause instanceof Error ? `: ${err.cause.message}` : '';
      outcome = {
        ok: false,
        statusCode: null,
        error: timedOut
          ? `no answer within ${this.opts.timeoutMs} ms`
          : `${err instanceof Error ? err.message : String(err)}${cause}`,
      };
    }
    // After close() the database is gone: the attempt stays pending and is sent again on restart.
    if (this.stopped) return;
    const attempts = d.attempts + 1;
    const now = this.ctx.now();
    const retryAt =
      outcome.ok || attempts >= this.opts.maxAttempts
        ? null
        : new Date(now.getTime() + backoffMs(attempts, this.opts.retryBaseMs));
    recordAttempt(this.ctx.db, d.id, outcome, now, retryAt);
    if (!outcome.ok && !retryAt)
      this.opts.log?.(
        `Webhook ${d.message_id} to ${d.url} failed after ${attempts} attempts: ${outcome.error}`,
      );
  }
}
