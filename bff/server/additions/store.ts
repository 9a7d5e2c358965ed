/**
 * Company addition requests as the BFF knows them: who submitted each one (seen on the proxied
 * submission) and its latest known state (from webhooks, or from status lookups passing through,
 * the polling fallback). The rows live in the BFF's store (`addition_requests`, both engines); the
 * rule of which answer wins is in ../store/additions-rules.ts.
 */
import type { AdditionStatus } from '../../contract/api';
import type { AdditionRecord } from '../../contract/bff-lists';
import type { AdditionSubmission, BffStore, StatusUpdate } from '../store/store';

export type { StatusUpdate } from '../store/store';

export class AdditionStore {
  constructor(private readonly store: BffStore) {}

  /** A submission the proxy relayed: remember whose it is. */
  recordSubmission(s: AdditionSubmission): Promise<void> {
    return this.store.recordSubmission(s);
  }

  /**
   * Applies a status lookup answer (from a webhook or a relayed lookup). `userId` claims an unowned
   * request for the user who looked it up; an owned request keeps its owner.
   */
  applyStatus(status: AdditionStatus, userId: string | null = null): Promise<StatusUpdate> {
    return this.store.applyAdditionStatus(status, userId);
  }

  ownerOf(requestId: string): Promise<string | null> {
    return this.store.additionOwner(requestId);
  }

  /** The user's requests, newest first. */
  listFor(userId: string, limit = 200): Promise<AdditionRecord[]> {
    return this.store.additionsOf(userId, limit);
  }
}
