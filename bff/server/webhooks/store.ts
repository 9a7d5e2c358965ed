/**
 * What the webhook receiver keeps in the BFF's store: the endpoints it registered with the upstream
 * (with their `whsec_` secrets, which it needs in the clear to check HMAC signatures; the store file
 * is as private as the upstream key), and the `webhook-id`s already handled, so an at-least-once
 * redelivery is acknowledged without being applied twice.
 */
import type Database from 'better-sqlite3';

const SCHEMA = `
CREATE TABLE IF NOT EXISTS webhook_endpoints (
  endpoint_id  TEXT PRIMARY KEY,
  url          TEXT NOT NULL,
  secret       TEXT NOT NULL,
  created_at   TEXT NOT NULL
);
CREATE TABLE IF NOT EXISTS webhook_deliveries (
  webhook_id   TEXT PRIMARY KEY,
  received_at  TEXT NOT NULL
);
CREATE INDEX IF NOT EXISTS webhook_deliveries_received ON webhook_deliveries(received_at);
`;

/** Delivery ids older than this are forgotten; the sender gives up retrying long before. */
export const DELIVERY_MEMORY_DAYS = 30;
const PRUNE_EVERY_MS = 60 * 60 * 1000;

export type StoredEndpoint = { endpoint_id: string; url: string; secret: string; created_at: string };

export class WebhookStore {
  private readonly insertDelivery: Database.Statement<[string, string]>;
  private lastPrune = 0;

  constructor(private readonly db: Database.Database) {
    db.exec(SCHEMA);
    this.insertDelivery = db.prepare(
      'INSERT OR IGNORE INTO webhook_deliveries (webhook_id, received_at) VALUES (?, ?)',
    );
  }

  endpoints(): StoredEndpoint[] {
    return this.db.prepare('SELECT * FROM webhook_endpoints ORDER BY created_at').all() as StoredEndpoint[];
  }

  saveEndpoint(e: StoredEndpoint): void {
    this.db
      .prepare(
        `INSERT INTO webhook_endpoints (endpoint_id, url, secret, created_at) VALUES (@endpoint_id, @url, @secret, @created_at)
         ON CONFLICT(endpoint_id) DO UPDATE SET url = excluded.url, secret = excluded.secret`,
      )
      .run(e);
  }

  forgetEndpoint(endpointId: string): void {
    this.db.prepare('DELETE FROM webhook_endpoints WHERE endpoint_id = ?').run(endpointId);
  }

  /**
   * Marks a delivery as handled; false when it was handled before. Call inside the transaction that
   * applies the delivery, so a failure leaves it unmarked and the sender's retry is applied.
   */
  markDelivered(webhookId: string, now: Date): boolean {
    const fresh = this.insertDelivery.run(webhookId, now.toISOString()).changes === 1;
    if (now.getTime() - this.lastPrune > PRUNE_EVERY_MS) {
      this.lastPrune = now.getTime();
      const cutoff = new Date(now.getTime() - DELIVERY_MEMORY_DAYS * 86_400_000).toISOString();
      this.db.prepare('DELETE FROM webhook_deliveries WHERE received_at < ?').run(cutoff);
    }
    return fresh;
  }

  transaction<T>(fn: () => T): T {
    return this.db.transaction(fn)();
  }
}
