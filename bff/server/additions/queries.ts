/**
 * Company addition requests on the BFF's store, written once for both engines
 * (bff/server/store/engine.ts). Which status answer wins is in ../store/additions-rules.ts.
 */
import type { AdditionStatus } from '../../contract/api';
import type { AdditionRecord } from '../../contract/bff-lists';
import { isNewerStatus, statusChanged } from '../store/additions-rules';
import type { Engine } from '../store/engine';
import type { AdditionSubmission, PortableSql, StatusUpdate } from '../store/store';

type AdditionRow = AdditionRecord & { user_id: string | null };

const COLUMNS =
  'request_id, user_id, company_name, domain, status, reason, company_uuid, created_at, updated_at';

export async function recordSubmission(e: Engine, s: AdditionSubmission): Promise<void> {
  await e.sql.run(
    `INSERT INTO addition_requests (${COLUMNS})
     VALUES (?, ?, ?, ?, ?, NULL, NULL, ?, ?)
     ON CONFLICT (request_id) DO UPDATE SET
       user_id = COALESCE(addition_requests.user_id, excluded.user_id),
       company_name = COALESCE(addition_requests.company_name, excluded.company_name),
       domain = COALESCE(addition_requests.domain, excluded.domain)`,
    [s.requestId, s.userId, s.companyName, s.domain, s.status, s.at, s.at],
  );
}

/**
 * Applies a status answer in the transaction `tx` (the request's row locked as it is read).
 * `userId` claims an unowned request; an owned request keeps its owner.
 */
export async function applyStatusIn(
  e: Engine,
  tx: PortableSql,
  status: AdditionStatus,
  userId: string | null,
): Promise<StatusUpdate> {
  const before = await tx.get<AdditionRow>(
    `SELECT ${COLUMNS} FROM addition_requests WHERE request_id = ?${e.dialect.forUpdate}`,
    [status.request_id],
  );
  const d = status.detail;
  if (before && !isNewerStatus(status, before)) {
    if (before.user_id === null && userId !== null)
      await tx.run('UPDATE addition_requests SET user_id = ? WHERE request_id = ?', [
        userId,
        before.request_id,
      ]);
    return { changed: false, userId: before.user_id ?? userId };
  }
  await tx.run(
    `INSERT INTO addition_requests (${COLUMNS})
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)
     ON CONFLICT (request_id) DO UPDATE SET
       user_id = COALESCE(addition_requests.user_id, excluded.user_id),
       company_name = excluded.company_name, domain = excluded.domain, status = excluded.status,
       reason = excluded.reason, company_uuid = excluded.company_uuid,
       created_at = excluded.created_at, updated_at = excluded.updated_at`,
    [
      status.request_id,
      userId,
      d.company_name,
      d.domain,
      status.status,
      d.reason,
      d.company_uuid,
      d.created_at,
      d.updated_at,
    ],
  );
  return { changed: statusChanged(status, before), userId: before?.user_id ?? userId };
}

export function applyAdditionStatus(
  e: Engine,
  status: AdditionStatus,
  userId: string | null = null,
): Promise<StatusUpdate> {
  return e.transaction((tx) => applyStatusIn(e, tx, status, userId));
}

export async function additionOwner(e: Engine, requestId: string): Promise<string | null> {
  const row = await e.sql.get<{ user_id: string | null }>(
    'SELECT user_id FROM addition_requests WHERE request_id = ?',
    [requestId],
  );
  return row?.user_id ?? null;
}

/** The user's requests, newest first; submission order breaks ties (two in one millisecond). */
export async function additionsOf(e: Engine, userId: string, limit: number): Promise<AdditionRecord[]> {
  const rows = await e.sql.all<AdditionRow>(
    `SELECT ${COLUMNS} FROM addition_requests WHERE user_id = ?
     ORDER BY created_at DESC, ${e.dialect.insertionOrder} DESC LIMIT ?`,
    [userId, limit],
  );
  return rows.map(({ user_id: _user, ...r }) => r);
}
