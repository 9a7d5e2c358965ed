/**
 * What the account lists' store keeps and answers (issue 15): imports with their rows, account lists
 * with their members, and what bulk enrichment already fetched. `SqlAccountStore` (store.ts)
 * implements it over the BFF's store.
 */
import type { AccountListSource, Candidate, ImportState, MatchReason } from '../../contract/accounts';

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
  /** The user's "Hidden companies" list, made when missing (issue 35's "Hide"). */
  hiddenList(owner: Owner, id: string, name: string, at: string): Promise<AccountListRecord>;
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
