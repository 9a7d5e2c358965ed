/**
 * The saved lists' store (docs/decisions/0016-saved-lists.md): lists, their runs (members, added and
 * removed as JSON text in the run's row), who marked which run seen, and the alerts of scheduled
 * checks. An async interface (records.ts), so SQLite and PostgreSQL implement the same one; its SQL
 * is written to run on both: text ids (crypto.randomUUID), ISO timestamps as text (they order as
 * they compare), 0/1 integers for booleans, `ON CONFLICT`, no SQLite functions. Parameters are `?`
 * here; the PostgreSQL port numbers them. This file holds lists, runs and seen marks; scheduled
 * checks and alerts are in check-store.ts, the tables in schema.ts.
 */
import { randomUUID } from 'node:crypto';
import { SqlCheckStore } from './check-store';
import type {
  CompanyChange,
  ListChanges,
  ListStatus,
  NewList,
  NewListCompany,
  NewRun,
  SavedListStore,
  StoredList,
  StoredListCompany,
  StoredRun,
  StoredRunSummary,
} from './records';
import {
  columnsOf,
  LIST_COLUMNS,
  type ListRow,
  NO_ATTEMPT,
  RUN_COLUMNS,
  RUN_FIELDS,
  type RunRow,
  SUMMARY_COLUMNS,
  toList,
  toRun,
  toSummary,
} from './rows';
import type { SqlRunner } from './schema';

export type { ListChanges, SavedListStore, StoredList } from './records';
export {
  SAVED_LISTS_CHECK_ATTEMPTS_MIGRATION,
  SAVED_LISTS_SCHEMA,
  SAVED_LISTS_SEEDS_MIGRATION,
  SAVED_LISTS_STATIC_MIGRATION,
} from './schema';

type CompanyRow = {
  uuid: string;
  name: string;
  website: string;
  product_category: string | null;
  added_at: string;
};

/** Thrown inside a change's transaction to undo it: the list would hold too many companies. */
class ListFull extends Error {}

/** Adds a static list's companies at positions `first`, `first + 1`, ... (one already in it is kept). */
async function insertCompanies(
  sql: SqlRunner,
  listId: string,
  companies: readonly NewListCompany[],
  first: number,
  at: string,
): Promise<void> {
  for (const [i, c] of companies.entries())
    await sql.run(
      `INSERT INTO saved_list_companies (list_id, uuid, name, website, product_category, position, added_at)
       VALUES (?, ?, ?, ?, ?, ?, ?) ON CONFLICT (list_id, uuid) DO NOTHING`,
      [listId, c.uuid, c.name, c.website, c.productCategory, first + i, at],
    );
}

/**
 * The store over any SQL runner. The schema is applied as it is constructed, unless the database's
 * migrations apply it (`applySchema: false`: several PostgreSQL instances starting at once would
 * run `CREATE TABLE IF NOT EXISTS` concurrently, which PostgreSQL does not make safe).
 */
export class SqlSavedListStore extends SqlCheckStore implements SavedListStore {
  async createList(list: NewList, companies: readonly NewListCompany[] = []): Promise<StoredList> {
    const id = randomUUID();
    await this.transact(async (sql) => {
      await sql.run(
        `INSERT INTO saved_lists (id, kind, owner_id, owner_name, name, request, columns, shared, schedule,
           seeds, next_check_at, created_at, updated_at)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
        [
          id,
          list.kind,
          list.ownerId,
          list.ownerName,
          list.name,
          // A static list has no request: the JSON text null (the column is NOT NULL).
          JSON.stringify(list.request),
          list.columns === null ? null : JSON.stringify(list.columns),
          list.shared ? 1 : 0,
          list.schedule,
          list.seeds === null ? null : JSON.stringify(list.seeds),
          list.nextCheckAt,
          list.createdAt,
          list.createdAt,
        ],
      );
      await insertCompanies(sql, id, companies, 1, list.createdAt);
    });
    return (await this.getList(id))!;
  }

  async companies(listId: string): Promise<StoredListCompany[]> {
    return (
      await this.all<CompanyRow>(
        `SELECT uuid, name, website, product_category, added_at FROM saved_list_companies
         WHERE list_id = ? ORDER BY position, added_at, uuid`,
        listId,
      )
    ).map((r) => ({
      uuid: r.uuid,
      name: r.name,
      website: r.website,
      productCategory: r.product_category,
      addedAt: r.added_at,
    }));
  }

  async companyCounts(listIds: readonly string[]): Promise<Map<string, number>> {
    if (listIds.length === 0) return new Map();
    const rows = await this.all<{ list_id: string; n: number | string }>(
      `SELECT list_id, COUNT(*) AS n FROM saved_list_companies
       WHERE list_id IN (${listIds.map(() => '?').join(', ')}) GROUP BY list_id`,
      ...listIds,
    );
    // PostgreSQL's COUNT is a bigint, which the driver may give as text.
    return new Map(rows.map((r) => [r.list_id, Number(r.n)]));
  }

  async changeCompanies(
    listId: string,
    change: CompanyChange,
    at: string,
    max: number,
  ): Promise<number | 'full'> {
    try {
      return await this.transact(async (sql) => {
        if (change.remove.length > 0)
          await sql.run(
            `DELETE FROM saved_list_companies WHERE list_id = ? AND uuid IN (${change.remove.map(() => '?').join(', ')})`,
            [listId, ...change.remove],
          );
        const present =
          change.add.length === 0
            ? new Set<string>()
            : new Set(
                (
                  await sql.all<{ uuid: string }>(
                    `SELECT uuid FROM saved_list_companies
                     WHERE list_id = ? AND uuid IN (${change.add.map(() => '?').join(', ')})`,
                    [listId, ...change.add.map((c) => c.uuid)],
                  )
                ).map((r) => r.uuid),
              );
        const fresh = change.add.filter((c) => !present.has(c.uuid));
        const counted = await sql.get<{ n: number | string; last: number | string | null }>(
          'SELECT COUNT(*) AS n, MAX(position) AS last FROM saved_list_companies WHERE list_id = ?',
          [listId],
        );
        const size = Number(counted?.n ?? 0) + fresh.length;
        if (size > max) throw new ListFull();
        await insertCompanies(sql, listId, fresh, Number(counted?.last ?? 0) + 1, at);
        await sql.run('UPDATE saved_lists SET updated_at = ? WHERE id = ?', [at, listId]);
        return size;
      });
    } catch (e) {
      if (e instanceof ListFull) return 'full';
      throw e;
    }
  }

  async getList(id: string): Promise<StoredList | undefined> {
    const r = await this.one<ListRow>(`SELECT ${LIST_COLUMNS} FROM saved_lists WHERE id = ?`, id);
    return r && toList(r);
  }

  async listsVisibleTo(userId: string): Promise<StoredList[]> {
    return (
      await this.all<ListRow>(
        `SELECT ${LIST_COLUMNS} FROM saved_lists WHERE owner_id = ? OR shared = 1
       ORDER BY created_at DESC, id`,
        userId,
      )
    ).map(toList);
  }

  async updateList(id: string, changes: ListChanges, updatedAt: string): Promise<StoredList | undefined> {
    const sets: string[] = [];
    const params: unknown[] = [];
    const set = (column: string, value: unknown) => {
      sets.push(`${column} = ?`);
      params.push(value);
    };
    if (changes.name !== undefined) set('name', changes.name);
    if (changes.request !== undefined) set('request', JSON.stringify(changes.request));
    if (changes.columns !== undefined)
      set('columns', changes.columns === null ? null : JSON.stringify(changes.columns));
    if (changes.shared !== undefined) set('shared', changes.shared ? 1 : 0);
    if (changes.schedule !== undefined) set('schedule', changes.schedule);
    if (changes.seeds !== undefined)
      set('seeds', changes.seeds === null ? null : JSON.stringify(changes.seeds));
    // A new schedule starts a new slot: an attempt under way no longer ends it (its end is refused).
    if (changes.nextCheckAt !== undefined) {
      set('next_check_at', changes.nextCheckAt);
      sets.push(NO_ATTEMPT);
    }
    set('updated_at', updatedAt);
    const changed = await this.run(`UPDATE saved_lists SET ${sets.join(', ')} WHERE id = ?`, ...params, id);
    return changed === 0 ? undefined : this.getList(id);
  }

  async deleteList(id: string): Promise<boolean> {
    return (await this.run('DELETE FROM saved_lists WHERE id = ?', id)) > 0;
  }

  async addRun(run: NewRun): Promise<StoredRun | undefined> {
    const id = randomUUID();
    // The run's number within its list orders runs made within one millisecond; the unique key
    // catches two instances numbering at once (tried again).
    for (let attempt = 0; ; attempt++) {
      try {
        // Parameters in a SELECT list are cast: PostgreSQL takes no type from an INSERT's columns there.
        const changed = await this.run(
          `INSERT INTO saved_list_runs (id, list_id, seq, at, run_by_id, run_by_name, run_trigger,
             total_count, size, added_count, removed_count, credits_consumed, members, added, removed, companies,
             ranking, ranking_note, scores)
           SELECT CAST(? AS TEXT), l.id,
             COALESCE((SELECT MAX(r.seq) FROM saved_list_runs r WHERE r.list_id = l.id), 0) + 1,
             CAST(? AS TEXT), CAST(? AS TEXT), CAST(? AS TEXT), CAST(? AS TEXT), CAST(? AS INTEGER),
             CAST(? AS INTEGER), CAST(? AS INTEGER), CAST(? AS INTEGER), CAST(? AS DOUBLE PRECISION),
             CAST(? AS TEXT), CAST(? AS TEXT), CAST(? AS TEXT), CAST(? AS TEXT),
             CAST(? AS TEXT), CAST(? AS TEXT), CAST(? AS TEXT)
           FROM saved_lists l WHERE l.id = ?`,
          id,
          run.at,
          run.runBy.id,
          run.runBy.name,
          run.trigger,
          run.totalCount,
          run.size,
          run.added.length,
          run.removed.length,
          run.creditsConsumed,
          JSON.stringify(run.members),
          JSON.stringify(run.added),
          JSON.stringify(run.removed),
          JSON.stringify(run.companies),
          run.ranking,
          run.rankingNote,
          run.scores === null ? null : JSON.stringify(run.scores),
          run.listId,
        );
        if (changed === 0) return undefined;
        return this.getRun(run.listId, id);
      } catch (e) {
        if (attempt < 3 && /UNIQUE|unique/.test(String(e))) continue;
        throw e;
      }
    }
  }

  async latestRun(listId: string): Promise<StoredRun | undefined> {
    const r = await this.one<RunRow>(
      `SELECT ${RUN_COLUMNS} FROM saved_list_runs WHERE list_id = ? ORDER BY seq DESC LIMIT 1`,
      listId,
    );
    return r && toRun(r);
  }

  async getRun(listId: string, runId: string): Promise<StoredRun | undefined> {
    const r = await this.one<RunRow>(
      `SELECT ${RUN_COLUMNS} FROM saved_list_runs WHERE list_id = ? AND id = ?`,
      listId,
      runId,
    );
    return r && toRun(r);
  }

  async runs(listId: string, limit: number): Promise<StoredRunSummary[]> {
    return (
      await this.all<RunRow>(
        `SELECT ${SUMMARY_COLUMNS} FROM saved_list_runs WHERE list_id = ? ORDER BY seq DESC LIMIT ?`,
        listId,
        limit,
      )
    ).map(toSummary);
  }

  async pruneRuns(listId: string, keep: number, keepScores = keep): Promise<number> {
    await this.run(
      `UPDATE saved_list_runs SET scores = NULL
       WHERE list_id = ? AND scores IS NOT NULL
         AND seq <= (SELECT MAX(r.seq) FROM saved_list_runs r WHERE r.list_id = ?) - ?`,
      listId,
      listId,
      keepScores,
    );
    return this.run(
      `DELETE FROM saved_list_runs
       WHERE list_id = ?
         AND seq <= (SELECT MAX(r.seq) FROM saved_list_runs r WHERE r.list_id = ?) - ?
         AND id NOT IN (SELECT s.run_id FROM saved_list_seen s WHERE s.list_id = ?)
         AND id NOT IN (SELECT a.run_id FROM saved_list_alerts a WHERE a.list_id = ? AND a.read_at IS NULL)`,
      listId,
      listId,
      keep,
      listId,
      listId,
    );
  }

  async seenRun(listId: string, userId: string): Promise<StoredRun | undefined> {
    const r = await this.one<RunRow>(
      `SELECT ${columnsOf(RUN_FIELDS, 'r')}
       FROM saved_list_seen s JOIN saved_list_runs r ON r.id = s.run_id
       WHERE s.list_id = ? AND s.user_id = ?`,
      listId,
      userId,
    );
    return r && toRun(r);
  }

  async listStatus(listId: string, userId: string): Promise<ListStatus> {
    const latest = await this.one<{
      id: string;
      at: string;
      size: number;
      added_count: number;
      members: string;
    }>(
      'SELECT id, at, size, added_count, members FROM saved_list_runs WHERE list_id = ? ORDER BY seq DESC LIMIT 1',
      listId,
    );
    const seen = await this.one<{ id: string; members: string }>(
      `SELECT r.id, r.members FROM saved_list_seen s JOIN saved_list_runs r ON r.id = s.run_id
       WHERE s.list_id = ? AND s.user_id = ?`,
      listId,
      userId,
    );
    return {
      ...(latest
        ? {
            latest: {
              id: latest.id,
              at: latest.at,
              size: latest.size,
              addedCount: latest.added_count,
              members: JSON.parse(latest.members) as string[],
            },
          }
        : {}),
      ...(seen ? { seen: { id: seen.id, members: JSON.parse(seen.members) as string[] } } : {}),
    };
  }

  async markSeen(listId: string, userId: string, runId: string, at: string): Promise<void> {
    await this.run(
      `INSERT INTO saved_list_seen (list_id, user_id, run_id, at) VALUES (?, ?, ?, ?)
       ON CONFLICT (list_id, user_id) DO UPDATE SET run_id = excluded.run_id, at = excluded.at`,
      listId,
      userId,
      runId,
      at,
    );
  }
}
