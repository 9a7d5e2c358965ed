/**
 * An import's status as the app shows it (counts, invalid lines, the time left), and its progress
 * events: at most one every 250 ms per import, the final one always, in the order they were asked for.
 */
import type { ImportStatus } from '../../contract/accounts';
import type { EventHub } from '../events/hub';
import type { Pacer } from './pacer';
import type { AccountStore, ImportRecord } from './store';

/** How often one import's progress event goes out at most (the final one always does). */
const PROGRESS_EVERY_MS = 250;

export type ImportProgress = {
  statusOf: (r: ImportRecord) => Promise<ImportStatus>;
  /** Tells the owner's tabs of the import's state now (`final`: at once, else within the interval). */
  onProgress: (importId: string, ownerId: string, final: boolean) => void;
  /** Drops the events still waiting for their interval. */
  close: () => void;
};

export function importProgress(o: {
  store: AccountStore;
  hub: EventHub;
  pacer: Pacer;
  /** The seconds one request of matching takes now (the runner's pace). */
  requestSeconds: () => number;
  log: (line: string) => void;
}): ImportProgress {
  const { store, hub, pacer } = o;
  const lastSent = new Map<string, { at: number; timer?: NodeJS.Timeout }>();

  const statusOf = async (r: ImportRecord): Promise<ImportStatus> => {
    const counts = await store.counts(r.id);
    const left = r.rows - counts.processed;
    const done = counts.processed - counts.invalid;
    const perRow = done > 0 && r.requests > 0 ? r.requests / done : 1.5;
    const finished = r.status === 'completed' || r.status === 'cancelled' || r.status === 'failed';
    return {
      id: r.id,
      name: r.name,
      status: r.status,
      rows: r.rows,
      ...counts,
      invalid_lines: await store.invalidLines(r.id, 1000),
      account_list_id: r.accountListId,
      name_column: r.nameColumn,
      domain_column: r.domainColumn,
      requests: r.requests,
      requests_per_minute: pacer.perMinute,
      eta_seconds: finished ? 0 : Math.ceil(left * perRow * o.requestSeconds()),
      error: r.error,
      created_at: r.createdAt,
      updated_at: r.updatedAt,
    };
  };

  // An import's events go out in the order they were asked for: each reads the import after the one
  // before it was sent (two reads in flight could finish in either order, and a `matching` snapshot
  // sent after the `completed` one left the app showing a finished import as still matching).
  const publishing = new Map<string, Promise<void>>();
  const publish = (importId: string, ownerId: string): Promise<void> => {
    const next = (publishing.get(importId) ?? Promise.resolve()).then(async () => {
      const r = await store.getImport(importId);
      if (r) hub.publish(ownerId, 'accounts.import.progress', await statusOf(r));
    });
    const settled = next.catch(() => {});
    publishing.set(importId, settled);
    void settled.then(() => {
      if (publishing.get(importId) === settled) publishing.delete(importId);
    });
    return next;
  };
  const onProgress = (importId: string, ownerId: string, final: boolean) => {
    const t = Date.now();
    const last = lastSent.get(importId);
    if (last?.timer) clearTimeout(last.timer);
    const send = () => {
      lastSent.set(importId, { at: Date.now() });
      publish(importId, ownerId).catch((e: unknown) => o.log(`[accounts] progress event: ${String(e)}`));
    };
    if (final || !last || t - last.at >= PROGRESS_EVERY_MS) {
      send();
      if (final) lastSent.delete(importId);
      return;
    }
    // Within the interval: the latest state goes out when it ends.
    lastSent.set(importId, { at: last.at, timer: setTimeout(send, PROGRESS_EVERY_MS - (t - last.at)) });
  };

  return {
    statusOf,
    onProgress,
    close: () => {
      for (const s of lastSent.values()) if (s.timer) clearTimeout(s.timer);
    },
  };
}
