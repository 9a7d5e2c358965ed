/**
 * A short-lived, bounded cache of identical reads, per user, so that going back and forth in the
 * app does not pay twice (docs/decisions/0005-bff-guard.md). Only successful answers are kept.
 */

export type CachedAnswer = { status: number; text: string; contentType: string };

type Entry = CachedAnswer & { expires: number };

export type ResponseCacheOptions = {
  ttlMs: number;
  /** Most entries kept; the least recently used goes first. */
  maxEntries: number;
  /** Most bytes of answers kept in all (counted as UTF-16 string length x 2). */
  maxBytes: number;
  now?: () => number;
};

export class ResponseCache {
  private readonly entries = new Map<string, Entry>();
  private bytes = 0;
  private readonly now: () => number;

  constructor(private readonly opts: ResponseCacheOptions) {
    this.now = opts.now ?? Date.now;
  }

  get size(): number {
    return this.entries.size;
  }

  get(key: string): CachedAnswer | undefined {
    const e = this.entries.get(key);
    if (!e) return undefined;
    if (e.expires <= this.now()) {
      this.delete(key);
      return undefined;
    }
    // Map keeps insertion order: re-inserting marks the entry as the most recently used.
    this.entries.delete(key);
    this.entries.set(key, e);
    return { status: e.status, text: e.text, contentType: e.contentType };
  }

  set(key: string, answer: CachedAnswer): void {
    const size = answer.text.length * 2;
    if (size > this.opts.maxBytes / 4) return; // one huge answer must not flush everything else
    this.delete(key);
    this.entries.set(key, { ...answer, expires: this.now() + this.opts.ttlMs });
    this.bytes += size;
    while (this.entries.size > this.opts.maxEntries || this.bytes > this.opts.maxBytes) {
      const oldest = this.entries.keys().next();
      if (oldest.done) break;
      this.delete(oldest.value);
    }
  }

  clear(): void {
    this.entries.clear();
    this.bytes = 0;
  }

  private delete(key: string): void {
    const e = this.entries.get(key);
    if (!e) return;
    this.bytes -= e.text.length * 2;
    this.entries.delete(key);
  }
}

/** JSON with object keys sorted at every level, so equal requests give equal text. */
export function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const keys = Object.keys(value).sort();
    return `{${keys
      .filter((k) => (value as Record<string, unknown>)[k] !== undefined)
      .map((k) => `${JSON.stringify(k)}:${canonicalJson((value as Record<string, unknown>)[k])}`)
      .join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

/**
 * The cache key of a request as the user sees it: the user, the method, the canonical path, the
 * query parameters sorted (a repeated parameter keeps its values' order) and the JSON body with
 * sorted keys.
 */
export function cacheKey(
  userId: string,
  method: string,
  canonicalPath: string,
  query: URLSearchParams,
  body: unknown,
): string {
  const params = [...query.entries()]
    .map(([k, v], i) => [k, v, i] as const)
    .sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : a[2] - b[2]))
    .map(([k, v]) => `${encodeURIComponent(k)}=${encodeURIComponent(v)}`)
    .join('&');
  return `${userId}\n${method}\n${canonicalPath}\n${params}\n${body === undefined ? '' : canonicalJson(body)}`;
}
