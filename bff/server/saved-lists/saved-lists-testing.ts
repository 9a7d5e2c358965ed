/**
 * What the saved lists' HTTP tests share: a team-mode BFF in front of a real embedded service, two
 * team members (ada, an admin, and mia) signed in, calls by endpoint id, and the ledger's credits.
 * The bindings below are set before the file's tests (withSavedListsBff) and read live.
 */
import { afterAll, beforeAll, expect } from 'vitest';
import { type ENDPOINTS, pathOf, requestOf } from '../../contract/endpoints';
import { credits } from '../../contract/pricing';
import type { SavedList, SavedListRun } from '../../contract/saved-lists';
import { type Service, startService } from '../../embedded/service';
import { type RunningBff, startBff } from '../../testing/bff-server';
import { addUser } from '../auth/users';
import type { BffStore } from '../store/store';
import { embeddedUpstream, type Upstream } from '../upstream/upstream';

export const ADA = { name: 'ada', password: 'ada admin password' };
export const MIA = { name: 'mia', password: 'mia member password' };
export const NO_SUCH_ID = '0b6b1f52-3f0e-4c57-9a51-4d3f0f0a7e11';

export type Caller = (id: keyof typeof ENDPOINTS, input?: unknown) => Promise<Response>;

export let service: Service;
export let db: BffStore;
export let bff: RunningBff;
export let ada: Caller;
export let adaCookie: string;
export let mia: Caller;
export let adaId: string;
export let miaId: string;
/** Companies the staged upstream hides, as if the service no longer had them. */
export const hidden = new Set<string>();

/** The embedded service, with the companies of `hidden` gone from list pages and company searches. */
function withHidden(real: Upstream): Upstream {
  return {
    ...real,
    send: async (call) => {
      const answer = await real.send(call);
      const path = call.pathAndQuery;
      if (hidden.size === 0 || answer.status !== 200) return answer;
      if (!path.startsWith(pathOf('list.generate')) && !path.startsWith(pathOf('company.search')))
        return answer;
      const body = JSON.parse(answer.text) as { data: { uuid: string }[]; count?: number };
      body.data = body.data.filter((c) => !hidden.has(c.uuid));
      if (body.count !== undefined) body.count = body.data.length;
      return { ...answer, text: JSON.stringify(body) };
    },
  };
}

async function cookieOf(who: { name: string; password: string }): Promise<string> {
  const res = await bff.post(pathOf('bff.signIn'), { username: who.name, password: who.password });
  expect(res.status, `sign-in of ${who.name}`).toBe(200);
  return (res.headers.get('set-cookie') ?? '').split(';')[0] ?? '';
}

function caller(cookie: string): Caller {
  return (id, input) => {
    const req = requestOf(id, input);
    return bff.call(req.url, {
      method: req.method,
      headers: { cookie, ...(req.body !== undefined ? { 'content-type': 'application/json' } : {}) },
      ...(req.body !== undefined ? { body: req.body } : {}),
    });
  };
}

export async function ok<T>(res: Promise<Response>, status = 200): Promise<T> {
  const r = await res;
  const text = await r.text();
  expect(r.status, text).toBe(status);
  return (text ? JSON.parse(text) : undefined) as T;
}

export const create = (as: Caller, body: Record<string, unknown>) =>
  ok<SavedList>(as('bff.savedLists.create', body), 201);
export const run = (as: Caller, id: string) => ok<SavedListRun>(as('bff.savedList.run', { id }), 201);
export const markSeen = async (as: Caller, id: string) => {
  const res = await as('bff.savedList.seen', { id });
  expect(res.status, await res.text()).toBe(204);
};

/** The ledger's credits of a user since a row id. */
export async function ledgerSince(userId: string, afterId: number): Promise<number> {
  await ada('bff.usage');
  return credits(
    (
      (await db.sql.get<{ c: number }>(
        'SELECT COALESCE(SUM(credits_consumed), 0) AS c FROM ledger WHERE user_id = ? AND id > ?',
        [userId, afterId],
      )) ?? { c: 0 }
    ).c,
  );
}

export async function lastLedgerId(): Promise<number> {
  // `/bff/usage` writes the ledger's pending records first.
  await ada('bff.usage');
  const row = await db.sql.get<{ id: number }>('SELECT COALESCE(MAX(id), 0) AS id FROM ledger');
  return Number(row?.id ?? 0);
}

export const PRIVATE_OR_PUBLIC = { 'firmographic.company_type': ['private', 'public'] };

/**
 * Starts the embedded service and a team-mode BFF on the store `open` opens (the test file opens it,
 * so its name runs it on both stores), with ada and mia signed in, before the file's tests; closes
 * them after. `storeMaxAgeMs` turns the team's company store on, as a deployment has it.
 */
export function withSavedListsBff(
  open: () => Promise<BffStore>,
  options: { storeMaxAgeMs?: number } = {},
): void {
  beforeAll(async () => {
    service = await startService({ dataDir: ':memory:', companies: 400, seed: 21, additionDelayMs: 30 });
    db = await open();
    adaId = (await addUser(db, { ...ADA, dailyBudget: null, role: 'admin' })).user.id;
    miaId = (await addUser(db, { ...MIA, dailyBudget: null })).user.id;
    bff = await startBff({
      upstream: withHidden(embeddedUpstream(service)),
      mode: 'team',
      store: db,
      savedLists: { scheduler: false },
      ...options,
    });
    adaCookie = await cookieOf(ADA);
    ada = caller(adaCookie);
    mia = caller(await cookieOf(MIA));
  });

  afterAll(async () => {
    await bff?.close();
    await db?.close();
    service?.close();
  });
}

/** Signs mia in again (disabling her ended her sessions). */
export async function signMiaInAgain(): Promise<void> {
  mia = caller(await cookieOf(MIA));
}
