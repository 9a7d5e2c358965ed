/**
 * The account lists' store (issue 15): imports with their rows, account lists with their members,
 * and what bulk enrichment already fetched. Its SQL is portable (docs/decisions/0013): TEXT ids, ISO
 * TEXT timestamps, JSON as TEXT, 0/1 integers for booleans, `ON CONFLICT`, `?` parameters (numbered
 * on PostgreSQL). It runs on the BFF's store, SQLite or PostgreSQL, through its portable SQL and
 * transactions; the schema (schema.ts) is the store's migration 4. This file holds the imports and
 * their rows; lists, members and enrichment are in list-store.ts, the records in records.ts.
 */
import type { ImportState } from '../../contract/accounts';
import type { PortableSql } from '../store/store';
import { SqlAccountListStore } from './list-store';
import type {
  AccountStore,
  ImportCounts,
  ImportRecord,
  NewRow,
  RowFilter,
  RowRecord,
  RowResult,
} from './records';
import {
  ADD_MEMBER,
  type DbRow,
  type ImportRow,
  ROW_FILTER_SQL,
  ROWS_PER_INSERT,
  rowValues,
  TOUCH_LIST,
  toImport,
  toRow,
} from './rows';

export type { AccountListRecord, AccountStore, ImportRecord, Owner, RowRecord } from './records';
export { ACCOUNTS_HIDDEN_MIGRATION, ACCOUNTS_SCHEMA } from './schema';

export class SqlAccountStore extends SqlAccountListStore implements AccountStore {
  async createImport(i: ImportRecord, batches: AsyncIterable<NewRow[]>): Promise<void> {
    // The import row first (status 'queued' only once every row is in: until then the runner does
    // not see it), then the rows batch by batch as the parser hands them over.
    await this.sql.run(
      `INSERT INTO account_imports (id, owner_id, owner_name, owner_role, name, status, columns, name_column,
         domain_column, delimiter, rows, requests, account_list_id, error, created_at, updated_at)
       VALUES (?, ?, ?, ?, ?, 'failed', ?, ?, ?, ?, ?, 0, ?, 'the upload did not finish', ?, ?)`,
      [
        i.id,
        i.owner.id,
        i.owner.name,
        i.owner.role,
        i.name,
        JSON.stringify(i.columns),
        i.nameColumn,
        i.domainColumn,
        i.delimiter,
        i.rows,
        i.accountListId,
        i.createdAt,
        i.updatedAt,
      ],
    );
    const insertRows = (sql: PortableSql, rows: readonly NewRow[]) =>
      sql.run(
        `INSERT INTO account_import_rows (import_id, line, cells, in_name, in_domain, state, confidence, reason)
         VALUES ${rows.map(() => '(?, ?, ?, ?, ?, ?, ?, ?)').join(', ')}`,
        rows.flatMap((r) => rowValues(i.id, r)),
      );
    try {
      for await (const batch of batches) {
        if (batch.length === 0) continue;
        await this.transaction(async (sql) => {
          // Sent at once: on PostgreSQL the transaction's connection pipelines them (one round trip
          // per batch, not per INSERT); on SQLite each runs as it is called.
          const inserts: Promise<unknown>[] = [];
          for (let k = 0; k < batch.length; k += ROWS_PER_INSERT)
            inserts.push(insertRows(sql, batch.slice(k, k + ROWS_PER_INSERT)));
          await Promise.all(inserts);
        });
      }
    } catch (e) {
      await this.transaction(async (sql) => {
        await sql.run('DELETE FROM account_import_rows WHERE import_id = ?', [i.id]);
        await sql.run('DELETE FROM account_imports WHERE id = ?', [i.id]);
      });
      throw e;
    }
    await this.sql.run('UPDATE account_imports SET status = ?, error = NULL, rows = ? WHERE id = ?', [
      i.status,
      i.rows,
      i.id,
    ]);
  }

  async getImport(id: string): Promise<ImportRecord | undefined> {
    const r = await this.sql.get<ImportRow>('SELECT * FROM account_imports WHERE id = ?', [id]);
    return r ? toImport(r) : undefined;
  }

  async importsOf(ownerId: string): Promise<ImportRecord[]> {
    const rows = await this.sql.all<ImportRow>(
      'SELECT * FROM account_imports WHERE owner_id = ? ORDER BY created_at DESC, id',
      [ownerId],
    );
    return rows.map(toImport);
  }

  async unfinishedImports(): Promise<ImportRecord[]> {
    const rows = await this.sql.all<ImportRow>(
      `SELECT * FROM account_imports WHERE status IN ('queued', 'matching') ORDER BY created_at, id`,
    );
    return rows.map(toImport);
  }

  async setImportStatus(
    id: string,
    status: ImportState,
    at: string,
    error: string | null = null,
  ): Promise<void> {
    await this.sql.run('UPDATE account_imports SET status = ?, error = ?, updated_at = ? WHERE id = ?', [
      status,
      error,
      at,
      id,
    ]);
  }

  async settleImport(
    id: string,
    status: 'matching' | 'completed' | 'failed',
    at: string,
    error: string | null = null,
  ): Promise<boolean> {
    const { changes } = await this.sql.run(
      `UPDATE account_imports SET status = ?, error = ?, updated_at = ?
       WHERE id = ? AND status IN ('queued', 'matching')`,
      [status, error, at, id],
    );
    return changes > 0;
  }

  async leaseImport(id: string, owner: string, at: string, until: string): Promise<boolean> {
    const { changes } = await this.sql.run(
      `UPDATE account_imports SET lease_owner = ?, lease_until = ?
       WHERE id = ? AND status IN ('queued', 'matching')
         AND (lease_owner IS NULL OR lease_owner = ? OR lease_until < ?)`,
      [owner, until, id, owner, at],
    );
    return changes > 0;
  }

  async releaseImport(id: string, owner: string): Promise<void> {
    await this.sql.run(
      'UPDATE account_imports SET lease_owner = NULL, lease_until = NULL WHERE id = ? AND lease_owner = ?',
      [id, owner],
    );
  }

  async counts(id: string): Promise<ImportCounts> {
    const r = await this.sql.get<Record<keyof ImportCounts, number | null>>(
      `SELECT
         SUM(CASE WHEN state <> 'pending' THEN 1 ELSE 0 END) AS processed,
         SUM(CASE WHEN state = 'done' AND confidence >= 2 THEN 1 ELSE 0 END) AS matched,
         SUM(CASE WHEN state = 'done' AND reason = 'several candidates' THEN 1 ELSE 0 END) AS ambiguous,
         SUM(CASE WHEN state = 'done' AND confidence = 0 THEN 1 ELSE 0 END) AS unmatched,
         SUM(CASE WHEN state = 'invalid' THEN 1 ELSE 0 END) AS invalid
       FROM account_import_rows WHERE import_id = ?`,
      [id],
    );
    return {
      processed: r?.processed ?? 0,
      matched: r?.matched ?? 0,
      ambiguous: r?.ambiguous ?? 0,
      unmatched: r?.unmatched ?? 0,
      invalid: r?.invalid ?? 0,
    };
  }

  async invalidLines(id: string, limit: number): Promise<number[]> {
    const rows = await this.sql.all<{ line: number }>(
      `SELECT line FROM account_import_rows WHERE import_id = ? AND state = 'invalid' ORDER BY line LIMIT ?`,
      [id, limit],
    );
    return rows.map((r) => r.line);
  }

  async pendingRows(id: string, afterLine: number, limit: number): Promise<RowRecord[]> {
    const rows = await this.sql.all<DbRow>(
      `SELECT * FROM account_import_rows WHERE import_id = ? AND state = 'pending' AND line > ?
       ORDER BY line LIMIT ?`,
      [id, afterLine, limit],
    );
    return rows.map(toRow);
  }

  async rows(id: string, filter: RowFilter, afterLine: number, limit: number): Promise<RowRecord[]> {
    const rows = await this.sql.all<DbRow>(
      `SELECT * FROM account_import_rows WHERE import_id = ? AND line > ? AND ${ROW_FILTER_SQL[filter]}
       ORDER BY line LIMIT ?`,
      [id, afterLine, limit],
    );
    return rows.map(toRow);
  }

  async row(id: string, line: number): Promise<RowRecord | undefined> {
    const r = await this.sql.get<DbRow>(
      'SELECT * FROM account_import_rows WHERE import_id = ? AND line = ?',
      [id, line],
    );
    return r ? toRow(r) : undefined;
  }

  async recordMatch(
    importId: string,
    line: number,
    result: RowResult,
    requests: number,
    listId: string,
    matched: boolean,
    at: string,
  ): Promise<boolean> {
    return this.transaction(async (sql) => {
      // The import's row first, locked while it is still matching (a write that changes nothing): on
      // PostgreSQL a cancel committed meanwhile is seen here (the update waits for it, then finds the
      // import cancelled), and a cancel that comes later waits for this match, so the count it answers
      // includes it. Without it the match's snapshot could predate the cancel and add a row after it.
      const held = await sql.run(
        `UPDATE account_imports SET updated_at = updated_at WHERE id = ? AND status = 'matching'`,
        [importId],
      );
      if (held.changes === 0) return false;
      // Only a pending row: on PostgreSQL a second transaction updating it waits for this one, then
      // finds it done and counts no row (as SQLite, where transactions run one after another).
      const { changes } = await sql.run(
        `UPDATE account_import_rows SET state = 'done', uuid = ?, company_name = ?, company_domain = ?,
           confidence = ?, reason = ?, candidates = ?, matched_at = ?
         WHERE import_id = ? AND line = ? AND state = 'pending'
           AND EXISTS (SELECT 1 FROM account_imports WHERE id = ? AND status = 'matching')`,
        [
          result.uuid,
          result.name,
          result.domain,
          result.confidence,
          result.reason,
          JSON.stringify(result.candidates),
          at,
          importId,
          line,
          importId,
        ],
      );
      if (changes === 0) return false;
      await sql.run('UPDATE account_imports SET requests = requests + ?, updated_at = ? WHERE id = ?', [
        requests,
        at,
        importId,
      ]);
      if (matched && result.uuid)
        await sql.run(ADD_MEMBER, [listId, result.uuid, result.name ?? '', result.domain ?? '', at]);
      return true;
    });
  }

  async pickRow(
    importId: string,
    line: number,
    result: RowResult,
    listId: string,
    at: string,
  ): Promise<void> {
    await this.transaction(async (sql) => {
      const before = await sql.get<{ uuid: string | null; confidence: number | null }>(
        'SELECT uuid, confidence FROM account_import_rows WHERE import_id = ? AND line = ?',
        [importId, line],
      );
      await sql.run(
        `UPDATE account_import_rows SET uuid = ?, company_name = ?, company_domain = ?, confidence = ?,
           reason = ?, matched_at = ? WHERE import_id = ? AND line = ?`,
        [result.uuid, result.name, result.domain, result.confidence, result.reason, at, importId, line],
      );
      // The company the row named before leaves the list, unless another row of the import names it.
      if (before?.uuid && before.uuid !== result.uuid) {
        const other = await sql.get(
          'SELECT 1 AS one FROM account_import_rows WHERE import_id = ? AND uuid = ? AND line <> ? AND confidence >= 2 LIMIT 1',
          [importId, before.uuid, line],
        );
        if (!other)
          await sql.run('DELETE FROM account_list_members WHERE list_id = ? AND uuid = ?', [
            listId,
            before.uuid,
          ]);
      }
      if (result.uuid)
        await sql.run(ADD_MEMBER, [listId, result.uuid, result.name ?? '', result.domain ?? '', at]);
      await sql.run(TOUCH_LIST, [at, listId]);
      await sql.run('UPDATE account_imports SET updated_at = ? WHERE id = ?', [at, importId]);
    });
  }
}
