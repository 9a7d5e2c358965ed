/**
 * The store on PostgreSQL (DATABASE_URL=postgres://...), for any number of BFF processes on one
 * database. The `postgres` driver (porsager) with tagged-template queries: each value is a bound
 * parameter, each query text a prepared statement per connection (docs/decisions/0013).
 *
 * What several instances need beyond shared tables:
 * - money: a paid call holds its worst case before it goes upstream (`holds`, checked against the
 *   `spend` rows under their locks) and its ledger line ends the hold in one transaction, so
 *   instances never hold the same credits twice (docs/decisions/0019);
 * - webhooks: `INSERT ... ON CONFLICT DO NOTHING` of the `webhook-id` in the transaction that applies
 *   the delivery; only the instance whose insert counted a row applies it;
 * - rate limits: token buckets as rows, taken with one upsert;
 * - live events and session ends: NOTIFY on one channel, every instance LISTENs.
 */
import postgres from 'postgres';
import type { AuditDetails, AuditEntry, Role } from '../../contract/admin';
import type { AdditionStatus } from '../../contract/api';
import type { LedgerEntry } from '../../contract/bff';
import type { AdditionRecord } from '../../contract/bff-lists';
import { credits } from '../../contract/pricing';
import { isNewerStatus, statusChanged } from './additions-rules';
import { MIGRATION_LOCK, MIGRATIONS } from './migrations';
import { PostgresMoney } from './postgres-money';
import { type AdminRow, toAdminUser, toStored, type UserRow } from './rows';
import type {
  Actor,
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

type Sql = postgres.Sql<Record<string, never>>;
/** A `usage.changed` event's data (bff/contract/bff.ts UsageChangedEvent). */
type UsageData = { endpoint: string; credits_consumed: number };
type Tx = postgres.TransactionSql<Record<string, never>>;

/** The NOTIFY channel of messages between instances. */
export const CHANNEL = 'lb_bff';
/** NOTIFY takes at most 8000 bytes of payload. */
const MAX_PAYLOAD = 7900;
/**
 * Messages published within this many ms go out in one NOTIFY: a live event reaches a tab on another
 * instance this much later at most, and a busy instance sends some 50 NOTIFYs a second, not 200.
 */
const PUBLISH_MS = 20;
/** Serialises changes that must leave an enabled admin (several admins changed at once). */
const ADMINS_LOCK = 0x6c626164;
/** Delivery ids older than this are forgotten; the sender gives up retrying long before. */
const DELIVERY_MEMORY_DAYS = 30;
const PRUNE_EVERY_MS = 60 * 60 * 1000;
/** Idle buckets are full again after a minute: rows older than this are pruned. */
const BUCKET_IDLE_MS = 10 * 60_000;
/** How long a new connection may take to be ready (TCP, TLS, authentication), in seconds. */
const CONNECT_TIMEOUT_S = 2;
/** The longest wait before another try at a server that refused or dropped a connection (s). */
const MAX_BACKOFF_S = 0.5;
/** Serialises the takes of one sign-in attempt key ('lbsi'; with the key's hash as the second half). */
const ATTEMPTS_LOCK = 0x6c627369;
/** Sign-in attempts past their window are deleted at most this often. */
const PRUNE_ATTEMPTS_MS = 60_000;

/** `?` placeholders as `$1, $2...`, outside quoted text. */
export function numbered(text: string): string {
  let n = 0;
  let out = '';
  let quote: string | undefined;
  for (const ch of text) {
    if (quote) {
      if (ch === quote) quote = undefined;
    } else if (ch === "'" || ch === '"') quote = ch;
    else if (ch === '?') {
      out += `$${++n}`;
      continue;
    }
    out += ch;
  }
  return out;
}

/** host:port/database of a URL, without user or password (for log lines). */
export function describeUrl(url: string): string {
  try {
    const u = new URL(url);
    return `postgres://${u.host}${u.pathname}`;
  } catch {
    return 'postgres (URL not shown)';
  }
}

type AdditionRow = AdditionRecord & { user_id: string | null };

export type PostgresOptions = {
  /** Connections in the pool (default 10; one more LISTENs). */
  max?: number;
  /**
   * A schema of its own (created when missing; its tables, its migrations, its NOTIFY channel):
   * the tests' way to give each BFF a fresh store in one database. Default: the URL's search path.
   */
  schema?: string;
};

/** Connects, applies the migrations not yet applied (under an advisory lock), and starts listening. */
export async function openPostgres(url: string, opts: PostgresOptions = {}): Promise<PostgresStore> {
  const { schema } = opts;
  if (schema !== undefined && !/^[a-z_][a-z0-9_]*$/.test(schema))
    throw new Error(`not a schema name: ${schema}`);
  const sql = postgres(url, {
    max: opts.max ?? 10,
    onnotice: () => {},
    // A server that is down fails a query at once (./unavailable.ts answers 503). The driver waits
    // 30 s for a connection by default, and between tries at a server that refused it backs off up to
    // 20 s (3^tries/100 s), a wait every query queued meanwhile shares: calls hung 5-19 s. Its own
    // curve, capped at half a second; a try that succeeds resets it.
    connect_timeout: CONNECT_TIMEOUT_S,
    backoff: (tries: number) => Math.min(MAX_BACKOFF_S, (0.5 + Math.random() / 2) * (3 ** tries / 100)),
    // COUNT(*), identities and sums of whole numbers come as int8/numeric: numbers here, as on SQLite.
    types: {
      int8: { to: 20, from: [20], serialize: (x: number) => String(x), parse: (x: string) => Number(x) },
      numeric: {
        to: 1700,
        from: [1700],
        serialize: (x: number) => String(x),
        parse: (x: string) => Number(x),
      },
    },
    connection: {
      application_name: 'list-builder-bff',
      // Commits answer before the WAL reaches the disk (as SQLite's synchronous=NORMAL here): a
      // server crash may lose the last fraction of a second of ledger lines, reservations and
      // sessions, never consistency. An fsync per reservation cost 10-20 ms per call on this
      // machine's disk. Admin changes and their audit entries still wait for the disk (SET LOCAL).
      synchronous_commit: 'off',
      ...(schema !== undefined ? { search_path: schema } : {}),
    },
  } as unknown as postgres.Options<Record<string, never>>) as unknown as Sql;
  try {
    await migratePostgres(sql, schema);
    const store = new PostgresStore(sql, url, schema === undefined ? CHANNEL : `${CHANNEL}_${schema}`);
    await store.listen();
    return store;
  } catch (err) {
    await sql.end({ timeout: 1 });
    throw err;
  }
}

export async function migratePostgres(sql: Sql, schema?: string): Promise<void> {
  await sql.begin(async (tx) => {
    // Held to the end of this transaction: an instance starting meanwhile waits here, then finds
    // every migration applied.
    await tx`SELECT pg_advisory_xact_lock(${MIGRATION_LOCK})`;
    // The schema the connections' search_path names, made under the lock (stores opening it at
    // once do not race) and on the pool's own connection (no other to open for it).
    if (schema !== undefined) await tx.unsafe(`CREATE SCHEMA IF NOT EXISTS ${schema}`);
    await tx`CREATE TABLE IF NOT EXISTS schema_migrations (
      id INTEGER PRIMARY KEY, name TEXT NOT NULL, applied_at TEXT NOT NULL)`;
    const done = new Set((await tx<{ id: number }[]>`SELECT id FROM schema_migrations`).map((r) => r.id));
    for (const m of MIGRATIONS) {
      if (done.has(m.id)) continue;
      await tx.unsafe(m.postgres);
      await tx`INSERT INTO schema_migrations (id, name, applied_at)
        VALUES (${m.id}, ${m.name}, ${new Date().toISOString()})`;
    }
  });
}

/** Portable SQL (`?` placeholders, numbered here) on the pool, or on one transaction's connection. */
function portable(pg: Sql | postgres.TransactionSql<Record<string, never>>): PortableSql {
  const unsafe = (text: string, params: readonly unknown[]) =>
    pg.unsafe(numbered(text), params as postgres.ParameterOrJSON<never>[], { prepare: true });
  return {
    all: async <T>(text: string, params: readonly unknown[] = []) =>
      [...(await unsafe(text, params))] as unknown as T[],
    get: async <T>(text: string, params: readonly unknown[] = []) =>
      (await unsafe(text, params))[0] as T | undefined,
    run: async (text, params = []) => ({ changes: (await unsafe(text, params)).count }),
  };
}

export class PostgresStore implements BffStore {
  readonly kind = 'postgres' as const;
  readonly where: string;
  readonly sql: PortableSql;
  private readonly listeners = new Set<(m: StoreMessage) => void>();
  private outbox: StoreMessage[] = [];
  /** The `usage.changed` events in the outbox, by user and endpoint: a repeat adds to them. */
  private usageInOutbox = new Map<string, UsageData>();
  private sent: Promise<void> | undefined;
  /**
   * The batches sent so far, one after another: a batch goes out only once the one before it is
   * sent, since two NOTIFYs in flight on two of the pool's connections may arrive in either order
   * (a request's `completed` before its `in_progress`).
   */
  private sending: Promise<void> = Promise.resolve();
  private unlisten: (() => Promise<void>) | undefined;
  private lastPrune = 0;
  private lastBucketPrune = 0;
  /** Holds and the settled spend, written with the ledger's lines. */
  private readonly money: PostgresMoney;
  private lastAttemptPrune = 0;

  constructor(
    /** The driver's handle (tests, the bench). */
    readonly pg: Sql,
    url: string,
    private readonly channel: string = CHANNEL,
  ) {
    this.where = describeUrl(url);
    this.sql = portable(pg);
    this.money = new PostgresMoney(pg);
  }

  transaction<T>(fn: (sql: PortableSql) => Promise<T>): Promise<T> {
    // The driver commits when the callback resolves and rolls back when it rejects.
    return this.pg.begin((tx) => fn(portable(tx))) as Promise<T>;
  }

  async listen(): Promise<void> {
    const listening = await this.pg.listen(this.channel, (payload) => {
      let messages: StoreMessage[];
      try {
        messages = JSON.parse(payload) as StoreMessage[];
      } catch {
        return;
      }
      if (Array.isArray(messages)) for (const m of messages) this.deliver(m);
    });
    this.unlisten = () => listening.unlisten();
  }

  private deliver(message: StoreMessage): void {
    for (const listener of [...this.listeners]) {
      try {
        listener(message);
      } catch {
        // One listener's failure must not keep the message from the others.
      }
    }
  }

  private audit(tx: Tx, actor: Actor, at: Date, action: string, target: string, details: AuditDetails = {}) {
    return tx`INSERT INTO audit (at, actor_id, actor_name, action, target, details)
      VALUES (${at.toISOString()}, ${actor.id}, ${actor.name}, ${action}, ${target}, ${JSON.stringify(details)})`;
  }

  // --- accounts ------------------------------------------------------------------------------------

  async findUserByName(name: string) {
    const [row] = await this.pg<UserRow[]>`
      SELECT id, name, password_hash AS hash, salt, daily_budget, role, disabled
      FROM users WHERE lower(name) = lower(${name})`;
    return toStored(row);
  }

  async findUserById(id: string) {
    const [row] = await this.pg<UserRow[]>`
      SELECT id, name, password_hash AS hash, salt, daily_budget, role, disabled FROM users WHERE id = ${id}`;
    return toStored(row);
  }

  async listUsers(day: string) {
    const rows = await this.pg<AdminRow[]>`
      SELECT u.id, u.name, u.role, u.disabled, u.daily_budget,
        COALESCE((SELECT SUM(l.credits_consumed) FROM ledger l WHERE l.user_id = u.id AND l.day = ${day}), 0)
          AS spent_today
      FROM users u ORDER BY lower(u.name)`;
    return rows.map(toAdminUser);
  }

  async getUser(id: string, day: string) {
    const [row] = await this.pg<AdminRow[]>`
      SELECT u.id, u.name, u.role, u.disabled, u.daily_budget,
        COALESCE((SELECT SUM(l.credits_consumed) FROM ledger l WHERE l.user_id = u.id AND l.day = ${day}), 0)
          AS spent_today
      FROM users u WHERE u.id = ${id}`;
    return row && toAdminUser(row);
  }

  async createUser(...[user, actor, at]: Parameters<BffStore['createUser']>) {
    try {
      return await this.pg.begin(async (tx) => {
        await tx`SET LOCAL synchronous_commit = on`;
        const [taken] = await tx<
          { name: string }[]
        >`SELECT name FROM users WHERE lower(name) = lower(${user.name})`;
        if (taken) return { kind: 'exists' as const, name: taken.name };
        await tx`INSERT INTO users (id, name, password_hash, salt, daily_budget, created_at, role, disabled)
          VALUES (${user.id}, ${user.name}, ${user.hash}, ${user.salt}, ${user.dailyBudget},
                  ${at.toISOString()}, ${user.role}, 0)`;
        await this.audit(tx, actor, at, 'user.created', user.name, {
          role: user.role,
          daily_budget: user.dailyBudget,
        });
        return { kind: 'created' as const };
      });
    } catch (err) {
      // The same name added at the same moment through another instance.
      if ((err as { code?: string }).code !== '23505') throw err;
      const other = await this.findUserByName(user.name);
      return { kind: 'exists' as const, name: other?.name ?? user.name };
    }
  }

  async updateUser(...[id, changes, actor, at]: Parameters<BffStore['updateUser']>) {
    return this.pg.begin(async (tx): Promise<UpdateResult> => {
      await tx`SET LOCAL synchronous_commit = on`;
      await tx`SELECT pg_advisory_xact_lock(${ADMINS_LOCK})`;
      const [cur] = await tx<{ name: string; role: Role; disabled: number; daily_budget: number | null }[]>`
        SELECT name, role, disabled, daily_budget FROM users WHERE id = ${id} FOR UPDATE`;
      if (!cur) return { kind: 'not_found' };
      const wasEnabledAdmin = cur.role === 'admin' && cur.disabled === 0;
      const staysEnabledAdmin =
        (changes.role ?? cur.role) === 'admin' && !(changes.disabled ?? cur.disabled === 1);
      if (wasEnabledAdmin && !staysEnabledAdmin) {
        const [others] = await tx<{ n: number }[]>`
          SELECT COUNT(*) AS n FROM users WHERE role = 'admin' AND disabled = 0 AND id <> ${id}`;
        if (others!.n === 0) return { kind: 'last_admin' };
      }
      let endSessions = false;
      let refreshSessions = false;
      if (changes.role !== undefined && changes.role !== cur.role) {
        await tx`UPDATE users SET role = ${changes.role} WHERE id = ${id}`;
        await this.audit(tx, actor, at, 'user.role_changed', cur.name, { from: cur.role, to: changes.role });
        refreshSessions = true;
      }
      if (changes.dailyBudget !== undefined && changes.dailyBudget !== cur.daily_budget) {
        await tx`UPDATE users SET daily_budget = ${changes.dailyBudget} WHERE id = ${id}`;
        await this.audit(tx, actor, at, 'user.budget_changed', cur.name, {
          from: cur.daily_budget,
          to: changes.dailyBudget,
        });
        refreshSessions = true;
      }
      if (changes.password !== undefined) {
        await tx`UPDATE users SET password_hash = ${changes.password.hash}, salt = ${changes.password.salt}
          WHERE id = ${id}`;
        await this.audit(tx, actor, at, 'user.password_reset', cur.name);
        endSessions = true;
      }
      if (changes.disabled !== undefined && changes.disabled !== (cur.disabled === 1)) {
        await tx`UPDATE users SET disabled = ${changes.disabled ? 1 : 0} WHERE id = ${id}`;
        await this.audit(tx, actor, at, changes.disabled ? 'user.disabled' : 'user.enabled', cur.name);
        if (changes.disabled) endSessions = true;
      }
      if (endSessions) await tx`DELETE FROM sessions WHERE user_id = ${id}`;
      return { kind: 'updated', endSessions, refreshSessions };
    });
  }

  // --- sessions ------------------------------------------------------------------------------------

  async createSession(s: { idHash: string; userId: string; createdAt: string; expiresAt: string }) {
    await this.pg`DELETE FROM sessions WHERE expires_at <= ${s.createdAt}`;
    await this.pg`INSERT INTO sessions (id_hash, user_id, created_at, expires_at)
      VALUES (${s.idHash}, ${s.userId}, ${s.createdAt}, ${s.expiresAt})`;
  }

  async sessionUser(idHash: string, now: string) {
    const [row] = await this.pg<SessionRow[]>`
      SELECT u.id, u.name, u.daily_budget AS "dailyBudget", u.role, s.expires_at AS "expiresAt"
      FROM sessions s JOIN users u ON u.id = s.user_id
      WHERE s.id_hash = ${idHash} AND s.expires_at > ${now} AND u.disabled = 0`;
    return row;
  }

  async deleteSession(idHash: string) {
    await this.pg`DELETE FROM sessions WHERE id_hash = ${idHash}`;
  }

  async deleteSessionsOf(userId: string) {
    await this.pg`DELETE FROM sessions WHERE user_id = ${userId}`;
  }

  // --- the ledger ------------------------------------------------------------------------------------

  insertLedger(rows: readonly LedgerRow[], released: readonly string[] = []): Promise<void> {
    return this.money.settle(rows, released);
  }

  async spentOn(userId: string, day: string) {
    const [row] = await this.pg<{ credits: number; calls: number }[]>`
      SELECT COALESCE(SUM(credits_consumed), 0) AS credits, COUNT(*) AS calls
      FROM ledger WHERE user_id = ${userId} AND day = ${day}`;
    return { credits: credits(row!.credits), calls: row!.calls };
  }

  async recentLedger(userId: string, limit: number) {
    return [
      ...(await this.pg<LedgerEntry[]>`
        SELECT at, method, endpoint, status, credits_consumed, cache FROM ledger
        WHERE user_id = ${userId} ORDER BY id DESC LIMIT ${limit}`),
    ];
  }

  async teamSpendSince(fromDay: string) {
    const [row] = await this.pg<{ credits: number }[]>`
      SELECT COALESCE(SUM(credits_consumed), 0) AS credits FROM ledger WHERE day >= ${fromDay}`;
    return credits(row!.credits);
  }

  async spendRows(fromDay: string, toDay: string) {
    return [
      ...(await this.pg<SpendRow[]>`
        SELECT l.day, l.user_id, u.name, l.endpoint, SUM(l.credits_consumed) AS credits
        FROM ledger l LEFT JOIN users u ON u.id = l.user_id
        WHERE l.day >= ${fromDay} AND l.day <= ${toDay}
        GROUP BY l.day, l.user_id, u.name, l.endpoint`),
    ];
  }

  async lastLedgerId() {
    const [row] = await this.pg<{ last: number }[]>`SELECT COALESCE(MAX(id), 0) AS last FROM ledger`;
    return row!.last;
  }

  async ledgerPage(after: number, last: number, limit: number) {
    return [
      ...(await this.pg<LedgerCsvRow[]>`
        SELECT l.id, l.at, l.day, l.user_id, u.name, l.method, l.endpoint, l.status, l.credits_consumed,
               l.cache, l.duration_ms
        FROM ledger l LEFT JOIN users u ON u.id = l.user_id
        WHERE l.id > ${after} AND l.id <= ${last} ORDER BY l.id LIMIT ${limit}`),
    ];
  }

  // --- holds (./postgres-money.ts) ---------------------------------------------------------------

  placeHold(hold: Hold, limits: HoldLimits, now: string): Promise<HoldOutcome> {
    return this.money.placeHold(hold, limits, now);
  }

  settledSpend(userId: string, day: string): Promise<{ day: number; month: number }> {
    return this.money.settledSpend(userId, day);
  }

  // --- the team ------------------------------------------------------------------------------------

  async monthlyCap() {
    const [row] = await this.pg<{ monthly_cap: number | null }[]>`
      SELECT monthly_cap FROM team_settings WHERE id = 1`;
    return row?.monthly_cap ?? null;
  }

  async setMonthlyCap(...[cap, actor, at]: Parameters<BffStore['setMonthlyCap']>) {
    await this.pg.begin(async (tx) => {
      await tx`SET LOCAL synchronous_commit = on`;
      const [row] = await tx<{ monthly_cap: number | null }[]>`
        SELECT monthly_cap FROM team_settings WHERE id = 1 FOR UPDATE`;
      const from = row?.monthly_cap ?? null;
      if (row && from === cap) return;
      await tx`INSERT INTO team_settings (id, monthly_cap, updated_at) VALUES (1, ${cap}, ${at.toISOString()})
        ON CONFLICT (id) DO UPDATE SET monthly_cap = excluded.monthly_cap, updated_at = excluded.updated_at`;
      if (from !== cap) await this.audit(tx, actor, at, 'team.cap_changed', 'team', { from, to: cap });
    });
  }

  async recordAudit(...[actor, at, action, target, details]: Parameters<BffStore['recordAudit']>) {
    await this.audit(this.pg as unknown as Tx, actor, at, action, target, details);
  }

  async auditEntries(limit: number) {
    const rows = await this.pg<(Omit<AuditEntry, 'details'> & { details: string })[]>`
      SELECT at, actor_name AS actor, action, target, details FROM audit ORDER BY id DESC LIMIT ${limit}`;
    return rows.map((r) => ({ ...r, details: JSON.parse(r.details) as AuditDetails }));
  }

  // --- additions ---------------------------------------------------------------------------------------

  async recordSubmission(...[s]: Parameters<BffStore['recordSubmission']>) {
    await this.pg`
      INSERT INTO addition_requests AS a
        (request_id, user_id, company_name, domain, status, reason, company_uuid, created_at, updated_at)
      VALUES (${s.requestId}, ${s.userId}, ${s.companyName}, ${s.domain}, ${s.status}, NULL, NULL, ${s.at}, ${s.at})
      ON CONFLICT (request_id) DO UPDATE SET
        user_id = COALESCE(a.user_id, excluded.user_id),
        company_name = COALESCE(a.company_name, excluded.company_name),
        domain = COALESCE(a.domain, excluded.domain)`;
  }

  private async applyStatusIn(tx: Tx, status: AdditionStatus, userId: string | null): Promise<StatusUpdate> {
    const [before] = await tx<AdditionRow[]>`
      SELECT * FROM addition_requests WHERE request_id = ${status.request_id} FOR UPDATE`;
    const d = status.detail;
    if (before && !isNewerStatus(status, before)) {
      if (before.user_id === null && userId !== null)
        await tx`UPDATE addition_requests SET user_id = ${userId} WHERE request_id = ${before.request_id}`;
      return { changed: false, userId: before.user_id ?? userId };
    }
    await tx`
      INSERT INTO addition_requests AS a
        (request_id, user_id, company_name, domain, status, reason, company_uuid, created_at, updated_at)
      VALUES (${status.request_id}, ${userId}, ${d.company_name}, ${d.domain}, ${status.status}, ${d.reason},
              ${d.company_uuid}, ${d.created_at}, ${d.updated_at})
      ON CONFLICT (request_id) DO UPDATE SET
        user_id = COALESCE(a.user_id, excluded.user_id),
        company_name = excluded.company_name, domain = excluded.domain, status = excluded.status,
        reason = excluded.reason, company_uuid = excluded.company_uuid,
        created_at = excluded.created_at, updated_at = excluded.updated_at`;
    return { changed: statusChanged(status, before), userId: before?.user_id ?? userId };
  }

  async applyAdditionStatus(...[status, userId = null]: Parameters<BffStore['applyAdditionStatus']>) {
    return this.pg.begin((tx) => this.applyStatusIn(tx, status, userId));
  }

  async additionOwner(requestId: string) {
    const [row] = await this.pg<{ user_id: string | null }[]>`
      SELECT user_id FROM addition_requests WHERE request_id = ${requestId}`;
    return row?.user_id ?? null;
  }

  async additionsOf(userId: string, limit: number) {
    const rows = await this.pg<(AdditionRow & { seq: number })[]>`
      SELECT request_id, user_id, company_name, domain, status, reason, company_uuid, created_at, updated_at
      FROM addition_requests WHERE user_id = ${userId} ORDER BY created_at DESC, seq DESC LIMIT ${limit}`;
    return rows.map(({ user_id: _user, ...r }) => r);
  }

  // --- webhooks ----------------------------------------------------------------------------------------

  async webhookEndpoints() {
    return [
      ...(await this.pg<StoredEndpoint[]>`
        SELECT endpoint_id, url, secret, created_at FROM webhook_endpoints ORDER BY created_at`),
    ];
  }

  async saveWebhookEndpoint(e: StoredEndpoint) {
    await this.pg`
      INSERT INTO webhook_endpoints (endpoint_id, url, secret, created_at)
      VALUES (${e.endpoint_id}, ${e.url}, ${e.secret}, ${e.created_at})
      ON CONFLICT (endpoint_id) DO UPDATE SET url = excluded.url, secret = excluded.secret`;
  }

  async forgetWebhookEndpoint(endpointId: string) {
    await this.pg`DELETE FROM webhook_endpoints WHERE endpoint_id = ${endpointId}`;
  }

  async applyWebhook(...[webhookId, now, status]: Parameters<BffStore['applyWebhook']>) {
    const outcome = await this.pg.begin(async (tx) => {
      // A second instance inserting the same id waits for this transaction, then counts no row.
      const marked = await tx`
        INSERT INTO webhook_deliveries (webhook_id, received_at) VALUES (${webhookId}, ${now.toISOString()})
        ON CONFLICT (webhook_id) DO NOTHING`;
      if (marked.count === 0) return 'duplicate' as const;
      if (!status) return 'ignored' as const;
      return this.applyStatusIn(tx, status, null);
    });
    if (now.getTime() - this.lastPrune > PRUNE_EVERY_MS) {
      this.lastPrune = now.getTime();
      const cutoff = new Date(now.getTime() - DELIVERY_MEMORY_DAYS * 86_400_000).toISOString();
      await this.pg`DELETE FROM webhook_deliveries WHERE received_at < ${cutoff}`;
    }
    return outcome;
  }

  // --- rate limits -------------------------------------------------------------------------------------

  async takeToken(key: string, perMinute: number, nowMs: number) {
    const rate = perMinute / 60_000;
    // The bucket refilled to now (never backwards: instances' clocks differ a little), less a token
    // when one is there; `taken` says whether it was.
    const [row] = await this.pg<{ tokens: number; taken: boolean }[]>`
      INSERT INTO rate_limits AS r (key, tokens, at_ms, taken) VALUES (${key}, ${perMinute - 1}, ${nowMs}, true)
      ON CONFLICT (key) DO UPDATE SET
        tokens = LEAST(${perMinute}::float8, r.tokens + GREATEST(0, ${nowMs}::float8 - r.at_ms) * ${rate}::float8)
          - CASE WHEN LEAST(${perMinute}::float8, r.tokens + GREATEST(0, ${nowMs}::float8 - r.at_ms) * ${rate}::float8) >= 1
            THEN 1 ELSE 0 END,
        taken = LEAST(${perMinute}::float8, r.tokens + GREATEST(0, ${nowMs}::float8 - r.at_ms) * ${rate}::float8) >= 1,
        at_ms = GREATEST(r.at_ms, ${nowMs}::float8)
      RETURNING tokens, taken`;
    if (nowMs - this.lastBucketPrune > BUCKET_IDLE_MS) {
      this.lastBucketPrune = nowMs;
      void this.pg`DELETE FROM rate_limits WHERE at_ms < ${nowMs - BUCKET_IDLE_MS}`.catch(() => {});
    }
    if (row!.taken) return { ok: true as const };
    return { ok: false as const, retryAfterS: Math.max(1, Math.ceil((1 - row!.tokens) / rate / 1000)) };
  }

  // --- sign-in attempts ----------------------------------------------------------------------------

  async takeAttempts(keys: readonly string[], max: number, windowMs: number, nowMs: number) {
    const since = nowMs - windowMs;
    const take = await this.pg.begin(async (tx): Promise<AttemptTake> => {
      // One take per key at a time across instances, so the count below sees every attempt counted
      // before it. Taken in key order: two takes sharing keys never wait on each other in a cycle.
      for (const key of [...new Set(keys)].sort())
        await tx`SELECT pg_advisory_xact_lock(${ATTEMPTS_LOCK}::int4, hashtext(${key}))`;
      const rows = await tx<{ key: string; at_ms: number }[]>`
        SELECT key, at_ms FROM sign_in_attempts
        WHERE key = ANY(${tx.array([...keys])}::text[]) AND at_ms > ${since} ORDER BY at_ms`;
      let waitMs = 0;
      for (const key of keys) {
        const times = rows.filter((r) => r.key === key).map((r) => r.at_ms);
        if (times.length >= max) waitMs = Math.max(waitMs, times[times.length - max]! + windowMs - nowMs);
      }
      if (waitMs > 0) return { ok: false, retryAfterS: Math.max(1, Math.ceil(waitMs / 1000)) };
      const inserted = await tx<{ id: number; key: string }[]>`
        INSERT INTO sign_in_attempts ${tx(keys.map((key) => ({ key, at_ms: nowMs })))} RETURNING id, key`;
      return { ok: true, ids: keys.map((key) => inserted.find((r) => r.key === key)!.id) };
    });
    if (nowMs - this.lastAttemptPrune > PRUNE_ATTEMPTS_MS) {
      this.lastAttemptPrune = nowMs;
      void this.pg`DELETE FROM sign_in_attempts WHERE at_ms <= ${since}`.catch(() => {});
    }
    return take;
  }

  async forgetAttempts(keys: readonly string[], ids: readonly number[]) {
    await this.pg`DELETE FROM sign_in_attempts
      WHERE key = ANY(${this.pg.array([...keys])}::text[]) OR id = ANY(${this.pg.array([...ids])}::bigint[])`;
  }

  // --- between instances -------------------------------------------------------------------------------

  /**
   * Messages go out in batches: those published within PUBLISH_MS share one NOTIFY (a JSON array
   * under the payload limit), in the order they were published. A paid call publishes a usage event,
   * and a NOTIFY per call was the largest part of the BFF's work per call on PostgreSQL. Usage events
   * of one user and endpoint within a batch go as one, their credits added up (the event says the
   * user spent credits; the app refetches its usage): a busy team's export or a bench's thousands of
   * calls a second then cost a NOTIFY payload per user and endpoint, not per call.
   */
  publish(message: StoreMessage): Promise<void> {
    let out = message;
    if (message.kind === 'event' && message.type === 'usage.changed') {
      const data = message.data as UsageData;
      const key = `${message.userId}\u0000${data.endpoint}`;
      const pending = this.usageInOutbox.get(key);
      if (pending && this.sent) {
        pending.credits_consumed = credits(pending.credits_consumed + data.credits_consumed);
        return this.sent;
      }
      const copy: UsageData = { endpoint: data.endpoint, credits_consumed: data.credits_consumed };
      this.usageInOutbox.set(key, copy);
      out = { kind: 'event', userId: message.userId, type: message.type, data: copy };
    }
    this.outbox.push(out);
    this.sent ??= new Promise<void>((resolve, reject) => {
      setTimeout(() => {
        const batch = this.outbox;
        this.outbox = [];
        this.usageInOutbox = new Map();
        this.sent = undefined;
        const texts: string[] = [];
        for (const m of batch) {
          const text = JSON.stringify(m);
          // Too large for NOTIFY (an event is far smaller): this instance's tabs still get it. (A
          // UTF-16 unit is at most 3 bytes of UTF-8: most texts need no count.)
          if (text.length * 3 > MAX_PAYLOAD - 2 && Buffer.byteLength(text) > MAX_PAYLOAD - 2) this.deliver(m);
          else texts.push(text);
        }
        const sent = this.sending.then(() => this.notifyAll(texts));
        this.sending = sent.catch(() => {});
        sent.then(resolve, reject);
      }, PUBLISH_MS);
    });
    return this.sent;
  }

  private async notifyAll(texts: string[]): Promise<void> {
    let chunk: string[] = [];
    let bytes = 2;
    for (const t of texts) {
      const size = Buffer.byteLength(t) + 1;
      if (chunk.length > 0 && bytes + size > MAX_PAYLOAD) {
        await this.pg.notify(this.channel, `[${chunk.join(',')}]`);
        chunk = [];
        bytes = 2;
      }
      chunk.push(t);
      bytes += size;
    }
    if (chunk.length > 0) await this.pg.notify(this.channel, `[${chunk.join(',')}]`);
  }

  onMessage(listener: (message: StoreMessage) => void) {
    this.listeners.add(listener);
    return () => {
      this.listeners.delete(listener);
    };
  }

  async close() {
    await this.sent?.catch(() => {});
    await this.sending;
    this.listeners.clear();
    await this.unlisten?.().catch(() => {});
    await this.pg.end({ timeout: 5 });
  }
}
