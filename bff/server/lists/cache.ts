/**
 * The list resolver's memory (docs/decisions/0011-company-size-and-exclusions.md): probe readings
 * and member lists per user and per list, kept a few minutes so paging a list, or running it again,
 * does not pay the probes twice. Bounded: the least recently used entry goes first.
 */

export type TtlCacheOptions = { ttlMs: number; maxEntries: number; now?: () => number };

export class TtlCache<V> {
  private readonly entries = new Map<string, { value: V; expires: number }>();
  private readonly now: () => number;

  constructor(private readonly opts: TtlCacheOptions) {
    this.now = opts.now ?? Date.now;
  }

  get size(): number {
    return this.entries.size;
  }

  get(key: string): V | undefined {
    const e = this.entries.get(key);
    if (!e) return undefined;
    if (e.expires <= this.now()) {
      this.entries.delete(key);
      return undefined;
    }
    // Re-inserting marks it as the most recently used; its life still counts from when it was made.
    this.entries.delete(key);
    this.entries.set(key, e);
    return e.value;
  }

  set(key: string, value: V): void {
    if (this.opts.ttlMs <= 0 || this.opts.maxEntries <= 0) return;
    this.entries.delete(key);
    this.entries.set(key, { value, expires: this.now() + this.opts.ttlMs });
    while (this.entries.size > this.opts.maxEntries) {
      const oldest = this.entries.keys().next();
      if (oldest.done) break;
      this.entries.delete(oldest.value);
    }
  }

  /** Drops every entry whose key passes `test` (a list that changed under its readings). */
  deleteWhere(test: (key: string) => boolean): void {
    for (const key of [...this.entries.keys()]) if (test(key)) this.entries.delete(key);
  }

  clear(): void {
    this.entries.clear();
  }
}

/** JSON with object keys sorted at every level: equal filters give equal text, whatever their order. */
export { canonicalJson as stableJson } from '../cache/cache';
