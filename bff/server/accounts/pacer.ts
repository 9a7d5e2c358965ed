/**
 * Paces the BFF's own background calls to the upstream's rate limit: one call every
 * 60,000 / `perMinute` ms across every import of this BFF process (they share the key), and a
 * pause when the upstream answers 429. `perMinute` null: not paced (the embedded service has no
 * rate limit).
 */
export class Pacer {
  private next = 0;
  private readonly timers = new Set<{ timer: NodeJS.Timeout; resolve: () => void }>();
  private closed = false;

  constructor(
    readonly perMinute: number | null,
    private readonly now: () => number = Date.now,
  ) {}

  /** Seconds between two calls; 0 when not paced. */
  get interval(): number {
    return this.perMinute ? 60 / this.perMinute : 0;
  }

  /** Waits for the next call's turn (at once when not paced and not paused). */
  async take(): Promise<void> {
    const t = this.now();
    const at = Math.max(t, this.next);
    this.next = at + this.interval * 1000;
    if (at > t) await this.sleep(at - t);
  }

  /** No call before `ms` from now (the upstream said 429 with Retry-After). */
  pause(ms: number): void {
    this.next = Math.max(this.next, this.now() + ms);
  }

  /** A wait that `close` ends early. */
  sleep(ms: number): Promise<void> {
    if (this.closed) return Promise.resolve();
    return new Promise((resolve) => {
      const entry = {
        timer: setTimeout(() => {
          this.timers.delete(entry);
          resolve();
        }, ms),
        resolve,
      };
      this.timers.add(entry);
    });
  }

  close(): void {
    this.closed = true;
    for (const e of this.timers) {
      clearTimeout(e.timer);
      e.resolve();
    }
    this.timers.clear();
  }
}

/** Requests a minute the upstream allows a key of each plan (docs/real-service.md); Enterprise is custom. */
export const UPSTREAM_RATE_LIMITS = { payg: 100, subscription: 200, enterprise: null } as const;

/**
 * The default pace of background matching: 90% of the plan's limit, so the user's own browsing keeps
 * room beside a running import; a remote Enterprise key 600 a minute (its limit is custom: set
 * ACCOUNTS_MATCH_PER_MINUTE); the embedded service is not paced.
 */
export function defaultPace(plan: 'payg' | 'subscription' | 'enterprise', embedded: boolean): number | null {
  if (embedded) return null;
  const limit = UPSTREAM_RATE_LIMITS[plan];
  return limit === null ? 600 : Math.floor(limit * 0.9);
}
