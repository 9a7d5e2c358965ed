/**
 * The account lists' half of the store: lists, their members, and what bulk enrichment fetched for
 * them. Portable SQL over the BFF's store (docs/decisions/0013); `SqlAccountStore` (store.ts) adds
 * the imports and their rows.
 */
import type { AccountListSource } from '../../contract/accounts';
import type { BffStore, PortableSql } from '../store/store';
import type { AccountListRecord, EnrichmentRunRecord, MemberRecord, Owner } from './records';
import {
  ADD_MEMBER,
  CHUNK,
  inList,
  LIST_COLS,
  type ListRow,
  TOUCH_LIST,
  type Transact,
  toList,
} from './rows';

export class SqlAccountListStore {
  protected readonly sql: PortableSql;
  protected readonly transaction: Transact;

  /** On the BFF's store (its schema has the accounts' tables: migration 4). */
  constructor(store: Pick<BffStore, 'sql' | 'transaction'>) {
    this.sql = store.sql;
    this.transaction = (fn) => store.transaction(fn);
  }

  async createList(l: {
    id: string;
    owner: Owner;
    name: string;
    source: AccountListSource;
    importId: string | null;
    at: string;
  }): Promise<void> {
    await this.sql.run(
      `INSERT INTO account_lists (id, owner_id, owner_name, name, source, shared, import_id, created_at, updated_at)
       VALUES (?, ?, ?, ?, ?, 0, ?, ?, ?)`,
      [l.id, l.owner.id, l.owner.name, l.name, l.source, l.importId, l.at, l.at],
    );
  }

  async exportedList(owner: Owner, id: string, name: string, at: string): Promise<AccountListRecord> {
    await this.sql.run(
      `INSERT INTO account_lists (id, owner_id, owner_name, name, source, shared, import_id, created_at, updated_at)
       VALUES (?, ?, ?, ?, 'exported', 0, NULL, ?, ?)
       ON CONFLICT (owner_id) WHERE source = 'exported' DO NOTHING`,
      [id, owner.id, owner.name, name, at, at],
    );
    const row = await this.sql.get<ListRow>(
      `SELECT ${LIST_COLS} FROM account_lists l WHERE l.owner_id = ? AND l.source = 'exported'`,
      [owner.id],
    );
    return toList(row!);
  }

  /** The user's "Hidden companies" list (issue 35's "Hide"), made when missing: one per user. */
  async hiddenList(owner: Owner, id: string, name: string, at: string): Promise<AccountListRecord> {
    await this.sql.run(
      `INSERT INTO account_lists (id, owner_id, owner_name, name, source, shared, import_id, created_at, updated_at)
       VALUES (?, ?, ?, ?, 'hidden', 0, NULL, ?, ?)
       ON CONFLICT (owner_id) WHERE source = 'hidden' DO NOTHING`,
      [id, owner.id, owner.name, name, at, at],
    );
    const row = await this.sql.get<ListRow>(
      `SELECT ${LIST_COLS} FROM account_lists l WHERE l.owner_id = ? AND l.source = 'hidden'`,
      [owner.id],
    );
    return toList(row!);
  }

  async getList(id: string): Promise<AccountListRecord | undefined> {
    const row = await this.sql.get<ListRow>(`SELECT ${LIST_COLS} FROM account_lists l WHERE l.id = ?`, [id]);
    return row ? toList(row) : undefined;
  }

  async deleteList(id: string): Promise<void> {
    await this.transaction(async (sql) => {
      await sql.run('DELETE FROM account_list_members WHERE list_id = ?', [id]);
      await sql.run('DELETE FROM account_enrichment WHERE list_id = ?', [id]);
      await sql.run('DELETE FROM account_enrichment_runs WHERE list_id = ?', [id]);
      await sql.run('DELETE FROM account_lists WHERE id = ?', [id]);
    });
  }

  async visibleLists(userId: string): Promise<AccountListRecord[]> {
    const rows = await this.sql.all<ListRow>(
      `SELECT ${LIST_COLS} FROM account_lists l WHERE l.owner_id = ? OR l.shared = 1
       ORDER BY CASE WHEN l.source = 'exported' THEN 0 ELSE 1 END, l.created_at DESC, l.id`,
      [userId],
    );
    return rows.map(toList);
  }

  async updateList(id: string, patch: { name?: string; shared?: boolean }, at: string): Promise<void> {
    await this.sql.run(
      'UPDATE account_lists SET name = COALESCE(?, name), shared = COALESCE(?, shared), updated_at = ? WHERE id = ?',
      [patch.name ?? null, patch.shared === undefined ? null : patch.shared ? 1 : 0, at, id],
    );
  }

  async members(listId: string, page?: { limit: number; offset: number }): Promise<MemberRecord[]> {
    const text =
      'SELECT uuid, name, domain FROM account_list_members WHERE list_id = ? ORDER BY added_at, uuid';
    return page
      ? this.sql.all<MemberRecord>(`${text} LIMIT ? OFFSET ?`, [listId, page.limit, page.offset])
      : this.sql.all<MemberRecord>(text, [listId]);
  }

  async addMembers(listId: string, members: readonly MemberRecord[], at: string): Promise<void> {
    if (members.length === 0) return;
    await this.transaction(async (sql) => {
      for (const m of members) await sql.run(ADD_MEMBER, [listId, m.uuid, m.name, m.domain, at]);
      await sql.run(TOUCH_LIST, [at, listId]);
    });
  }

  async removeMember(listId: string, uuid: string, at: string): Promise<void> {
    await this.transaction(async (sql) => {
      await sql.run('DELETE FROM account_list_members WHERE list_id = ? AND uuid = ?', [listId, uuid]);
      await sql.run(TOUCH_LIST, [at, listId]);
    });
  }

  async membersAmong(listIds: readonly string[], uuids: readonly string[]): Promise<Map<string, string[]>> {
    const out = new Map<string, string[]>();
    if (listIds.length === 0 || uuids.length === 0) return out;
    const lists = inList(listIds);
    for (let i = 0; i < uuids.length; i += CHUNK) {
      const chunk = inList(uuids.slice(i, i + CHUNK));
      const rows = await this.sql.all<{ uuid: string; list_id: string }>(
        `SELECT uuid, list_id FROM account_list_members WHERE list_id IN (${lists.marks}) AND uuid IN (${chunk.marks})`,
        [...lists.params, ...chunk.params],
      );
      for (const r of rows) out.set(r.uuid, [...(out.get(r.uuid) ?? []), r.list_id]);
    }
    return out;
  }

  async enrichedSections(
    listId: string,
    uuids: readonly string[],
  ): Promise<Map<string, Map<string, unknown>>> {
    const out = new Map<string, Map<string, unknown>>();
    for (let i = 0; i < uuids.length; i += CHUNK) {
      const chunk = inList(uuids.slice(i, i + CHUNK));
      const rows = await this.sql.all<{ uuid: string; section: string; data: string }>(
        `SELECT uuid, section, data FROM account_enrichment WHERE list_id = ? AND uuid IN (${chunk.marks})`,
        [listId, ...chunk.params],
      );
      for (const r of rows) {
        let m = out.get(r.uuid);
        if (!m) {
          m = new Map();
          out.set(r.uuid, m);
        }
        m.set(r.section, JSON.parse(r.data) as unknown);
      }
    }
    return out;
  }

  async saveEnrichment(
    listId: string,
    uuid: string,
    sections: Record<string, unknown>,
    at: string,
  ): Promise<void> {
    await this.transaction(async (sql) => {
      for (const [section, data] of Object.entries(sections))
        await sql.run(
          `INSERT INTO account_enrichment (list_id, uuid, section, data, at) VALUES (?, ?, ?, ?, ?)
           ON CONFLICT (list_id, uuid, section) DO UPDATE SET data = excluded.data, at = excluded.at`,
          [listId, uuid, section, JSON.stringify(data), at],
        );
    });
  }

  async getRun(listId: string): Promise<EnrichmentRunRecord | undefined> {
    const r = await this.sql.get<{
      list_id: string;
      user_id: string;
      status: EnrichmentRunRecord['status'];
      sections: string;
      done: number;
      total: number;
      credits: number;
      stopped_reason: string | null;
      started_at: string;
      updated_at: string;
    }>('SELECT * FROM account_enrichment_runs WHERE list_id = ?', [listId]);
    return r
      ? {
          listId: r.list_id,
          userId: r.user_id,
          status: r.status,
          sections: JSON.parse(r.sections) as string[],
          done: r.done,
          total: r.total,
          credits: r.credits,
          stoppedReason: r.stopped_reason,
          startedAt: r.started_at,
          updatedAt: r.updated_at,
        }
      : undefined;
  }

  async saveRun(run: EnrichmentRunRecord): Promise<void> {
    await this.sql.run(
      `INSERT INTO account_enrichment_runs (list_id, user_id, status, sections, done, total, credits,
         stopped_reason, started_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
       ON CONFLICT (list_id) DO UPDATE SET user_id = excluded.user_id, status = excluded.status,
         sections = excluded.sections, done = excluded.done, total = excluded.total,
         credits = excluded.credits, stopped_reason = excluded.stopped_reason,
         started_at = excluded.started_at, updated_at = excluded.updated_at`,
      [
        run.listId,
        run.userId,
        run.status,
        JSON.stringify(run.sections),
        run.done,
        run.total,
        run.credits,
        run.stoppedReason,
        run.startedAt,
        run.updatedAt,
      ],
    );
  }
}
