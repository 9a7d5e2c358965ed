/**
 * The account lists' store (issue 15): imports with their rows, account lists with their members,
 * and what bulk enrichment already fetched. All SQL of account lists is in this file, portable
 * (docs/decisions/0013): TEXT ids, ISO TEXT timestamps, JSON as TEXT, 0/1 integers for booleans,
 * `ON CONFLICT`, `?` parameters (numbered on PostgreSQL). It runs on the BFF's store, SQLite or
 * PostgreSQL, through its portable SQL and transactions; the schema is the store's migration 4.
 */
import type { AccountListSource, Candidate, ImportState, MatchReason } from '../../contract/accounts';
import type { BffStore, PortableSql } from '../store/store';

/**
 * The tables, one text for both engines (the store's migration 4; DOUBLE PRECISION is REAL to
 * SQLite). IF NOT EXISTS: SQLite files from before the migration may hold them, made by this store.
 */
export const ACCOUNTS_SCHEMA = `
CREATE TABLE IF NOT EXISTS account_lists (
  id          TEXT PRIMARY KEY,
  owner_id    TEXT NOT NULL,
  owner_name  TEXT NOT NULL,
  name        TEXT NOT NULL,
  source      TEXT NOT NULL CHECK (source IN ('import', 'exported')),
  shared      INTEGER NOT NULL DEFAULT 0 CHECK (shared IN (0, 1)),
  import_id   TEXT,
  created_at  TEXT NOT NULL,
  updated_at  TEXT NOT NULL
);
CREATE INDEX IF NOT EXISTS account_lists_owner ON account_lists(owner_id);
CREATE UNIQUE INDEX IF NOT EXISTS account_lists_exported ON account_lists(owner_id) WHERE source = 'exported';

CREATE TABLE IF NOT EXISTS account_list_members (
  list_id   TEXT NOT NULL REFERENCES account_lists(id) ON DELETE CASCADE,
  uuid      TEXT NOT NULL,
  name      TEXT NOT NULL,
  domain    TEXT NOT NULL,
  added_at  TEXT NOT NULL,
  PRIMARY KEY (list_id, uuid)
);
CREATE INDEX IF NOT EXISTS account_list_members_uuid ON account_list_members(uuid);

CREATE TABLE IF NOT EXISTS account_imports (
  id              TEXT PRIMARY KEY,
  owner_id        TEXT NOT NULL,
  owner_name      TEXT NOT NULL,
  owner_role      TEXT NOT NULL,
  name            TEXT NOT NULL,
  status          TEXT NOT NULL CHECK (status IN ('queued', 'matching', 'completed', 'cancelled', 'failed')),
  columns         TEXT NOT NULL,
  name_column     TEXT,
  domain_column   TEXT,
  delimiter       TEXT NOT NULL,
  rows            INTEGER NOT NULL,
  requests        INTEGER NOT NULL DEFAULT 0,
  account_list_id TEXT NOT NULL,
  error           TEXT,
  created_at      TEXT NOT NULL,
  updated_at      TEXT NOT NULL
);
CREATE INDEX IF NOT EXISTS account_imports_owner ON account_imports(owner_id, created_at);
CREATE INDEX IF NOT EXISTS account_imports_status ON account_imports(status);

CREATE TABLE IF NOT EXISTS account_import_rows (
  import_id      TEXT NOT NULL REFERENCES account_imports(id) ON DELETE CASCADE,
  line           INTEGER NOT NULL,
  cells          TEXT NOT NULL,
  in_name        TEXT,
  in_domain      TEXT,
  state          TEXT NOT NULL CHECK (state IN ('pending', 'done', 'invalid')),
  uuid           TEXT,
  company_name   TEXT,
  company_domain TEXT,
  confidence     INTEGER,
  reason         TEXT,
  candidates     TEXT NOT NULL DEFAULT '[]',
  matched_at     TEXT,
  PRIMARY KEY (import_id, line)
);
CREATE INDEX IF NOT EXISTS account_import_rows_state ON account_import_rows(import_id, state, line);

CREATE TABLE IF NOT EXISTS account_enrichment (
  list_id  TEXT NOT NULL REFERENCES account_lists(id) ON DELETE CASCADE,
  uuid     TEXT NOT NULL,
  section  TEXT NOT NULL,
  data     TEXT NOT NULL,
  at       TEXT NOT NULL,
  PRIMARY KEY (list_id, uuid, section)
);

CREATE TABLE IF NOT EXISTS account_enrichment_runs (
  list_id         TEXT PRIMARY KEY REFERENCES account_lists(id) ON DELETE CASCADE,
  user_id         TEXT NOT NULL,
  status          TEXT NOT NULL CHECK (status IN ('running', 'completed', 'stopped', 'failed')),
  sections        TEXT NOT NULL,
  done            INTEGER NOT NULL,
  total           INTEGER NOT NULL,
  credits         DOUBLE PRECISION NOT NULL,
  stopped_reason  TEXT,
  started_at      TEXT NOT NULL,
  updated_at      TEXT NOT NULL
);
`;

// ---------------------------------------------------------------------------------------------
// Records

export type Owner = { id: string; name: string; role: string };

export type AccountListRecord = {
  id: string;
  ownerId: string;
  ownerName: string;
  name: string;
  source: AccountListSource;
  shared: boolean;
  importId: string | null;
  size: number;
  createdAt: string;
  updatedAt: string;
};

export type MemberRecord = { uuid: string; name: string; domain: string };

export type ImportRecord = {
  id: string;
  owner: Owner;
  name: string;
  status: ImportState;
  columns: string[];
  nameColumn: string | null;
  domainColumn: string | null;
  delimiter: ',' | ';';
  rows: number;
  requests: number;
  accountListId: string;
  error: string | null;
  createdAt: string;
  updatedAt: string;
};

export type ImportCounts = {
  processed: number;
  matched: number;
  ambiguous: number;
  unmatched: number;
  invalid: number;
};

/** A row as the parser leaves it: its cells, what was read of it, and whether it is readable. */
export type NewRow = {
  line: number;
  cells: string[];
  name: string | null;
  domain: string | null;
  /** Set for a row that cannot be matched (empty, unreadable): it is stored as invalid. */
  invalid?: string;
};

export type RowState = 'pending' | 'done' | 'invalid';

export type RowRecord = {
  line: number;
  cells: string[];
  inName: string | null;
  inDomain: string | null;
  state: RowState;
  uuid: string | null;
  companyName: string | null;
  companyDomain: string | null;
  confidence: number | null;
  reason: string | null;
  candidates: Candidate[];
  matchedAt: string | null;
};

export type RowResult = {
  uuid: string | null;
  name: string | null;
  domain: string | null;
  confidence: number;
  reason: MatchReason;
  candidates: Candidate[];
};

export type RowFilter = 'all' | 'review' | 'ambiguous' | 'unmatched' | 'invalid' | 'matched';

export type EnrichmentRunRecord = {
  listId: string;
  userId: string;
  status: 'running' | 'completed' | 'stopped' | 'failed';
  sections: string[];
  done: number;
  total: number;
  credits: number;
  stoppedReason: string | null;
  startedAt: string;
  updatedAt: string;
};

// ---------------------------------------------------------------------------------------------
// The interface

export interface AccountStore {
  // account lists
  createList(l: {
    id: string;
    owner: Owner;
    name: string;
    source: AccountListSource;
    importId: string | null;
    at: string;
  }): Promise<void>;
  /** The user's "Exported before" list, made when missing. */
  exportedList(owner: Owner, id: string, name: string, at: string): Promise<AccountListRecord>;
  getList(id: string): Promise<AccountListRecord | undefined>;
  /** Removes a list with its members (an import refused half-way). */
  deleteList(id: string): Promise<void>;
  /** The lists a user may read: their own and those shared by others. */
  visibleLists(userId: string): Promise<AccountListRecord[]>;
  updateList(id: string, patch: { name?: string; shared?: boolean }, at: string): Promise<void>;
  members(listId: string, page?: { limit: number; offset: number }): Promise<MemberRecord[]>;
  addMembers(listId: string, members: readonly MemberRecord[], at: string): Promise<void>;
  removeMember(listId: string, uuid: string, at: string): Promise<void>;
  /** Which of `uuids` are members of any of the lists. */
  membersAmong(listIds: readonly string[], uuids: readonly string[]): Promise<Map<string, string[]>>;

  // imports
  createImport(i: ImportRecord, rows: AsyncIterable<NewRow[]>): Promise<void>;
  getImport(id: string): Promise<ImportRecord | undefined>;
  importsOf(ownerId: string): Promise<ImportRecord[]>;
  /** Imports to resume after a restart: queued or matching. */
  unfinishedImports(): Promise<ImportRecord[]>;
  setImportStatus(id: string, status: ImportState, at: string, error?: string | null): Promise<void>;
  /**
   * Moves an unfinished import on (matching, completed or failed) unless it ended meanwhile
   * (cancelled, also through another instance): answers whether it did.
   */
  settleImport(
    id: string,
    status: 'matching' | 'completed' | 'failed',
    at: string,
    error?: string | null,
  ): Promise<boolean>;
  /**
   * Takes (or renews) the lease of an unfinished import for `owner` (one BFF instance) until
   * `until`: granted when nobody holds it, `owner` does, or the holder's lease ended before `at`.
   * Answers false when another instance holds it or the import is no longer queued or matching.
   */
  leaseImport(id: string, owner: string, at: string, until: string): Promise<boolean>;
  /** Gives the lease back (a stopping instance: another may resume the import at once). */
  releaseImport(id: string, owner: string): Promise<void>;
  counts(id: string): Promise<ImportCounts>;
  invalidLines(id: string, limit: number): Promise<number[]>;
  /** Pending rows in line order, after `afterLine`. */
  pendingRows(id: string, afterLine: number, limit: number): Promise<RowRecord[]>;
  rows(id: string, filter: RowFilter, afterLine: number, limit: number): Promise<RowRecord[]>;
  row(id: string, line: number): Promise<RowRecord | undefined>;
  /**
   * Records a row's match (once: only a pending row is updated), counts its requests and, when it
   * names one company, adds it to the import's account list: all in one transaction. Answers false
   * when the row was not pending (matched already, or the import is gone).
   */
  recordMatch(
    importId: string,
    line: number,
    result: RowResult,
    requests: number,
    listId: string,
    matched: boolean,
    at: string,
  ): Promise<boolean>;
  /** The user's choice for a row: the row updated, the list's member replaced. */
  pickRow(importId: string, line: number, result: RowResult, listId: string, at: string): Promise<void>;

  // bulk enrichment
  enrichedSections(listId: string, uuids: readonly string[]): Promise<Map<string, Map<string, unknown>>>;
  saveEnrichment(listId: string, uuid: string, sections: Record<string, unknown>, at: string): Promise<void>;
  getRun(listId: string): Promise<EnrichmentRunRecord | undefined>;
  saveRun(run: EnrichmentRunRecord): Promise<void>;
}

// ---------------------------------------------------------------------------------------------
// On the BFF's store (SQLite or PostgreSQL)

type ListRow = {
  id: string;
  owner_id: string;
  owner_name: string;
  name: string;
  source: AccountListSource;
  shared: number;
  import_id: string | null;
  size: number;
  created_at: string;
  updated_at: string;
};

type ImportRow = {
  id: string;
  owner_id: string;
  owner_name: string;
  owner_role: string;
  name: string;
  status: ImportState;
  columns: string;
  name_column: string | null;
  domain_column: string | null;
  delimiter: ',' | ';';
  rows: number;
  requests: number;
  account_list_id: string;
  error: string | null;
  created_at: string;
  updated_at: string;
};

type DbRow = {
  line: number;
  cells: string;
  in_name: string | null;
  in_domain: string | null;
  state: RowState;
  uuid: string | null;
  company_name: string | null;
  company_domain: string | null;
  confidence: number | null;
  reason: string | null;
  candidates: string;
  matched_at: string | null;
};

const LIST_COLS = `l.id, l.owner_id, l.owner_name, l.name, l.source, l.shared, l.import_id, l.created_at, l.updated_at,
  (SELECT COUNT(*) FROM account_list_members m WHERE m.list_id = l.id) AS size`;

const toList = (r: ListRow): AccountListRecord => ({
  id: r.id,
  ownerId: r.owner_id,
  ownerName: r.owner_name,
  name: r.name,
  source: r.source,
  shared: r.shared === 1,
  importId: r.import_id,
  size: r.size,
  createdAt: r.created_at,
  updatedAt: r.updated_at,
});

const toImport = (r: ImportRow): ImportRecord => ({
  id: r.id,
  owner: { id: r.owner_id, name: r.owner_name, role: r.owner_role },
  name: r.name,
  status: r.status,
  columns: JSON.parse(r.columns) as string[],
  nameColumn: r.name_column,
  domainColumn: r.domain_column,
  delimiter: r.delimiter,
  rows: r.rows,
  requests: r.requests,
  accountListId: r.account_list_id,
  error: r.error,
  createdAt: r.created_at,
  updatedAt: r.updated_at,
});

const toRow = (r: DbRow): RowRecord => ({
  line: r.line,
  cells: JSON.parse(r.cells) as string[],
  inName: r.in_name,
  inDomain: r.in_domain,
  state: r.state,
  uuid: r.uuid,
  companyName: r.company_name,
  companyDomain: r.company_domain,
  confidence: r.confidence,
  reason: r.reason,
  candidates: JSON.parse(r.candidates) as Candidate[],
  matchedAt: r.matched_at,
});

const ROW_FILTER_SQL: Readonly<Record<RowFilter, string>> = {
  all: '1 = 1',
  review: `state = 'done' AND confidence < 3`,
  ambiguous: `state = 'done' AND reason = 'several candidates'`,
  unmatched: `state = 'done' AND confidence = 0`,
  invalid: `state = 'invalid'`,
  matched: `state = 'done' AND confidence >= 2`,
};

/** Values per `IN (...)` lookup; lists are padded to a power of two (few statement shapes to prepare). */
const CHUNK = 512;
/** Rows per multi-row INSERT of an import's rows (8 parameters each). */
const ROWS_PER_INSERT = 64;

/** `IN (?, ...)` for `values`, padded with NULLs (they match nothing) to a power of two. */
function inList(values: readonly string[]): { marks: string; params: (string | null)[] } {
  let size = 8;
  while (size < values.length) size *= 2;
  const params: (string | null)[] = [...values];
  while (params.length < size) params.push(null);
  return { marks: params.map(() => '?').join(', '), params };
}

const rowValues = (importId: string, r: NewRow): unknown[] => [
  importId,
  r.line,
  JSON.stringify(r.cells),
  r.name,
  r.domain,
  r.invalid ? 'invalid' : 'pending',
  r.invalid ? 0 : null,
  r.invalid ? `invalid row: ${r.invalid}` : null,
];

const ADD_MEMBER = `INSERT INTO account_list_members (list_id, uuid, name, domain, added_at) VALUES (?, ?, ?, ?, ?)
  ON CONFLICT (list_id, uuid) DO NOTHING`;
const TOUCH_LIST = 'UPDATE account_lists SET updated_at = ? WHERE id = ?';

type Transact = <T>(fn: (sql: PortableSql) => Promise<T>) => Promise<T>;

export class SqlAccountStore implements AccountStore {
  private readonly sql: PortableSql;
  private readonly transaction: Transact;

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
