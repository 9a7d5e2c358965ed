/**
 * The addition queue survives a crash: the service runs as a real child process (`server.ts`, as
 * `npm run service` starts it), is killed with SIGKILL while a request is in progress, and started
 * again; the request then completes, once: one company for the domain, the count one higher, and
 * one `completed` event for the webhook receiver, whose deliveries were queued in the database.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, describe, expect, it } from 'vitest';
import { AdditionSubmitResponse, WebhookEndpointResponse, WebhookEvent } from '../../contract/api';
import { eventually, statusUntil } from '../../testing/embedded-additions';
import { childEnv } from '../../testing/env';
import { type Receiver, startReceiver } from '../../testing/webhook-receiver';
import { databaseFile } from '../store/db';

const KEY = 'dev-enterprise-key';
const dataDir = mkdtempSync(path.join(tmpdir(), 'additions-restart-'));
const children: ChildProcess[] = [];
let receiver: Receiver | undefined;

afterAll(async () => {
  for (const c of children) if (c.exitCode === null && c.signalCode === null) c.kill('SIGKILL');
  await receiver?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

/**
 * `server.ts` in its own Node process (tsx as an import hook, so the pid is the server's), on a port
 * it picks itself and prints: a port found free beforehand can be taken by another test's server
 * before the child binds it, and that server would answer the health check in the child's place.
 */
async function startChild(delayMs: number): Promise<{ child: ChildProcess; url: string }> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'bff/embedded/service-cli.ts'], {
    cwd: path.resolve(import.meta.dirname, '../../..'),
    env: childEnv({
      DATA_DIR: dataDir,
      COMPANIES: '300',
      SEED: '5',
      SERVICE_PORT: '0',
      ADDITION_DELAY_MS: String(delayMs),
      WEBHOOK_RETRY_BASE_MS: '50',
    }),
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.push(child);
  let output = '';
  child.stdout?.on('data', (d: Buffer) => {
    output += d.toString();
  });
  child.stderr?.on('data', (d: Buffer) => {
    output += d.toString();
  });
  const url = await eventually(
    async () => {
      if (child.exitCode !== null) throw new Error(`the service exited: ${output}`);
      return /on (http:\/\/[^/\s]+)\/api\/v1\//.exec(output)?.[1];
    },
    (u) => u !== undefined,
    'the service to listen',
  );
  // It prints its address once it listens; the health check is the service's own answer.
  expect((await fetch(`${url}/healthz`)).status).toBe(200);
  return { child, url: url! };
}

function stopped(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) resolve();
    else child.once('exit', () => resolve());
  });
}

function companiesFor(domain: string): { total: number; withDomain: number } {
  const db = new Database(databaseFile(dataDir), { readonly: true });
  try {
    const total = (db.prepare('SELECT COUNT(*) AS n FROM companies').get() as { n: number }).n;
    const withDomain = (
      db.prepare('SELECT COUNT(*) AS n FROM companies WHERE domain = ?').get(domain) as { n: number }
    ).n;
    return { total, withDomain };
  } finally {
    db.close();
  }
}

describe('a restart in the middle of an ingestion', () => {
  it('resumes the request in progress and completes it exactly once', async () => {
    receiver = await startReceiver(() => 200);
    const first = await startChild(600_000);
    const hook = await fetch(`${first.url}/api/v1/webhooks/`, {
      method: 'POST',
      headers: { 'x-api-key': KEY, 'content-type': 'application/json' },
      body: JSON.stringify({ url: receiver.url }),
    });
    expect(hook.status).toBe(201);
    const secret = WebhookEndpointResponse.parse(await hook.json()).data.secret!;
    expect(secret).toMatch(/^whsec_/);

    const res = await fetch(`${first.url}/api/v1/company/addition-requests/`, {
      method: 'POST',
      headers: { 'x-api-key': KEY, 'content-type': 'application/json' },
      body: JSON.stringify({ company_name: 'Phoenix Analytics', website: 'https://phoenix-analytics.io' }),
    });
    expect(res.status).toBe(202);
    const id = AdditionSubmitResponse.parse(await res.json()).request_id!;
    await statusUntil(first.url, KEY, id, ['in_progress']);
    const before = companiesFor('phoenix-analytics.io');
    expect(before).toEqual({ total: 300, withDomain: 0 });

    first.child.kill('SIGKILL');
    await stopped(first.child);
    expect(first.child.signalCode).toBe('SIGKILL');

    const second = await startChild(50);
    const done = await statusUntil(second.url, KEY, id, ['completed', 'failed']);
    expect(done.status).toBe('completed');
    expect(companiesFor('phoenix-analytics.io')).toEqual({ total: 301, withDomain: 1 });
    const search = (await (
      await fetch(`${second.url}/api/v1/company/search?website=phoenix-analytics.io`, {
        headers: { 'x-api-key': KEY },
      })
    ).json()) as { data: { uuid: string }[] };
    expect(search.data.map((d) => d.uuid)).toEqual([done.detail.company_uuid]);

    // The receiver heard in_progress before the crash and completed after it, once each by webhook-id.
    const events = await eventually(
      async () => receiver!.received.map((r) => ({ id: r.headers['webhook-id']!, r })),
      (list) => list.some((e) => WebhookEvent.parse(JSON.parse(e.r.body)).data.status === 'completed'),
      'the completed event',
    );
    const unique = new Map(events.map((e) => [e.id, e.r]));
    const statuses = [...unique.values()]
      .map((r) => WebhookEvent.parse(JSON.parse(r.body)).data.status)
      .sort();
    expect(statuses).toEqual(['completed', 'in_progress']);

    // A third start finds nothing left to do.
    second.child.kill('SIGTERM');
    await stopped(second.child);
    const third = await startChild(50);
    const again = await statusUntil(third.url, KEY, id, ['completed', 'failed']);
    expect(again).toEqual(done);
    expect(companiesFor('phoenix-analytics.io')).toEqual({ total: 301, withDomain: 1 });
    third.child.kill('SIGTERM');
    await stopped(third.child);
  });
});
