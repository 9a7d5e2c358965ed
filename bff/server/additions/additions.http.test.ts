import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdditionStatus } from '../../contract/api';
import type { AdditionsResponse } from '../../contract/bff-lists';
import type { Service } from '../../embedded/service';
import {
  type ExtrasServer,
  startEmbedded,
  startExtrasServer,
  TEST_USER_HEADER,
} from '../../testing/extras-server';
import { openEvents } from '../../testing/sse-client';
import type { BffUser } from '../context';

let service: Service;
let server: ExtrasServer;

beforeAll(async () => {
  // No webhook endpoint is registered here: status lookups are the only news (the polling fallback).
  service = await startEmbedded(300, { additionDelayMs: 30 });
  server = await startExtrasServer(service);
});

afterAll(async () => {
  await server?.close();
  service?.close();
});

const user = (id: string): BffUser => ({ id, name: id });

async function additionsOf(id: string): Promise<AdditionsResponse['data']> {
  const res = await fetch(`${server.url}/bff/additions`, { headers: { [TEST_USER_HEADER]: id } });
  expect(res.status).toBe(200);
  expect(res.headers.get('cache-control')).toBe('no-store');
  return ((await res.json()) as AdditionsResponse).data;
}

async function submit(
  as: string,
  company_name: string,
  website: string,
): Promise<{ request_id: string | null }> {
  const res = await server.deps.call(
    user(as),
    new Request('http://bff/api/v1/company/addition-requests', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ company_name, website }),
    }),
  );
  expect(res.status).toBeLessThan(300);
  return (await res.json()) as { request_id: string | null };
}

async function lookUp(as: string, path: string): Promise<AdditionStatus> {
  const res = await server.deps.call(user(as), new Request(`http://bff${path}`));
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
    const tab = await openEvents(server.url, 'dave');
    try {
      let status: AdditionStatus;
      let lookups = 0;
      do {
        // Both spellings of the status path count; Erin looking it up does not make it hers.
        status = await lookUp(
          lookups % 2 === 0 ? 'dave' : 'erin',
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
    await server.extras.onProxied({
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
    await server.extras.onProxied({ ...call, status: 429, body: { request_id: randomUUID() } });
    await server.extras.onProxied({ ...call, status: 202, body: { unexpected: true } });
    await server.extras.onProxied({
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
