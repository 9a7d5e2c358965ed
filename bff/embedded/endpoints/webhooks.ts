/**
 * Webhook endpoints management (docs/product-rules.md, section 9): `POST /api/v1/webhooks/` registers an
 * endpoint and answers its secret once, `GET /api/v1/webhooks/` lists this key's endpoints with a
 * count of deliveries by state, `GET /api/v1/webhooks/{id}/deliveries/` lists the latest 100
 * deliveries with their attempts and last error, `DELETE /api/v1/webhooks/{id}/` removes one.
 * Endpoints belong to the key that made them. Free; Pay-as-you-go keys, which cannot add companies,
 * have nothing to be notified about and get 403.
 */

import type { z } from 'zod';
import {
  type WebhookDeliveryListResponse,
  type WebhookEndpointListResponse,
  WebhookEndpointRequest,
  type WebhookEndpointResponse,
} from '../../contract/api';
import { PLAN_LABELS, PLAN_RULES } from '../../contract/pricing';
import type { ServiceContext } from '../context';
import { ApiProblem, parseOrThrow } from '../problem';
import type { ApiKey } from '../store/keys';
import { listDeliveries } from '../webhooks/deliveries';
import { createEndpoint, deleteEndpoint, findEndpoint, listEndpoints } from '../webhooks/endpoints';

function allowWebhooks(key: ApiKey): void {
  if (PLAN_RULES[key.plan].additionsPerDay === 0)
    throw new ApiProblem(
      403,
      `Webhooks report company additions, which the ${PLAN_LABELS[key.plan]} plan does not include.`,
    );
}

export function createWebhook(
  ctx: ServiceContext,
  key: ApiKey,
  body: unknown,
): z.infer<typeof WebhookEndpointResponse> {
  allowWebhooks(key);
  const req = parseOrThrow(WebhookEndpointRequest, body);
  const { endpoint } = createEndpoint(ctx.db, {
    keyId: key.id,
    url: req.url,
    description: req.description,
    events: req.events,
    now: ctx.now(),
  });
  return { data: endpoint, credits_consumed: 0 };
}

export function listWebhooks(ctx: ServiceContext, key: ApiKey): z.infer<typeof WebhookEndpointListResponse> {
  allowWebhooks(key);
  const data = listEndpoints(ctx.db, key.id);
  return { data, count: data.length, credits_consumed: 0 };
}

function notFound(id: string): ApiProblem {
  return new ApiProblem(404, `No webhook endpoint ${id} for this API key.`);
}

export function removeWebhook(ctx: ServiceContext, key: ApiKey, id: string): void {
  allowWebhooks(key);
  if (!deleteEndpoint(ctx.db, id, key.id, ctx.now())) throw notFound(id);
}

export function webhookDeliveries(
  ctx: ServiceContext,
  key: ApiKey,
  id: string,
): z.infer<typeof WebhookDeliveryListResponse> {
  allowWebhooks(key);
  const endpoint = findEndpoint(ctx.db, id, key.id);
  if (!endpoint) throw notFound(id);
  const data = listDeliveries(ctx.db, endpoint.id);
  return { data, count: data.length, credits_consumed: 0 };
}
