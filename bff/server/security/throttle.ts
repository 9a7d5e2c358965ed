/**
 * Rate limits kept in memory: a token bucket per user for every call (the SQLite store's; on
 * PostgreSQL the buckets are rows every instance shares, bff/server/store/postgres.ts), and a
 * failure counter per user name and per client address for sign-in.
 */

export type Decision = { ok: true } | { ok: false; retryAfterS: number };

/** `perMinute` requests per minute per key, with bursts up to the same number. */
export class TokenBuckets {
  private readonly buckets = new Map<string, { tokens: number; at: number }>();
  private readonly ratePerMs: number;

  constructor(
    private readonly perMinute: number,
    private readonly now: () => number = Date.now,
  ) {
    this.ratePerMs = perMinute / 60_000;
  }

  take(key: string, t: number = this.now()): Decision {
    let b = this.buckets.get(key);
    if (!b) {
      b = { tokens: this.perMinute, at: t };
      this.buckets.set(key, b);
      if (this.buckets.size > 10_000) this.prune(t);
    }
    b.tokens = Math.min(this.perMinute, b.tokens + (t - b.at) * this.ratePerMs);
    b.at = t;
    if (b.tokens >= 1) {
      b.tokens -= 1;
      return { ok: true };
    }
    return { ok: false, retryAfterS: Math.max(1, Math.ceil((1 - b.tokens) / this.ratePerMs / 1000)) };
  }

  private prune(t: number): void {
    for (const [k, b] of this.buckets)
      if (b.tokens + (t - b.at) * this.ratePerMs >= this.perMinute) this.buckets.delete(k);
  }
}

/** At most `maxFailures` failed sign-ins per key within `windowMs`; then refused until the window passes. */
export class FailureThrottle {
  private readonly failures = new Map<string, number[]>();

  constructor(
    private readonly maxFailures = 5,
    private readonly windowMs = 15 * 60_000,
    private readonly now: () => number = Date.now,
  ) {}

  check(keys: readonly string[]): Decision {
    const t = this.now();
    let wait = 0;
    for (const key of keys) {
      const recent = this.recent(key, t);
      if (recent.length >= this.maxFailures) wait = Math.max(wait, (recent[0] ?? t) + this.windowMs - t);
    }
    return wait > 0 ? { ok: false, retryAfterS: Math.max(1, Math.ceil(wait / 1000)) } : { ok: true };
  }

  fail(keys: readonly string[]): void {
    const t = this.now();
    for (const key of keys) this.failures.set(key, [...this.recent(key, t), t]);
  }

  succeed(keys: readonly string[]): void {
    for (const key of keys) this.failures.delete(key);
  }

  private recent(key: string, t: number): number[] {
    return (this.failures.get(key) ?? []).filter((at) => at > t - this.windowMs);
  }
}
