/**
 * API keys, plans and credit balances (docs/product-rules.md, sections 7 and 11). Keys are stored as SHA-256
 * hashes only; a charge is one transaction that refuses to overdraw the balance.
 */
import { createHash, randomBytes } from 'node:crypto';
import type { Plan } from '../../contract/pricing';
import { type Db, statement } from './db';

export type ApiKey = { id: number; name: string; plan: Plan; credits: number };

export const DEV_KEYS: readonly { key: string; plan: Plan }[] = [
  { key: 'dev-payg-key', plan: 'payg' },
  { key: 'dev-subscription-key', plan: 'subscription' },
  { key: 'dev-enterprise-key', plan: 'enterprise' },
];

export const DEV_KEY_CREDITS = 1_000_000;

export function hashKey(key: string): string {
  return createHash('sha256').update(key, 'utf8').digest('hex');
}

/** Creates the three development keys once (first start); later starts leave balances alone. */
export function ensureDevKeys(db: Db): void {
  const insert = db.prepare(
    `INSERT OR IGNORE INTO api_keys (key_hash, name, plan, credits, created_at) VALUES (?, ?, ?, ?, ?)`,
  );
  const now = new Date().toISOString();
  db.transaction(() => {
    for (const k of DEV_KEYS) insert.run(hashKey(k.key), k.key, k.plan, DEV_KEY_CREDITS, now);
  })();
}

export function createKey(db: Db, name: string, plan: Plan, credits: number): { key: string; id: number } {
  const key = `cds_${randomBytes(24).toString('base64url')}`;
  const r = db
    .prepare(`INSERT INTO api_keys (key_hash, name, plan, credits, created_at) VALUES (?, ?, ?, ?, ?)`)
    .run(hashKey(key), name, plan, credits, new Date().toISOString());
  return { key, id: Number(r.lastInsertRowid) };
}

export function listKeys(db: Db): (ApiKey & { created_at: string; revoked_at: string | null })[] {
  return db
    .prepare('SELECT id, name, plan, credits, created_at, revoked_at FROM api_keys ORDER BY id')
    .all() as (ApiKey & {
    created_at: string;
    revoked_at: string | null;
  })[];
}

export function revokeKey(db: Db, id: number): boolean {
  return (
    db
      .prepare('UPDATE api_keys SET revoked_at = ? WHERE id = ? AND revoked_at IS NULL')
      .run(new Date().toISOString(), id).changes > 0
  );
}

export function setCredits(db: Db, id: number, credits: number): boolean {
  return db.prepare('UPDATE api_keys SET credits = ? WHERE id = ?').run(credits, id).changes > 0;
}

export function findKey(db: Db, key: string): ApiKey | undefined {
  return statement(
    db,
    'SELECT id, name, plan, credits FROM api_keys WHERE key_hash = ? AND revoked_at IS NULL',
  ).get(hashKey(key)) as ApiKey | undefined;
}

type ChargeResult = { ok: true; balance: number } | { ok: false; balance: number };

/**
 * Takes `amount` credits from the key and records the call, or takes nothing when the balance is
 * short. Zero-cost calls are recorded too, so usage shows every call.
 */
export function charge(db: Db, keyId: number, endpoint: string, amount: number): ChargeResult {
  return db.transaction((): ChargeResult => {
    const row = statement(db, 'SELECT credits FROM api_keys WHERE id = ?').get(keyId) as
      | { credits: number }
      | undefined;
    const balance = row?.credits ?? 0;
    if (amount > 0 && balance + 1e-9 < amount) return { ok: false, balance };
    if (amount > 0)
      statement(db, 'UPDATE api_keys SET credits = credits - ? WHERE id = ?').run(amount, keyId);
    statement(db, 'INSERT INTO usage (key_id, endpoint, credits_consumed, at) VALUES (?, ?, ?, ?)').run(
      keyId,
      endpoint,
      amount,
      new Date().toISOString(),
    );
    return { ok: true, balance: balance - amount };
  })();
}
