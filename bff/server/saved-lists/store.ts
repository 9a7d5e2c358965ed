/**
 * The saved lists' store (docs/decisions/0016-saved-lists.md): lists, their runs (members, added and
 * removed as JSON text in the run's row), who marked which run seen, and the alerts of scheduled
 * checks. An async interface, so the PostgreSQL store of issue 9 implements the same one; this file
 * holds all of its SQL, written to run on both: text ids (crypto.randomUUID), ISO timestamps as
 * text (they order as they compare), 0/1 integers for booleans, `ON CONFLICT`, no SQLite functions.
 * Parameters are `?` here; the PostgreSQL port numbers them.
 */
import { randomUUID } from 'node:crypto';
import type { ParsedListRequest } from '../../contract/api';
import type {
  LastCheck,
  ListSchedule,
  ListSeed,
  MemberScore,
  RemovedCompany,
  RunCompanies,
} from '../../contract/saved-lists';
import type { PortableSql } from '../store/store';

export const SAVED_LISTS_SCHEMA = `
CREATE TABLE IF NOT EXISTS saved_lists (
  id                  TEXT PRIMARY KEY,
  owner_id            TEXT NOT NULL,
  owner_name          TEXT NOT NULL,
  name                TEXT NOT NULL,
  request             TEXT NOT NULL,
  columns             TEXT,
  shared              INTEGER NOT NULL DEFAULT 0 CHECK (shared IN (0, 1)),
  schedule            TEXT CHECK (schedule IS NULL OR schedule IN ('daily', 'weekly')),
  next_check_at       TEXT,
  last_check_at       TEXT,
  last_check_outcome  TEXT CHECK (last_check_outcome IS NULL OR last_check_outcome IN ('ran', 'skipped', 'failed')),
  last_check_detail   TEXT,
  last_check_run_id   TEXT,
  created_at          TEXT NOT NULL,
  updated_at          TEXT NOT NULL
);
CREATE INDEX IF NOT EXISTS saved_lists_owner ON saved_lists(owner_id);
CREATE INDEX IF NOT EXISTS saved_lists_shared ON saved_lists(shared);
CREATE INDEX IF NOT EXISTS saved_lists_due ON saved_lists(next_check_at);

CREATE TABLE IF NOT EXISTS saved_list_runs (
  id               TEXT PRIMARY KEY,
  list_id          TEXT NOT NULL REFERENCES saved_lists(id) ON DELETE CASCADE,
  seq              INTEGER NOT NULL,
  at               TEXT NOT NULL,
  run_by_id        TEXT NOT NULL,
  run_by_name      TEXT NOT NULL,
  run_trigger      TEXT NOT NULL CHECK (run_trigger IN ('manual', 'schedule')),
  total_count      INTEGER NOT NULL,
  size             INTEGER NOT NULL,
  added_count      INTEGER NOT NULL,
  removed_count    INTEGER NOT NULL,
  credits_consumed DOUBLE PRECISION NOT NULL,
  members          TEXT NOT NULL,
  added            TEXT NOT NULL,
  removed          TEXT NOT NULL,
  companies        TEXT NOT NULL,
  UNIQUE (list_id, seq)
);

CREATE TABLE IF NOT EXISTS saved_list_seen (
  list_id  TEXT NOT NULL REFERENCES saved_lists(id) ON DELETE CASCADE,
  user_id  TEXT NOT NULL,
  run_id   TEXT NOT NULL REFERENCES saved_list_runs(id) ON DELETE CASCADE,
  at       TEXT NOT NULL,
  PRIMARY KEY (list_id, user_id)
);

CREATE TABLE IF NOT EXISTS saved_list_alerts (
  id        TEXT PRIMARY KEY,
  user_id   TEXT NOT NULL,
  list_id   TEXT NOT NULL REFERENCES saved_lists(id) ON DELETE CASCADE,
  run_id    TEXT NOT NULL REFERENCES saved_list_runs(id) ON DELETE CASCADE,
  at        TEXT NOT NULL,
  new_count INTEGER NOT NULL,
  read_at   TEXT
);
CREATE INDEX IF NOT EXISTS saved_list_alerts_user ON saved_list_alerts(user_id, read_at);
`;

/**
 * Lists with seeds (issue 16): the list's seed companies (JSON `[{uuid, name, website}]`, null for
 * none); per run how it was ordered, why it was not ranked, and its members' scores (JSON
 * `{uuid: {score, reasons, cells}}`, kept for a list's newest runs only). The store's migration 6, on
 * either engine; SQLite checks a new column's CHECK against the rows already there (all null).
 */
export const SAVED_LISTS_SEEDS_MIGRATION = `
ALTER TABLE saved_lists ADD COLUMN seeds TEXT;
ALTER TABLE saved_list_runs ADD COLUMN ranking TEXT CHECK (ranking IS NULL OR ranking IN ('similarity', 'filters'));
ALTER TABLE saved_list_runs ADD COLUMN ranking_note TEXT;
ALTER TABLE saved_list_runs ADD COLUMN scores TEXT;
`;

/**
 * Scheduled checks as attempts (issue 30): the store's migration 9, on either engine. The attempt
 * running now (its id, the instance running it, when it started, the lease it renews while it
 * runs), how many attempts the check's slot has had, when the next may start, and where
 * `next_check_at` moves once the slot ends; which attempt the last check was. An attempt whose lease
 * ended without an end (its instance died) is recorded as failed by the instance that finds it, and
 * tried again within its slot. Rows from before are lists with no attempt under way.
 */
export const SAVED_LISTS_CHECK_ATTEMPTS_MIGRATION = `
ALTER TABLE saved_lists ADD COLUMN check_attempt_id TEXT;
ALTER TABLE saved_lists ADD COLUMN check_owner TEXT;
ALTER TABLE saved_lists ADD COLUMN check_started_at TEXT;
ALTER TABLE saved_lists ADD COLUMN check_lease_until TEXT;
ALTER TABLE saved_lists ADD COLUMN check_attempts INTEGER NOT NULL DEFAULT 0;
ALTER TABLE saved_lists ADD COLUMN check_retry_at TEXT;
ALTER TABLE saved_lists ADD COLUMN check_slot_end TEXT;
ALTER TABLE saved_lists ADD COLUMN last_check_attempt INTEGER;
`;

export type StoredList = {
  id: string;
  ownerId: string;
  ownerName: string;
  name: string;
  request: ParsedListRequest;
  columns: string[] | null;
  shared: boolean;
  schedule: ListSchedule | null;
  /** The seed companies of a list of lookalikes, named as a company search found them; null: none. */
  seeds: ListSeed[] | null;
  nextCheckAt: string | null;
  lastCheck: LastCheck | null;
  createdAt: string;
  updatedAt: string;
};

export type NewList = Omit<StoredList, 'id' | 'lastCheck' | 'updatedAt'>;

/** What a PATCH may change; `nextCheckAt` follows a change of schedule. */
export type ListChanges = Partial<
  Pick<StoredList, 'name' | 'request' | 'columns' | 'shared' | 'schedule' | 'seeds' | 'nextCheckAt'>
>;

export type StoredRunSummary = {
  id: string;
  listId: string;
  at: string;
  runBy: { id: string; name: string };
  trigger: 'manual' | 'schedule';
  totalCount: number;
  size: number;
  addedCount: number;
  removedCount: number;
  creditsConsumed: number;
  /** How the members are ordered: by similarity to the list's seeds, the list's order (why in `rankingNote`), or null (no seeds). */
  ranking: 'similarity' | 'filters' | null;
};

export type StoredRun = StoredRunSummary & {
  members: string[];
  added: string[];
  removed: RemovedCompany[];
  /** Name and website of the members and of the companies that left, by id. */
  companies: RunCompanies;
  rankingNote: string | null;
  /** The members' scores of a ranked run (null otherwise, and once pruned). */
  scores: Record<string, MemberScore> | null;
};

export type NewRun = Omit<StoredRun, 'id' | 'addedCount' | 'removedCount'>;

export type StoredAlert = {
  id: string;
  listId: string;
  listName: string;
  runId: string;
  at: string;
  count: number;
};

/** A scheduled check this instance may take now. */
export type DueCheck = {
  id: string;
  /** The start of the check's slot (what a claim is conditional on). */
  nextCheckAt: string;
  /** Attempts its slot has had so far (0: none yet). */
  attempts: number;
  /** Where `next_check_at` moves once the slot ends; null before its first attempt. */
  slotEnd: string | null;
  /** An attempt whose lease ended without an end: its instance stopped or died mid-run. */
  stopped: { attemptId: string; startedAt: string; owner: string } | null;
};

/** Taking a due check: a new attempt, leased to one instance. */
export type CheckClaim = {
  id: string;
  /** What the claim read, and holds only while it is still so. */
  due: DueCheck;
  attemptId: string;
  owner: string;
  at: string;
  leaseUntil: string;
  /** The attempt's number in its slot (1: the first). */
  attempt: number;
  /** The slot's start (`next_check_at` while it lasts) and end (where `next_check_at` then moves). */
  slotStart: string;
  slotEnd: string;
  /** The slot's retry time shown with a failed last check; undefined: as it is. */
  retryAt?: string | null;
  /** `due.stopped`, recorded as the list's last check as the new attempt takes its place. */
  stoppedCheck?: LastCheck;
};

/** An attempt's end: the list's last check, and a retry within the slot or the slot's end. */
export type CheckEnd = {
  id: string;
  attemptId: string;
  check: LastCheck;
  /** A retry not before then; null: the slot ends, `next_check_at` moves to its end. */
  retryAt: string | null;
  /** Only if the attempt's lease ended before then (ending an attempt another instance left). */
  leaseEndedBefore?: string;
};

export type ListStatus = {
  latest?: { id: string; at: string; size: number; addedCount: number; members: string[] };
  seen?: { id: string; members: string[] };
};

export interface SavedListStore {
  createList(list: NewList): Promise<StoredList>;
  getList(id: string): Promise<StoredList | undefined>;
  /** The lists a user owns and those shared with the team, newest first. */
  listsVisibleTo(userId: string): Promise<StoredList[]>;
  updateList(id: string, changes: ListChanges, updatedAt: string): Promise<StoredList | undefined>;
  deleteList(id: string): Promise<boolean>;

  /** Adds a run as the list's newest; undefined when the list is gone. */
  addRun(run: NewRun): Promise<StoredRun | undefined>;
  latestRun(listId: string): Promise<StoredRun | undefined>;
  getRun(listId: string, runId: string): Promise<StoredRun | undefined>;
  /** The list's runs, newest first, without their companies. */
  runs(listId: string, limit: number): Promise<StoredRunSummary[]>;
  /**
   * Deletes the list's runs older than its newest `keep`, but a run someone marked seen or an unread
   * alert names (what diffs and the header still need); answers how many it deleted. The runs older
   * than the newest `keepScores` lose their members' scores (what only the latest run's page shows).
   */
  pruneRuns(listId: string, keep: number, keepScores?: number): Promise<number>;

  /** The run the user last marked seen. */
  seenRun(listId: string, userId: string): Promise<StoredRun | undefined>;
  /**
   * What a list's entry shows a user: its latest run and the run they last marked seen, with their
   * members only (not their diffs nor names: a list of lists reads this for every list).
   */
  listStatus(listId: string, userId: string): Promise<ListStatus>;
  markSeen(listId: string, userId: string, runId: string, at: string): Promise<void>;

  /**
   * Scheduled lists whose check may start at `now`, earliest first: due, no attempt running (or one
   * whose lease ended before `now`), and past any retry's time.
   */
  dueChecks(now: string, limit: number): Promise<DueCheck[]>;
  /**
   * Takes a due check as a new attempt leased to `owner`, only if the list is still as `due` read it
   * (no other attempt started since; a stopped attempt still stopped): true for exactly one of
   * several instances claiming the same check. `next_check_at` stays until the slot ends.
   */
  claimCheck(claim: CheckClaim): Promise<boolean>;
  /** Extends the lease of a running attempt; false when it is no longer the list's attempt. */
  renewCheck(id: string, attemptId: string, leaseUntil: string): Promise<boolean>;
  /** Ends an attempt (only if it still is the list's attempt): false when it is not. */
  endCheck(end: CheckEnd): Promise<boolean>;
  recordCheck(id: string, check: LastCheck): Promise<void>;

  addAlert(alert: {
    userId: string;
    listId: string;
    runId: string;
    at: string;
    count: number;
  }): Promise<void>;
  alerts(userId: string, limit: number): Promise<{ unread: number; data: StoredAlert[] }>;
  /** Marks the user's unread alerts read (of one list, or all). */
  readAlerts(userId: string, at: string, listId?: string): Promise<void>;
}

type ListRow = {
  id: string;
  owner_id: string;
  owner_name: string;
  name: string;
  request: string;
  columns: string | null;
  shared: number;
  schedule: ListSchedule | null;
  seeds: string | null;
  next_check_at: string | null;
  last_check_at: string | null;
  last_check_outcome: LastCheck['outcome'] | null;
  last_check_detail: string | null;
  last_check_run_id: string | null;
  last_check_attempt: number | null;
  check_retry_at: string | null;
  created_at: string;
  updated_at: string;
};

type RunRow = {
  id: string;
  list_id: string;
  at: string;
  run_by_id: string;
  run_by_name: string;
  run_trigger: 'manual' | 'schedule';
  total_count: number;
  size: number;
  added_count: number;
  removed_count: number;
  credits_consumed: number;
  ranking: 'similarity' | 'filters' | null;
  members?: string;
  added?: string;
  removed?: string;
  companies?: string;
  ranking_note?: string | null;
  scores?: string | null;
};

const LIST_COLUMNS = `id, owner_id, owner_name, name, request, columns, shared, schedule, seeds, next_check_at,
  last_check_at, last_check_outcome, last_check_detail, last_check_run_id, last_check_attempt, check_retry_at,
  created_at, updated_at`;
/** A slot's attempts forgotten: none running, none counted, no retry (a slot's end, a new schedule). */
const NO_ATTEMPT = `check_attempt_id = NULL, check_owner = NULL, check_started_at = NULL,
  check_lease_until = NULL, check_attempts = 0, check_retry_at = NULL, check_slot_end = NULL`;
const SUMMARY_FIELDS = [
  'id',
  'list_id',
  'at',
  'run_by_id',
  'run_by_name',
  'run_trigger',
  'total_count',
  'size',
  'added_count',
  'removed_count',
  'credits_consumed',
  'ranking',
];
const RUN_FIELDS = [...SUMMARY_FIELDS, 'members', 'added', 'removed', 'companies', 'ranking_note', 'scores'];
/** Column names, each prefixed with a table's alias when given. */
const columnsOf = (fields: readonly string[], alias?: string) =>
  fields.map((f) => (alias ? `${alias}.${f}` : f)).join(', ');
const SUMMARY_COLUMNS = columnsOf(SUMMARY_FIELDS);
const RUN_COLUMNS = columnsOf(RUN_FIELDS);

function toList(r: ListRow): StoredList {
  return {
    id: r.id,
    ownerId: r.owner_id,
    ownerName: r.owner_name,
    name: r.name,
    request: JSON.parse(r.request) as ParsedListRequest,
    columns: r.columns === null ? null : (JSON.parse(r.columns) as string[]),
    shared: r.shared === 1,
    schedule: r.schedule,
    seeds: r.seeds === null ? null : (JSON.parse(r.seeds) as ListSeed[]),
    nextCheckAt: r.next_check_at,
    lastCheck:
      r.last_check_at === null || r.last_check_outcome === null
        ? null
        : {
            at: r.last_check_at,
            outcome: r.last_check_outcome,
            detail: r.last_check_detail,
            run_id: r.last_check_run_id,
            attempt: r.last_check_attempt === null ? null : Number(r.last_check_attempt),
            // A retry is pending while the slot has not ended: its time is kept until then.
            retry_at: r.last_check_outcome === 'failed' ? r.check_retry_at : null,
          },
    createdAt: r.created_at,
    updatedAt: r.updated_at,
  };
}

function toSummary(r: RunRow): StoredRunSummary {
  return {
    id: r.id,
    listId: r.list_id,
    at: r.at,
    runBy: { id: r.run_by_id, name: r.run_by_name },
    trigger: r.run_trigger,
    totalCount: r.total_count,
    size: r.size,
    addedCount: r.added_count,
    removedCount: r.removed_count,
    creditsConsumed: r.credits_consumed,
    ranking: r.ranking ?? null,
  };
}

function toRun(r: RunRow): StoredRun {
  return {
    ...toSummary(r),
    members: JSON.parse(r.members ?? '[]') as string[],
    added: JSON.parse(r.added ?? '[]') as string[],
    removed: JSON.parse(r.removed ?? '[]') as RemovedCompany[],
    companies: JSON.parse(r.companies ?? '{}') as RunCompanies,
    rankingNote: r.ranking_note ?? null,
    scores: r.scores ? (JSON.parse(r.scores) as Record<string, MemberScore>) : null,
  };
}

/** What the store asks of a database: the BFF store's portable SQL (`?` parameters, either engine). */
export type SqlRunner = PortableSql;

/**
 * The schema's statements one by one (each runner takes one statement at a time), for a database
 * the BFF store's migrations do not manage (migrations 3 and 6 otherwise).
 */
export async function applySavedListsSchema(sql: SqlRunner): Promise<void> {
  for (const statement of SAVED_LISTS_SCHEMA.split(';')) if (statement.trim()) await sql.run(statement);
  for (const statement of [
    ...SAVED_LISTS_SEEDS_MIGRATION.split(';'),
    ...SAVED_LISTS_CHECK_ATTEMPTS_MIGRATION.split(';'),
  ]) {
    if (!statement.trim()) continue;
    try {
      await sql.run(statement);
    } catch (e) {
      // Tables made by an earlier start already have the column.
      if (!/duplicate column|already exists/i.test(String(e))) throw e;
    }
  }
}

/**
 * The store over any SQL runner. The schema is applied as it is constructed, unless the database's
 * migrations apply it (`applySchema: false`: several PostgreSQL instances starting at once would
 * run `CREATE TABLE IF NOT EXISTS` concurrently, which PostgreSQL does not make safe).
 */
export class SqlSavedListStore implements SavedListStore {
  private readonly ready: Promise<void>;

  constructor(
    private readonly sql: SqlRunner,
    opts: { applySchema?: boolean } = {},
  ) {
    this.ready = opts.applySchema === false ? Promise.resolve() : applySavedListsSchema(sql);
  }

  private async one<T>(sql: string, ...params: unknown[]): Promise<T | undefined> {
    await this.ready;
    return this.sql.get<T>(sql, params);
  }

  private async all<T>(sql: string, ...params: unknown[]): Promise<T[]> {
    await this.ready;
    return this.sql.all<T>(sql, params);
  }

  private async run(sql: string, ...params: unknown[]): Promise<number> {
    await this.ready;
    return (await this.sql.run(sql, params)).changes;
  }

  async createList(list: NewList): Promise<StoredList> {
    const id = randomUUID();
    await this.run(
      `INSERT INTO saved_lists (id, owner_id, owner_name, name, request, columns, shared, schedule,
         seeds, next_check_at, created_at, updated_at)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
      id,
      list.ownerId,
      list.ownerName,
      list.name,
      JSON.stringify(list.request),
      list.columns === null ? null : JSON.stringify(list.columns),
      list.shared ? 1 : 0,
      list.schedule,
      list.seeds === null ? null : JSON.stringify(list.seeds),
      list.nextCheckAt,
      list.createdAt,
      list.createdAt,
    );
    return (await this.getList(id))!;
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

  async dueChecks(now: string, limit: number): Promise<DueCheck[]> {
    return (
      await this.all<{
        id: string;
        next_check_at: string;
        check_attempts: number;
        check_slot_end: string | null;
        check_attempt_id: string | null;
        check_started_at: string | null;
        check_owner: string | null;
      }>(
        `SELECT id, next_check_at, check_attempts, check_slot_end, check_attempt_id, check_started_at, check_owner
       FROM saved_lists
       WHERE schedule IS NOT NULL AND next_check_at IS NOT NULL AND next_check_at <= ?
         AND (check_attempt_id IS NULL OR check_lease_until < ?)
         AND (check_retry_at IS NULL OR check_retry_at <= ?)
       ORDER BY next_check_at, id LIMIT ?`,
        now,
        now,
        now,
        limit,
      )
    ).map((r) => ({
      id: r.id,
      nextCheckAt: r.next_check_at,
      attempts: Number(r.check_attempts),
      slotEnd: r.check_slot_end,
      stopped:
        r.check_attempt_id === null
          ? null
          : {
              attemptId: r.check_attempt_id,
              startedAt: r.check_started_at ?? '',
              owner: r.check_owner ?? '',
            },
    }));
  }

  async claimCheck(claim: CheckClaim): Promise<boolean> {
    const { due, stoppedCheck: stopped } = claim;
    const sets = [
      'check_attempt_id = ?',
      'check_owner = ?',
      'check_started_at = ?',
      'check_lease_until = ?',
      'check_attempts = ?',
      'check_slot_end = ?',
      'next_check_at = ?',
    ];
    const params: unknown[] = [
      claim.attemptId,
      claim.owner,
      claim.at,
      claim.leaseUntil,
      claim.attempt,
      claim.slotEnd,
      claim.slotStart,
    ];
    if (claim.retryAt !== undefined) {
      sets.push('check_retry_at = ?');
      params.push(claim.retryAt);
    }
    // A stopped attempt is recorded (failed, and why) as the new one takes its place, at once.
    if (stopped) {
      sets.push(
        'last_check_at = ?',
        'last_check_outcome = ?',
        'last_check_detail = ?',
        'last_check_run_id = ?',
        'last_check_attempt = ?',
      );
      params.push(stopped.at, stopped.outcome, stopped.detail, stopped.run_id, stopped.attempt);
    }
    const held =
      due.stopped === null
        ? ['check_attempts = ? AND check_attempt_id IS NULL', due.attempts]
        : ['check_attempt_id = ? AND check_lease_until < ?', due.stopped.attemptId, claim.at];
    return (
      (await this.run(
        `UPDATE saved_lists SET ${sets.join(', ')} WHERE id = ? AND next_check_at = ? AND ${held[0]}`,
        ...params,
        claim.id,
        due.nextCheckAt,
        ...held.slice(1),
      )) === 1
    );
  }

  async renewCheck(id: string, attemptId: string, leaseUntil: string): Promise<boolean> {
    return (
      (await this.run(
        'UPDATE saved_lists SET check_lease_until = ? WHERE id = ? AND check_attempt_id = ?',
        leaseUntil,
        id,
        attemptId,
      )) === 1
    );
  }

  async endCheck(end: CheckEnd): Promise<boolean> {
    const { check } = end;
    // A retry keeps the slot (and its count) and frees the attempt; otherwise the slot ends and the
    // check's next time is the slot's end.
    const then =
      end.retryAt === null
        ? `next_check_at = COALESCE(check_slot_end, next_check_at), ${NO_ATTEMPT}`
        : `check_attempt_id = NULL, check_owner = NULL, check_started_at = NULL, check_lease_until = NULL,
           check_retry_at = ?`;
    return (
      (await this.run(
        `UPDATE saved_lists SET ${then}, last_check_at = ?, last_check_outcome = ?, last_check_detail = ?,
           last_check_run_id = ?, last_check_attempt = ?
         WHERE id = ? AND check_attempt_id = ?${end.leaseEndedBefore === undefined ? '' : ' AND check_lease_until < ?'}`,
        ...(end.retryAt === null ? [] : [end.retryAt]),
        check.at,
        check.outcome,
        check.detail,
        check.run_id,
        check.attempt,
        end.id,
        end.attemptId,
        ...(end.leaseEndedBefore === undefined ? [] : [end.leaseEndedBefore]),
      )) === 1
    );
  }

  async recordCheck(id: string, check: LastCheck): Promise<void> {
    await this.run(
      `UPDATE saved_lists SET last_check_at = ?, last_check_outcome = ?, last_check_detail = ?,
         last_check_run_id = ?, last_check_attempt = ? WHERE id = ?`,
      check.at,
      check.outcome,
      check.detail,
      check.run_id,
      check.attempt,
      id,
    );
  }

  async addAlert(alert: {
    userId: string;
    listId: string;
    runId: string;
    at: string;
    count: number;
  }): Promise<void> {
    await this.run(
      `INSERT INTO saved_list_alerts (id, user_id, list_id, run_id, at, new_count, read_at)
       VALUES (?, ?, ?, ?, ?, ?, NULL)`,
      randomUUID(),
      alert.userId,
      alert.listId,
      alert.runId,
      alert.at,
      alert.count,
    );
  }

  async alerts(userId: string, limit: number): Promise<{ unread: number; data: StoredAlert[] }> {
    const unread =
      (
        await this.one<{ n: number }>(
          'SELECT COUNT(*) AS n FROM saved_list_alerts WHERE user_id = ? AND read_at IS NULL',
          userId,
        )
      )?.n ?? 0;
    const data = (
      await this.all<{
        id: string;
        list_id: string;
        name: string;
        run_id: string;
        at: string;
        new_count: number;
      }>(
        `SELECT a.id, a.list_id, l.name, a.run_id, a.at, a.new_count
       FROM saved_list_alerts a JOIN saved_lists l ON l.id = a.list_id
       WHERE a.user_id = ? AND a.read_at IS NULL
       ORDER BY a.at DESC, a.id LIMIT ?`,
        userId,
        limit,
      )
    ).map((r) => ({
      id: r.id,
      listId: r.list_id,
      listName: r.name,
      runId: r.run_id,
      at: r.at,
      count: r.new_count,
    }));
    return { unread: Number(unread), data };
  }

  async readAlerts(userId: string, at: string, listId?: string): Promise<void> {
    if (listId === undefined)
      await this.run(
        'UPDATE saved_list_alerts SET read_at = ? WHERE user_id = ? AND read_at IS NULL',
        at,
        userId,
      );
    else
      await this.run(
        'UPDATE saved_list_alerts SET read_at = ? WHERE user_id = ? AND list_id = ? AND read_at IS NULL',
        at,
        userId,
        listId,
      );
  }
}
