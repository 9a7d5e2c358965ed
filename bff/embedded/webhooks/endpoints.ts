/**
 * Webhook endpoints (docs/product-rules.md, section 9), each owned by the API key that registered it. The
 * signing secret (`whsec_` + 24 random bytes in base64, the Standard Webhooks form) is kept in
 * clear text because signing needs it; it is shown in full once, when the endpoint is created, and
 * as a hint (its last four characters) after that.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import {
  WEBHOOK_DELIVERY_STATES,
  WEBHOOK_EVENT_TYPES,
  type WebhookEndpoint,
  type WebhookEventType,
} from '../../contract/api';
import type { Db } from '../store/db';

type EndpointRow = {
  id: string;
  key_id: number;
  url: string;
  description: string | null;
  events: string;
  secret: string;
  created_at: string;
  deleted_at: string | null;
};

export function newSecret(): string {
  return `whsec_${randomBytes(24).toString('base64')}`;
}

export function createEndpoint(
  db: Db,
  e: {
    keyId: number;
    url: string;
    description?: string | undefined;
    events?: WebhookEventType[] | undefined;
    now: Date;
  },
): { endpoint: WebhookEndpoint; secret: string } {
  const row: EndpointRow = {
    id: randomUUID(),
    key_id: e.keyId,
    url: e.url,
    description: e.description ?? null,
    events: JSON.stringify([...new Set(e.events ?? WEBHOOK_EVENT_TYPES)]),
    secret: newSecret(),
    created_at: e.now.toISOString(),
    deleted_at: null,
  };
  db.prepare(
    `INSERT INTO webhook_endpoints (id, key_id, url, description, events, secret, created_at)
     VALUES (@id, @key_id, @url, @description, @events, @secret, @created_at)`,
  ).run(row);
  return { endpoint: { ...toEndpoint(db, row), secret: row.secret }, secret: row.secret };
}

/** The live endpoints of a key, oldest first. */
export function listEndpoints(db: Db, keyId: number): WebhookEndpoint[] {
  const rows = db
    .prepare(
      'SELECT * FROM webhook_endpoints WHERE key_id = ? AND deleted_at IS NULL ORDER BY created_at, id',
    )
    .all(keyId) as EndpointRow[];
  return rows.map((r) => toEndpoint(db, r));
}

export function findEndpoint(db: Db, id: string, keyId: number): EndpointRow | undefined {
  return db
    .prepare('SELECT * FROM webhook_endpoints WHERE id = ? AND key_id = ? AND deleted_at IS NULL')
    .get(id, keyId) as EndpointRow | undefined;
}

/**
 * Removes an endpoint of this key; its deliveries still waiting are given up (recorded as failed).
 * False when the key has no such endpoint.
 */
export function deleteEndpoint(db: Db, id: string, keyId: number, now: Date): boolean {
  return db.transaction(() => {
    const at = now.toISOString();
    const gone = db
      .prepare(
        'UPDATE webhook_endpoints SET deleted_at = ? WHERE id = ? AND key_id = ? AND deleted_at IS NULL',
      )
      .run(at, id, keyId).changes;
    if (gone === 0) return false;
    db.prepare(
      `UPDATE webhook_deliveries SET status = 'failed', last_error = 'endpoint deleted', next_attempt_at = NULL
       WHERE endpoint_id = ? AND status = 'pending'`,
    ).run(id);
    return true;
  })();
}

/** Endpoints of a key that take events of `type`. */
export function subscribedEndpoints(db: Db, keyId: number, type: WebhookEventType): EndpointRow[] {
  return (
    db
      .prepare('SELECT * FROM webhook_endpoints WHERE key_id = ? AND deleted_at IS NULL ORDER BY id')
      .all(keyId) as EndpointRow[]
  ).filter((r) => (JSON.parse(r.events) as string[]).includes(type));
}

function toEndpoint(db: Db, r: EndpointRow): WebhookEndpoint {
  const deliveries = Object.fromEntries(
    WEBHOOK_DELIVERY_STATES.map((s) => [s, 0]),
  ) as WebhookEndpoint['deliveries'];
  const counts = db
    .prepare('SELECT status, COUNT(*) AS n FROM webhook_deliveries WHERE endpoint_id = ? GROUP BY status')
    .all(r.id) as { status: keyof WebhookEndpoint['deliveries']; n: number }[];
  for (const c of counts) deliveries[c.status] = c.n;
  return {
    id: r.id,
    url: r.url,
    description: r.description,
    events: JSON.parse(r.events) as WebhookEventType[],
    created_at: r.created_at,
    secret_hint: `whsec_...${r.secret.slice(-4)}`,
    deliveries,
  };
}
