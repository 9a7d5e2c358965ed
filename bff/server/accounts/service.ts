/**
 * The account lists' service (issue 15, bff/contract/accounts.ts): imports matched in the background
 * (runner.ts, paced by pacer.ts), the user's "Exported before" list, which lists a user may use, and
 * bulk enrichment in exports (enrich.ts). Its routes are routes.ts's sub-app; list generation reads
 * `usableLists` and the store (exclusion.ts).
 */
import { randomUUID } from 'node:crypto';
import { IMPORT_MAX_BYTES, IMPORT_MAX_ROWS } from '../../contract/accounts';
import type { Plan } from '../../contract/pricing';
import type { BffUser } from '../context';
import type { EventHub } from '../events/hub';
import type { ExportExtension } from '../exports/routes';
import type { ServicePort } from '../lists/port';
import { invalidProblem } from '../proxy/problem';
import { type EnrichDeps, estimateEnrichment, planEnrichment, runEnrichment } from './enrich';
import { domainOf } from './match';
import { Pacer } from './pacer';
import { type ImportProgress, importProgress } from './progress';
import { ImportRunner } from './runner';
import type { AccountListRecord, AccountStore, Owner } from './store';

export type AccountsOptions = {
  store: AccountStore;
  /** The companies exports are recording in "Exported before" (made before the service call reads it). */
  recording?: ExportRecording;
  /** The typed port to the service (`deps.port`): company searches and enrichments. */
  port: ServicePort;
  plan: Plan;
  hub: EventHub;
  /** Credits the user may still spend (daily budget and team cap); null: unlimited. */
  remaining: (user: BffUser) => Promise<number | null>;
  /** Requests a minute the matching is paced to; null: not paced. */
  perMinute: number | null;
  /** Rows matched at once per import (default 4). */
  concurrency?: number;
  /** How long an instance's lease on an import it matches lasts (ms, default 30 s). */
  leaseMs?: number;
  maxRows?: number;
  maxBytes?: number;
  retryBaseMs?: number;
  log: (line: string) => void;
  now: () => Date;
};

export type Accounts = {
  store: AccountStore;
  runner: ImportRunner;
  /** The user's "Exported before" list (made when missing). */
  exportedList: (user: BffUser) => Promise<AccountListRecord>;
  /** Adds exported companies to the user's "Exported before" list. */
  recordExport: (
    user: BffUser,
    rows: readonly { uuid: string; name: string; website?: string; domain?: string }[],
  ) => Promise<void>;
  /** The lists of `ids` the user may use, or the 400 naming those they may not. */
  usableLists: (
    user: BffUser,
    ids: readonly string[],
    field: string,
  ) => Promise<AccountListRecord[] | Response>;
  /** Bulk enrichment in `POST /bff/exports` (`source: {account_list}`). */
  exportExtension: ExportExtension;
  /** Waits for the user's exported companies still being recorded (a read of lists shows them). */
  recorded: (userId: string) => Promise<void>;
  progress: ImportProgress;
  enrichDeps: EnrichDeps;
  /** The typed port to the service (a row's pick searches by id through it). */
  port: ServicePort;
  limits: { maxRows: number; maxBytes: number };
  now: () => Date;
  close: () => Promise<void>;
};

export const EXPORTED_BEFORE = 'Exported before';
/** The user's own list of the companies they hid by hand (issue 35's "Hide"). */
export const HIDDEN_COMPANIES = 'Hidden companies';

export const ownerOf = (user: BffUser): Owner => ({
  id: user.id,
  name: user.name,
  role: user.role ?? 'member',
});

/** Whether `user` may see the list: their own, or one shared with the team. */
export const visible = (l: AccountListRecord | undefined, user: BffUser): l is AccountListRecord =>
  l !== undefined && (l.ownerId === user.id || l.shared);

export type ExportRecording = {
  /** Waits for the user's exported companies still being written. */
  recorded: (userId: string) => Promise<void>;
  /** Holds a write of exported companies until it settles. */
  record: (userId: string, write: Promise<void>) => Promise<void>;
};

/**
 * An export records its companies in "Exported before" as its pages are written, without waiting
 * (the store's writes may be round trips to PostgreSQL): the user's reads of account lists wait for
 * those still being written, so a list read after an export shows what it exported.
 */
export function exportRecording(): ExportRecording {
  const recording = new Map<string, Set<Promise<void>>>();
  const recorded = async (userId: string): Promise<void> => {
    const pending = recording.get(userId);
    if (pending) await Promise.allSettled([...pending]);
  };
  const record = (userId: string, write: Promise<void>): Promise<void> => {
    let pending = recording.get(userId);
    if (!pending) {
      pending = new Set();
      recording.set(userId, pending);
    }
    const set = pending;
    set.add(write);
    return write.finally(() => {
      set.delete(write);
      if (set.size === 0 && recording.get(userId) === set) recording.delete(userId);
    });
  };
  return { recorded, record };
}

export function createAccounts(opts: AccountsOptions): Accounts {
  const { store, hub, now } = opts;
  const pacer = new Pacer(opts.perMinute);
  const progress = importProgress({
    store,
    hub,
    pacer,
    requestSeconds: () => runner.requestSeconds,
    log: opts.log,
  });
  const runner = new ImportRunner({
    store,
    port: opts.port,
    pacer,
    ...(opts.concurrency !== undefined ? { concurrency: opts.concurrency } : {}),
    ...(opts.leaseMs !== undefined ? { leaseMs: opts.leaseMs } : {}),
    ...(opts.retryBaseMs !== undefined ? { retryBaseMs: opts.retryBaseMs } : {}),
    onProgress: progress.onProgress,
    log: opts.log,
    now,
  });
  const exportedList = (user: BffUser) =>
    store.exportedList(ownerOf(user), randomUUID(), EXPORTED_BEFORE, now().toISOString());
  const { recorded, record } = opts.recording ?? exportRecording();

  const usableLists: Accounts['usableLists'] = async (user, ids, field) => {
    const out: AccountListRecord[] = [];
    const errors: { path: string; message: string }[] = [];
    await recorded(user.id);
    for (const [i, id] of ids.entries()) {
      const l = await store.getList(id);
      if (visible(l, user)) out.push(l);
      else
        errors.push({ path: `${field}.${i}`, message: `no account list "${id}" (or not shared with you)` });
    }
    return errors.length > 0 ? invalidProblem(errors) : out;
  };
  const enrichDeps: EnrichDeps = {
    store,
    port: opts.port,
    plan: opts.plan,
    hub,
    pacer,
    log: opts.log,
    now,
    remaining: opts.remaining,
    usableLists,
  };

  // Imports a previous process left unfinished go on where they stopped.
  runner.resumeAll().catch((e: unknown) => opts.log(`[accounts] could not resume imports: ${String(e)}`));

  return {
    store,
    runner,
    exportedList,
    recordExport: async (user, rows) => {
      if (rows.length === 0) return;
      const at = now().toISOString();
      await record(
        user.id,
        exportedList(user).then((list) =>
          store.addMembers(
            list.id,
            rows.map((r) => ({
              uuid: r.uuid,
              name: r.name,
              domain: r.domain ?? domainOf({ website: r.website ?? '' }),
            })),
            at,
          ),
        ),
      );
    },
    usableLists,
    exportExtension: {
      handle: async (user, body, hooks) => {
        if (!body || typeof body !== 'object' || !('source' in body)) return { body };
        const plan = await planEnrichment(enrichDeps, user, body);
        if (plan instanceof Response) return plan;
        return runEnrichment(enrichDeps, user, plan, hooks);
      },
      // `POST /bff/exports/estimate` of a bulk enrichment; a list export's is the exports' own.
      estimate: async (user, body) => {
        if (!body || typeof body !== 'object' || !('source' in body)) return undefined;
        const plan = await planEnrichment(enrichDeps, user, body);
        if (plan instanceof Response) return plan;
        return Response.json(await estimateEnrichment(enrichDeps, user, plan));
      },
    },
    recorded,
    progress,
    enrichDeps,
    port: opts.port,
    limits: { maxRows: opts.maxRows ?? IMPORT_MAX_ROWS, maxBytes: opts.maxBytes ?? IMPORT_MAX_BYTES },
    now,
    close: async () => {
      progress.close();
      await runner.close();
    },
  };
}
