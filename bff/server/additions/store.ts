/**
 * Company addition requests as the BFF knows them: who submitted each one (seen on the proxied
 * submission) and its latest known state (from webhooks, or from status lookups passing through,
 * the polling fallback). Tables live in the BFF's own store and are created idempotently.
 */
import type Database from 'better-sqlite3';
import type { AdditionState, AdditionStatus } from '../../contract/api';
import type { AdditionRecord } from '../../contract/bff-lists';

const SCHEMA = `
CREATE TABLE IF NOT EXISTS addition_requests (
  request_id    TEXT PRIMARY KEY,
  user_id       TEXT,
  company_name  TEXT,
  domain        TEXT,
  status        TEXT NOT NULL,
  reason        TEXT,
  company_uuid  TEXT,
  created_at    TEXT NOT NULL,
  updated_at    TEXT NOT NULL
);
CREATE INDEX IF NOT EXISTS addition_requests_user ON addition_requests(user_id, created_at);
`;

/** Later states win; a late or repeated delivery of an earlier state never moves a request back. */
const RANK: Readonly<Record<AdditionState, number>> = { pending: 0, in_progress: 1, completed: 2, failed: 2 };

type Row = {
  request_id: string;
  user_id: string | null;
  company_name: string | null;
  domain: string | null;
  status: AdditionState;
  reason: string | null;
  company_uuid: string | null;
  created_at: string;
  updated_at: string;
};

export type StatusUpdate = {
  /** Whether the stored state changed (an event is worth sending). */
  changed: boolean;
  /** The user who submitted the request, when known. */
  userId: string | null;
};

export class AdditionStore {
  private readonly get: Database.Statement<[string], Row>;
  private readonly list: Database.Statement<[string, number], Row>;
  private readonly insertSubmitted: Database.Statement;
  private readonly upsertStatus: Database.Statement;

  constructor(private readonly db: Database.Database) {
    db.exec(SCHEMA);
    this.get = db.prepare('SELECT * FROM addition_requests WHERE request_id = ?');
    this.list = db.prepare(
      // rowid breaks ties in submission order (two submissions in one millisecond).
      'SELECT * FROM addition_requests WHERE user_id = ? ORDER BY created_at DESC, rowid DESC LIMIT ?',
    );
    this.insertSubmitted = db.prepare(`
      INSERT INTO addition_requests
        (request_id, user_id, company_name, domain, status, reason, company_uuid, created_at, updated_at)
      VALUES (@request_id, @user_id, @company_name, @domain, @status, NULL, NULL, @at, @at)
      ON CONFLICT(request_id) DO UPDATE SET
        user_id = COALESCE(addition_requests.user_id, excluded.user_id),
        company_name = COALESCE(addition_requests.company_name, excluded.company_name),
        domain = COALESCE(addition_requests.domain, excluded.domain)`);
    this.upsertStatus = db.prepare(`
      INSERT INTO addition_requests
        (request_id, user_id, company_name, domain, status, reason, company_uuid, created_at, updated_at)
      VALUES (@request_id, @user_id, @company_name, @domain, @status, @reason, @company_uuid, @created_at, @updated_at)
      ON CONFLICT(request_id) DO UPDATE SET
        user_id = COALESCE(addition_requests.user_id, excluded.user_id),
        company_name = excluded.company_name,
        domain = excluded.domain,
        status = excluded.status,
        reason = excluded.reason,
        company_uuid = excluded.company_uuid,
        created_at = excluded.created_at,
        updated_at = excluded.updated_at`);
  }

  /** A submission the proxy relayed: remember whose it is. */
  recordSubmission(s: {
    requestId: string;
    userId: string;
    companyName: string | null;
    domain: string | null;
    status: AdditionState;
    at: string;
  }): void {
    this.insertSubmitted.run({
      request_id: s.requestId,
      user_id: s.userId,
      company_name: s.companyName,
      domain: s.domain,
      status: s.status,
      at: s.at,
    });
  }

  /**
   * Applies a status lookup answer (from a webhook or a relayed lookup). `userId` claims an unowned
   * request for the user who looked it up; an owned request keeps its owner.
   */
  applyStatus(status: AdditionStatus, userId: string | null = null): StatusUpdate {
    return this.db.transaction((): StatusUpdate => {
      const before = this.get.get(status.request_id);
      const d = status.detail;
      if (before) {
        const newer =
          RANK[status.status] > RANK[before.status] ||
          (RANK[status.status] === RANK[before.status] && d.updated_at > before.updated_at);
        if (!newer) {
          if (before.user_id === null && userId !== null) this.claim(before, userId);
          return { changed: false, userId: before.user_id ?? userId };
        }
      }
      // A newer lookup of the same state refreshes the record quietly; only a new state is news.
      const changed =
        !before ||
        status.status !== before.status ||
        d.reason !== before.reason ||
        d.company_uuid !== before.company_uuid;
      this.upsertStatus.run({
        request_id: status.request_id,
        user_id: userId,
        company_name: d.company_name,
        domain: d.domain,
        status: status.status,
        reason: d.reason,
        company_uuid: d.company_uuid,
        created_at: d.created_at,
        updated_at: d.updated_at,
      });
      return { changed, userId: before?.user_id ?? userId };
    })();
  }

  private claim(row: Row, userId: string): void {
    this.db
      .prepare('UPDATE addition_requests SET user_id = ? WHERE request_id = ?')
      .run(userId, row.request_id);
  }

  ownerOf(requestId: string): string | null {
    return this.get.get(requestId)?.user_id ?? null;
  }

  /** The user's requests, newest first. */
  listFor(userId: string, limit = 200): AdditionRecord[] {
    return this.list.all(userId, limit).map(({ user_id: _user, ...r }) => r);
  }
}
