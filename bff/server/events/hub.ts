/**
 * The in-process hub of live events: each signed-in user's open tabs subscribe by user id, and the
 * BFF's parts publish to a user. One BFF process serves all tabs, so no broker is needed; a second
 * BFF process would need one (see README, "Live events").
 */
import type { BffEventType } from '../../contract/bff';

export type BffEvent = { id: number; type: BffEventType; data: unknown };
export type Subscriber = (event: BffEvent) => void;

export class EventHub {
  private readonly byUser = new Map<string, Set<Subscriber>>();
  private nextId = 1;

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

  /** Sends an event to every open tab of the user; answers how many received it. */
  publish(userId: string, type: BffEventType, data: unknown): number {
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
}
