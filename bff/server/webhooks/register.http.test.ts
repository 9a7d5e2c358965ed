import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pathOf } from '../../contract/endpoints';
import type { Service } from '../../embedded/service';
import { type RunningBff, startBff, startEmbedded } from '../../testing/bff-server';
import { embeddedUpstream } from '../upstream/upstream';

const WEBHOOK_PATH = pathOf('bff.webhookReceiver');

import { registerWebhookEndpoint } from './register';
import { WebhookStore } from './store';

let service: Service;
const servers: RunningBff[] = [];

beforeAll(async () => {
  service = await startEmbedded(300);
});

afterAll(async () => {
  await Promise.all(servers.map((s) => s.close()));
  service?.close();
});

/** A BFF on the plan's key. No cache: each registration asks the upstream, as after a restart. */
async function bff(plan: 'enterprise' | 'payg' = 'enterprise'): Promise<RunningBff> {
  const s = await startBff({ upstream: embeddedUpstream(service, `dev-${plan}-key`), cacheTtlMs: 0 });
  servers.push(s);
  return s;
}

/** The upstream's endpoints for the enterprise key, read directly. */
async function upstreamEndpoints(): Promise<{ id: string; url: string }[]> {
  const res = await service.fetch(
    new Request('http://service/api/v1/webhooks/', { headers: { 'x-api-key': 'dev-enterprise-key' } }),
  );
  return ((await res.json()) as { data: { id: string; url: string }[] }).data;
}

const PUBLIC = 'https://bff.example.com';
const URL_ = `${PUBLIC}${WEBHOOK_PATH}`;

describe('registerWebhookEndpoint', () => {
  it('creates the endpoint once and keeps its secret; a restart reuses it', async () => {
    const b = await bff();
    const first = await registerWebhookEndpoint(b.bff.deps, PUBLIC);
    expect(first).toMatchObject({ url: URL_, created: true });
    const stored = await new WebhookStore(b.store).endpoints();
    expect(stored).toEqual([expect.objectContaining({ endpoint_id: first.id, url: URL_ })]);
    expect(stored[0]!.secret).toMatch(/^whsec_/);

    const before = b.calls.length;
    const again = await registerWebhookEndpoint(b.bff.deps, `${PUBLIC}/`);
    expect(again).toEqual({ id: first.id, url: URL_, created: false });
    expect(b.calls.slice(before).map((c) => c.method)).toEqual(['GET']);
    expect((await upstreamEndpoints()).filter((e) => e.url === URL_)).toHaveLength(1);
  });

  it('replaces an endpoint whose secret the store lost, leaving one at the URL', async () => {
    const fresh = await bff(); // a new data directory: same upstream, empty store
    const before = (await upstreamEndpoints()).filter((e) => e.url === URL_);
    expect(before).toHaveLength(1);
    const r = await registerWebhookEndpoint(fresh.bff.deps, PUBLIC);
    expect(r.created).toBe(true);
    expect(r.id).not.toBe(before[0]!.id);
    expect((await upstreamEndpoints()).filter((e) => e.url === URL_).map((e) => e.id)).toEqual([r.id]);
    expect(fresh.calls.map((c) => c.method)).toEqual(['GET', 'DELETE', 'POST']);
  });

  it('removes the endpoint it registered at another address (the BFF moved to another port)', async () => {
    const b = await bff();
    const oldPublic = 'http://127.0.0.1:8795';
    const old = await registerWebhookEndpoint(b.bff.deps, oldPublic);
    const moved = await registerWebhookEndpoint(b.bff.deps, PUBLIC);
    const urls = (await upstreamEndpoints()).map((e) => e.url);
    expect(urls).toContain(URL_);
    expect(urls).not.toContain(`${oldPublic}${WEBHOOK_PATH}`);
    expect((await new WebhookStore(b.store).endpoints()).map((e) => e.endpoint_id)).toEqual([moved.id]);
    expect(moved.id).not.toBe(old.id);
  });

  it('forgets the secret of an endpoint the upstream no longer has', async () => {
    const b = await bff();
    const store = new WebhookStore(b.store);
    await store.saveEndpoint({
      endpoint_id: 'wh_gone',
      url: URL_,
      secret: 'whsec_AAAA',
      created_at: '2026-01-01T00:00:00Z',
    });
    await registerWebhookEndpoint(b.bff.deps, PUBLIC);
    expect((await store.endpoints()).map((e) => e.endpoint_id)).not.toContain('wh_gone');
    expect(await store.endpoints()).toHaveLength(1);
  });

  it("fails with the upstream's answer when the plan has no webhooks, without the key in the message", async () => {
    const b = await bff('payg');
    const error = await registerWebhookEndpoint(b.bff.deps, PUBLIC).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(Error);
    expect((error as Error).message).toMatch(/^GET \/api\/v1\/webhooks answered 403/);
    expect((error as Error).message).not.toContain('dev-payg-key');
    expect(await new WebhookStore(b.store).endpoints()).toEqual([]);
  });
});
