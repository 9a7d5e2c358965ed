import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdditionStatus } from '../../contract/api';
import type { AdditionsResponse } from '../../contract/bff-lists';
import { problemBody } from '../../contract/problem';
import type { Service } from '../../embedded/service';
import { type RunningBff, startBff, startEmbedded } from '../../testing/bff-server';
import { openEvents } from '../../testing/sse-client';
import { testStore } from '../../testing/test-store';
import { addUser } from '../auth/users';
import type { BffUser } from '../context';
import type { BffStore } from '../store/store';
import { DEFAULT_EMBEDDED_KEY, embeddedUpstream } from '../upstream/upstream';

let service: Service;
let server: RunningBff;

beforeAll(async () => {
  // No webhook endpoint is registered here: status lookups are the only news (the polling fallback).
  service = await startEmbedded(300, { additionDelayMs: 30 });
  server = await startBff({ upstream: embeddedUpstream(service), mode: 'team' });
});

afterAll(async () => {
  await server?.close();
  service?.close();
});

const user = (id: string): BffUser => ({ id, name: id });

async function additionsOf(id: string): Promise<AdditionsResponse['data']> {
  const res = await fetch(`${server.url}/bff/additions`, { headers: await server.as(id) });
  expect(res.status).toBe(200);
  expect(res.headers.get('cache-control')).toBe('no-store');
  return ((await res.json()) as AdditionsResponse).data;
}

async function submit(
  as: string,
  company_name: string,
  website: string,
): Promise<{ request_id: string | null }> {
  const res = await server.post(
    '/api/v1/company/addition-requests',
    { company_name, website },
    { headers: await server.as(as) },
  );
  expect(res.status).toBeLessThan(300);
  return (await res.json()) as { request_id: string | null };
}

async function lookUp(as: string, path: string): Promise<AdditionStatus> {
  const res = await server.call(path, { headers: await server.as(as) });
  expect(res.status).toBe(200);
  return (await res.json()) as AdditionStatus;
}

describe('GET /bff/additions and the polling fallback', () => {
  it("lists a user's submissions newest first, with the name they typed, and nobody else's", async () => {
    const a = await submit('alice', 'Wombat Logistics', 'https://wombat-logistics-test.com');
    const b = await submit('alice', 'Numbat Labs', 'https://numbat-labs-test.com');
    await submit('bob', 'Bilby Systems', 'https://bilby-systems-test.com');
    const list = await additionsOf('alice');
    expect(list.map((r) => r.request_id)).toEqual([b.request_id, a.request_id]);
    expect(list[0]).toMatchObject({ company_name: 'Numbat Labs', domain: 'numbat-labs-test.com' });
    expect((await additionsOf('bob')).map((r) => r.company_name)).toEqual(['Bilby Systems']);
    expect(await additionsOf('nobody')).toEqual([]);
  });

  it('records nothing for a company that already exists', async () => {
    const existing = (await service.ctx.db.prepare('SELECT name, website FROM companies LIMIT 1').get()) as {
      name: string;
      website: string;
    };
    const answer = await submit('carol', existing.name, existing.website);
    expect(answer.request_id).toBeNull();
    expect(await additionsOf('carol')).toEqual([]);
  });

  it('keeps the list fresh from status lookups and pushes each new state to the owner', async () => {
    const { request_id } = await submit('dave', 'Quoll Robotics', 'https://quoll-robotics-test.com');
    const tab = await openEvents(server.url, await server.as('dave'));
    try {
      let status: AdditionStatus;
      let lookups = 0;
      do {
        // Both spellings of the status path count.
        status = await lookUp(
          'dave',
          lookups % 2 === 0
            ? `/api/v1/company/addition-requests/${request_id}`
            : `/api/v1/status/${request_id}`,
        );
        lookups++;
        await new Promise((resolve) => setTimeout(resolve, 20));
      } while (status.status !== 'completed' && status.status !== 'failed');
      expect(status.status).toBe('completed');

      const pushed: string[] = [];
      while (pushed.at(-1) !== 'completed') pushed.push(JSON.parse((await tab.nextEvent()).data!).status);
      // Each state once, in order, however many lookups saw it.
      expect(pushed).toEqual([...new Set(pushed)]);
      const [record] = await additionsOf('dave');
      expect(record).toMatchObject({
        request_id,
        status: 'completed',
        company_name: 'Quoll Robotics',
        company_uuid: status.detail.company_uuid,
      });
      expect(await additionsOf('erin')).toEqual([]);
    } finally {
      await tab.close();
    }
  });

  it('claims a request nobody submitted through this BFF for the user who looks it up', async () => {
    const requestId = randomUUID();
    await server.bff.extras.onProxied({
      user: user('frank'),
      method: 'GET',
      id: 'additions.status' as const,
      endpoint: `/api/v1/company/addition-requests/${requestId}`,
      status: 200,
      body: {
        request_id: requestId,
        request_type: 'company_addition',
        status: 'failed',
        detail: {
          company_addition_request_id: requestId,
          company_name: 'Elsewhere Inc',
          domain: 'elsewhere.invalid',
          status: 'failed',
          reason: 'not a real site',
          company_uuid: null,
          created_at: '2026-01-01T00:00:00.000Z',
          updated_at: '2026-01-01T00:00:01.000Z',
        },
        credits_consumed: 0,
      },
    });
    expect((await additionsOf('frank'))[0]).toMatchObject({ request_id: requestId, status: 'failed' });
  });

  it('ignores failed calls and answers it cannot read', async () => {
    const call = {
      user: user('gina'),
      method: 'POST',
      id: 'additions.submit' as const,
      endpoint: '/api/v1/company/addition-requests',
    };
    await server.bff.extras.onProxied({ ...call, status: 429, body: { request_id: randomUUID() } });
    await server.bff.extras.onProxied({ ...call, status: 202, body: { unexpected: true } });
    await server.bff.extras.onProxied({
      ...call,
      method: 'GET',
      id: 'additions.status' as const,
      endpoint: '/api/v1/status/x',
      status: 200,
      body: null,
    });
    expect(await additionsOf('gina')).toEqual([]);
  });
});

/**
 * Every spelling the router takes: both paths, both prefixes, a trailing slash, the id's case (an
 * escaped id is no UUID to the router: no endpoint).
 */
const spellings = (id: string): { path: string; id: string }[] => [
  ...['/api/v1', '/v1'].flatMap((prefix) =>
    ['status', 'company/addition-requests'].flatMap((route) =>
      ['', '/'].map((slash) => ({ path: `${prefix}/${route}/${id}${slash}`, id })),
    ),
  ),
  { path: `/api/v1/status/${id.toUpperCase()}`, id: id.toUpperCase() },
  { path: `/v1/company/addition-requests/${id.toUpperCase()}/`, id: id.toUpperCase() },
];

/** An answer as compared: status, headers (but the date and length), body. */
async function answer(res: Response) {
  const headers: Record<string, string> = {};
  res.headers.forEach((v, k) => {
    if (k !== 'date' && k !== 'content-length') headers[k] = v;
  });
  return { status: res.status, headers, body: (await res.json()) as unknown };
}

/** Ledger lines of the users' status lookups of `id` (a line means the upstream was called). */
async function linesOf(db: BffStore, userNames: string[], id: string): Promise<number> {
  let n = 0;
  for (const name of userNames) {
    const user = (await db.findUserByName(name))!;
    const rows = await db.sql.all<{ endpoint: string }>('SELECT endpoint FROM ledger WHERE user_id = ?', [
      user.id,
    ]);
    n += rows.filter((r) => r.endpoint.toLowerCase().endsWith(id)).length;
  }
  return n;
}

describe('another user’s addition request (team mode)', () => {
  const PASSWORD = 'a long enough secret';
  let db: BffStore;
  let team: RunningBff;
  /** Session cookies: amy and ben are members, cy is an admin. */
  const cookies: Record<'amy' | 'ben' | 'cy', string> = { amy: '', ben: '', cy: '' };

  beforeAll(async () => {
    db = await testStore();
    for (const name of ['amy', 'ben', 'cy'] as const)
      await addUser(db, {
        name,
        password: PASSWORD,
        dailyBudget: null,
        ...(name === 'cy' ? { role: 'admin' as const } : {}),
      });
    team = await startBff({ upstream: embeddedUpstream(service), mode: 'team', store: db });
    for (const name of ['amy', 'ben', 'cy'] as const) {
      const res = await team.post('/bff/session', { username: name, password: PASSWORD });
      expect(res.status).toBe(200);
      cookies[name] = (res.headers.get('set-cookie') ?? '').split(';')[0]!;
    }
  });

  afterAll(async () => {
    await team?.close();
    await db?.close();
  });

  async function submitAs(who: keyof typeof cookies, company_name: string): Promise<string> {
    const res = await team.post(
      '/api/v1/company/addition-requests',
      { company_name, website: `https://${company_name.toLowerCase().replace(/\W/g, '')}.example` },
      { headers: { cookie: cookies[who] } },
    );
    expect(res.status, await res.clone().text()).toBe(202);
    return ((await res.json()) as { request_id: string }).request_id;
  }

  const lookUpAs = (who: keyof typeof cookies, path: string) =>
    team.call(path, { headers: { cookie: cookies[who] } });

  it('is a 404 to another member and to an admin on every spelling, as an unknown id is, with no upstream call', async () => {
    const id = await submitAs('amy', 'Okapi Freight');
    const unknown = randomUUID();
    for (const who of ['ben', 'cy'] as const) {
      const others = spellings(id);
      const unknowns = spellings(unknown);
      for (const [i, spelling] of others.entries()) {
        const theirs = await answer(await lookUpAs(who, spelling.path));
        expect(theirs.status, `${who} ${spelling.path}`).toBe(404);
        expect(theirs.body).toEqual(
          problemBody(404, `No company addition request ${spelling.id} for this API key.`),
        );
        // The same answer, word for word but the id, as for an id nobody submitted.
        const none = await answer(await lookUpAs(who, unknowns[i]!.path));
        expect({ ...none, body: JSON.stringify(none.body).replaceAll(unknowns[i]!.id, spelling.id) }).toEqual(
          {
            ...theirs,
            body: JSON.stringify(theirs.body),
          },
        );
      }
    }
    // The unknown ids went upstream (their ledger lines are there); the other user's id never did.
    await expect.poll(() => linesOf(db, ['ben', 'cy'], unknown)).toBe(2 * spellings(unknown).length);
    expect(await linesOf(db, ['ben', 'cy'], id)).toBe(0);
    // The owner reads it on every spelling; it stays hers alone.
    for (const spelling of spellings(id)) {
      const res = await lookUpAs('amy', spelling.path);
      expect(res.status, spelling.path).toBe(200);
      expect(((await res.json()) as AdditionStatus).request_id).toBe(id);
    }
    const listOf = async (who: keyof typeof cookies) =>
      ((await (await lookUpAs(who, '/bff/additions')).json()) as AdditionsResponse).data.map(
        (r) => r.request_id,
      );
    expect(await listOf('amy')).toContain(id);
    expect(await listOf('ben')).not.toContain(id);
    expect(await listOf('cy')).not.toContain(id);
  });

  it('an unowned request is claimed by the first user whose lookup succeeds; to the others it is a 404', async () => {
    // Submitted with the team's key, past the BFF: nobody owns it here.
    const direct = async (company_name: string) => {
      const res = await service.fetch(
        new Request('http://service/api/v1/company/addition-requests/', {
          method: 'POST',
          headers: { 'x-api-key': DEFAULT_EMBEDDED_KEY, 'content-type': 'application/json' },
          body: JSON.stringify({ company_name, website: `https://${company_name.toLowerCase()}.example` }),
        }),
      );
      expect(res.status).toBe(202);
      return ((await res.json()) as { request_id: string }).request_id;
    };
    const first = await direct('Tapir');
    expect((await lookUpAs('ben', `/api/v1/status/${first}`)).status).toBe(200);
    expect((await lookUpAs('amy', `/api/v1/status/${first}`)).status).toBe(404);
    expect((await lookUpAs('ben', `/v1/status/${first}/`)).status).toBe(200);
    expect(await db.additionOwner(first)).toBe((await db.findUserByName('ben'))!.id);

    // Two users at once, both past the check before either claims (their upstream calls held until
    // both wait): one claim lands, and only its user reads the request.
    const raced = await direct('Kinkajou');
    const embedded = embeddedUpstream(service);
    let waiting = 0;
    let release!: () => void;
    const released = new Promise<void>((resolve) => {
      release = resolve;
    });
    const held = await startBff({
      upstream: {
        ...embedded,
        send: async (call) => {
          if (call.pathAndQuery.includes(raced)) {
            waiting++;
            await released;
          }
          return embedded.send(call);
        },
      },
      mode: 'team',
      store: db,
    });
    try {
      const racers = ['amy', 'cy'] as const;
      const answers = racers.map((who) =>
        held.call(`/api/v1/status/${raced}`, { headers: { cookie: cookies[who] } }).then((r) => r.status),
      );
      await expect.poll(() => waiting).toBe(2);
      release();
      const statuses = await Promise.all(answers);
      expect([...statuses].sort()).toEqual([200, 404]);
      const winner = racers[statuses.indexOf(200)]!;
      expect(await db.additionOwner(raced)).toBe((await db.findUserByName(winner))!.id);
    } finally {
      release();
      await held.close();
    }
  });
});
