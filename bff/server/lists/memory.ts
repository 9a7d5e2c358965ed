/**
 * What the list resolver remembers (docs/decisions/0011-company-size-and-exclusions.md): per user
 * and per list, its probe readings and its member lists, a few minutes. A call asked afresh reads
 * only what the calls sharing its run's set wrote (`Calls.remembered`).
 */
import type { Filters } from '../../contract/filters';
import type { BffUser } from '../context';
import type { Gathered } from './band-slices';
import { stableJson, TtlCache } from './cache';
import type { Calls, ListRow } from './calls';

/** What the resolver remembers of one list: its size and its probe readings, `order:position` -> band. */
export type Readings = { total?: number; readings: Map<string, number> };
/** A list's companies read without sections, in its order. */
export type Members = { rows: ListRow[] };

/** What one key holds: probe readings, members, or the companies of bands gathered by slices. */
export type Remembered = Readings | Members | Gathered;

export const DEFAULT_LIST_CACHE_TTL_MS = 5 * 60_000;

export type ListMemoryOptions = { ttlMs?: number; maxEntries?: number; now?: () => number };

export class ListMemory {
  private readonly cache: TtlCache<Remembered>;

  constructor(opts: ListMemoryOptions = {}) {
    this.cache = new TtlCache({
      ttlMs: opts.ttlMs ?? DEFAULT_LIST_CACHE_TTL_MS,
      maxEntries: opts.maxEntries ?? 256,
      ...(opts.now ? { now: opts.now } : {}),
    });
  }

  key(user: BffUser, kind: string, filters: Filters, extra = ''): string {
    return `${user.id}\u0000${kind}\u0000${stableJson(filters)}\u0000${extra}`;
  }

  /** What the memory holds for a key, unless asked afresh and not written by the same calls. */
  recall(calls: Calls, key: string): Remembered | undefined {
    if (calls.remembered && !calls.remembered.has(key)) return undefined;
    return this.cache.get(key);
  }

  remember(calls: Calls, key: string, value: Remembered): void {
    calls.remembered?.add(key);
    this.cache.set(key, value);
  }

  /** The probe readings of a list, kept from the first reading on. */
  readingsOf(calls: Calls, user: BffUser, filters: Filters): Readings {
    const key = this.key(user, 'readings', filters);
    let r = this.recall(calls, key) as Readings | undefined;
    if (!r) {
      r = { readings: new Map() };
      this.remember(calls, key, r);
    }
    return r;
  }

  /** Forgets everything read of a user's lists (one of them changed under the readings). */
  forget(user: BffUser): void {
    this.cache.deleteWhere((k) => k.startsWith(`${user.id}\u0000`));
  }
}
