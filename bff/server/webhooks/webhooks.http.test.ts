import { randomBytes, randomUUID } from 'node:crypto';
import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { AdditionStatus } from '../../contract/api';
import type { AdditionsResponse } from '../../contract/bff-lists';
import { pathOf } from '../../contract/endpoints';
import type { Problem } from '../../contract/problem';
import type { Service } from '../../embedded/service';
import { type RunningBff, startBff, startEmbedded } from '../../testing/bff-server';
import { openEvents } from '../../testing/sse-client';
import { embeddedUpstream } from '../upstream/upstream';

const WEBHOOK_PATH = pathOf('bff.webhookReceiver');

import { WebhookStore } from './store';

const newSecret = () => `whsec_${randomBytes(24).toString('base64')}`;
const SECRET = newSecret();

let service: Service;
let server: RunningBff;

beforeAll(async () => {
  service = await startEmbedded(300);
  server = await startBff({
    upstream: embeddedUpstream(service),
    mode: 'team',
    extras: { webhookSecret: SECRET },
  });
});

afterAll(async () => {
  await server?.close();
  service?.close();
});

function statusOf(requestId: string, status: AdditionStatus['status'], at: string): AdditionStatus {
  return {
    request_id: requestId,
    request_type: 'company_addition',
    status,
    detail: {
      company_addition_request_id: requestId,
      company_name: 'Zebra Widgets',
      domain: 'zebrawidgets.com',
      status,
      reason: status === 'failed' ? 'The website could not be reached.' : null,
      company_uuid: status === 'completed' ? 'c-zebra' : null,
      created_at: '2026-01-01T00:00:00.000Z',
      updated_at: at,
    },
  };
}

function eventBody(data: AdditionStatus): string {
  return JSON.stringify({ type: 'company_addition.status_changed', timestamp: data.detail.updated_at, data });
}

type Delivery = { id?: string; at?: Date; secret?: string; body: string; headers?: Record<string, string> };

function deliver(target: RunningBff, d: Delivery): Promise<Response> {
  const id = d.id ?? `msg_${randomUUID()}`;
  const at = d.at ?? new Date();
  const signature = new Webhook(d.secret ?? SECRET).sign(id, at, d.body);
  return fetch(`${target.url}${WEBHOOK_PATH}`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      'webhook-id': id,
      'webhook-timestamp': String(Math.floor(at.getTime() / 1000)),
      'webhook-signature': signature,
      ...d.headers,
    },
    body: d.body,
  });
}

/** A submission as the proxy relays it: the request becomes the user's. */
async function submitted(
  target: RunningBff,
  user: string,
  requestId: string,
  companyName = 'Zebra Widgets',
): Promise<void> {
  await target.bff.extras.onProxied({
    user: { id: user, name: user },
    method: 'POST',
    id: 'additions.submit' as const,
    endpoint: '/api/v1/company/addition-requests',
    status: 202,
    body: {
      already_exists: false,
      company: null,
      request_id: requestId,
      status: 'pending',
      domain: 'zebrawidgets.com',
      credits_consumed: 0,
    },
    request: { company_name: companyName, website: 'https://zebrawidgets.com' },
  });
}

async function additionsOf(target: RunningBff, user: string): Promise<AdditionsResponse['data']> {
  const res = await fetch(`${target.url}/bff/additions`, { headers: await target.as(user) });
  expect(res.status).toBe(200);
  return ((await res.json()) as AdditionsResponse).data;
}

async function expectProblem(res: Response, status: number): Promise<Problem> {
  expect(res.status).toBe(status);
  expect(res.headers.get('content-type')).toMatch(/^application\/problem\+json/);
  return (await res.json()) as Problem;
}

describe('POST /bff/webhooks/company-addition', () => {
  it("applies a signed status change and pushes it to the submitter's tabs only", async () => {
    const requestId = randomUUID();
    await submitted(server, 'alice', requestId);
    const [alice, bob] = await Promise.all([
      openEvents(server.url, await server.as('alice')),
      openEvents(server.url, await server.as('bob')),
    ]);
    try {
      const data = statusOf(requestId, 'in_progress', '2026-01-01T00:00:01.000Z');
      const res = await deliver(server, { body: eventBody(data) });
      expect(res.status).toBe(204);
      expect(await res.text()).toBe('');

      const event = await alice.nextEvent();
      expect(event.event).toBe('company_addition.status_changed');
      expect(JSON.parse(event.data!)).toEqual(data);

      // Bob's next event is one of his own, so Alice's never reached him.
      await server.bff.extras.onProxied({
        user: { id: 'bob', name: 'bob' },
        method: 'GET',
        id: 'news' as const,
        endpoint: '/api/v1/news',
        status: 200,
        body: { credits_consumed: 1 },
      });
      expect((await bob.nextEvent()).event).toBe('usage.changed');

      const [record] = await additionsOf(server, 'alice');
      expect(record).toMatchObject({
        request_id: requestId,
        status: 'in_progress',
        company_name: 'Zebra Widgets',
      });
      expect(await additionsOf(server, 'bob')).toEqual([]);
    } finally {
      await Promise.all([alice.close(), bob.close()]);
    }
  });

  it('acknowledges a replayed delivery without applying it twice, and never moves a request back', async () => {
    const requestId = randomUUID();
    await submitted(server, 'carol', requestId);
    const tab = await openEvents(server.url, await server.as('carol'));
    try {
      const progress = eventBody(statusOf(requestId, 'in_progress', '2026-01-01T00:00:01.000Z'));
      const id = `msg_${randomUUID()}`;
      expect((await deliver(server, { id, body: progress })).status).toBe(204);
      expect((await deliver(server, { id, body: progress })).status).toBe(204);
      // Dedupe is by webhook-id alone: even a different body under a handled id is not applied.
      const sneaky = eventBody(statusOf(requestId, 'failed', '2026-01-01T00:00:02.000Z'));
      expect((await deliver(server, { id, body: sneaky })).status).toBe(204);
      expect((await additionsOf(server, 'carol'))[0]?.status).toBe('in_progress');
      const done = statusOf(requestId, 'completed', '2026-01-01T00:00:05.000Z');
      expect((await deliver(server, { body: eventBody(done) })).status).toBe(204);
      // A late retry of the earlier state, under a new id, arrives after the final one.
      expect((await deliver(server, { body: progress })).status).toBe(204);

      expect(JSON.parse((await tab.nextEvent()).data!).status).toBe('in_progress');
      // The replay produced no event: the next one is the completion.
      expect(JSON.parse((await tab.nextEvent()).data!).status).toBe('completed');
      const [record] = await additionsOf(server, 'carol');
      expect(record).toMatchObject({ status: 'completed', company_uuid: 'c-zebra' });
    } finally {
      await tab.close();
    }
  });
});

describe('POST /bff/webhooks/company-addition: what it refuses', () => {
  it('rejects forged, tampered, stale and future deliveries alike, changing nothing', async () => {
    const requestId = randomUUID();
    await submitted(server, 'dave', requestId);
    const body = eventBody(statusOf(requestId, 'completed', '2026-01-01T00:00:09.000Z'));
    const sixMinutes = 6 * 60 * 1000;
    const attempts: Response[] = [
      await deliver(server, { body, secret: newSecret() }),
      await deliver(server, { body, headers: { 'webhook-signature': 'v1,AAAA' } }),
      await deliver(server, { body, at: new Date(Date.now() - sixMinutes) }),
      await deliver(server, { body, at: new Date(Date.now() + sixMinutes) }),
    ];
    // Tampered: a valid signature of one body sent with another.
    const id = 'msg_tampered';
    const at = new Date();
    attempts.push(
      await fetch(`${server.url}${WEBHOOK_PATH}`, {
        method: 'POST',
        headers: {
          'webhook-id': id,
          'webhook-timestamp': String(Math.floor(at.getTime() / 1000)),
          'webhook-signature': new Webhook(SECRET).sign(id, at, body),
        },
        body: body.replace('completed', 'failed'),
      }),
    );
    const details = new Set<string>();
    for (const res of attempts) details.add((await expectProblem(res, 401)).detail);
    expect([...details]).toEqual(['The webhook signature could not be verified.']);
    expect((await additionsOf(server, 'dave'))[0]?.status).toBe('pending');
  });

  it('dedupes only verified deliveries: a forged one does not burn its webhook-id', async () => {
    const requestId = randomUUID();
    await submitted(server, 'erin', requestId);
    const body = eventBody(statusOf(requestId, 'in_progress', '2026-01-01T00:00:02.000Z'));
    const id = `msg_${randomUUID()}`;
    await expectProblem(await deliver(server, { id, body, secret: newSecret() }), 401);
    expect((await deliver(server, { id, body })).status).toBe(204);
    expect((await additionsOf(server, 'erin'))[0]?.status).toBe('in_progress');
  });

  it('answers 400 without the signature headers, and for a signed body that is not a valid event', async () => {
    const bare = await fetch(`${server.url}${WEBHOOK_PATH}`, { method: 'POST', body: '{}' });
    await expectProblem(bare, 400);
    await expectProblem(
      await deliver(server, { body: JSON.stringify({ type: 'company_addition.status_changed', data: {} }) }),
      400,
    );
    await expectProblem(await deliver(server, { body: 'not json' }), 400);
    // An event type this BFF does not know is acknowledged so the sender stops retrying it.
    expect(
      (await deliver(server, { body: JSON.stringify({ type: 'company.deleted', data: {} }) })).status,
    ).toBe(204);
  });

  it('refuses an oversized body', async () => {
    await expectProblem(await deliver(server, { body: JSON.stringify({ pad: 'x'.repeat(70_000) }) }), 413);
  });

  it('verifies with the secrets of registered endpoints, and rejects everything when it holds none', async () => {
    const bare = await startBff({ upstream: embeddedUpstream(service), mode: 'team' });
    try {
      const requestId = randomUUID();
      await submitted(bare, 'frank', requestId);
      const body = eventBody(statusOf(requestId, 'failed', '2026-01-01T00:00:03.000Z'));
      await expectProblem(await deliver(bare, { body }), 401);
      expect(bare.logs.some((l) => l.includes('holds no webhook secret'))).toBe(true);

      const registered = newSecret();
      await new WebhookStore(bare.store).saveEndpoint({
        endpoint_id: 'wh_1',
        url: `${bare.url}${WEBHOOK_PATH}`,
        secret: registered,
        created_at: new Date().toISOString(),
      });
      expect((await deliver(bare, { body, secret: registered })).status).toBe(204);
      expect((await additionsOf(bare, 'frank'))[0]).toMatchObject({
        status: 'failed',
        reason: 'The website could not be reached.',
      });
    } finally {
      await bare.close();
    }
  });
});

describe('with the embedded service sending the webhooks', () => {
  it('registers the BFF, then follows a submitted addition to completion over SSE', async () => {
    const live = await startEmbedded(300, { additionDelayMs: 30, webhookRetryBaseMs: 50 });
    const bff = await startBff({ upstream: embeddedUpstream(live), mode: 'team' });
    const { registerWebhookEndpoint } = await import('./register');
    try {
      const registration = await registerWebhookEndpoint(bff.bff.deps, bff.url);
      expect(registration).toMatchObject({ created: true, url: `${bff.url}${WEBHOOK_PATH}` });
      const tab = await openEvents(bff.url, await bff.as('alice'));
      const res = await bff.post(
        '/api/v1/company/addition-requests',
        { company_name: 'Quokka Freight', website: 'https://quokkafreight-test.com' },
        { headers: await bff.as('alice') },
      );
      expect(res.status).toBeLessThan(300);
      const { request_id } = (await res.json()) as { request_id: string };
      // Known as Alice's from the relayed submission (the first webhook may already have come in).
      expect((await additionsOf(bff, 'alice'))[0]).toMatchObject({
        request_id,
        company_name: 'Quokka Freight',
      });

      const seen: string[] = [];
      while (seen.at(-1) !== 'completed' && seen.at(-1) !== 'failed') {
        const event = JSON.parse((await tab.nextEvent()).data!) as AdditionStatus;
        expect(event.request_id).toBe(request_id);
        seen.push(event.status);
      }
      expect(seen.at(-1)).toBe('completed');
      await tab.close();
      await vi.waitFor(async () =>
        expect((await additionsOf(bff, 'alice'))[0]).toMatchObject({
          status: 'completed',
          company_uuid: expect.any(String),
        }),
      );
    } finally {
      await bff.close();
      live.close();
    }
  });
});
