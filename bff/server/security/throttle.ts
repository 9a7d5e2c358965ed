/**
 * Rate limits: a token bucket per user for every call, kept in memory (the SQLite store's; on
 * PostgreSQL the buckets are rows every instance shares, ./limit-queries.ts), and the
 * sign-in attempts per user name and per client address, counted in the store.
 */
import { createHash } from 'node:crypto';
import type { BffStore } from '../store/store';

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

/**
 * Sign-in guesses: at most `max` per user name and per client address within `windowMs`, counted in
 * the store (every instance shares the counts) BEFORE the password is checked, so a burst of
 * guesses sent at once gets `max` checks, not one each. An attempt keeps its place when it fails; in
 * this process the checks of one name run one at a time. A sign-in that succeeds clears its name's
 * count and takes back its own attempt from the address's, nothing more: the address's failures
 * stay, so signing in to an account of one's own now and then does not let one address go on
 * guessing across names.
 */
export class SignInThrottle {
  /** The end of the last check queued per name key. */
  private readonly turns = new Map<string, Promise<void>>();

  constructor(
    private readonly store: Pick<BffStore, 'takeAttempts' | 'forgetAttempts'>,
    private readonly max = 5,
    private readonly windowMs = 15 * 60_000,
    private readonly now: () => number = Date.now,
  ) {}

  /**
   * Counts an attempt of `name` from `address`, then runs `check` (its value: the signed-in result,
   * undefined for a failure) in the name's turn; refused, `check` does not run.
   */
  async attempt<T>(
    name: string,
    address: string,
    check: () => Promise<T | undefined>,
  ): Promise<{ ok: true; value: T | undefined } | { ok: false; retryAfterS: number }> {
    const nameKey = attemptKey(`name:${name.toLowerCase()}`);
    const taken = await this.store.takeAttempts(
      [nameKey, attemptKey(`addr:${address}`)],
      this.max,
      this.windowMs,
      this.now(),
    );
    if (!taken.ok) return taken;
    const value = await this.inTurn(nameKey, check);
    if (value !== undefined) await this.store.forgetAttempts([nameKey], [taken.ids[1]!]);
    return { ok: true, value };
  }

  /** `fn` once the checks queued before it for `key` have ended. */
  private async inTurn<T>(key: string, fn: () => Promise<T>): Promise<T> {
    const mine = (this.turns.get(key) ?? Promise.resolve()).then(fn);
    const done = mine.then(
      () => {},
      () => {},
    );
    this.turns.set(key, done);
    try {
      return await mine;
    } finally {
      if (this.turns.get(key) === done) this.turns.delete(key);
    }
  }
}

/**
 * A throttle key as the store keeps it: hashed, so the store holds neither what people typed as a
 * name (now and then their password) nor their addresses.
 */
function attemptKey(key: string): string {
  return createHash('sha256').update(key).digest('base64url');
}
