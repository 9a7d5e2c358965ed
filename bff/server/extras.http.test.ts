/**
 * The extras mounted in the whole BFF (`createBffApp`): exports, events and webhooks behind the same
 * sign-in, CSRF and ledger as the proxy, in front of the real embedded service.
 */
import { randomBytes } from 'node:crypto';
import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdditionStatus } from '../contract/api';
import type { UsageResponse } from '../contract/bff';
import type { AdditionsResponse } from '../contract/bff-lists';
import { pathOf } from '../contract/endpoints';
import type { Service } from '../embedded/service';
import { type RunningBff, startBff, startEmbedded } from '../testing/bff-server';
import { parseCsv } from '../testing/parse-csv';
import { openEvents } from '../testing/sse-client';
import { EXPORT_PAGE_SIZE } from './exports/export';
import { embeddedUpstream } from './upstream/upstream';

const WEBHOOK_PATH = pathOf('bff.webhookReceiver');

import { registerWebhookEndpoint } from './webhooks/register';

const SECRET = `whsec_${randomBytes(24).toString('base64')}`;
let service: Service;
let bff: RunningBff;

beforeAll(async () => {
  service = await startEmbedded(600, { seed: 3, additionDelayMs: 30 });
  bff = await startBff({
    upstream: embeddedUpstream(service),
    cacheTtlMs: 0,
    extras: { webhookSecret: SECRET, heartbeatMs: 60_000 },
  });
});

afterAll(async () => {
  await bff?.close();
  service?.close();
});

const usage = async () => (await (await bff.call('/bff/usage')).json()) as UsageResponse;

describe('extras in the whole BFF', () => {
  it('exports through the pipeline: every page is in the ledger', async () => {
    const before = await usage();
    const res = await bff.post('/bff/exports', {
      request: { filters: { 'location.hq.country': ['USA'] } },
      columns: ['name', 'location.hq.city'],
    });
    expect(res.status).toBe(200);
    const total = Number(res.headers.get('x-export-total'));
    expect(total).toBeGreaterThan(100);
    expect(parseCsv(await res.text()).length - 1).toBe(total);
    const after = await usage();
    const pages = Math.ceil(total / EXPORT_PAGE_SIZE);
    expect(after.calls_today - before.calls_today).toBe(pages);
    expect(after.recent.slice(0, pages).every((e) => e.endpoint === '/api/v1/list/generate/companies')).toBe(
      true,
    );
    expect(after.spent_today).toBeGreaterThan(before.spent_today);
  });

  it('refuses an export without the CSRF header, before calling upstream', async () => {
    const before = await usage();
    const res = await bff.post(
      '/bff/exports',
      { request: {}, columns: ['name'] },
      { headers: { 'x-requested-with': '' } },
    );
    expect(res.status).toBe(403);
    expect((await usage()).calls_today).toBe(before.calls_today);
  });

  it('takes webhooks without session or CSRF, authenticated by their signature', async () => {
    const at = new Date();
    const body = JSON.stringify({ type: 'company.other', data: {} });
    const signed = (secret: string) =>
      fetch(`${bff.url}${WEBHOOK_PATH}`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'webhook-id': `msg_${secret.slice(-6)}`,
          'webhook-timestamp': String(Math.floor(at.getTime() / 1000)),
          'webhook-signature': new Webhook(secret).sign(`msg_${secret.slice(-6)}`, at, body),
        },
        body,
      });
    expect((await signed(SECRET)).status).toBe(204);
    expect((await signed(`whsec_${randomBytes(24).toString('base64')}`)).status).toBe(401);
  });

  it("follows an addition from the proxy to the user's event stream via the BFF's own webhook", async () => {
    const registration = await registerWebhookEndpoint(bff.bff.deps, bff.url);
    expect(registration.created).toBe(true);
    const tab = await openEvents(bff.url);
    try {
      const res = await bff.post('/api/v1/company/addition-requests', {
        company_name: 'Platypus Analytics',
        website: 'https://platypus-analytics-test.com',
      });
      expect(res.status).toBeLessThan(300);
      const { request_id } = (await res.json()) as { request_id: string };
      let last: AdditionStatus | undefined;
      while (last?.status !== 'completed' && last?.status !== 'failed') {
        const frame = await tab.nextEvent();
        if (frame.event === 'company_addition.status_changed')
          last = JSON.parse(frame.data!) as AdditionStatus;
      }
      expect(last).toMatchObject({ request_id, status: 'completed' });
      const list = (await (await bff.call('/bff/additions')).json()) as AdditionsResponse;
      expect(list.data[0]).toMatchObject({
        request_id,
        company_name: 'Platypus Analytics',
        status: 'completed',
      });
    } finally {
      await tab.close();
    }
  });
});
