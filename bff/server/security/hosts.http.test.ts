/**
 * The hosts the BFF serves, over real HTTP (security/hosts.ts): a team BFF behind the names its
 * operator gives (BFF_ALLOWED_HOSTS), and what /healthz tells whom. The guard's 421 on a service
 * path, with the rest of the guard's order: proxy/way-in.http.test.ts.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CSRF_HEADER, CSRF_HEADER_VALUE } from '../../contract/bff';
import { type Service, startService } from '../../embedded/service';
import { type RunningBff, requestAsHost, startBff } from '../../testing/bff-server';
import { testStore } from '../../testing/test-store';
import { addUser } from '../auth/users';
import type { BffStore } from '../store/store';
import { embeddedUpstream, type Upstream } from '../upstream/upstream';

let service: Service;
let db: BffStore;
/** Health checks the BFF asked of its upstream. */
const upstreamHealthChecks: string[] = [];
let upstream: Upstream;

beforeAll(async () => {
  service = await startService({ dataDir: ':memory:', companies: 200, seed: 9 });
  const real = embeddedUpstream(service);
  upstream = {
    ...real,
    fetch: (req) => {
      if (new URL(req.url).pathname === '/healthz') upstreamHealthChecks.push(req.url);
      return real.fetch(req);
    },
  };
  db = await testStore();
  await addUser(db, { name: 'ada', password: 'an admin of the team', dailyBudget: null, role: 'admin' });
  await addUser(db, { name: 'max', password: 'a member of the team', dailyBudget: null });
});
afterAll(async () => {
  await db.close();
  service.close();
});

/** Signs in by the host given, with that host's Origin; the session cookie. */
async function signIn(bff: RunningBff, host: string, who: { name: string; password: string }) {
  const res = await requestAsHost(bff.url, '/bff/session', host, {
    method: 'POST',
    headers: {
      origin: `https://${host}`,
      [CSRF_HEADER]: CSRF_HEADER_VALUE,
      'content-type': 'application/json',
    },
    body: JSON.stringify({ username: who.name, password: who.password }),
  });
  expect(res.status, res.body).toBe(200);
  return String(res.headers['set-cookie']).split(';')[0]!;
}

describe('a team BFF behind the names its operator gives', () => {
  let bff: RunningBff;
  beforeAll(async () => {
    bff = await startBff({ upstream, mode: 'team', store: db, allowedHosts: ['lists.example.com'] });
  });
  afterAll(() => bff.close());

  it('serves them (behind a TLS proxy: the browser says https), and loopback on its own port', async () => {
    const cookie = await signIn(bff, 'lists.example.com', { name: 'max', password: 'a member of the team' });
    const usage = await requestAsHost(bff.url, '/bff/usage', 'lists.example.com', { headers: { cookie } });
    expect(usage.status).toBe(200);
    const port = new URL(bff.url).port;
    const local = await requestAsHost(bff.url, '/bff/usage', `127.0.0.1:${port}`, { headers: { cookie } });
    expect(local.status).toBe(200);
  });

  it('refuses any other name with 421, signed in or not', async () => {
    const cookie = await signIn(bff, 'lists.example.com', { name: 'max', password: 'a member of the team' });
    for (const host of ['rebind.attacker.example', 'lists.example.com:9000', 'localhost:1']) {
      const usage = await requestAsHost(bff.url, '/bff/usage', host, { headers: { cookie } });
      expect(usage.status, host).toBe(421);
      expect(usage.headers['content-type']).toBe('application/problem+json');
      const signingIn = await requestAsHost(bff.url, '/bff/session', host, {
        method: 'POST',
        headers: {
          origin: `http://${host}`,
          [CSRF_HEADER]: CSRF_HEADER_VALUE,
          'content-type': 'application/json',
        },
        body: JSON.stringify({ username: 'max', password: 'a member of the team' }),
      });
      expect(signingIn.status, host).toBe(421);
      expect(signingIn.headers['set-cookie']).toBeUndefined();
    }
  });
});

describe('a team BFF on loopback without names', () => {
  it('serves loopback on its port only', async () => {
    const bff = await startBff({ upstream, mode: 'team', store: db });
    try {
      expect((await bff.call('/bff/session')).status).toBe(200);
      const other = await requestAsHost(bff.url, '/bff/session', 'lists.example.com');
      expect(other.status).toBe(421);
    } finally {
      await bff.close();
    }
  });
});

describe('/healthz', () => {
  it('tells an anonymous caller and a member of a team only that the BFF is up, asking the upstream nothing', async () => {
    const bff = await startBff({ upstream, mode: 'team', store: db });
    try {
      upstreamHealthChecks.length = 0;
      const anonymous = await bff.call('/healthz');
      expect(anonymous.status).toBe(200);
      expect(await anonymous.json()).toEqual({ status: 'ok' });
      const host = new URL(bff.url).host;
      const member = await signIn(bff, host, { name: 'max', password: 'a member of the team' });
      expect(await (await bff.call('/healthz', { headers: { cookie: member } })).json()).toEqual({
        status: 'ok',
      });
      expect(upstreamHealthChecks).toEqual([]);

      const admin = await signIn(bff, host, { name: 'ada', password: 'an admin of the team' });
      const detail = (await (await bff.call('/healthz', { headers: { cookie: admin } })).json()) as Record<
        string,
        unknown
      >;
      expect(detail).toMatchObject({
        status: 'ok',
        mode: 'team',
        upstream: { kind: 'embedded', plan: 'enterprise', status: 'ok', companies: 200 },
      });
      expect(upstreamHealthChecks).toHaveLength(1);
    } finally {
      await bff.close();
    }
  });

  it('tells local mode its upstream (the one user is an admin, on this machine only)', async () => {
    const bff = await startBff({ upstream });
    try {
      expect(await (await bff.call('/healthz')).json()).toMatchObject({
        status: 'ok',
        mode: 'local',
        upstream: { kind: 'embedded', plan: 'enterprise', companies: 200 },
      });
      // A page on another name that resolves here learns only that something is up.
      upstreamHealthChecks.length = 0;
      const rebound = await requestAsHost(bff.url, '/healthz', 'rebind.attacker.example');
      expect(rebound.status).toBe(200);
      expect(JSON.parse(rebound.body)).toEqual({ status: 'ok' });
      expect(upstreamHealthChecks).toEqual([]);
    } finally {
      await bff.close();
    }
  });
});
