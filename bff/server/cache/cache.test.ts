import { describe, expect, it } from 'vitest';
import { cacheKey, canonicalJson, ResponseCache } from './cache';

describe('cache key', () => {
  it('is the same for the same user-visible request, whatever the order of keys and parameters', () => {
    const a = cacheKey('u1', 'POST', '/api/v1/list/generate/companies', new URLSearchParams(), {
      filters: { b: [1, 2], a: { lte: 3, gte: 1 } },
      limit: 5,
    });
    const b = cacheKey('u1', 'POST', '/api/v1/list/generate/companies', new URLSearchParams(), {
      limit: 5,
      filters: { a: { gte: 1, lte: 3 }, b: [1, 2] },
    });
    expect(a).toBe(b);
    expect(cacheKey('u1', 'GET', '/x', new URLSearchParams('b=2&a=1'), undefined)).toBe(
      cacheKey('u1', 'GET', '/x', new URLSearchParams('a=1&b=2'), undefined),
    );
  });

  it('differs by user, array order, repeated-parameter order and value', () => {
    const base = cacheKey('u1', 'GET', '/x', new URLSearchParams('p=1&p=2'), undefined);
    expect(cacheKey('u2', 'GET', '/x', new URLSearchParams('p=1&p=2'), undefined)).not.toBe(base);
    expect(cacheKey('u1', 'GET', '/x', new URLSearchParams('p=2&p=1'), undefined)).not.toBe(base);
    expect(canonicalJson({ a: [1, 2] })).not.toBe(canonicalJson({ a: [2, 1] }));
    expect(canonicalJson({ a: 'x', b: undefined })).toBe(canonicalJson({ a: 'x' }));
  });
});

describe('ResponseCache', () => {
  const answer = (text: string) => ({ status: 200, text, contentType: 'application/json' });

  it('forgets entries after their time to live', () => {
    let t = 0;
    const cache = new ResponseCache({ ttlMs: 1000, maxEntries: 10, maxBytes: 1e6, now: () => t });
    cache.set('k', answer('{}'));
    t = 999;
    expect(cache.get('k')?.text).toBe('{}');
    t = 1000;
    expect(cache.get('k')).toBeUndefined();
  });

  it('keeps at most maxEntries, dropping the least recently used', () => {
    const cache = new ResponseCache({ ttlMs: 1000, maxEntries: 2, maxBytes: 1e6 });
    cache.set('a', answer('1'));
    cache.set('b', answer('2'));
    cache.get('a');
    cache.set('c', answer('3'));
    expect(cache.get('b')).toBeUndefined();
    expect(cache.get('a')?.text).toBe('1');
    expect(cache.get('c')?.text).toBe('3');
  });

  it('keeps within maxBytes and never lets one answer take most of it', () => {
    const cache = new ResponseCache({ ttlMs: 1000, maxEntries: 100, maxBytes: 1000 });
    cache.set('big', answer('x'.repeat(130))); // 260 bytes > 1000 / 4
    expect(cache.get('big')).toBeUndefined();
    for (const k of ['a', 'b', 'c', 'd', 'e', 'f']) cache.set(k, answer('y'.repeat(100))); // 200 bytes each
    expect(cache.size).toBe(5);
    expect(cache.get('a')).toBeUndefined();
  });
});
