/**
 * The engine adapter on PostgreSQL (DATABASE_URL=postgres://...), for any number of BFF processes on
 * one database, with the `postgres` driver (porsager). The queries are written once (./engine.ts);
 * here is what only PostgreSQL does: statements on a pool (each text prepared once per connection),
 * transactions on one reserved connection with `FOR UPDATE` and advisory locks, commits that wait for
 * the disk only when asked, LISTEN/NOTIFY between instances, and the migrations under an advisory lock.
 */
import postgres from 'postgres';
import { credits } from '../../contract/pricing';
import type { Dialect, Engine, JsonColumn, TransactionOptions, Tx } from './engine';
import { EngineStore } from './engine-store';
import { MIGRATION_LOCK, MIGRATIONS } from './migrations';
import type { PortableSql, StoreMessage } from './store';

type Sql = postgres.Sql<Record<string, never>>;
type TxSql = postgres.TransactionSql<Record<string, never>>;
/** A `usage.changed` event's data (bff/contract/bff.ts UsageChangedEvent). */
type UsageData = { endpoint: string; credits_consumed: number };

/** The NOTIFY channel of messages between instances. */
export const CHANNEL = 'lb_bff';
/** NOTIFY takes at most 8000 bytes of payload. */
const MAX_PAYLOAD = 7900;
/**
 * Messages published within this many ms go out in one NOTIFY: a live event reaches a tab on another
 * instance this much later at most, and a busy instance sends some 50 NOTIFYs a second, not 200.
 */
const PUBLISH_MS = 20;
/** How long a new connection may take to be ready (TCP, TLS, authentication), in seconds. */
const CONNECT_TIMEOUT_S = 2;
/** The longest wait before another try at a server that refused or dropped a connection (s). */
const MAX_BACKOFF_S = 0.5;

const numberedTexts = new Map<string, string>();

/** `?` placeholders as `$1, $2...`, outside quoted text. */
export function numbered(text: string): string {
  const known = numberedTexts.get(text);
  if (known !== undefined) return known;
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
  if (numberedTexts.size > 5_000) numberedTexts.clear();
  numberedTexts.set(text, out);
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
  const asNumber = (oid: number) => ({
    to: oid,
    from: [oid],
    serialize: (x: number) => String(x),
    parse: (x: string) => Number(x),
  });
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
    types: { int8: asNumber(20), numeric: asNumber(1700) },
    connection: {
      application_name: 'list-builder-bff',
      // Commits answer before the WAL reaches the disk (as SQLite's synchronous=NORMAL here): a
      // server crash may lose the last fraction of a second of holds and sessions, never
      // consistency. An fsync per hold cost 10-20 ms per call on this machine's disk. Admin changes
      // and ledger lines still wait for the disk (`durable` transactions).
      synchronous_commit: 'off',
      ...(schema !== undefined ? { search_path: schema } : {}),
    },
  } as unknown as postgres.Options<Record<string, never>>) as unknown as Sql;
  try {
    await migratePostgres(sql, schema);
    const engine = new PostgresEngine(sql, url, schema === undefined ? CHANNEL : `${CHANNEL}_${schema}`);
    await engine.listen();
    return new PostgresStore(sql, engine);
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
function portable(pg: Sql | TxSql): PortableSql {
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

const SQL_TYPES = { text: 'text', integer: 'integer', real: 'double precision' } as const;

const POSTGRES_DIALECT: Dialect = {
  forUpdate: ' FOR UPDATE',
  insertionOrder: 'seq',
  // The parameter as text, then JSON: the driver would otherwise serialize the string as JSON again.
  jsonRows: (columns: readonly JsonColumn[]) =>
    `json_to_recordset(CAST(CAST(? AS TEXT) AS JSON)) AS r(${columns
      .map(([name, type]) => `"${name}" ${SQL_TYPES[type]}`)
      .join(', ')})`,
};

export class PostgresEngine implements Engine {
  readonly kind = 'postgres' as const;
  readonly dialect = POSTGRES_DIALECT;
  readonly oneProcess = false;
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

  constructor(
    private readonly pg: Sql,
    url: string,
    private readonly channel: string = CHANNEL,
  ) {
    this.where = describeUrl(url);
    this.sql = portable(pg);
  }

  transaction<T>(fn: (tx: Tx) => Promise<T>, options: TransactionOptions = {}): Promise<T> {
    // The driver commits when the callback resolves and rolls back when it rejects.
    return this.pg.begin(async (t) => {
      if (options.durable) await t.unsafe('SET LOCAL synchronous_commit = on');
      const lock = async (space: number, key?: string) => {
        if (key === undefined) await t`SELECT pg_advisory_xact_lock(${space})`;
        else await t`SELECT pg_advisory_xact_lock(${space}::int4, hashtext(${key}))`;
      };
      return fn({ ...portable(t), lock });
    }) as Promise<T>;
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

  onMessage(listener: (message: StoreMessage) => void): () => void {
    this.listeners.add(listener);
    return () => {
      this.listeners.delete(listener);
    };
  }

  async close(): Promise<void> {
    await this.sent?.catch(() => {});
    await this.sending;
    this.listeners.clear();
    await this.unlisten?.().catch(() => {});
    await this.pg.end({ timeout: 5 });
  }
}

/** The BFF's store on PostgreSQL. */
export class PostgresStore extends EngineStore {
  constructor(
    /** The driver's handle (tests, the bench). */
    readonly pg: Sql,
    engine: PostgresEngine,
  ) {
    super(engine);
  }
}
