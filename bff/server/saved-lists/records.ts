/**
 * What the saved lists' store keeps and answers (docs/decisions/0016-saved-lists.md): lists, their
 * runs, who marked which run seen, scheduled checks and their alerts. An async interface, one for
 * both engines; `SqlSavedListStore` (store.ts) implements it.
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

export type StoredList = {
  id: string;
  /** A saved search, or a static list of companies picked by hand (issue 35). */
  kind: ListKind;
  ownerId: string;
  ownerName: string;
  name: string;
  /** The saved search's list request; null for a static list. */
  request: ParsedListRequest | null;
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

/** A company of a static list, named as the company search found it when it was added. */
export type StoredListCompany = {
  uuid: string;
  name: string;
  website: string;
  productCategory: string | null;
  addedAt: string;
};
export type NewListCompany = Omit<StoredListCompany, 'addedAt'>;

/** A change of a static list's companies: added at its end (those already in it stay), removed. */
export type CompanyChange = { add: readonly NewListCompany[]; remove: readonly string[] };

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
  /** A list, with a static list's companies in their order (in one transaction). */
  createList(list: NewList, companies?: readonly NewListCompany[]): Promise<StoredList>;
  /** A static list's companies, in the list's order. */
  companies(listId: string): Promise<StoredListCompany[]>;
  /** How many companies each of these static lists holds, by id (lists without any: absent). */
  companyCounts(listIds: readonly string[]): Promise<Map<string, number>>;
  /**
   * Changes a static list's companies in one transaction: removes, then adds at the end those not
   * in it yet. `full` (and nothing changed) when the list would hold more than `max`; else how
   * many it holds.
   */
  changeCompanies(listId: string, change: CompanyChange, at: string, max: number): Promise<number | 'full'>;
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
