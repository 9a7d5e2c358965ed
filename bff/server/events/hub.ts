/**
 * The hub of live events: each signed-in user's open tabs subscribe by user id, and the BFF's parts
 * publish to a user. With a store, publishing goes through it (on PostgreSQL a NOTIFY every BFF
 * instance LISTENs to), so an event published by one instance reaches the user's tabs on all of
 * them; each instance delivers to the tabs it holds. Without one, this process's tabs only.
 */
import type { BffEventType } from '../../contract/bff';
import type { BffStore } from '../store/store';

export type BffEvent = { id: number; type: BffEventType; data: unknown };
export type Subscriber = (event: BffEvent) => void;

export class EventHub {
  private readonly byUser = new Map<string, Set<Subscriber>>();
  private nextId = 1;
  private readonly stop: (() => void) | undefined;

  constructor(
    private readonly store?: BffStore,
    private readonly log: (line: string) => void = console.error,
  ) {
    this.stop = store?.onMessage((m) => {
      if (m.kind === 'event') this.deliver(m.userId, m.type, m.data);
    });
  }

  /** Registers a tab; the returned function removes it (call it on disconnect). */
  subscribe(userId: string, subscriber: Subscriber): () => void {
    let set = this.byUser.get(userId);
    if (!set) {
      set = new Set();
      this.byUser.set(userId, set);
    }
    set.add(subscriber);
    return () => {
      const current = this.byUser.get(userId);
      if (!current) return;
      current.delete(subscriber);
      if (current.size === 0) this.byUser.delete(userId);
    };
  }

  /**
   * Sends an event to every open tab of the user, on every instance; answers how many tabs this
   * process holds for the user.
   */
  publish(userId: string, type: BffEventType, data: unknown): number {
    if (!this.store) return this.deliver(userId, type, data);
    this.store.publish({ kind: 'event', userId, type, data }).catch((err: Error) => {
      this.log(`[bff] a live event could not be sent to other instances: ${err.message}`);
    });
    return this.subscriberCount(userId);
  }

  /** Hands an event to this process's tabs of the user; answers how many received it. */
  deliver(userId: string, type: BffEventType, data: unknown): number {
    const set = this.byUser.get(userId);
    if (!set) return 0;
    const event: BffEvent = { id: this.nextId++, type, data };
    for (const subscriber of [...set]) {
      try {
        subscriber(event);
      } catch {
        // One broken tab must not keep the event from the others.
      }
    }
    return set.size;
  }

  subscriberCount(userId?: string): number {
    if (userId !== undefined) return this.byUser.get(userId)?.size ?? 0;
    let n = 0;
    for (const set of this.byUser.values()) n += set.size;
    return n;
  }

  close(): void {
    this.stop?.();
  }
}
