/**
 * Webhooks over real HTTP (docs/product-rules.md, section 9): endpoint management and its errors, and signed
 * deliveries to real local receivers: verified with `standardwebhooks`, retried with the same
 * `webhook-id` after a failure, deduplicated by it, and recorded as failed after bounded attempts.
 */
import { Webhook } from 'standardwebhooks';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  AdditionStatusResponse,
  AdditionSubmitResponse,
  WebhookDeliveryListResponse,
  WebhookEndpointListResponse,
  WebhookEndpointResponse,
  WebhookEvent,
} from '../../contract/api';
import { Problem } from '../../contract/problem';
import { eventually, type OwnServer, startOwnServer, statusUntil } from '../../testing/embedded-additions';
import { postJson } from '../../testing/embedded-server';
import { type Receiver, startReceiver } from '../../testing/webhook-receiver';
import { backoffMs } from '../webhooks/sender';

const HOOKS = '/api/v1/webhooks/';

async function expectProblem(res: Response, status: number) {
  expect(res.status).toBe(status);
  expect(res.headers.get('content-type')).toContain('application/problem+json');
  return Problem.parse(await res.json());
}

async function register(t: OwnServer, body: unknown, key = 'dev-enterprise-key') {
  const res = await t.call(HOOKS, postJson(body, key));
  expect(res.status).toBe(201);
  return WebhookEndpointResponse.parse(await res.json()).data;
}

async function deliveries(t: OwnServer, id: string) {
  return WebhookDeliveryListResponse.parse(await (await t.call(`/api/v1/webhooks/${id}/deliveries/`)).json())
    .data;
}

const receivers: Receiver[] = [];
afterEach(async () => {
  for (const r of receivers.splice(0)) await r.close();
});

describe('managing webhook endpoints', () => {
  let t: OwnServer;
  beforeAll(async () => {
    t = await startOwnServer({ additionDelayMs: 600_000 });
  });
  afterAll(async () => {
    await t.close();
  });

  it('creates an endpoint with its secret shown once, lists it masked, and deletes it', async () => {
    const created = await register(t, { url: 'http://127.0.0.1:9/hooks', description: 'CRM sync' });
    expect(created.secret).toMatch(/^whsec_[A-Za-z0-9+/]{32}$/);
    expect(created).toMatchObject({
      url: 'http://127.0.0.1:9/hooks',
      description: 'CRM sync',
      events: ['company_addition.status_changed'],
      secret_hint: `whsec_...${created.secret!.slice(-4)}`,
      deliveries: { pending: 0, delivered: 0, failed: 0 },
    });
    const https = await register(t, {
      url: 'https://hooks.acme-crm.com/in',
      events: ['company_addition.status_changed'],
    });
    expect(https.description).toBeNull();

    const list = WebhookEndpointListResponse.parse(await (await t.call('/v1/webhooks')).json());
    expect(list.count).toBe(2);
    expect(list.credits_consumed).toBe(0);
    expect(list.data.map((e) => e.id)).toEqual([created.id, https.id]);
    for (const e of list.data) expect(e).not.toHaveProperty('secret');

    // Another key sees none of them and cannot touch them.
    const other = WebhookEndpointListResponse.parse(
      await (await t.call(HOOKS, { key: 'dev-subscription-key' })).json(),
    );
    expect(other.data).toEqual([]);
    await expectProblem(
      await t.call(`/api/v1/webhooks/${created.id}/`, { method: 'DELETE', key: 'dev-subscription-key' }),
      404,
    );
    await expectProblem(
      await t.call(`/api/v1/webhooks/${created.id}/deliveries`, { key: 'dev-subscription-key' }),
      404,
    );

    const del = await t.call(`/api/v1/webhooks/${created.id}/`, { method: 'DELETE' });
    expect(del.status).toBe(204);
    expect(await del.text()).toBe('');
    const after = WebhookEndpointListResponse.parse(await (await t.call(HOOKS)).json());
    expect(after.data.map((e) => e.id)).toEqual([https.id]);
    await expectProblem(await t.call(`/v1/webhooks/${created.id}`, { method: 'DELETE' }), 404);
    await expectProblem(await t.call(`/api/v1/webhooks/${created.id}/deliveries/`), 404);
  });

  it('refuses bad endpoints with 400 naming the field, and creates nothing', async () => {
    const count = () =>
      (t.service.ctx.db.prepare('SELECT COUNT(*) AS n FROM webhook_endpoints').get() as { n: number }).n;
    const before = count();
    for (const [body, path] of [
      [{ url: 'ftp://hooks.acme.com/in' }, 'url'],
      [{ url: 'not a url' }, 'url'],
      [{}, 'url'],
      [{ url: 'https://hooks.acme.com', events: ['company.deleted'] }, 'events.0'],
      [{ url: 'https://hooks.acme.com', events: [] }, 'events'],
      [{ url: 'https://hooks.acme.com', secret: 'mine' }, 'secret'],
    ] as const) {
      const p = await expectProblem(await t.call(HOOKS, postJson(body)), 400);
      expect(
        p.errors?.map((e) => e.path),
        JSON.stringify(body),
      ).toContain(path);
    }
    expect(count()).toBe(before);
  });

  it('401, 403 for Pay-as-you-go, 405 naming the allowed methods, 415', async () => {
    await expectProblem(await t.call(HOOKS, { key: null }), 401);
    await expectProblem(await t.call(HOOKS, postJson({ url: 'https://a.com' }, 'wrong')), 401);
    await expectProblem(await t.call(HOOKS, postJson({ url: 'https://a.com' }, 'dev-payg-key')), 403);
    await expectProblem(await t.call(HOOKS, { key: 'dev-payg-key' }), 403);
    const put = await t.call(HOOKS, { method: 'PUT' });
    await expectProblem(put, 405);
    expect(put.headers.get('allow')).toBe('GET, POST');
    const get = await t.call('/api/v1/webhooks/some-id/');
    await expectProblem(get, 405);
    expect(get.headers.get('allow')).toBe('DELETE');
    await expectProblem(
      await t.call(HOOKS, { method: 'POST', headers: { 'content-type': 'text/plain' }, body: 'url=x' }),
      415,
    );
  });
});

describe('deliveries', () => {
  it('signs every delivery, retries a failure with the same webhook-id, and lets the receiver dedupe', async () => {
    const t = await startOwnServer({ additionDelayMs: 30, webhookRetryBaseMs: 30, webhookMaxAttempts: 6 });
    try {
      const receiver = await startReceiver((n) => (n === 0 ? 500 : 200));
      receivers.push(receiver);
      const endpoint = await register(t, { url: receiver.url });
      const sub = AdditionSubmitResponse.parse(
        await (
          await t.call(
            '/api/v1/company/addition-requests',
            postJson({ company_name: 'Hookline', website: 'hookline.io' }),
          )
        ).json(),
      );
      const id = sub.request_id!;
      const done = await statusUntil(t.url, 'dev-enterprise-key', id, ['completed', 'failed']);
      expect(done.status).toBe('completed');
      const list = await eventually(
        () => deliveries(t, endpoint.id),
        (d) => d.length === 2 && d.every((x) => x.status === 'delivered'),
        'both deliveries to be delivered',
      );

      // Every request the receiver saw carries a valid Standard Webhooks signature.
      const wh = new Webhook(endpoint.secret!);
      const events = receiver.received.map((r) => {
        expect(r.headers['content-type']).toBe('application/json');
        expect(r.headers['webhook-signature']).toMatch(/^v1,[A-Za-z0-9+/]+=*$/);
        return { id: r.headers['webhook-id']!, event: WebhookEvent.parse(wh.verify(r.body, r.headers)) };
      });
      // A body that was tampered with does not verify.
      const first = receiver.received[0]!;
      expect(() => wh.verify(first.body.replace('hookline', 'hackline'), first.headers)).toThrow();
      expect(() =>
        new Webhook(`whsec_${Buffer.from('x'.repeat(24)).toString('base64')}`).verify(
          first.body,
          first.headers,
        ),
      ).toThrow();

      // The first attempt failed (500); its retry is the same message: same id, same body.
      expect(events.length).toBe(3);
      const retried = receiver.received.filter(
        (r) => r.headers['webhook-id'] === first.headers['webhook-id'],
      );
      expect(retried).toHaveLength(2);
      expect(retried[1]!.body).toBe(retried[0]!.body);

      // Deduplicated by webhook-id, the receiver has one event per status change.
      const unique = new Map(events.map((e) => [e.id, e.event]));
      expect(unique.size).toBe(2);
      const byStatus = new Map([...unique.values()].map((e) => [e.data.status, e]));
      expect([...byStatus.keys()].sort()).toEqual(['completed', 'in_progress']);
      for (const e of unique.values()) {
        expect(e.type).toBe('company_addition.status_changed');
        expect(e.data.request_id).toBe(id);
        expect(Number.isNaN(Date.parse(e.timestamp))).toBe(false);
      }
      const { credits_consumed: _, ...lookup } = AdditionStatusResponse.parse(
        await (await t.call(`/api/v1/status/${id}`)).json(),
      );
      expect(byStatus.get('completed')!.data).toEqual(lookup);

      // The deliveries listing records the attempts; the endpoint listing counts them.
      const failedFirst = list.find((d) => d.webhook_id === first.headers['webhook-id'])!;
      expect(failedFirst).toMatchObject({
        status: 'delivered',
        attempts: 2,
        last_status_code: 200,
        last_error: null,
        next_attempt_at: null,
      });
      expect(list.find((d) => d !== failedFirst)).toMatchObject({ attempts: 1, status: 'delivered' });
      const endpoints = WebhookEndpointListResponse.parse(await (await t.call(HOOKS)).json());
      expect(endpoints.data[0]!.deliveries).toEqual({ pending: 0, delivered: 2, failed: 0 });
    } finally {
      await t.close();
    }
  });

  it('gives up after the bounded attempts, on error answers and on timeouts, and records why', async () => {
    const t = await startOwnServer({
      additionDelayMs: 10,
      webhookRetryBaseMs: 20,
      webhookMaxAttempts: 3,
      webhookTimeoutMs: 150,
    });
    try {
      const failing = await startReceiver(() => 503);
      const silent = await startReceiver(() => null);
      receivers.push(failing, silent);
      const e503 = await register(t, { url: failing.url });
      const eSilent = await register(t, { url: silent.url });
      const sub = AdditionSubmitResponse.parse(
        await (
          await t.call(
            '/api/v1/company/addition-requests',
            postJson({ company_name: 'Nope', website: 'nope.invalid' }),
          )
        ).json(),
      );
      const failed = await statusUntil(t.url, 'dev-enterprise-key', sub.request_id!, ['completed', 'failed']);
      expect(failed.status).toBe('failed');

      const d503 = await eventually(
        () => deliveries(t, e503.id),
        (d) => d.length === 2 && d.every((x) => x.status === 'failed'),
        '503 deliveries to fail',
      );
      for (const d of d503)
        expect(d).toMatchObject({
          attempts: 3,
          last_status_code: 503,
          last_error: 'receiver answered 503',
          next_attempt_at: null,
          delivered_at: null,
        });
      expect(failing.received).toHaveLength(6);
      for (const d of d503)
        expect(failing.received.filter((r) => r.headers['webhook-id'] === d.webhook_id)).toHaveLength(3);
      const failedEvent = failing.received
        .map((r) => WebhookEvent.parse(JSON.parse(r.body)))
        .find((e) => e.data.status === 'failed')!;
      expect(failedEvent.data.detail.reason).toMatch(/\.invalid is a reserved top-level domain/);

      const dSilent = await eventually(
        () => deliveries(t, eSilent.id),
        (d) => d.length === 2 && d.every((x) => x.status === 'failed'),
        'timed-out deliveries to fail',
      );
      for (const d of dSilent)
        expect(d).toMatchObject({
          attempts: 3,
          last_status_code: null,
          last_error: 'no answer within 150 ms',
        });

      const endpoints = WebhookEndpointListResponse.parse(await (await t.call(HOOKS)).json());
      expect(endpoints.data.map((e) => e.deliveries)).toEqual([
        { pending: 0, delivered: 0, failed: 2 },
        { pending: 0, delivered: 0, failed: 2 },
      ]);
    } finally {
      await t.close();
    }
  });

  it('backs off exponentially, with jitter taking off at most half', () => {
    expect([1, 2, 3, 4, 5].map((n) => backoffMs(n, 1000, () => 1))).toEqual([1000, 2000, 4000, 8000, 16000]);
    expect([1, 2, 3].map((n) => backoffMs(n, 1000, () => 0))).toEqual([500, 1000, 2000]);
  });
});
