/**
 * What the webhook receiver keeps in the BFF's store: the endpoints it registered with the upstream
 * (with their `whsec_` secrets, which it needs in the clear to check HMAC signatures; the store is
 * as private as the upstream key), and the `webhook-id`s already handled, so an at-least-once
 * redelivery is acknowledged without being applied twice, whichever instance receives it.
 */
import type { AdditionStatus } from '../../contract/api';
import type { BffStore, StoredEndpoint, WebhookOutcome } from '../store/store';

export type { StoredEndpoint } from '../store/store';

export class WebhookStore {
  constructor(private readonly store: BffStore) {}

  endpoints(): Promise<StoredEndpoint[]> {
    return this.store.webhookEndpoints();
  }

  saveEndpoint(e: StoredEndpoint): Promise<void> {
    return this.store.saveWebhookEndpoint(e);
  }

  forgetEndpoint(endpointId: string): Promise<void> {
    return this.store.forgetWebhookEndpoint(endpointId);
  }

  /**
   * Marks the delivery handled and applies its status in one transaction: `duplicate` when it was
   * handled before (by any instance), and then nothing is applied.
   */
  apply(webhookId: string, now: Date, status: AdditionStatus | null): Promise<WebhookOutcome> {
    return this.store.applyWebhook(webhookId, now, status);
  }
}
