/**
 * The BFF's own features beyond the proxy: CSV exports, the webhook receiver and live events.
 * `createBffApp` mounts them after sign-in, CSRF and limits apply, and tells them of every proxied
 * upstream answer (so an addition request is remembered as its user's).
 */
import type { Hono } from 'hono';
import { mountAdditions, trackAddition } from './additions/routes';
import { AdditionStore } from './additions/store';
import { sessionCookie } from './auth/session-routes';
import { hashSessionId } from './auth/sessions';
import type { BffDeps, BffEnv, BffUser, ProxiedCall } from './context';
import { EventHub } from './events/hub';
import { mountEvents } from './events/routes';
import { SessionStreams } from './events/session-streams';
import type { ExportHooks } from './exports/export';
import { type ExportExtension, mountExports } from './exports/routes';
import { mountWebhookReceiver } from './webhooks/receiver';
import { WebhookStore } from './webhooks/store';

export type BffExtras = {
  /**
   * Called after each upstream answer the proxy relays (not for cache hits); a promise when the
   * store is written (an addition request), which the proxy waits for before it answers.
   */
  onProxied: (call: ProxiedCall) => void | Promise<void>;
  /** Stops timers and closes event streams. */
  close: () => void;
};

export type ExtrasOptions = {
  /** WEBHOOK_SECRET (default: the environment's): the secret of an endpoint registered by hand. */
  webhookSecret?: string | undefined;
  now?: () => Date;
  /** Heartbeat interval of event streams (default 15 s). */
  heartbeatMs?: number;
  /** Open event streams per user (default MAX_STREAMS_PER_USER). */
  maxStreamsPerUser?: number;
  /**
   * Team mode: an event stream belongs to its session and ends with it (events/session-streams.ts);
   * `sessionRecheckMs`: how often an open stream's session is read again (default 5 s).
   */
  teamSessions?: boolean;
  sessionRecheckMs?: number;
  /** Told of the companies each export writes (the accounts part's "Exported before" list). */
  exportHooks?: { onRows?: (user: BffUser, rows: ExportedRow[]) => Promise<void> | undefined };
  /** Exports beyond a list request's (bulk enrichment of an account list, presets, exclusions). */
  exportExtension?: () => ExportExtension | undefined;
};

export type ExportedRow = { uuid: string; name: string; website: string };

export function mountBffExtras(
  app: Hono<BffEnv>,
  deps: BffDeps,
  opts: ExtrasOptions = {},
): BffExtras & { hub: EventHub } {
  const now = opts.now ?? (() => new Date());
  const hub = new EventHub(deps.store, deps.log);
  const additions = new AdditionStore(deps.store);
  const webhooks = new WebhookStore(deps.store);
  const notRecorded = (call: ProxiedCall, e: unknown) =>
    deps.log(
      `Could not record ${call.method} ${call.endpoint}: ${e instanceof Error ? e.message : String(e)}`,
    );
  const spent = (userId: string, endpoint: string, credits: number) => {
    if (credits > 0) hub.publish(userId, 'usage.changed', { endpoint, credits_consumed: credits });
  };

  const streams = opts.teamSessions
    ? new SessionStreams(deps.store, {
        now,
        log: deps.log,
        ...(opts.sessionRecheckMs ? { recheckMs: opts.sessionRecheckMs } : {}),
      })
    : undefined;
  const closeEvents = mountEvents(app, hub, {
    ...(opts.heartbeatMs ? { heartbeatMs: opts.heartbeatMs } : {}),
    ...(opts.maxStreamsPerUser ? { maxPerUser: opts.maxStreamsPerUser } : {}),
    ...(streams
      ? {
          sessions: {
            streams,
            idHashOf: (req: Request) => {
              const id = sessionCookie(req);
              return id === undefined ? undefined : hashSessionId(id);
            },
          },
        }
      : {}),
  });
  // Export pages go through `deps.call`, which reports them to `onProxied` below like any proxied
  // call, so their credits reach `usage.changed` there.
  const onRows = opts.exportHooks?.onRows;
  mountExports(
    app,
    deps,
    (user): ExportHooks => ({
      now,
      ...(onRows
        ? {
            onRows: (rows) => {
              onRows(user, rows)?.catch((e: unknown) =>
                deps.log(
                  `[bff] could not record exported companies: ${e instanceof Error ? e.message : String(e)}`,
                ),
              );
            },
          }
        : {}),
    }),
    opts.exportExtension,
  );
  mountAdditions(app, additions);
  mountWebhookReceiver(app, {
    store: webhooks,
    hub,
    log: deps.log,
    envSecret: 'webhookSecret' in opts ? opts.webhookSecret : process.env.WEBHOOK_SECRET,
    now,
  });

  return {
    hub,
    onProxied: (call) => {
      // Bookkeeping must never break the answer the proxy is relaying.
      try {
        const credits =
          call.creditsConsumed ?? (call.body as { credits_consumed?: unknown } | null)?.credits_consumed;
        if (typeof credits === 'number') spent(call.user.id, call.endpoint, credits);
        if (call.id === 'additions.submit' || call.id === 'additions.status')
          return trackAddition(additions, hub, call, now()).catch((e: unknown) => notRecorded(call, e));
      } catch (e) {
        notRecorded(call, e);
      }
    },
    close: () => {
      closeEvents();
      streams?.close();
      hub.close();
    },
  };
}
