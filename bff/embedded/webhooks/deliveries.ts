/**
 * The durable delivery queue (`webhook_deliveries`): one row per (event, endpoint). A status change
 * of an addition request writes its rows in the same transaction as the change itself (an outbox),
 * so no change is lost to a crash between the two. Each row keeps the exact body and the message id
 * (`webhook-id`) it is sent with on every attempt; attempts, the last HTTP status or error and the
 * next attempt's time are recorded as they happen.
 */
import { randomUUID } from 'node:crypto';
import type { WebhookDelivery, WebhookEvent, WebhookEventType } from '../../contract/api';
import { type AdditionRow, statusRecord } from '../additions/queue';
import type { Db } from '../store/db';
import { subscribedEndpoints } from './endpoints';

const STATUS_CHANGED: WebhookEventType = 'company_addition.status_changed';

type DeliveryRow = {
  id: number;
  message_id: string;
  endpoint_id: string;
  event_type: WebhookEventType;
  request_id: string;
  request_status: AdditionRow['status'];
  payload: string;
  status: 'pending' | 'delivered' | 'failed';
  attempts: number;
  next_attempt_at: string | null;
  last_status_code: number | null;
  last_error: string | null;
  created_at: string;
  delivered_at: string | null;
};

export type DueDelivery = DeliveryRow & { url: string; secret: string };

/** Queues the `status_changed` event of `row` for every endpoint of its key; returns how many. */
export function recordStatusChange(db: Db, row: AdditionRow, now: Date): number {
  const endpoints = subscribedEndpoints(db, row.key_id, STATUS_CHANGED);
  if (endpoints.length === 0) return 0;
  const at = now.toISOString();
  const event: WebhookEvent = {
    type: 'company_addition.status_changed',
    timestamp: at,
    data: statusRecord(row),
  };
  const payload = JSON.stringify(event);
  // One message id per event: a receiver with several endpoints still sees one event once.
  const messageId = `msg_${randomUUID().replace(/-/g, '')}`;
  const insert = db.prepare(
    `INSERT INTO webhook_deliveries
       (message_id, endpoint_id, event_type, request_id, request_status, payload, status, next_attempt_at, created_at)
     VALUES (?, ?, ?, ?, ?, ?, 'pending', ?, ?)`,
  );
  for (const e of endpoints) insert.run(messageId, e.id, STATUS_CHANGED, row.id, row.status, payload, at, at);
  return endpoints.length;
}

/** Deliveries whose next attempt is due, oldest first, with their endpoint's URL and secret. */
export function dueDeliveries(db: Db, now: Date, limit: number): DueDelivery[] {
  return db
    .prepare(
      `SELECT d.*, e.url, e.secret FROM webhook_deliveries d JOIN webhook_endpoints e ON e.id = d.endpoint_id
       WHERE d.status = 'pending' AND d.next_attempt_at <= ? AND e.deleted_at IS NULL
       ORDER BY d.next_attempt_at, d.id LIMIT ?`,
    )
    .all(now.toISOString(), limit) as DueDelivery[];
}

type AttemptOutcome = { ok: boolean; statusCode: number | null; error: string | null };

/**
 * Records one attempt. A 2xx delivers; anything else is retried at `retryAt`, or, with no retry
 * left (`retryAt` null), the delivery is recorded as failed. A delivery that is no longer pending
 * (its endpoint was deleted meanwhile) keeps its state.
 */
export function recordAttempt(
  db: Db,
  id: number,
  outcome: AttemptOutcome,
  now: Date,
  retryAt: Date | null,
): void {
  const at = now.toISOString();
  const status = outcome.ok ? 'delivered' : retryAt ? 'pending' : 'failed';
  db.prepare(
    `UPDATE webhook_deliveries
     SET attempts = attempts + 1, status = @status, last_status_code = @code, last_error = @error,
         next_attempt_at = @next, delivered_at = CASE WHEN @status = 'delivered' THEN @at ELSE delivered_at END
     WHERE id = @id AND status = 'pending'`,
  ).run({
    id,
    status,
    code: outcome.statusCode,
    error: outcome.error,
    next: status === 'pending' ? retryAt!.toISOString() : null,
    at,
  });
}

/** The latest deliveries to one endpoint, newest first. */
export function listDeliveries(db: Db, endpointId: string, limit = 100): WebhookDelivery[] {
  const rows = db
    .prepare('SELECT * FROM webhook_deliveries WHERE endpoint_id = ? ORDER BY id DESC LIMIT ?')
    .all(endpointId, limit) as DeliveryRow[];
  return rows.map((r) => ({
    id: String(r.id),
    webhook_id: r.message_id,
    event_type: r.event_type,
    request_id: r.request_id,
    request_status: r.request_status,
    status: r.status,
    attempts: r.attempts,
    last_status_code: r.last_status_code,
    last_error: r.last_error,
    next_attempt_at: r.next_attempt_at,
    created_at: r.created_at,
    delivered_at: r.delivered_at,
  }));
}
