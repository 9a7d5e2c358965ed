/**
 * Serves a BFF app on a port: `@hono/node-server`'s server, every request through its adapter to
 * the app's fetch (the one way in). And stops serving gracefully.
 */
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createAdaptorServer } from '@hono/node-server';
import type { BffApp } from './app';

/** Answers not yet sent (or connections not yet gone) of each server `serveBff` made. */
const inFlight = new WeakMap<Server, { count: number; onIdle: (() => void) | undefined }>();

export function serveBff(
  bff: Pick<BffApp, 'fetch'>,
  opts: { port: number; hostname: string },
  onListening?: (info: AddressInfo) => void,
): Server {
  // `hostname` stands in for a missing Host header, as in the adapter's `serve`.
  const server = createAdaptorServer({ fetch: bff.fetch, hostname: opts.hostname }) as Server;
  // Counted for a graceful stop: it waits for these (`stopServing`).
  const requests = { count: 0, onIdle: undefined as (() => void) | undefined };
  inFlight.set(server, requests);
  server.on('request', (_req, res) => {
    requests.count++;
    res.once('close', () => {
      requests.count--;
      requests.onIdle?.();
    });
  });
  server.listen(opts.port, opts.hostname, () => onListening?.(server.address() as AddressInfo));
  return server;
}

export type StopOutcome = {
  /** Requests in flight when the stop began. */
  waitedFor: number;
  /** Requests still unanswered at the bound, whose connections were cut. */
  cut: number;
};

/**
 * Stops serving without losing the requests in flight (issue 30, item 8): no new connections,
 * idle kept-alive connections closed at once (and each other as soon as its answer is out), the
 * requests in flight awaited up to `timeoutMs`, then whatever is left cut. Resolves when every
 * connection is gone: the app and its store may close then, with nothing left to write to them.
 * `cutNow` (a second signal) ends the wait at once.
 */
export function stopServing(
  server: Server,
  o: { timeoutMs: number; log: (line: string) => void },
): { done: Promise<StopOutcome>; cutNow: () => void } {
  const requests = inFlight.get(server) ?? { count: 0, onIdle: undefined };
  const waitedFor = requests.count;
  let cutNow = () => {};
  const closed = new Promise<void>((resolve) => server.close(() => resolve()));
  server.closeIdleConnections();
  o.log(
    waitedFor === 0
      ? '[bff] stopping: no new connections; no request in flight'
      : `[bff] stopping: no new connections; waiting for ${waitedFor} request${waitedFor === 1 ? '' : 's'} in flight (at most ${o.timeoutMs} ms)`,
  );
  const drained = new Promise<number>((resolve) => {
    let settled = false;
    const finish = (cut: number) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      requests.onIdle = undefined;
      resolve(cut);
    };
    const timer = setTimeout(() => finish(requests.count), o.timeoutMs);
    timer.unref();
    cutNow = () => finish(requests.count);
    requests.onIdle = () => {
      // A kept-alive connection whose answer just went out is idle now: closed, not kept.
      setImmediate(() => server.closeIdleConnections());
      if (requests.count === 0) finish(0);
    };
    if (requests.count === 0) finish(0);
  });
  const done = drained.then(async (cut) => {
    if (cut > 0)
      o.log(
        `[bff] stopping: ${cut} request${cut === 1 ? '' : 's'} still unanswered; cutting their connections`,
      );
    else if (waitedFor > 0) o.log('[bff] stopping: every request in flight answered');
    server.closeAllConnections();
    await closed;
    return { waitedFor, cut };
  });
  return { done, cutNow: () => cutNow() };
}
