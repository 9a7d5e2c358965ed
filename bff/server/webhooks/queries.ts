/**
 * Webhooks on the BFF's store, written once for both engines (bff/server/store/engine.ts): the
 * endpoints registered upstream, and each delivery applied exactly once across instances (its
 * `webhook-id` inserted with `ON CONFLICT DO NOTHING` in the transaction that applies it: only the
 * transaction whose insert counted a row applies it).
 */
import type { AdditionStatus } from '../../contract/api';
import { applyStatusIn } from '../additions/queries';
import type { Engine } from '../store/engine';
import type { StoredEndpoint, WebhookOutcome } from '../store/store';

/** Delivery ids older than this are forgotten; the sender gives up retrying long before. */
export const DELIVERY_MEMORY_DAYS = 30;
const PRUNE_EVERY_MS = 60 * 60 * 1000;

export class Webhooks {
  private lastPrune = 0;

  constructor(private readonly e: Engine) {}

  endpoints(): Promise<StoredEndpoint[]> {
    return this.e.sql.all<StoredEndpoint>(
      'SELECT endpoint_id, url, secret, created_at FROM webhook_endpoints ORDER BY created_at',
    );
  }

  async save(ep: StoredEndpoint): Promise<void> {
    await this.e.sql.run(
      `INSERT INTO webhook_endpoints (endpoint_id, url, secret, created_at) VALUES (?, ?, ?, ?)
       ON CONFLICT (endpoint_id) DO UPDATE SET url = excluded.url, secret = excluded.secret`,
      [ep.endpoint_id, ep.url, ep.secret, ep.created_at],
    );
  }

  async forget(endpointId: string): Promise<void> {
    await this.e.sql.run('DELETE FROM webhook_endpoints WHERE endpoint_id = ?', [endpointId]);
  }

  /** BffStore.applyWebhook. */
  async apply(webhookId: string, now: Date, status: AdditionStatus | null): Promise<WebhookOutcome> {
    const outcome = await this.e.transaction(async (tx): Promise<WebhookOutcome> => {
      // A second instance inserting the same id waits for this transaction, then counts no row.
      const marked = await tx.run(
        `INSERT INTO webhook_deliveries (webhook_id, received_at) VALUES (?, ?)
         ON CONFLICT (webhook_id) DO NOTHING`,
        [webhookId, now.toISOString()],
      );
      if (marked.changes === 0) return 'duplicate';
      if (!status) return 'ignored';
      return applyStatusIn(this.e, tx, status, null);
    });
    if (now.getTime() - this.lastPrune > PRUNE_EVERY_MS) {
      this.lastPrune = now.getTime();
      const cutoff = new Date(now.getTime() - DELIVERY_MEMORY_DAYS * 86_400_000).toISOString();
      await this.e.sql.run('DELETE FROM webhook_deliveries WHERE received_at < ?', [cutoff]);
    }
    return outcome;
  }
}
