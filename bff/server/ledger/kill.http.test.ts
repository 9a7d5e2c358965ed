/**
 * No answered call is missing from the ledger, even when the BFF is killed (kill -9) under load: a
 * real `npm start` process (bff/server/cli/start.ts) on its store (SQLite in its DATA_DIR, or the
 * test file's PostgreSQL database on that project), an embedded service on a loopback port as its
 * upstream (whose own usage table counts what was really spent), and SIGKILL while calls are in
 * flight. Every call the client got an answer to is a ledger line after the kill.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startBffProcess } from '../../testing/bff-process';
import { startTestServer, type TestServer } from '../../testing/embedded-server';
import { testDatabaseUrl } from '../../testing/env';
import { ON_POSTGRES } from '../../testing/test-store';
import { openStore } from '../store/open';

let upstream: TestServer;
let dataDir: string;

beforeAll(async () => {
  upstream = await startTestServer(400, 3);
  dataDir = mkdtempSync(path.join(tmpdir(), 'bff-kill-'));
});
afterAll(async () => {
  await upstream.close();
  rmSync(dataDir, { recursive: true, force: true });
});

describe('the ledger after kill -9', () => {
  it('holds a line for every call that was answered before the kill', async () => {
    const { url, child, exited } = await startBffProcess({
      BFF_MODE: 'local',
      UPSTREAM_URL: upstream.url,
      UPSTREAM_API_KEY: 'dev-enterprise-key',
      DATA_DIR: dataDir,
      BFF_RATE_LIMIT: '0',
      BFF_CACHE_TTL_MS: '0',
      BFF_LIST_CHECK_INTERVAL_MS: '0',
      DATABASE_URL: ON_POSTGRES ? testDatabaseUrl() : '',
    });
    let answered = 0;
    let killed = false;
    const calls = Array.from({ length: 60 }, async (_, i) => {
      try {
        const res = await fetch(`${url}/api/v1/list/generate/companies`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', origin: url, 'x-requested-with': 'list-builder' },
          body: JSON.stringify({ filters: {}, limit: 5, offset: i }),
        });
        await res.arrayBuffer();
        if (res.status === 200 && !killed) answered++;
        // Killed in the thick of it: as soon as a third of the calls have their answers.
        if (answered >= 20 && !killed) {
          killed = true;
          child.kill('SIGKILL');
        }
      } catch {
        // In flight when the process died: no answer, nothing promised.
      }
    });
    await Promise.all(calls);
    await exited;
    expect(killed).toBe(true);
    expect(answered).toBeGreaterThanOrEqual(20);

    const store = await openStore({
      databaseUrl: ON_POSTGRES ? testDatabaseUrl() : undefined,
      dataDir,
    });
    try {
      const row = await store.sql.get<{ n: number }>(
        "SELECT COUNT(*) AS n FROM ledger WHERE endpoint = '/api/v1/list/generate/companies' AND status = 200",
      );
      const lines = Number(row!.n);
      // Every answered call is there; calls the upstream served but whose answers the kill cut off
      // may be there too, never more than the upstream served.
      expect(lines).toBeGreaterThanOrEqual(answered);
      const served = upstream.service.ctx.db
        .prepare("SELECT COUNT(*) AS n FROM usage WHERE endpoint = 'list.generate'")
        .get() as { n: number };
      expect(lines).toBeLessThanOrEqual(served.n);
    } finally {
      await store.close();
    }
  });
});
