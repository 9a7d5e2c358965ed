/**
 * Which errors mean the BFF's store is out of reach (./unavailable.ts), on the drivers' real errors:
 * PostgreSQL on a port nothing listens on, a connection the server ends, a closed pool; SQLite
 * locked by another connection, and closed. And the deadline a request's store call gets.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import postgres from 'postgres';
import { describe, expect, it } from 'vitest';
import { pathOf } from '../../contract/endpoints';
import { closedPort, startBff, startFaultServer } from '../../testing/bff-server';
import { testDatabaseUrl } from '../../testing/env';
import { ON_POSTGRES, testStore } from '../../testing/test-store';
import { remoteUpstream } from '../upstream/upstream';
import { urlOf } from './embedded-postgres';
import { openPostgres, type PostgresStore } from './postgres';
import {
  isStoreUnavailable,
  STORE_RETRY_AFTER_S,
  STORE_UNAVAILABLE_DETAIL,
  StoreUnavailable,
  withinDeadline,
} from './unavailable';

const failure = (p: Promise<unknown>): Promise<unknown> =>
  p.then(
    () => {
      throw new Error('expected a failure');
    },
    (e: unknown) => e,
  );

describe('isStoreUnavailable', () => {
  it('knows PostgreSQL refused, ended and closed connections', async () => {
    const url = urlOf(await closedPort(), 'postgres');
    // Opening: the transaction of the migrations gets the socket's error bare.
    expect(isStoreUnavailable(await failure(openPostgres(url)))).toBe(true);
    // A query gets it with the query attached.
    const sql = postgres(url, { max: 1, onnotice: () => {} });
    const refused = await failure(sql`SELECT 1`);
    expect((refused as { code?: string }).code).toBe('ECONNREFUSED');
    expect(isStoreUnavailable(refused)).toBe(true);
    await sql.end({ timeout: 1 });
    // A pool closed (a request that outlived the stop): CONNECTION_ENDED.
    expect(isStoreUnavailable(await failure(sql`SELECT 1`))).toBe(true);
  });

  it("knows PostgreSQL's own states of a server that cannot serve now", () => {
    const state = (code: string) => new postgres.PostgresError({ code, message: code } as never);
    // admin_shutdown, crash_shutdown, cannot_connect_now (starting up, shutting down), too many
    // connections, and the class of connection exceptions.
    for (const code of ['57P01', '57P02', '57P03', '53300', '08006', '08001'])
      expect(isStoreUnavailable(state(code)), code).toBe(true);
    // A unique violation, a query canceled, a serialization failure: not the server's absence.
    for (const code of ['23505', '57014', '40001']) expect(isStoreUnavailable(state(code)), code).toBe(false);
  });

  it('knows SQLite locked by another connection past its timeout', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'bff-unavailable-'));
    const file = path.join(dir, 'locked.sqlite');
    const holder = new Database(file);
    const other = new Database(file, { timeout: 0 });
    try {
      holder.exec('CREATE TABLE t (x INTEGER)');
      holder.exec('BEGIN IMMEDIATE');
      holder.exec('INSERT INTO t VALUES (1)');
      let busy: unknown;
      try {
        other.exec('INSERT INTO t VALUES (2)');
      } catch (e) {
        busy = e;
      }
      expect((busy as { code?: string }).code).toBe('SQLITE_BUSY');
      expect(isStoreUnavailable(busy)).toBe(true);
    } finally {
      holder.close();
      other.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it("knows the project's store once it is closed", async () => {
    const store = await testStore();
    await store.close();
    expect(isStoreUnavailable(await failure(store.spentOn('local', '2026-12-02')))).toBe(true);
  });

  it('knows a connection the PostgreSQL server ends under a query (as a stop does)', async () => {
    const store = await testStore();
    try {
      if (!ON_POSTGRES) {
        // SQLite has no server to end a connection; its own faults are the tests above.
        expect(store.kind).toBe('sqlite');
        return;
      }
      // A connection of its own, ended by the server from another one while its query runs.
      const victim = postgres(testDatabaseUrl()!, { max: 1, onnotice: () => {} });
      try {
        const [row] = await victim<{ pid: number }[]>`SELECT pg_backend_pid() AS pid`;
        const sleeping = failure(victim`SELECT pg_sleep(5)`.execute());
        await new Promise((resolve) => setTimeout(resolve, 100));
        await (store as PostgresStore).pg`SELECT pg_terminate_backend(${row!.pid})`;
        const ended = await sleeping;
        expect(isStoreUnavailable(ended), String(ended)).toBe(true);
      } finally {
        await victim.end({ timeout: 1 });
      }
    } finally {
      await store.close();
    }
  });

  it("leaves the request's and the BFF's own faults alone", async () => {
    const store = await testStore();
    try {
      // A syntax error, and a constraint broken (both engines): the BFF's bugs, still a 500.
      expect(isStoreUnavailable(await failure(store.sql.get('SELEC 1')))).toBe(false);
      await store.sql.run("INSERT INTO schema_migrations (id, name, applied_at) VALUES (999, 'x', 'y')");
      const duplicate = await failure(
        store.sql.run("INSERT INTO schema_migrations (id, name, applied_at) VALUES (999, 'x', 'y')"),
      );
      expect(isStoreUnavailable(duplicate), String(duplicate)).toBe(false);
    } finally {
      await store.close();
    }
    // The upstream down is the upstream's fault (fetch wraps the socket's error), not the store's.
    const upstreamDown = await failure(fetch(`http://127.0.0.1:${await closedPort()}/`));
    expect(isStoreUnavailable(upstreamDown)).toBe(false);
    // A client gone before its body was whole (node:http's reset): nobody's fault.
    expect(isStoreUnavailable(Object.assign(new Error('aborted'), { code: 'ECONNRESET' }))).toBe(false);
    expect(isStoreUnavailable(new Error('boom'))).toBe(false);
    expect(isStoreUnavailable(undefined)).toBe(false);
  });
});

describe('withinDeadline', () => {
  it('returns a value answered at once as it is (no promise, no timer)', () => {
    const value = { ok: true };
    expect(withinDeadline(value, 10)).toBe(value);
  });

  it('passes an answer or a failure in time on', async () => {
    await expect(withinDeadline(Promise.resolve(7), 1000)).resolves.toBe(7);
    const err = new Error('refused');
    await expect(withinDeadline(Promise.reject(err), 1000)).rejects.toBe(err);
  });

  it('fails a call that does not answer in time, and hands a late answer to onLate', async () => {
    let answer!: (v: string) => void;
    const pending = new Promise<string>((resolve) => {
      answer = resolve;
    });
    const late: string[] = [];
    const err = await failure(withinDeadline(pending, 20, (v) => late.push(v)));
    expect(err).toBeInstanceOf(StoreUnavailable);
    expect(isStoreUnavailable(err)).toBe(true);
    answer('granted');
    await pending;
    expect(late).toEqual(['granted']);
  });
});

describe('a BFF whose store is gone', () => {
  it("answers 503 with Retry-After and says the BFF's database is unreachable (either engine)", async () => {
    const upstream = await startFaultServer();
    const store = await testStore();
    const bff = await startBff({ upstream: remoteUpstream(upstream.url, 'k'), store });
    try {
      expect((await bff.call(pathOf('bff.usage'))).status).toBe(200);
      // Closed under it, as the stop used to close it under requests still running.
      await store.close();
      const res = await bff.call(pathOf('bff.usage'));
      expect(res.status).toBe(503);
      expect(res.headers.get('retry-after')).toBe(String(STORE_RETRY_AFTER_S));
      expect(await res.json()).toMatchObject({ status: 503, detail: STORE_UNAVAILABLE_DETAIL });
      expect(bff.logs.join('\n')).not.toContain('unexpected error');
    } finally {
      await bff.close();
      await upstream.close();
    }
  });
});
