/**
 * The BFF's own features beyond the proxy: CSV exports, the webhook receiver and live events.
 * `createExtras` builds their services before the proxy pipeline (which tells them of every proxied
 * upstream answer, so an addition request is remembered as its user's); `extrasRoutes` is their
 * sub-app, which `createApp` mounts behind sign-in, CSRF and limits.
 */
import { Hono } from 'hono';
import { additionRoutes, trackAddition } from './additions/routes';
import { AdditionStore } from './additions/store';
import { sessionCookie } from './auth/session-routes';
import { hashSessionId } from './auth/sessions';
import { webhookSecretFromEnv } from './config';
import type { BffDeps, BffEnv, BffUser, ProxiedCall } from './context';
import { EventHub } from './events/hub';
import { eventRoutes, OpenStreams } from './events/routes';
import { SessionStreams } from './events/session-streams';
import type { ListEstimateDeps } from './exports/estimate';
import type { ExportHooks } from './exports/export';
import type { AllExportDeps } from './exports/export-all';
import { type ExportExtension, exportRoutes } from './exports/routes';
import { webhookReceiverRoutes } from './webhooks/receiver';
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

/** The extras' services: what their routes and the proxy's `onProxied` share. */
export type Extras = BffExtras & {
  hub: EventHub;
  additions: AdditionStore;
  webhooks: WebhookStore;
  /** Team mode: the live streams held to their sessions. */
  sessions: SessionStreams | undefined;
  open: OpenStreams;
  now: () => Date;
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
};

/** What the exports add beyond a list request's CSV (the accounts part's, when it is there). */
export type ExportOptions = {
  /** Told of the companies each export writes (the accounts part's "Exported before" list). */
  onRows?: (user: BffUser, rows: ExportedRow[]) => Promise<void> | undefined;
  /** Exports beyond a list request's (bulk enrichment of an account list, presets, exclusions). */
  extension?: ExportExtension;
  /** What a list export's estimate reads: the company store and what the user may still spend. */
  estimates?: ListEstimateDeps;
  /** Exports of every match (`all`): the counts remembered, EXPORT_MAX_ROWS, the budget left. */
  all?: AllExportDeps;
};

export type ExportedRow = { uuid: string; name: string; website: string };

export function createExtras(deps: Pick<BffDeps, 'store' | 'log'>, opts: ExtrasOptions = {}): Extras {
  const now = opts.now ?? (() => new Date());
  const hub = new EventHub(deps.store, deps.log);
  const additions = new AdditionStore(deps.store);
  const notRecorded = (call: ProxiedCall, e: unknown) =>
    deps.log(
      `Could not record ${call.method} ${call.endpoint}: ${e instanceof Error ? e.message : String(e)}`,
    );
  const spent = (userId: string, endpoint: string, credits: number) => {
    if (credits > 0) hub.publish(userId, 'usage.changed', { endpoint, credits_consumed: credits });
  };
  const sessions = opts.teamSessions
    ? new SessionStreams(deps.store, {
        now,
        log: deps.log,
        ...(opts.sessionRecheckMs ? { recheckMs: opts.sessionRecheckMs } : {}),
      })
    : undefined;
  const open = new OpenStreams();
  return {
    hub,
    additions,
    webhooks: new WebhookStore(deps.store),
    sessions,
    open,
    now,
    // Export pages go through the port to the pipeline, which reports them here like any proxied
    // call, so their credits reach `usage.changed` too.
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
      open.endAll();
      sessions?.close();
      hub.close();
    },
  };
}

/** The extras' routes: live events, exports, the user's additions, the webhook receiver. */
export function extrasRoutes(
  extras: Extras,
  deps: BffDeps,
  opts: ExtrasOptions & { exports?: ExportOptions } = {},
): Hono<BffEnv> {
  const { sessions } = extras;
  const events = eventRoutes(extras.hub, extras.open, {
    ...(opts.heartbeatMs ? { heartbeatMs: opts.heartbeatMs } : {}),
    ...(opts.maxStreamsPerUser ? { maxPerUser: opts.maxStreamsPerUser } : {}),
    ...(sessions
      ? {
          sessions: {
            streams: sessions,
            idHashOf: (req: Request) => {
              const id = sessionCookie(req);
              return id === undefined ? undefined : hashSessionId(id);
            },
          },
        }
      : {}),
  });
  const onRows = opts.exports?.onRows;
  const hooks = (user: BffUser): ExportHooks => ({
    now: extras.now,
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
  });
  return new Hono<BffEnv>()
    .route('/', events)
    .route(
      '/',
      exportRoutes(deps, hooks, opts.exports?.extension, opts.exports?.estimates, opts.exports?.all),
    )
    .route('/', additionRoutes(extras.additions))
    .route(
      '/',
      webhookReceiverRoutes({
        store: extras.webhooks,
        hub: extras.hub,
        log: deps.log,
        envSecret: 'webhookSecret' in opts ? opts.webhookSecret : webhookSecretFromEnv(),
        now: extras.now,
      }),
    );
}
