/**
 * Messages between instances (live events, session ends) through the store: on PostgreSQL a NOTIFY
 * that every instance LISTENs to, sent in batches; on SQLite this process's own listeners. Either
 * way a listener receives them in the order they were published: a request's `in_progress` never
 * after its `completed`.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { reopenTestStore, testStore } from '../../testing/test-store';
import type { BffStore, StoreMessage } from './store';

let one: BffStore;
let two: BffStore;

beforeAll(async () => {
  one = await testStore();
  two = one.kind === 'postgres' ? await reopenTestStore(one) : one;
});

afterAll(async () => {
  if (two !== one) await two.close();
  await one.close();
});

it('delivers messages in the order they were published, across batches in flight at once', async () => {
  const received: number[] = [];
  const stop = two.onMessage((m: StoreMessage) => {
    if (m.kind === 'event' && m.userId === 'order') received.push(m.data as number);
  });
  try {
    const sent: Promise<void>[] = [];
    // 40 batches: ten messages, then a pause longer than a batch's window but shorter than a
    // round trip under load, so several batches are on the wire at once.
    for (let n = 0; n < 400; n++) {
      sent.push(one.publish({ kind: 'event', userId: 'order', type: 'usage.changed', data: n }));
      if (n % 10 === 9) await new Promise((r) => setTimeout(r, 6));
    }
    await Promise.all(sent);
    await expect.poll(() => received.length).toBe(400);
    expect(received).toEqual(Array.from({ length: 400 }, (_, n) => n));
  } finally {
    stop();
  }
});
