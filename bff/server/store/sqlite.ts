/**
 * The store on SQLite (DATA_DIR/bff.sqlite, better-sqlite3): the default, for one BFF process. It
 * is separate from the embedded service's database because a BFF in front of a remote service has
 * no embedded database at all. Data files from before migrations keep working: the first migration
 * only creates what is missing.
 */
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import type { AuditDetails, AuditEntry, Role } from '../../contract/admin';
import type { LedgerEntry } from '../../contract/bff';
import type { AdditionRecord } from '../../contract/bff-lists';
import { credits } from '../../contract/pricing';
import { TokenBuckets } from '../security/throttle';
import { isNewerStatus, statusChanged } from './additions-rules';
import { MIGRATIONS } from './migrations';
import { type AdminRow, toAdminUser, toStored, type UserRow } from './rows';
import { SqliteMoney } from './sqlite-money';
import type {
  AttemptTake,
  BffStore,
  Hold,
  HoldLimits,
  HoldOutcome,
  LedgerCsvRow,
  LedgerRow,
  PortableSql,
  SessionRow,
  SpendRow,
  StatusUpdate,
  StoredEndpoint,
  StoreMessage,
  UpdateResult,
} from './store';

export function bffDatabaseFile(dataDir: string): string {
  return path.join(dataDir, 'bff.sqlite');
}

/** Applies the migrations not yet applied, in one IMMEDIATE transaction (a second opener waits). */
export function migrateSqlite(db: Database.Database): void {
  db.transaction(() => {
    db.exec(`CREATE TABLE IF NOT EXISTS schema_migrations (
      id INTEGER PRIMARY KEY, name TEXT NOT NULL, applied_at TEXT NOT NULL)`);
    const done = new Set(
      (db.prepare('SELECT id FROM schema_migrations').all() as { id: number }[]).map((r) => r.id),
    );
    for (const m of MIGRATIONS) {
      if (done.has(m.id)) continue;
      if (typeof m.sqlite === 'string') db.exec(m.sqlite);
      else m.sqlite(db);
      db.prepare('INSERT INTO schema_migrations (id, name, applied_at) VALUES (?, ?, ?)').run(
        m.id,
        m.name,
        new Date().toISOString(),
      );
    }
  }).immediate();
}

const USER_BY = 'SELECT id, name, password_hash AS hash, salt, daily_budget, role, disabled FROM users WHERE';
const ADMIN_COLUMNS = `u.id, u.name, u.role, u.disabled, u.daily_budget,
  COALESCE((SELECT SUM(l.credits_consumed) FROM ledger l WHERE l.user_id = u.id AND l.day = ?), 0) AS spent_today`;
const SESSION_USER = `SELECT u.id, u.name, u.daily_budget AS dailyBudget, u.role, s.expires_at AS expiresAt
  FROM sessions s JOIN users u ON u.id = s.user_id
  WHERE s.id_hash = ? AND s.expires_at > ? AND u.disabled = 0`;

type AdditionRow = AdditionRecord & { user_id: string | null };

/** Delivery ids older than this are forgotten; the sender gives up retrying long before. */
export const DELIVERY_MEMORY_DAYS = 30;
const PRUNE_EVERY_MS = 60 * 60 * 1000;
/** Sign-in attempts past their window are deleted at most this often. */
const PRUNE_ATTEMPTS_MS = 60_000;

export class SqliteStore implements BffStore {
  readonly kind = 'sqlite' as const;
  readonly where: string;
  readonly sql: PortableSql;
  /** Portable SQL that runs at once, also while a transaction is open (the transaction's own). */
  private readonly direct: PortableSql;
  /** Settles when the open transaction ends; undefined when none is open. */
  private open: Promise<void> | undefined;
  private readonly statements = new Map<string, Database.Statement>();
  private readonly listeners = new Set<(m: StoreMessage) => void>();
  private readonly buckets = new Map<number, TokenBuckets>();
  private lastPrune = 0;
  /** Holds and the settled spend, written with the ledger's lines. */
  private readonly money: SqliteMoney;
  private lastAttemptPrune = 0;

  /** Opens (creating when missing) the store; ':memory:' gives a throwaway one for tests. */
  constructor(
    file: string,
    /** The handle itself (tests, the bench's direct reads). */
    readonly db: Database.Database = openSqlite(file),
  ) {
    this.where = file;
    const q = (text: string) => this.prepared(text);
    this.money = new SqliteMoney(db, q);
    this.direct = {
      all: async <T>(text: string, params: readonly unknown[] = []) => q(text).all(...params) as T[],
      get: async <T>(text: string, params: readonly unknown[] = []) =>
        q(text).get(...params) as T | undefined,
      run: async (text, params = []) => ({ changes: q(text).run(...params).changes }),
    };
    // Outside a transaction a statement runs at once; while one is open, after it (see transaction).
    const d = this.direct;
    this.sql = {
      all: async <T>(text: string, params?: readonly unknown[]) => {
        while (this.open) await this.open;
        return d.all<T>(text, params);
      },
      get: async <T>(text: string, params?: readonly unknown[]) => {
        while (this.open) await this.open;
        return d.get<T>(text, params);
      },
      run: async (text, params) => {
        while (this.open) await this.open;
        return d.run(text, params);
      },
    };
  }

  /**
   * `fn` in `BEGIN IMMEDIATE` ... `COMMIT` (`ROLLBACK` when it rejects) on the one connection.
   * better-sqlite3 runs each of `fn`'s statements when it is called and its promise is settled by
   * then, so `fn`, awaiting only those, holds the connection to its end but for microtask turns.
   * What else could run in such a turn is kept out: other transactions wait for this one, and so do
   * `store.sql` callers (the rooms' stores). The store's own methods (sessions, the ledger...) are
   * not held back; one of them running in such a turn would join this transaction (committed with
   * it, or undone by its rollback). So `fn` must be short, on `sql` only, with no other awaits.
   */
  async transaction<T>(fn: (sql: PortableSql) => Promise<T>): Promise<T> {
    while (this.open) await this.open;
    let end = () => {};
    this.open = new Promise<void>((resolve) => {
      end = resolve;
    });
    try {
      this.db.exec('BEGIN IMMEDIATE');
      try {
        const out = await fn(this.direct);
        this.db.exec('COMMIT');
        return out;
      } catch (err) {
        if (this.db.inTransaction) this.db.exec('ROLLBACK');
        throw err;
      }
    } finally {
      this.open = undefined;
      end();
    }
  }

  /** The statement of `sql`, prepared once (better-sqlite3 compiles anew on each `prepare`). */
  private prepared(sql: string): Database.Statement {
    let stmt = this.statements.get(sql);
    if (!stmt) {
      stmt = this.db.prepare(sql);
      this.statements.set(sql, stmt);
    }
    return stmt;
  }

  private audit(
    actor: { id: string; name: string },
    at: Date,
    action: string,
    target: string,
    details: AuditDetails = {},
  ): void {
    this.prepared(
      'INSERT INTO audit (at, actor_id, actor_name, action, target, details) VALUES (?, ?, ?, ?, ?, ?)',
    ).run(at.toISOString(), actor.id, actor.name, action, target, JSON.stringify(details));
  }

  // --- accounts ------------------------------------------------------------------------------------

  async findUserByName(name: string) {
    return toStored(this.prepared(`${USER_BY} name = ?`).get(name) as UserRow | undefined);
  }

  async findUserById(id: string) {
    return toStored(this.prepared(`${USER_BY} id = ?`).get(id) as UserRow | undefined);
  }

  async listUsers(day: string) {
    const rows = this.prepared(`SELECT ${ADMIN_COLUMNS} FROM users u ORDER BY u.name COLLATE NOCASE`).all(
      day,
    ) as AdminRow[];
    return rows.map(toAdminUser);
  }

  async getUser(id: string, day: string) {
    const row = this.prepared(`SELECT ${ADMIN_COLUMNS} FROM users u WHERE u.id = ?`).get(day, id) as
      | AdminRow
      | undefined;
    return row && toAdminUser(row);
  }

  async createUser(...[user, actor, at]: Parameters<BffStore['createUser']>) {
    return this.db.transaction(() => {
      const taken = this.prepared('SELECT name FROM users WHERE name = ?').get(user.name) as
        | { name: string }
        | undefined;
      if (taken) return { kind: 'exists' as const, name: taken.name };
      this.prepared(
        `INSERT INTO users (id, name, password_hash, salt, daily_budget, created_at, role, disabled)
         VALUES (?, ?, ?, ?, ?, ?, ?, 0)`,
      ).run(user.id, user.name, user.hash, user.salt, user.dailyBudget, at.toISOString(), user.role);
      this.audit(actor, at, 'user.created', user.name, { role: user.role, daily_budget: user.dailyBudget });
      return { kind: 'created' as const };
    })();
  }

  async updateUser(...[id, changes, actor, at]: Parameters<BffStore['updateUser']>) {
    return this.db.transaction((): UpdateResult => {
      const cur = this.prepared('SELECT name, role, disabled, daily_budget FROM users WHERE id = ?').get(
        id,
      ) as { name: string; role: Role; disabled: number; daily_budget: number | null } | undefined;
      if (!cur) return { kind: 'not_found' };
      const wasEnabledAdmin = cur.role === 'admin' && cur.disabled === 0;
      const staysEnabledAdmin =
        (changes.role ?? cur.role) === 'admin' && !(changes.disabled ?? cur.disabled === 1);
      if (wasEnabledAdmin && !staysEnabledAdmin) {
        const others = this.prepared(
          "SELECT COUNT(*) AS n FROM users WHERE role = 'admin' AND disabled = 0 AND id <> ?",
        ).get(id) as { n: number };
        if (others.n === 0) return { kind: 'last_admin' };
      }
      let endSessions = false;
      let refreshSessions = false;
      if (changes.role !== undefined && changes.role !== cur.role) {
        this.prepared('UPDATE users SET role = ? WHERE id = ?').run(changes.role, id);
        this.audit(actor, at, 'user.role_changed', cur.name, { from: cur.role, to: changes.role });
        refreshSessions = true;
      }
      if (changes.dailyBudget !== undefined && changes.dailyBudget !== cur.daily_budget) {
        this.prepared('UPDATE users SET daily_budget = ? WHERE id = ?').run(changes.dailyBudget, id);
        this.audit(actor, at, 'user.budget_changed', cur.name, {
          from: cur.daily_budget,
          to: changes.dailyBudget,
        });
        refreshSessions = true;
      }
      if (changes.password !== undefined) {
        this.prepared('UPDATE users SET password_hash = ?, salt = ? WHERE id = ?').run(
          changes.password.hash,
          changes.password.salt,
          id,
        );
        this.audit(actor, at, 'user.password_reset', cur.name);
        endSessions = true;
      }
      if (changes.disabled !== undefined && changes.disabled !== (cur.disabled === 1)) {
        this.prepared('UPDATE users SET disabled = ? WHERE id = ?').run(changes.disabled ? 1 : 0, id);
        this.audit(actor, at, changes.disabled ? 'user.disabled' : 'user.enabled', cur.name);
        if (changes.disabled) endSessions = true;
      }
      if (endSessions) this.prepared('DELETE FROM sessions WHERE user_id = ?').run(id);
      return { kind: 'updated', endSessions, refreshSessions };
    })();
  }

  // --- sessions ------------------------------------------------------------------------------------

  async createSession(s: { idHash: string; userId: string; createdAt: string; expiresAt: string }) {
    this.prepared('DELETE FROM sessions WHERE expires_at <= ?').run(s.createdAt);
    this.prepared('INSERT INTO sessions (id_hash, user_id, created_at, expires_at) VALUES (?, ?, ?, ?)').run(
      s.idHash,
      s.userId,
      s.createdAt,
      s.expiresAt,
    );
  }

  async sessionUser(idHash: string, now: string) {
    return this.prepared(SESSION_USER).get(idHash, now) as SessionRow | undefined;
  }

  async deleteSession(idHash: string) {
    this.prepared('DELETE FROM sessions WHERE id_hash = ?').run(idHash);
  }

  async deleteSessionsOf(userId: string) {
    this.prepared('DELETE FROM sessions WHERE user_id = ?').run(userId);
  }

  // --- the ledger ------------------------------------------------------------------------------------

  async insertLedger(rows: readonly LedgerRow[], released: readonly string[] = []) {
    if (rows.length === 0 && released.length === 0) return;
    // Not inside another caller's open transaction (better-sqlite3 would nest it as a savepoint).
    await this.afterOpen();
    this.money.settle(rows, released);
  }

  async spentOn(userId: string, day: string) {
    const row = this.prepared(
      'SELECT COALESCE(SUM(credits_consumed), 0) AS credits, COUNT(*) AS calls FROM ledger WHERE user_id = ? AND day = ?',
    ).get(userId, day) as { credits: number; calls: number };
    return { credits: credits(row.credits), calls: row.calls };
  }

  async recentLedger(userId: string, limit: number) {
    return this.prepared(
      `SELECT at, method, endpoint, status, credits_consumed, cache FROM ledger
       WHERE user_id = ? ORDER BY id DESC LIMIT ?`,
    ).all(userId, limit) as LedgerEntry[];
  }

  async teamSpendSince(fromDay: string) {
    const row = this.prepared(
      'SELECT COALESCE(SUM(credits_consumed), 0) AS credits FROM ledger WHERE day >= ?',
    ).get(fromDay) as { credits: number };
    return credits(row.credits);
  }

  async spendRows(fromDay: string, toDay: string) {
    return this.prepared(
      `SELECT l.day, l.user_id, u.name, l.endpoint, SUM(l.credits_consumed) AS credits
       FROM ledger l LEFT JOIN users u ON u.id = l.user_id
       WHERE l.day >= ? AND l.day <= ?
       GROUP BY l.day, l.user_id, l.endpoint`,
    ).all(fromDay, toDay) as SpendRow[];
  }

  async lastLedgerId() {
    return (this.prepared('SELECT COALESCE(MAX(id), 0) AS last FROM ledger').get() as { last: number }).last;
  }

  async ledgerPage(after: number, last: number, limit: number) {
    return this.prepared(
      `SELECT l.id, l.at, l.day, l.user_id, u.name, l.method, l.endpoint, l.status, l.credits_consumed,
              l.cache, l.duration_ms
       FROM ledger l LEFT JOIN users u ON u.id = l.user_id
       WHERE l.id > ? AND l.id <= ? ORDER BY l.id LIMIT ?`,
    ).all(after, last, limit) as LedgerCsvRow[];
  }

  // --- holds (./sqlite-money.ts) -------------------------------------------------------------------

  /** Answered at once (no promise) unless a transaction of another caller is open. */
  placeHold(hold: Hold, limits: HoldLimits, now: string): HoldOutcome | Promise<HoldOutcome> {
    if (this.open) return this.afterOpen().then(() => this.placeHold(hold, limits, now));
    return this.money.placeHold(hold, limits, now);
  }

  async settledSpend(userId: string, day: string) {
    await this.afterOpen();
    return this.money.settledSpend(userId, day);
  }

  private async afterOpen(): Promise<void> {
    while (this.open) await this.open;
  }

  // --- the team ------------------------------------------------------------------------------------

  async monthlyCap() {
    const row = this.prepared('SELECT monthly_cap FROM team_settings WHERE id = 1').get() as
      | { monthly_cap: number | null }
      | undefined;
    return row?.monthly_cap ?? null;
  }

  async setMonthlyCap(...[cap, actor, at]: Parameters<BffStore['setMonthlyCap']>) {
    this.db.transaction(() => {
      const row = this.prepared('SELECT monthly_cap FROM team_settings WHERE id = 1').get() as
        | { monthly_cap: number | null }
        | undefined;
      const from = row?.monthly_cap ?? null;
      if (row && from === cap) return;
      this.prepared(
        `INSERT INTO team_settings (id, monthly_cap, updated_at) VALUES (1, ?, ?)
         ON CONFLICT (id) DO UPDATE SET monthly_cap = excluded.monthly_cap, updated_at = excluded.updated_at`,
      ).run(cap, at.toISOString());
      if (from !== cap) this.audit(actor, at, 'team.cap_changed', 'team', { from, to: cap });
    })();
  }

  async recordAudit(...[actor, at, action, target, details]: Parameters<BffStore['recordAudit']>) {
    this.audit(actor, at, action, target, details);
  }

  async auditEntries(limit: number) {
    const rows = this.prepared(
      'SELECT at, actor_name AS actor, action, target, details FROM audit ORDER BY id DESC LIMIT ?',
    ).all(limit) as (Omit<AuditEntry, 'details'> & { details: string })[];
    return rows.map((r) => ({ ...r, details: JSON.parse(r.details) as AuditDetails }));
  }

  // --- additions ---------------------------------------------------------------------------------------

  async recordSubmission(...[s]: Parameters<BffStore['recordSubmission']>) {
    this.prepared(`
      INSERT INTO addition_requests
        (request_id, user_id, company_name, domain, status, reason, company_uuid, created_at, updated_at)
      VALUES (?, ?, ?, ?, ?, NULL, NULL, ?, ?)
      ON CONFLICT(request_id) DO UPDATE SET
        user_id = COALESCE(addition_requests.user_id, excluded.user_id),
        company_name = COALESCE(addition_requests.company_name, excluded.company_name),
        domain = COALESCE(addition_requests.domain, excluded.domain)`).run(
      s.requestId,
      s.userId,
      s.companyName,
      s.domain,
      s.status,
      s.at,
      s.at,
    );
  }

  private applyStatusNow(...[status, userId = null]: Parameters<BffStore['applyAdditionStatus']>) {
    const before = this.prepared('SELECT * FROM addition_requests WHERE request_id = ?').get(
      status.request_id,
    ) as AdditionRow | undefined;
    const d = status.detail;
    if (before && !isNewerStatus(status, before)) {
      if (before.user_id === null && userId !== null)
        this.prepared('UPDATE addition_requests SET user_id = ? WHERE request_id = ?').run(
          userId,
          before.request_id,
        );
      return { changed: false, userId: before.user_id ?? userId };
    }
    this.prepared(`
      INSERT INTO addition_requests
        (request_id, user_id, company_name, domain, status, reason, company_uuid, created_at, updated_at)
      VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)
      ON CONFLICT(request_id) DO UPDATE SET
        user_id = COALESCE(addition_requests.user_id, excluded.user_id),
        company_name = excluded.company_name, domain = excluded.domain, status = excluded.status,
        reason = excluded.reason, company_uuid = excluded.company_uuid,
        created_at = excluded.created_at, updated_at = excluded.updated_at`).run(
      status.request_id,
      userId,
      d.company_name,
      d.domain,
      status.status,
      d.reason,
      d.company_uuid,
      d.created_at,
      d.updated_at,
    );
    return { changed: statusChanged(status, before), userId: before?.user_id ?? userId };
  }

  async applyAdditionStatus(...args: Parameters<BffStore['applyAdditionStatus']>) {
    return this.db.transaction((): StatusUpdate => this.applyStatusNow(...args))();
  }

  async additionOwner(requestId: string) {
    const row = this.prepared('SELECT user_id FROM addition_requests WHERE request_id = ?').get(requestId) as
      | { user_id: string | null }
      | undefined;
    return row?.user_id ?? null;
  }

  async additionsOf(userId: string, limit: number) {
    const rows = this.prepared(
      // rowid breaks ties in submission order (two submissions in one millisecond).
      'SELECT * FROM addition_requests WHERE user_id = ? ORDER BY created_at DESC, rowid DESC LIMIT ?',
    ).all(userId, limit) as AdditionRow[];
    return rows.map(({ user_id: _user, ...r }) => r);
  }

  // --- webhooks ----------------------------------------------------------------------------------------

  async webhookEndpoints() {
    return this.prepared('SELECT * FROM webhook_endpoints ORDER BY created_at').all() as StoredEndpoint[];
  }

  async saveWebhookEndpoint(e: StoredEndpoint) {
    this.prepared(
      `INSERT INTO webhook_endpoints (endpoint_id, url, secret, created_at) VALUES (?, ?, ?, ?)
       ON CONFLICT(endpoint_id) DO UPDATE SET url = excluded.url, secret = excluded.secret`,
    ).run(e.endpoint_id, e.url, e.secret, e.created_at);
  }

  async forgetWebhookEndpoint(endpointId: string) {
    this.prepared('DELETE FROM webhook_endpoints WHERE endpoint_id = ?').run(endpointId);
  }

  async applyWebhook(...[webhookId, now, status]: Parameters<BffStore['applyWebhook']>) {
    const outcome = this.db.transaction(() => {
      const fresh =
        this.prepared('INSERT OR IGNORE INTO webhook_deliveries (webhook_id, received_at) VALUES (?, ?)').run(
          webhookId,
          now.toISOString(),
        ).changes === 1;
      if (!fresh) return 'duplicate' as const;
      if (!status) return 'ignored' as const;
      return this.applyStatusNow(status);
    })();
    if (now.getTime() - this.lastPrune > PRUNE_EVERY_MS) {
      this.lastPrune = now.getTime();
      const cutoff = new Date(now.getTime() - DELIVERY_MEMORY_DAYS * 86_400_000).toISOString();
      this.prepared('DELETE FROM webhook_deliveries WHERE received_at < ?').run(cutoff);
    }
    return outcome;
  }

  // --- rate limits: one process per SQLite file, so the buckets live in memory -------------------------

  takeToken(key: string, perMinute: number, nowMs: number) {
    let buckets = this.buckets.get(perMinute);
    if (!buckets) {
      buckets = new TokenBuckets(perMinute);
      this.buckets.set(perMinute, buckets);
    }
    return buckets.take(key, nowMs);
  }

  // --- sign-in attempts: in the file, so a restart does not reset a lockout --------------------------

  async takeAttempts(keys: readonly string[], max: number, windowMs: number, nowMs: number) {
    // better-sqlite3 runs the whole transaction before anything else can: takes are atomic.
    return this.db.transaction((): AttemptTake => {
      if (nowMs - this.lastAttemptPrune > PRUNE_ATTEMPTS_MS) {
        this.lastAttemptPrune = nowMs;
        this.prepared('DELETE FROM sign_in_attempts WHERE at_ms <= ?').run(nowMs - windowMs);
      }
      let waitMs = 0;
      for (const key of keys) {
        const times = (
          this.prepared('SELECT at_ms FROM sign_in_attempts WHERE key = ? AND at_ms > ? ORDER BY at_ms').all(
            key,
            nowMs - windowMs,
          ) as { at_ms: number }[]
        ).map((r) => r.at_ms);
        if (times.length >= max) waitMs = Math.max(waitMs, times[times.length - max]! + windowMs - nowMs);
      }
      if (waitMs > 0) return { ok: false, retryAfterS: Math.max(1, Math.ceil(waitMs / 1000)) };
      const insert = this.prepared('INSERT INTO sign_in_attempts (key, at_ms) VALUES (?, ?)');
      return { ok: true, ids: keys.map((key) => Number(insert.run(key, nowMs).lastInsertRowid)) };
    })();
  }

  async forgetAttempts(keys: readonly string[], ids: readonly number[]) {
    this.db.transaction(() => {
      for (const key of keys) this.prepared('DELETE FROM sign_in_attempts WHERE key = ?').run(key);
      for (const id of ids) this.prepared('DELETE FROM sign_in_attempts WHERE id = ?').run(id);
    })();
  }

  // --- messages: this process's listeners only -------------------------------------------------------

  async publish(message: StoreMessage) {
    for (const listener of [...this.listeners]) listener(message);
  }

  onMessage(listener: (message: StoreMessage) => void) {
    this.listeners.add(listener);
    return () => {
      this.listeners.delete(listener);
    };
  }

  async close() {
    this.listeners.clear();
    if (this.db.open) this.db.close();
  }
}

export function openSqlite(file: string): Database.Database {
  if (file !== ':memory:') mkdirSync(path.dirname(file), { recursive: true });
  const db = new Database(file);
  db.pragma('journal_mode = WAL');
  // The ledger is an account of spending, not money itself: losing the last transactions on power
  // loss is acceptable, an fsync per proxied call is not.
  db.pragma('synchronous = NORMAL');
  db.pragma('foreign_keys = ON');
  db.pragma('busy_timeout = 5000');
  migrateSqlite(db);
  return db;
}
