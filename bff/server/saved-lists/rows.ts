/**
 * The saved lists' rows as the database holds them, their mappers to records, and the base of the
 * store's classes: one SQL runner, waited on until the schema is applied.
 */
import type { ParsedListRequest } from '../../contract/api';
import type {
  LastCheck,
  ListKind,
  ListSchedule,
  ListSeed,
  MemberScore,
  RemovedCompany,
  RunCompanies,
} from '../../contract/saved-lists';
import type { StoredList, StoredRun, StoredRunSummary } from './records';
import { applySavedListsSchema, type SqlRunner } from './schema';

export type ListRow = {
  id: string;
  kind: ListKind;
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

export type RunRow = {
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

export const LIST_COLUMNS = `id, kind, owner_id, owner_name, name, request, columns, shared, schedule, seeds, next_check_at,
  last_check_at, last_check_outcome, last_check_detail, last_check_run_id, last_check_attempt, check_retry_at,
  created_at, updated_at`;
/** A slot's attempts forgotten: none running, none counted, no retry (a slot's end, a new schedule). */
export const NO_ATTEMPT = `check_attempt_id = NULL, check_owner = NULL, check_started_at = NULL,
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
export const RUN_FIELDS = [
  ...SUMMARY_FIELDS,
  'members',
  'added',
  'removed',
  'companies',
  'ranking_note',
  'scores',
];
/** Column names, each prefixed with a table's alias when given. */
export const columnsOf = (fields: readonly string[], alias?: string) =>
  fields.map((f) => (alias ? `${alias}.${f}` : f)).join(', ');
export const SUMMARY_COLUMNS = columnsOf(SUMMARY_FIELDS);
export const RUN_COLUMNS = columnsOf(RUN_FIELDS);

export function toList(r: ListRow): StoredList {
  return {
    id: r.id,
    kind: r.kind,
    ownerId: r.owner_id,
    ownerName: r.owner_name,
    name: r.name,
    request: JSON.parse(r.request) as ParsedListRequest | null,
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

export function toSummary(r: RunRow): StoredRunSummary {
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

export function toRun(r: RunRow): StoredRun {
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

/** Runs the store's statements once its schema is there (applied here unless `applySchema: false`). */
export class SavedListSql {
  private readonly ready: Promise<void>;

  /** Runs `fn` in one transaction; without the BFF store's, on the runner itself (not atomic). */
  protected readonly transact: <T>(fn: (sql: SqlRunner) => Promise<T>) => Promise<T>;

  constructor(
    private readonly sql: SqlRunner,
    opts: {
      applySchema?: boolean;
      transaction?: <T>(fn: (sql: SqlRunner) => Promise<T>) => Promise<T>;
    } = {},
  ) {
    this.ready = opts.applySchema === false ? Promise.resolve() : applySavedListsSchema(sql);
    const transaction = opts.transaction ?? ((fn) => fn(sql));
    this.transact = async (fn) => {
      await this.ready;
      return transaction(fn);
    };
  }

  protected async one<T>(sql: string, ...params: unknown[]): Promise<T | undefined> {
    await this.ready;
    return this.sql.get<T>(sql, params);
  }

  protected async all<T>(sql: string, ...params: unknown[]): Promise<T[]> {
    await this.ready;
    return this.sql.all<T>(sql, params);
  }

  protected async run(sql: string, ...params: unknown[]): Promise<number> {
    await this.ready;
    return (await this.sql.run(sql, params)).changes;
  }
}
