import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Service } from '../../embedded/service';
import { type RunningBff, startBff, startEmbedded } from '../../testing/bff-server';
import { openEvents } from '../../testing/sse-client';
import { embeddedUpstream } from '../upstream/upstream';
import { EventHub } from './hub';

let service: Service;
let server: RunningBff;

beforeAll(async () => {
  service = await startEmbedded(300);
  server = await startBff({ upstream: embeddedUpstream(service), mode: 'team', extras: { heartbeatMs: 50 } });
});

afterAll(async () => {
  await server?.close();
  service?.close();
});

const spend = (user: string, credits: number) =>
  server.bff.extras.onProxied({
    user: { id: user, name: user },
    method: 'POST',
    id: 'list.generate' as const,
    endpoint: '/api/v1/list/generate/companies',
    status: 200,
    body: { data: [], credits_consumed: credits },
  });

describe('GET /bff/events', () => {
  it('opens an event stream with a retry hint', async () => {
    const tab = await openEvents(server.url, await server.as('alice'));
    try {
      expect(tab.response.status).toBe(200);
      expect(tab.response.headers.get('content-type')).toMatch(/^text\/event-stream/);
      expect(tab.response.headers.get('cache-control')).toBe('no-cache');
      expect(tab.frames[0]).toEqual({ retry: 3000, comments: ['connected'] });
    } finally {
      await tab.close();
    }
  });

  it("sends a user's events to every tab of theirs and to nobody else", async () => {
    const [a1, a2, b] = await Promise.all([
      openEvents(server.url, await server.as('alice')),
      openEvents(server.url, await server.as('alice')),
      openEvents(server.url, await server.as('bob')),
    ]);
    try {
      spend('alice', 12.5);
      spend('bob', 1);
      for (const tab of [a1, a2]) {
        const event = await tab.nextEvent();
        expect(event.event).toBe('usage.changed');
        expect(JSON.parse(event.data!)).toEqual({
          endpoint: '/api/v1/list/generate/companies',
          credits_consumed: 12.5,
        });
        expect(event.id).toMatch(/^\d+$/);
      }
      // Bob's first event is his own: Alice's, published before it, never reached his stream.
      expect(JSON.parse((await b.nextEvent()).data!)).toMatchObject({ credits_consumed: 1 });
    } finally {
      await Promise.all([a1.close(), a2.close(), b.close()]);
    }
  });

  it('sends no event for a call that cost nothing', async () => {
    const tab = await openEvents(server.url, await server.as('carol'));
    try {
      spend('carol', 0);
      spend('carol', 2);
      expect(JSON.parse((await tab.nextEvent()).data!)).toMatchObject({ credits_consumed: 2 });
    } finally {
      await tab.close();
    }
  });

  it('keeps a quiet stream alive with heartbeat comments', async () => {
    const tab = await openEvents(server.url, await server.as('dave'));
    try {
      // nextEvent reads frames until an event; the heartbeats before it are kept in `frames`.
      await vi.waitFor(
        async () => {
          spend('dave', 1);
          await tab.nextEvent();
          expect(tab.frames.some((f) => f.comments.includes('heartbeat'))).toBe(true);
        },
        { timeout: 5000, interval: 60 },
      );
    } finally {
      await tab.close();
    }
  });

  it('forgets a tab when it disconnects', async () => {
    const tab = await openEvents(server.url, await server.as('erin'));
    expect(server.bff.extras.hub.subscriberCount('erin')).toBe(1);
    await tab.close();
    await vi.waitFor(() => expect(server.bff.extras.hub.subscriberCount('erin')).toBe(0), { timeout: 5000 });
  });

  it('ends open streams when the extras close', async () => {
    const own = await startBff({ upstream: embeddedUpstream(service), mode: 'team' });
    const tab = await openEvents(own.url, await own.as('frank'));
    own.bff.extras.close();
    await expect(tab.nextEvent()).rejects.toThrow('event stream ended');
    expect(own.bff.extras.hub.subscriberCount()).toBe(0);
    await own.close();
  });
});

describe('EventHub', () => {
  it('keeps delivering to the other tabs when one subscriber throws', () => {
    const hub = new EventHub();
    const got: number[] = [];
    hub.subscribe('u', () => {
      throw new Error('broken tab');
    });
    hub.subscribe('u', (e) => got.push(e.id));
    expect(hub.publish('u', 'usage.changed', {})).toBe(2);
    expect(hub.publish('nobody', 'usage.changed', {})).toBe(0);
    expect(got).toEqual([1]);
  });

  it('unsubscribes exactly the tab that leaves', () => {
    const hub = new EventHub();
    const off1 = hub.subscribe('u', () => {});
    hub.subscribe('u', () => {});
    off1();
    off1();
    expect(hub.subscriberCount('u')).toBe(1);
  });
});
