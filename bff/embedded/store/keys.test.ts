import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type Db, openDatabase } from './db';
import {
  charge,
  createKey,
  DEV_KEY_CREDITS,
  ensureDevKeys,
  findKey,
  hashKey,
  listKeys,
  revokeKey,
} from './keys';

let db: Db;
beforeEach(() => {
  db = openDatabase(':memory:');
});
afterEach(() => db.close());

describe('API keys', () => {
  it('creates the three development keys once, each with 1,000,000 credits, stored hashed', () => {
    ensureDevKeys(db);
    ensureDevKeys(db);
    const keys = listKeys(db);
    expect(keys.map((k) => [k.name, k.plan, k.credits])).toEqual([
      ['dev-payg-key', 'payg', DEV_KEY_CREDITS],
      ['dev-subscription-key', 'subscription', DEV_KEY_CREDITS],
      ['dev-enterprise-key', 'enterprise', DEV_KEY_CREDITS],
    ]);
    const stored = db.prepare('SELECT key_hash FROM api_keys').all() as { key_hash: string }[];
    expect(stored.map((r) => r.key_hash)).not.toContain('dev-enterprise-key');
    expect(stored.map((r) => r.key_hash)).toContain(hashKey('dev-enterprise-key'));
  });

  it('keeps a spent balance across restarts', () => {
    ensureDevKeys(db);
    const key = findKey(db, 'dev-payg-key')!;
    charge(db, key.id, 'test', 10);
    ensureDevKeys(db);
    expect(findKey(db, 'dev-payg-key')!.credits).toBe(DEV_KEY_CREDITS - 10);
  });

  it('creates random keys, finds them by value and forgets revoked ones', () => {
    const a = createKey(db, 'team a', 'subscription', 100);
    const b = createKey(db, 'team b', 'enterprise', 100);
    expect(a.key).not.toBe(b.key);
    expect(a.key).toMatch(/^cds_[\w-]{32}$/);
    expect(findKey(db, a.key)?.plan).toBe('subscription');
    expect(revokeKey(db, a.id)).toBe(true);
    expect(findKey(db, a.key)).toBeUndefined();
    expect(findKey(db, 'nope')).toBeUndefined();
  });
});

describe('charging credits', () => {
  it('takes exactly the amount and records the call', () => {
    const { id } = createKey(db, 'k', 'enterprise', 10);
    expect(charge(db, id, 'list.generate', 3.7)).toEqual({ ok: true, balance: 6.3 });
    expect(charge(db, id, 'industry.search', 0)).toEqual({ ok: true, balance: 6.3 });
    const usage = db.prepare('SELECT endpoint, credits_consumed FROM usage ORDER BY id').all();
    expect(usage).toEqual([
      { endpoint: 'list.generate', credits_consumed: 3.7 },
      { endpoint: 'industry.search', credits_consumed: 0 },
    ]);
  });

  it('refuses to overdraw and takes nothing', () => {
    const { id } = createKey(db, 'k', 'enterprise', 5);
    expect(charge(db, id, 'list.generate', 5.5)).toEqual({ ok: false, balance: 5 });
    expect(charge(db, id, 'list.generate', 5)).toEqual({ ok: true, balance: 0 });
    expect(db.prepare('SELECT COUNT(*) AS n FROM usage').get()).toEqual({ n: 1 });
  });
});
