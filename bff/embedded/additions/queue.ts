/**
 * The durable queue of company addition requests, in the service's SQLite database
 * (`addition_requests`). A request moves pending -> in_progress -> completed | failed and no other
 * way: `moveRequest` refuses any other move, and a trigger in the schema refuses it again.
 */
import { randomUUID } from 'node:crypto';
import type { AdditionState, AdditionStatus } from '../../contract/api';
import type { Db } from '../store/db';

export type AdditionRow = {
  id: string;
  key_id: number;
  company_name: string;
  website: string;
  domain: string;
  status: AdditionState;
  reason: string | null;
  company_uuid: string | null;
  claimed_at: string | null;
  created_at: string;
  updated_at: string;
};

/** Every move a request may make; anything else is a bug. */
export const ADDITION_MOVES: Readonly<Record<AdditionState, readonly AdditionState[]>> = {
  pending: ['in_progress'],
  in_progress: ['completed', 'failed'],
  completed: [],
  failed: [],
};

export class IllegalMoveError extends Error {}

export function insertRequest(
  db: Db,
  r: { keyId: number; companyName: string; website: string; domain: string; now: Date },
): AdditionRow {
  const at = r.now.toISOString();
  const row: AdditionRow = {
    id: randomUUID(),
    key_id: r.keyId,
    company_name: r.companyName,
    website: r.website,
    domain: r.domain,
    status: 'pending',
    reason: null,
    company_uuid: null,
    claimed_at: null,
    created_at: at,
    updated_at: at,
  };
  db.prepare(
    `INSERT INTO addition_requests (id, key_id, company_name, website, domain, status, created_at, updated_at)
     VALUES (@id, @key_id, @company_name, @website, @domain, @status, @created_at, @updated_at)`,
  ).run(row);
  return row;
}

/** A request of this key; another key's request is as unknown as one that does not exist. */
export function findRequest(db: Db, id: string, keyId: number): AdditionRow | undefined {
  return db.prepare('SELECT * FROM addition_requests WHERE id = ? AND key_id = ?').get(id, keyId) as
    | AdditionRow
    | undefined;
}

export function getRequest(db: Db, id: string): AdditionRow | undefined {
  return db.prepare('SELECT * FROM addition_requests WHERE id = ?').get(id) as AdditionRow | undefined;
}

/** This key's request for `domain` that is still open (pending or in progress), if any. */
export function findOpenRequest(db: Db, keyId: number, domain: string): AdditionRow | undefined {
  return db
    .prepare(
      `SELECT * FROM addition_requests WHERE key_id = ? AND domain = ? AND status IN ('pending', 'in_progress')
       ORDER BY created_at LIMIT 1`,
    )
    .get(keyId, domain) as AdditionRow | undefined;
}

/** Requests this key created since `since` (the start of the current UTC day). */
export function countCreatedSince(db: Db, keyId: number, since: Date): number {
  return (
    db
      .prepare('SELECT COUNT(*) AS n FROM addition_requests WHERE key_id = ? AND created_at >= ?')
      .get(keyId, since.toISOString()) as { n: number }
  ).n;
}

export function requestsIn(db: Db, status: AdditionState, limit: number): AdditionRow[] {
  return db
    .prepare('SELECT * FROM addition_requests WHERE status = ? ORDER BY created_at, id LIMIT ?')
    .all(status, limit) as AdditionRow[];
}

/**
 * Moves a request from `from` to `to` (with the given outcome fields) and returns the new row;
 * undefined when the request is no longer in `from` (another claim won). Throws on a move the
 * lifecycle does not have.
 */
export function moveRequest(
  db: Db,
  id: string,
  from: AdditionState,
  to: AdditionState,
  now: Date,
  outcome: { reason?: string | null; companyUuid?: string | null } = {},
): AdditionRow | undefined {
  if (!ADDITION_MOVES[from].includes(to))
    throw new IllegalMoveError(`an addition request cannot move ${from} -> ${to}`);
  const at = now.toISOString();
  const changed = db
    .prepare(
      `UPDATE addition_requests
       SET status = @to, updated_at = @at,
           claimed_at = CASE WHEN @to = 'in_progress' THEN @at ELSE claimed_at END,
           reason = COALESCE(@reason, reason), company_uuid = COALESCE(@companyUuid, company_uuid)
       WHERE id = @id AND status = @from`,
    )
    .run({
      id,
      from,
      to,
      at,
      reason: outcome.reason ?? null,
      companyUuid: outcome.companyUuid ?? null,
    }).changes;
  return changed === 1 ? getRequest(db, id) : undefined;
}

/** The spec's status lookup record of a request. */
export function statusRecord(row: AdditionRow): AdditionStatus {
  return {
    request_id: row.id,
    request_type: 'company_addition',
    status: row.status,
    detail: {
      company_addition_request_id: row.id,
      company_name: row.company_name,
      domain: row.domain,
      status: row.status,
      reason: row.reason,
      company_uuid: row.company_uuid,
      created_at: row.created_at,
      updated_at: row.updated_at,
    },
  };
}

/** The start of the UTC day `now` falls in, and the seconds until the next one begins. */
export function utcDay(now: Date): { start: Date; secondsLeft: number } {
  const start = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()));
  const next = start.getTime() + 86_400_000;
  return { start, secondsLeft: Math.max(1, Math.ceil((next - now.getTime()) / 1000)) };
}
