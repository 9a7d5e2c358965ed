/**
 * `POST /bff/webhooks/company-addition`: the upstream's company addition webhooks
 * (docs/product-rules.md, section 9: Standard Webhooks). The signature is checked with the `standardwebhooks` package
 * (HMAC-SHA256 over `id.timestamp.body`, constant-time compare, 5-minute timestamp tolerance both
 * ways) against every secret the BFF holds: endpoints it registered itself, and `WEBHOOK_SECRET`
 * for a remote upstream configured by hand. Only then is the `webhook-id` looked at, so forged
 * deliveries cannot fill the dedupe table. Session and CSRF checks do not apply here; the
 * signature is the authentication.
 *
 * Answers: 204 applied or already applied; 400 missing signature headers or a signed body that is
 * not a valid event; 401 any signature or timestamp failure, with one wording for all, so a
 * forger learns nothing about which part was wrong; 413 an oversized body.
 */
import { Hono } from 'hono';
import { Webhook } from 'standardwebhooks';
import { WebhookEvent } from '../../contract/api';
import type { BffEnv } from '../context';
import type { EventHub } from '../events/hub';
import { problem } from '../proxy/problem';
import { route } from '../routing';
import type { WebhookStore } from './store';

/** A status event is well under 4 KB; anything this large is not one. */
export const WEBHOOK_MAX_BYTES = 64 * 1024;

export type WebhookReceiverDeps = {
  store: WebhookStore;
  hub: EventHub;
  log: (line: string) => void;
  /** WEBHOOK_SECRET: the secret of an endpoint registered by hand with a remote upstream. */
  envSecret?: string | undefined;
  now?: () => Date;
};

async function verifiers(deps: WebhookReceiverDeps): Promise<Webhook[]> {
  const secrets = (await deps.store.endpoints()).map((e) => e.secret);
  if (deps.envSecret) secrets.push(deps.envSecret);
  const out: Webhook[] = [];
  for (const secret of secrets) {
    try {
      out.push(new Webhook(secret));
    } catch {
      deps.log('A webhook secret is not a valid whsec_ secret; it is ignored.');
    }
  }
  return out;
}

export function webhookReceiverRoutes(deps: WebhookReceiverDeps): Hono<BffEnv> {
  const app = new Hono<BffEnv>();
  const now = deps.now ?? (() => new Date());

  route(app, 'bff.webhookReceiver', async (c) => {
    const declared = Number(c.req.header('content-length') ?? 0);
    if (declared > WEBHOOK_MAX_BYTES) return problem(413, 'A webhook body is at most 64 KB.');
    const body = await c.req.text();
    if (Buffer.byteLength(body) > WEBHOOK_MAX_BYTES) return problem(413, 'A webhook body is at most 64 KB.');

    const headers = {
      'webhook-id': c.req.header('webhook-id') ?? '',
      'webhook-timestamp': c.req.header('webhook-timestamp') ?? '',
      'webhook-signature': c.req.header('webhook-signature') ?? '',
    };
    if (!headers['webhook-id'] || !headers['webhook-timestamp'] || !headers['webhook-signature']) {
      return problem(400, 'webhook-id, webhook-timestamp and webhook-signature headers are required.');
    }

    const checks = await verifiers(deps);
    if (checks.length === 0)
      deps.log('A webhook arrived but the BFF holds no webhook secret (set WEBHOOK_SECRET).');
    const verified = checks.some((wh) => {
      try {
        wh.verify(body, headers, { jsonParse: false });
        return true;
      } catch {
        return false;
      }
    });
    if (!verified) return problem(401, 'The webhook signature could not be verified.');

    let payload: unknown;
    try {
      payload = JSON.parse(body);
    } catch {
      return problem(400, 'The webhook body is not JSON.');
    }
    const type = (payload as { type?: unknown } | null)?.type;
    const event = WebhookEvent.safeParse(payload);
    if (type === 'company_addition.status_changed' && !event.success) {
      return problem(400, 'The webhook body is not a valid company_addition.status_changed event.');
    }

    const webhookId = headers['webhook-id'];
    // Exactly once across instances; event types this BFF does not know are acknowledged (null),
    // so the sender stops retrying them.
    const outcome = await deps.store.apply(webhookId, now(), event.success ? event.data.data : null);
    if (typeof outcome === 'object' && outcome.changed && outcome.userId && event.success) {
      deps.hub.publish(outcome.userId, 'company_addition.status_changed', event.data.data);
    }
    return c.body(null, 204);
  });
  return app;
}
