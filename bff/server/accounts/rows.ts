/**
 * The account lists' rows as the database holds them, their mappers to records, and the SQL pieces
 * both halves of the store share (portable: docs/decisions/0013).
 */
import type { AccountListSource, Candidate, ImportState } from '../../contract/accounts';
import type { PortableSql } from '../store/store';
import type { AccountListRecord, ImportRecord, NewRow, RowFilter, RowRecord, RowState } from './records';

export type ListRow = {
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

export type ImportRow = {
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

export type DbRow = {
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

export const LIST_COLS = `l.id, l.owner_id, l.owner_name, l.name, l.source, l.shared, l.import_id, l.created_at, l.updated_at,
  (SELECT COUNT(*) FROM account_list_members m WHERE m.list_id = l.id) AS size`;

export const toList = (r: ListRow): AccountListRecord => ({
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

export const toImport = (r: ImportRow): ImportRecord => ({
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

export const toRow = (r: DbRow): RowRecord => ({
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

export const ROW_FILTER_SQL: Readonly<Record<RowFilter, string>> = {
  all: '1 = 1',
  review: `state = 'done' AND confidence < 3`,
  ambiguous: `state = 'done' AND reason = 'several candidates'`,
  unmatched: `state = 'done' AND confidence = 0`,
  invalid: `state = 'invalid'`,
  matched: `state = 'done' AND confidence >= 2`,
};

/** Values per `IN (...)` lookup; lists are padded to a power of two (few statement shapes to prepare). */
export const CHUNK = 512;
/** Rows per multi-row INSERT of an import's rows (8 parameters each). */
export const ROWS_PER_INSERT = 64;

/** `IN (?, ...)` for `values`, padded with NULLs (they match nothing) to a power of two. */
export function inList(values: readonly string[]): { marks: string; params: (string | null)[] } {
  let size = 8;
  while (size < values.length) size *= 2;
  const params: (string | null)[] = [...values];
  while (params.length < size) params.push(null);
  return { marks: params.map(() => '?').join(', '), params };
}

export const rowValues = (importId: string, r: NewRow): unknown[] => [
  importId,
  r.line,
  JSON.stringify(r.cells),
  r.name,
  r.domain,
  r.invalid ? 'invalid' : 'pending',
  r.invalid ? 0 : null,
  r.invalid ? `invalid row: ${r.invalid}` : null,
];

export const ADD_MEMBER = `INSERT INTO account_list_members (list_id, uuid, name, domain, added_at) VALUES (?, ?, ?, ?, ?)
  ON CONFLICT (list_id, uuid) DO NOTHING`;
export const TOUCH_LIST = 'UPDATE account_lists SET updated_at = ? WHERE id = ?';

export type Transact = <T>(fn: (sql: PortableSql) => Promise<T>) => Promise<T>;
