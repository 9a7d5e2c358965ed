/**
 * `GET /bff/events`: Server-Sent Events for the signed-in user, one stream per open tab.
 * The stream opens with a `retry:` hint and a comment (so the browser knows it is live), carries
 * each event as `event: <type>` / `id:` / `data: <json>`, and a heartbeat comment every 15 s keeps
 * proxies and idle timeouts from closing a quiet connection. Events are not replayed after a
 * reconnect: the web app refetches `/bff/additions` and `/bff/usage` when its stream (re)opens.
 * In team mode a stream ends when its session does (sign-out, a password reset, the user disabled,
 * expiry; ./session-streams.ts); the browser's reconnect then meets 401.
 */
import { Hono } from 'hono';
import { streamSSE } from 'hono/streaming';
import type { BffEnv } from '../context';
import { problem } from '../proxy/problem';
import { route } from '../routing';
import type { EventHub } from './hub';
import type { SessionStreams } from './session-streams';

export const EVENTS_RETRY_MS = 3000;
export const HEARTBEAT_MS = 15_000;
/**
 * Open streams per user. Each holds a socket and a subscription for as long as a tab lives, so a
 * script (or a runaway tab that reconnects in a loop) must not open them without end; a browser
 * over HTTP/1.1 cannot use more than 6 per origin anyway.
 */
export const MAX_STREAMS_PER_USER = 8;

export type EventsOptions = {
  heartbeatMs?: number;
  retryMs?: number;
  maxPerUser?: number;
  /**
   * Team mode: each stream belongs to its session and ends when the session ends (`SessionStreams`);
   * `idHashOf` gives the hash of the request's session id. Absent (local mode): streams end only when
   * the tab closes or the server stops.
   */
  sessions?: { streams: SessionStreams; idHashOf: (req: Request) => string | undefined };
};

/** The streams open now, each by the function that ends it: all ended at once when the server stops. */
export class OpenStreams {
  readonly #open = new Set<() => void>();
  add(end: () => void): void {
    this.#open.add(end);
  }
  delete(end: () => void): void {
    this.#open.delete(end);
  }
  endAll(): void {
    for (const end of [...this.#open]) end();
  }
}

/** The events route; the streams it opens are held in `open` (ended by its owner at shutdown). */
export function eventRoutes(hub: EventHub, open: OpenStreams, opts: EventsOptions = {}): Hono<BffEnv> {
  const app = new Hono<BffEnv>();
  const heartbeatMs = opts.heartbeatMs ?? HEARTBEAT_MS;
  const retryMs = opts.retryMs ?? EVENTS_RETRY_MS;
  const maxPerUser = opts.maxPerUser ?? MAX_STREAMS_PER_USER;
  const perUser = new Map<string, number>();

  route(app, 'bff.events', (c) => {
    const user = c.get('user');
    const idHash = opts.sessions?.idHashOf(c.req.raw);
    if (opts.sessions && idHash === undefined) return problem(401, 'Sign in to use the list builder.');
    const count = perUser.get(user.id) ?? 0;
    if (count >= maxPerUser) {
      return problem(429, `At most ${maxPerUser} live event streams per user; close a tab and try again.`, {
        headers: { 'retry-after': String(Math.ceil(retryMs / 1000)) },
      });
    }
    // Counted before the stream starts, so tabs opening at once cannot all slip under the bound.
    perUser.set(user.id, count + 1);
    const release = () => {
      const n = (perUser.get(user.id) ?? 1) - 1;
      if (n <= 0) perUser.delete(user.id);
      else perUser.set(user.id, n);
    };
    c.header('X-Accel-Buffering', 'no');
    return streamSSE(c, async (stream) => {
      // Ended: nothing more is written from that moment on (an event published after the session
      // ended must not reach the stream while it closes).
      let closed = false;
      let ended!: () => void;
      const done = new Promise<void>((resolve) => {
        ended = () => {
          closed = true;
          resolve();
        };
      });
      open.add(ended);
      stream.onAbort(ended);
      if (stream.aborted) ended();

      // Writes go one after another: an event and a heartbeat must not interleave their lines.
      let queue: Promise<unknown> = Promise.resolve();
      const send = (write: () => Promise<unknown>) => {
        if (closed) return;
        queue = queue.then(write).catch(ended);
      };
      const unsubscribe = hub.subscribe(user.id, (event) =>
        send(() =>
          stream.writeSSE({ event: event.type, id: String(event.id), data: JSON.stringify(event.data) }),
        ),
      );
      const heartbeat = setInterval(() => send(() => stream.write(': heartbeat\n\n')), heartbeatMs);
      send(() => stream.write(`retry: ${retryMs}\n: connected\n\n`));
      // Tied after subscribing: the session is read once more now, so one that ended meanwhile ends it.
      const letGo = idHash !== undefined ? opts.sessions?.streams.hold(idHash, user.id, ended) : undefined;
      try {
        await done;
      } finally {
        clearInterval(heartbeat);
        letGo?.();
        unsubscribe();
        open.delete(ended);
        release();
      }
    });
  });

  return app;
}
