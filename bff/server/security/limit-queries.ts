/**
 * Rate-limit buckets and sign-in attempts on the BFF's store, written once for both engines
 * (bff/server/store/engine.ts). Buckets: in this process's memory when one process owns the store
 * (SQLite: answered at once), else rows every instance shares, taken with one upsert. Sign-in
 * attempts: rows on both engines, so a restart does not reset a lockout.
 */
import { type Engine, placeholders } from '../store/engine';
import type { AttemptTake, Decision } from '../store/store';
import { TokenBuckets } from './throttle';

/** Idle buckets are full again after a minute: rows older than this are pruned. */
const BUCKET_IDLE_MS = 10 * 60_000;
/** Serialises the takes of one sign-in attempt key ('lbsi'; with the key's hash as the second half). */
const ATTEMPTS_LOCK = 0x6c627369;
/** Sign-in attempts past their window are deleted at most this often. */
const PRUNE_ATTEMPTS_MS = 60_000;

/**
 * The bucket refilled to now (never backwards: instances' clocks differ a little), at most full.
 * The inserted row carries the call's values: `excluded.tokens + 1` is the bucket's size (tokens a
 * minute), `excluded.at_ms` now.
 */
const ELAPSED =
  'CASE WHEN excluded.at_ms > rate_limits.at_ms THEN excluded.at_ms - rate_limits.at_ms ELSE 0 END';
const FILLED = `rate_limits.tokens + (${ELAPSED}) * (excluded.tokens + 1) / 60000.0`;
const REFILLED = `CASE WHEN ${FILLED} < excluded.tokens + 1 THEN ${FILLED} ELSE excluded.tokens + 1 END`;
const TAKE_TOKEN = `INSERT INTO rate_limits (key, tokens, at_ms, taken) VALUES (?, ?, ?, TRUE)
  ON CONFLICT (key) DO UPDATE SET
    tokens = ${REFILLED} - CASE WHEN ${REFILLED} >= 1 THEN 1 ELSE 0 END,
    taken = ${REFILLED} >= 1,
    at_ms = CASE WHEN excluded.at_ms > rate_limits.at_ms THEN excluded.at_ms ELSE rate_limits.at_ms END
  RETURNING tokens, taken`;

export class RateLimits {
  /** One process's buckets, by their size. */
  private readonly buckets = new Map<number, TokenBuckets>();
  private lastBucketPrune = 0;

  constructor(private readonly e: Engine) {}

  /** BffStore.takeToken: at once (no promise) where the buckets are in memory. */
  take(key: string, perMinute: number, nowMs: number): Decision | Promise<Decision> {
    if (!this.e.oneProcess) return this.takeShared(key, perMinute, nowMs);
    let buckets = this.buckets.get(perMinute);
    if (!buckets) {
      buckets = new TokenBuckets(perMinute);
      this.buckets.set(perMinute, buckets);
    }
    return buckets.take(key, nowMs);
  }

  private async takeShared(key: string, perMinute: number, nowMs: number): Promise<Decision> {
    const row = await this.e.sql.get<{ tokens: number; taken: boolean | number }>(TAKE_TOKEN, [
      key,
      perMinute - 1,
      nowMs,
    ]);
    if (nowMs - this.lastBucketPrune > BUCKET_IDLE_MS) {
      this.lastBucketPrune = nowMs;
      void this.e.sql
        .run('DELETE FROM rate_limits WHERE at_ms < ?', [nowMs - BUCKET_IDLE_MS])
        .catch(() => {});
    }
    if (row!.taken === true || row!.taken === 1) return { ok: true };
    const rate = perMinute / 60_000;
    return { ok: false, retryAfterS: Math.max(1, Math.ceil((1 - row!.tokens) / rate / 1000)) };
  }
}

export class SignInAttempts {
  private lastAttemptPrune = 0;

  constructor(private readonly e: Engine) {}

  /** BffStore.takeAttempts. */
  async take(keys: readonly string[], max: number, windowMs: number, nowMs: number): Promise<AttemptTake> {
    if (keys.length === 0) return { ok: true, ids: [] };
    const since = nowMs - windowMs;
    if (nowMs - this.lastAttemptPrune > PRUNE_ATTEMPTS_MS) {
      this.lastAttemptPrune = nowMs;
      void this.e.sql.run('DELETE FROM sign_in_attempts WHERE at_ms <= ?', [since]).catch(() => {});
    }
    return this.e.transaction(async (tx): Promise<AttemptTake> => {
      // One take per key at a time across instances, so the count below sees every attempt counted
      // before it. Taken in key order: two takes sharing keys never wait on each other in a cycle.
      for (const key of [...new Set(keys)].sort()) await tx.lock(ATTEMPTS_LOCK, key);
      const rows = await tx.all<{ key: string; at_ms: number }>(
        `SELECT key, at_ms FROM sign_in_attempts WHERE key IN (${placeholders(keys.length)}) AND at_ms > ?
         ORDER BY at_ms`,
        [...keys, since],
      );
      let waitMs = 0;
      for (const key of keys) {
        const times = rows.filter((r) => r.key === key).map((r) => r.at_ms);
        if (times.length >= max) waitMs = Math.max(waitMs, times[times.length - max]! + windowMs - nowMs);
      }
      if (waitMs > 0) return { ok: false, retryAfterS: Math.max(1, Math.ceil(waitMs / 1000)) };
      const inserted = await tx.all<{ id: number; key: string }>(
        `INSERT INTO sign_in_attempts (key, at_ms) VALUES ${keys.map(() => '(?, ?)').join(', ')} RETURNING id, key`,
        keys.flatMap((key) => [key, nowMs]),
      );
      return { ok: true, ids: keys.map((key) => inserted.find((r) => r.key === key)!.id) };
    });
  }

  /** BffStore.forgetAttempts. */
  async forget(keys: readonly string[], ids: readonly number[]): Promise<void> {
    const where = [
      ...(keys.length > 0 ? [`key IN (${placeholders(keys.length)})`] : []),
      ...(ids.length > 0 ? [`id IN (${placeholders(ids.length)})`] : []),
    ];
    if (where.length > 0)
      await this.e.sql.run(`DELETE FROM sign_in_attempts WHERE ${where.join(' OR ')}`, [...keys, ...ids]);
  }
}
