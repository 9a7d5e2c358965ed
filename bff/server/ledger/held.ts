/**
 * What calls in flight hold, in this process's memory: the holds of a store one process owns
 * (SQLite), kept beside the settled spend the store writes, as the rate-limit buckets are
 * (docs/decisions/0029-holds-in-memory-on-sqlite.md). ./money-queries.ts checks and adds a hold, and
 * ends it with its ledger line, each in one synchronous step, so nothing comes between the check and
 * the hold. On PostgreSQL holds are rows every instance shares (0019).
 */
import type { Hold } from '../store/store';

type Held = { id: string; amount: number; expiresMs: number; keys: readonly string[] };

/** How often holds past their expiry are dropped (they are left out of every sum meanwhile). */
const PRUNE_MS = 60_000;

export class HeldInMemory {
  private readonly byId = new Map<string, Held>();
  /** The holds counted against each spend row (spend.ts's `spendKeyId`): a user's day, the team's month. */
  private readonly byKey = new Map<string, Set<Held>>();
  private lastPrune = 0;

  /** What the live holds of `key` hold at `t` (ms): those whose expiry is after it. */
  heldOf(key: string, t: number): number {
    let sum = 0;
    const set = this.byKey.get(key);
    if (set) for (const h of set) if (h.expiresMs > t) sum += h.amount;
    return sum;
  }

  /** Adds `hold`, counted against each of `keys`. */
  add(hold: Hold, keys: readonly string[], t: number): void {
    this.prune(t);
    const h: Held = { id: hold.id, amount: hold.amount, expiresMs: Date.parse(hold.expiresAt), keys };
    this.byId.set(h.id, h);
    for (const key of keys) {
      let set = this.byKey.get(key);
      if (!set) {
        set = new Set();
        this.byKey.set(key, set);
      }
      set.add(h);
    }
  }

  /** Ends the holds `ids` (settled by their lines, or released); ids not held are passed over. */
  end(ids: readonly string[]): void {
    for (const id of ids) {
      const h = this.byId.get(id);
      if (!h) continue;
      this.byId.delete(id);
      for (const key of h.keys) {
        const set = this.byKey.get(key);
        set?.delete(h);
        if (set?.size === 0) this.byKey.delete(key);
      }
    }
  }

  /** How many holds are kept (live or not yet pruned). */
  get size(): number {
    return this.byId.size;
  }

  private prune(t: number): void {
    if (t - this.lastPrune < PRUNE_MS && t >= this.lastPrune) return;
    this.lastPrune = t;
    const gone: string[] = [];
    for (const h of this.byId.values()) if (h.expiresMs <= t) gone.push(h.id);
    this.end(gone);
  }
}
