/**
 * Registering the BFF's own webhook endpoint with the upstream (embedded upstream: on start; see
 * docs/operations.md for a remote one). Idempotent across restarts: an upstream endpoint with the same URL
 * whose secret the store holds is reused; one whose secret was lost (a fresh data directory) is
 * deleted and replaced, because its deliveries could never be verified and the upstream would
 * retry them forever.
 */
import { z } from 'zod';
import { type InputOf, requestOf } from '../../contract/endpoints';
import type { BffDeps, BffUser } from '../context';
import type { PortInput } from '../lists/port';
import { ServiceRefusal } from '../proxy/problem';
import { bffPath } from '../routing';
import { WebhookStore } from './store';

/**
 * The ledger's name for calls the BFF makes on its own behalf; an admin, since managing the
 * upstream's webhook endpoints is an admin's.
 */
export const SYSTEM_USER: BffUser = { id: 'system', name: 'BFF', role: 'admin' };

// Only the fields registration needs are read (WebhookEndpoint in api.ts has the rest), so a
// remote service that adds or omits other fields does not break start-up.
const Endpoint = z.object({
  id: z.string(),
  url: z.string(),
  created_at: z.string().optional(),
  secret: z.string().optional(),
});
const EndpointList = z.union([z.object({ data: z.array(Endpoint) }), z.array(Endpoint)]);
const Created = z.union([z.object({ data: Endpoint }), Endpoint]);

export type Registration = { id: string; url: string; created: boolean };

/** A call of the upstream's webhook endpoints as the BFF; a refusal is an error naming the call. */
async function callJson<Id extends 'webhooks.list' | 'webhooks.create' | 'webhooks.delete'>(
  deps: Pick<BffDeps, 'port'>,
  id: Id,
  input?: InputOf<Id>,
): Promise<unknown> {
  try {
    // The path's parameters (the id of `webhooks.delete`) are taken from the input by name.
    return (await deps.port(SYSTEM_USER, id, input as PortInput<Id>)).data;
  } catch (e) {
    if (!(e instanceof ServiceRefusal)) throw e;
    const { method, url } = requestOf(id, input);
    throw new Error(`${method} ${url} answered ${e.status}: ${(await e.response.text()).slice(0, 200)}`);
  }
}

/** The receiver's URL under the BFF's public base URL (`https://bff.example.com`). */
export function webhookUrl(publicUrl: string): string {
  return new URL(bffPath('bff.webhookReceiver'), publicUrl).href;
}

export async function registerWebhookEndpoint(
  deps: Pick<BffDeps, 'port' | 'store' | 'log'>,
  publicUrl: string,
): Promise<Registration> {
  const url = webhookUrl(publicUrl);
  const store = new WebhookStore(deps.store);
  const listed = EndpointList.parse(await callJson(deps, 'webhooks.list'));
  const upstream = Array.isArray(listed) ? listed : listed.data;
  const known = new Map((await store.endpoints()).map((e) => [e.endpoint_id, e]));

  // Secrets of endpoints the upstream no longer has would only be tried in vain.
  const live = new Set(upstream.map((e) => e.id));
  for (const id of known.keys()) if (!live.has(id)) await store.forgetEndpoint(id);

  // An endpoint this BFF registered at another address (it ran on another port before) would have
  // every delivery fail and be retried; only the current address is kept.
  for (const moved of upstream.filter((e) => known.has(e.id) && e.url !== url)) {
    await callJson(deps, 'webhooks.delete', { id: moved.id });
    await store.forgetEndpoint(moved.id);
  }

  const same = upstream.filter((e) => e.url === url);
  const reusable = same.find((e) => known.has(e.id));
  // A second endpoint at the same URL would deliver every event twice, once with a secret the BFF
  // does not hold; remove all but the one being kept.
  for (const orphan of same) {
    if (orphan !== reusable) await callJson(deps, 'webhooks.delete', { id: orphan.id });
  }
  if (reusable) {
    deps.log(`Webhook endpoint ${reusable.id} at ${url} is registered with the upstream.`);
    return { id: reusable.id, url, created: false };
  }

  const answer = Created.parse(
    await callJson(deps, 'webhooks.create', {
      url,
      description: 'List builder BFF: company addition status',
      events: ['company_addition.status_changed'],
    }),
  );
  const created = 'data' in answer ? answer.data : answer;
  if (!created.secret)
    throw new Error('The upstream created a webhook endpoint without returning its secret.');
  await store.saveEndpoint({
    endpoint_id: created.id,
    url,
    secret: created.secret,
    created_at: created.created_at ?? new Date().toISOString(),
  });
  deps.log(`Registered webhook endpoint ${created.id} at ${url} with the upstream.`);
  return { id: created.id, url, created: true };
}
