/**
 * What the admin folder's HTTP tests share: one embedded service per test file, a team-mode BFF on
 * its own store with an admin (ada) and a member (mia), calls by endpoint id as a signed-in user,
 * and a ledger already spent on for the spend dashboard and the ledger CSV.
 */
import { afterAll, beforeAll, expect } from 'vitest';
import { ENDPOINT_IDS, ENDPOINTS, type EndpointDef, pathOf, requestOf } from '../../contract/endpoints';
import { credits } from '../../contract/pricing';
import { type Service, startService } from '../../embedded/service';
import { type RunningBff, startBff } from '../../testing/bff-server';
import { addUser } from '../auth/users';
import type { BffStore } from '../store/store';
import { embeddedUpstream } from '../upstream/upstream';
import { windowDays } from './spend';

export const ADA = { name: 'ada', password: 'ada admin password' };
export const MIA = { name: 'mia', password: 'mia member password' };
export const SAMPLE_ID = '0b6b1f52-3f0e-4c57-9a51-4d3f0f0a7e11';

let service: Service | undefined;

/** Starts the embedded service behind the calling file's BFFs before its tests; closes it after. */
export function withEmbeddedService(): void {
  beforeAll(async () => {
    service = await startService({ dataDir: ':memory:', companies: 300, seed: 13 });
  });
  afterAll(() => service?.close());
}

/** The file's embedded service (withEmbeddedService started it). */
export function embedded(): Service {
  if (!service) throw new Error('withEmbeddedService() starts the embedded service first');
  return service;
}

export type Team = { bff: RunningBff; db: BffStore; close: () => Promise<void> };

/**
 * A team-mode BFF on `db` (a store of its own: the test file opens it, so its name runs it on both
 * stores) with an admin (ada) and a member (mia).
 */
export async function team(db: BffStore): Promise<Team> {
  await addUser(db, { ...ADA, dailyBudget: null, role: 'admin' });
  await addUser(db, { ...MIA, dailyBudget: null });
  const bff = await startBff({ upstream: embeddedUpstream(embedded()), mode: 'team', store: db });
  return {
    bff,
    db,
    close: async () => {
      await bff.close();
      await db.close();
    },
  };
}

export async function signIn(bff: RunningBff, who: { name: string; password: string }): Promise<Response> {
  return bff.post(pathOf('bff.signIn'), { username: who.name, password: who.password });
}
export async function cookieOf(bff: RunningBff, who: { name: string; password: string }): Promise<string> {
  const res = await signIn(bff, who);
  expect(res.status, `sign-in of ${who.name}`).toBe(200);
  return (res.headers.get('set-cookie') ?? '').split(';')[0] ?? '';
}

export type Caller = (id: keyof typeof ENDPOINTS, input?: unknown) => Promise<Response>;

/** A call of an endpoint by id as a signed-in user (the path built from the endpoint table). */
export function as(bff: RunningBff, cookie: string): Caller {
  return (id, input) => {
    const req = requestOf(id, input);
    return bff.call(req.url, {
      method: req.method,
      headers: { cookie, ...(req.body !== undefined ? { 'content-type': 'application/json' } : {}) },
      ...(req.body !== undefined ? { body: req.body } : {}),
    });
  };
}

export const ledgerSum = async (db: BffStore, where = '1 = 1', ...params: unknown[]): Promise<number> =>
  credits(
    (await db.sql.get<{ c: number }>(
      `SELECT COALESCE(SUM(credits_consumed), 0) AS c FROM ledger WHERE ${where}`,
      params,
    ))!.c,
  );

export const ADMIN_ROUTES = ENDPOINT_IDS.filter((id) => {
  const d: EndpointDef = ENDPOINTS[id];
  return d.role === 'admin';
});

function firstCompany(): string {
  return (embedded().ctx.db.prepare('SELECT uuid FROM companies LIMIT 1').get() as { uuid: string }).uuid;
}

/**
 * A team whose ledger holds spending over the last 30 days (`days`, today last): mia's and the BFF's
 * on earlier days, one entry a day before the window, and today's calls of ada and mia.
 */
export async function spendingTeam(db: BffStore): Promise<{
  t: Team;
  ada: Caller;
  mia: Caller;
  miaId: string;
  today: Date;
  days: string[];
}> {
  const today = new Date();
  const days = windowDays(today, 30);
  const t = await team(db);
  const ada = as(t.bff, await cookieOf(t.bff, ADA));
  const mia = as(t.bff, await cookieOf(t.bff, MIA));
  const miaId = (await t.db.sql.get<{ id: string }>("SELECT id FROM users WHERE name = 'mia'"))!.id;
  // Earlier days' spending, as the ledger would hold it: one inside the window, one a day before it.
  const insert = (...params: unknown[]) =>
    t.db.sql.run(
      `INSERT INTO ledger (user_id, day, at, method, endpoint, status, credits_consumed, cache, duration_ms)
       VALUES (?, ?, ?, 'POST', '${pathOf('list.generate')}', 200, ?, 'miss', 12.5)`,
      params,
    );
  const old = windowDays(today, 31)[0]!;
  await insert(miaId, days[3], `${days[3]}T10:00:00.000Z`, 3.3);
  await insert(miaId, days[3], `${days[3]}T11:00:00.000Z`, 0.1);
  await insert(miaId, old, `${old}T10:00:00.000Z`, 50);
  await insert('system', days[5], `${days[5]}T09:00:00.000Z`, 0.2);
  // Today's, through the BFF.
  expect((await mia('list.generate', { limit: 3 })).status).toBe(200);
  expect(
    (await mia('company.enrichment', { company: firstCompany(), sections: 'firmographics' })).status,
  ).toBe(200);
  expect((await ada('list.generate', { limit: 6 })).status).toBe(200);
  expect((await ada('industry.search', { query: 'bank' })).status).toBe(200);
  return { t, ada, mia, miaId, today, days };
}
