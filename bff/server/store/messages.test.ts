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
    // Ten messages, then a pause: alternately shorter and longer than a batch's window (20 ms on
    // PostgreSQL) but shorter than a round trip under load, so several batches are on the wire at once.
    for (let n = 0; n < 400; n++) {
      sent.push(
        one.publish({ kind: 'event', userId: 'order', type: 'company_addition.status_changed', data: n }),
      );
      if (n % 10 === 9) await new Promise((r) => setTimeout(r, n % 20 === 9 ? 3 : 25));
    }
    await Promise.all(sent);
    await expect.poll(() => received.length).toBe(400);
    expect(received).toEqual(Array.from({ length: 400 }, (_, n) => n));
  } finally {
    stop();
  }
});

it('adds up usage events of one user and endpoint published together, and keeps every credit', async () => {
  const usage: { userId: string; endpoint: string; credits: number }[] = [];
  const others: number[] = [];
  const stop = two.onMessage((m: StoreMessage) => {
    if (m.kind !== 'event') return;
    if (m.type === 'usage.changed') {
      const d = m.data as { endpoint: string; credits_consumed: number };
      usage.push({ userId: m.userId, endpoint: d.endpoint, credits: d.credits_consumed });
    } else if (m.userId === 'sum') others.push(m.data as number);
  });
  try {
    const sent: Promise<void>[] = [];
    for (let n = 0; n < 60; n++) {
      const endpoint = n % 3 === 0 ? '/api/v1/list/generate/companies' : '/api/v1/company/enrichment';
      for (const userId of ['sum', 'sum-other'])
        sent.push(
          one.publish({
            kind: 'event',
            userId,
            type: 'usage.changed',
            data: { endpoint, credits_consumed: 0.1 },
          }),
        );
      sent.push(
        one.publish({ kind: 'event', userId: 'sum', type: 'company_addition.status_changed', data: n }),
      );
      if (n === 29) await Promise.all(sent); // a second batch
    }
    await Promise.all(sent);
    await expect.poll(() => others.length).toBe(60);
    // Events of other kinds are never merged, and keep their order.
    expect(others).toEqual(Array.from({ length: 60 }, (_, n) => n));
    const total = (userId: string, endpoint: string) =>
      usage
        .filter((u) => u.userId === userId && u.endpoint === endpoint)
        .reduce((sum, u) => Math.round((sum + u.credits) * 1e4) / 1e4, 0);
    await expect.poll(() => total('sum-other', '/api/v1/company/enrichment')).toBe(4);
    for (const userId of ['sum', 'sum-other']) {
      expect(total(userId, '/api/v1/list/generate/companies')).toBe(2);
      expect(total(userId, '/api/v1/company/enrichment')).toBe(4);
    }
    // On PostgreSQL each batch carries one event per user and endpoint; in one process each call's own.
    expect(usage.length).toBe(one.kind === 'postgres' ? 8 : 120);
  } finally {
    stop();
  }
});
