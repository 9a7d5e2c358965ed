/**
 * The company store's queries, written once in portable SQL for both engines (./schema.ts has the
 * tables). Sections and list orders are JSON text as the service answered them; times are ISO-8601
 * UTC text, which sorts as time on both engines.
 */
import { credits } from '../../contract/pricing';
import type { PortableSql } from '../store/store';

export type StoredSectionRow = { uuid: string; section: string; body: unknown; fetchedAt: string };
export type KeptAnswer = { body: unknown; fetchedAt: string };

/** Rows per statement: well under SQLite's and PostgreSQL's limits on parameters. */
const BATCH = 200;

function chunks<T>(items: readonly T[], size: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}

const marks = (n: number) => Array.from({ length: n }, () => '?').join(', ');

export class CompanyStoreQueries {
  constructor(private readonly sql: PortableSql) {}

  /** The stored sections of these companies fetched at or after `since`. */
  async sections(
    uuids: readonly string[],
    sections: readonly string[],
    since: string,
  ): Promise<StoredSectionRow[]> {
    if (uuids.length === 0 || sections.length === 0) return [];
    const out: StoredSectionRow[] = [];
    for (const part of chunks([...new Set(uuids)], BATCH)) {
      const rows = await this.sql.all<{ uuid: string; section: string; body: string; fetched_at: string }>(
        `SELECT uuid, section, body, fetched_at FROM company_sections
          WHERE uuid IN (${marks(part.length)}) AND section IN (${marks(sections.length)})
            AND fetched_at >= ?`,
        [...part, ...sections, since],
      );
      for (const r of rows)
        out.push({ uuid: r.uuid, section: r.section, body: JSON.parse(r.body), fetchedAt: r.fetched_at });
    }
    return out;
  }

  /** Stores sections as fetched at `at`, replacing older copies. */
  async putSections(
    rows: readonly { uuid: string; section: string; body: unknown }[],
    at: string,
  ): Promise<void> {
    for (const part of chunks(rows, BATCH)) {
      const values = part.map(() => '(?, ?, ?, ?)').join(', ');
      await this.sql.run(
        `INSERT INTO company_sections (uuid, section, body, fetched_at) VALUES ${values}
         ON CONFLICT (uuid, section) DO UPDATE SET body = excluded.body, fetched_at = excluded.fetched_at`,
        part.flatMap((r) => [r.uuid, r.section, JSON.stringify(r.body ?? null), at]),
      );
    }
  }

  /** Whether anything is stored for this uuid (the `company` asked for may be one). */
  async knowsUuid(uuid: string, since: string): Promise<boolean> {
    const row = await this.sql.get(
      'SELECT 1 AS one FROM company_sections WHERE uuid = ? AND fetched_at >= ? LIMIT 1',
      [uuid, since],
    );
    return row !== undefined;
  }

  async uuidOfKey(key: string, since: string): Promise<string | undefined> {
    const row = await this.sql.get<{ uuid: string }>(
      'SELECT uuid FROM company_keys WHERE key = ? AND fetched_at >= ?',
      [key, since],
    );
    return row?.uuid;
  }

  async putKey(key: string, uuid: string, at: string): Promise<void> {
    await this.sql.run(
      `INSERT INTO company_keys (key, uuid, fetched_at) VALUES (?, ?, ?)
       ON CONFLICT (key) DO UPDATE SET uuid = excluded.uuid, fetched_at = excluded.fetched_at`,
      [key, uuid, at],
    );
  }

  async kept(key: string, since: string): Promise<KeptAnswer | undefined> {
    const row = await this.sql.get<{ body: string; fetched_at: string }>(
      'SELECT body, fetched_at FROM kept_answers WHERE key = ? AND fetched_at >= ?',
      [key, since],
    );
    return row ? { body: JSON.parse(row.body), fetchedAt: row.fetched_at } : undefined;
  }

  /**
   * A kept list order fetched at or after `since` and not before its list was last renewed (the
   * renewal's row under `renewedKey`: ./renewal.ts).
   */
  async keptOrder(key: string, renewedKey: string, since: string): Promise<KeptAnswer | undefined> {
    const row = await this.sql.get<{ body: string; fetched_at: string }>(
      `SELECT k.body, k.fetched_at FROM kept_answers k
        WHERE k.key = ? AND k.fetched_at >= ?
          AND NOT EXISTS (SELECT 1 FROM kept_answers r WHERE r.key = ? AND r.fetched_at > k.fetched_at)`,
      [key, since, renewedKey],
    );
    return row ? { body: JSON.parse(row.body), fetchedAt: row.fetched_at } : undefined;
  }

  /** Marks a list renewed at `at`, unless it was renewed later already. */
  async renew(renewedKey: string, at: string): Promise<void> {
    await this.sql.run(
      `INSERT INTO kept_answers (key, body, fetched_at) VALUES (?, 'null', ?)
       ON CONFLICT (key) DO UPDATE SET fetched_at = excluded.fetched_at
       WHERE kept_answers.fetched_at < excluded.fetched_at`,
      [renewedKey, at],
    );
  }

  async putKept(key: string, body: unknown, at: string): Promise<void> {
    await this.sql.run(
      `INSERT INTO kept_answers (key, body, fetched_at) VALUES (?, ?, ?)
       ON CONFLICT (key) DO UPDATE SET body = excluded.body, fetched_at = excluded.fetched_at`,
      [key, JSON.stringify(body), at],
    );
  }

  /** Forgets what is older than `before` (nothing older is ever served). */
  async prune(before: string): Promise<void> {
    await this.sql.run('DELETE FROM kept_answers WHERE fetched_at < ?', [before]);
    await this.sql.run('DELETE FROM company_sections WHERE fetched_at < ?', [before]);
    await this.sql.run('DELETE FROM company_keys WHERE fetched_at < ?', [before]);
  }

  async recordSaved(s: { userId: string; endpoint: string; credits: number; at: Date }): Promise<void> {
    const at = s.at.toISOString();
    await this.sql.run(
      'INSERT INTO credits_saved (user_id, day, at, endpoint, credits) VALUES (?, ?, ?, ?, ?)',
      [s.userId, at.slice(0, 10), at, s.endpoint, s.credits],
    );
  }

  async savedOn(userId: string, day: string): Promise<number> {
    const row = await this.sql.get<{ total: number | null }>(
      'SELECT SUM(credits) AS total FROM credits_saved WHERE user_id = ? AND day = ?',
      [userId, day],
    );
    return credits(Number(row?.total ?? 0));
  }

  /** Saved credits per user (and the user's name, when an account) and day from `firstDay` on. */
  async savedSince(
    firstDay: string,
  ): Promise<{ user_id: string; name: string | null; day: string; credits: number }[]> {
    const rows = await this.sql.all<{ user_id: string; name: string | null; day: string; total: number }>(
      `SELECT s.user_id, u.name, s.day, SUM(s.credits) AS total
         FROM credits_saved s LEFT JOIN users u ON u.id = s.user_id
        WHERE s.day >= ? GROUP BY s.user_id, u.name, s.day`,
      [firstDay],
    );
    return rows.map((r) => ({ user_id: r.user_id, name: r.name, day: r.day, credits: Number(r.total) }));
  }
}
