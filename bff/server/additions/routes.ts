/**
 * The BFF's side of company additions: `GET /bff/additions` lists the signed-in user's requests, and
 * every relayed submission or status lookup keeps the list fresh (the polling fallback when no
 * webhook arrives), pushing a changed state to the owner's open tabs.
 */
import { Hono } from 'hono';
import { AdditionStatusResponse, AdditionSubmitResponse } from '../../contract/api';
import type { AdditionsResponse } from '../../contract/bff-lists';
import type { BffEnv, ProxiedCall } from '../context';
import type { EventHub } from '../events/hub';
import { route } from '../routing';
import type { AdditionStore } from './store';

export function additionRoutes(additions: AdditionStore): Hono<BffEnv> {
  const app = new Hono<BffEnv>();
  route(app, 'bff.additions', async (c) => {
    const body: AdditionsResponse = { data: await additions.listFor(c.get('user').id) };
    return c.json(body, 200, { 'cache-control': 'no-store' });
  });
  return app;
}

/** Learns from a relayed upstream answer: who submitted a request, and what state it is in. */
export async function trackAddition(
  additions: AdditionStore,
  hub: EventHub,
  call: ProxiedCall,
  now: Date,
): Promise<void> {
  if (call.status < 200 || call.status >= 300) return;
  if (call.id === 'additions.submit') {
    const submitted = AdditionSubmitResponse.safeParse(call.body);
    if (!submitted.success || submitted.data.request_id === null) return;
    const name = (call.request as { company_name?: unknown } | undefined)?.company_name;
    await additions.recordSubmission({
      requestId: submitted.data.request_id,
      userId: call.user.id,
      companyName: typeof name === 'string' ? name.trim() : null,
      domain: submitted.data.domain,
      status: submitted.data.status ?? 'pending',
      at: now.toISOString(),
    });
    return;
  }
  if (call.id === 'additions.status') {
    const status = AdditionStatusResponse.safeParse(call.body);
    if (!status.success) return;
    const update = await additions.applyStatus(status.data, call.user.id);
    if (update.changed && update.userId) {
      const { credits_consumed: _credits, ...event } = status.data;
      hub.publish(update.userId, 'company_addition.status_changed', event);
    }
  }
}
