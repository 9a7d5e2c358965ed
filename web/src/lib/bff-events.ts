/**
 * One Server-Sent Events connection to `/bff/events` per browser tab, shared by every part of the
 * app that wants live events: it opens with the first subscriber and closes with the last.
 * Subscribers also learn whether the stream is open, so they can poll while it is not (the
 * fallback), and refetch when it (re)opens (events are not replayed after a reconnect).
 */
import type { BffEventType } from '@contract/bff';
import { urlOf } from './api-client';

type EventListener = (data: unknown) => void;
type ConnectionListener = (open: boolean) => void;

const byType = new Map<BffEventType, Set<EventListener>>();
const connectionListeners = new Set<ConnectionListener>();
let source: EventSource | null = null;
let isOpen = false;
let retryTimer: ReturnType<typeof setTimeout> | null = null;

/** After the stream is refused outright (not a dropped connection), try again this much later. */
const REOPEN_AFTER_MS = 30_000;

function subscriberCount(): number {
  let n = connectionListeners.size;
  for (const set of byType.values()) n += set.size;
  return n;
}

function setOpen(open: boolean) {
  if (open === isOpen) return;
  isOpen = open;
  for (const l of [...connectionListeners]) l(open);
}

function dispatch(type: BffEventType, raw: string) {
  let data: unknown;
  try {
    data = JSON.parse(raw);
  } catch {
    return;
  }
  for (const l of [...(byType.get(type) ?? [])]) l(data);
}

function listenFor(es: EventSource, type: BffEventType) {
  es.addEventListener(type, (e) => dispatch(type, (e as MessageEvent<string>).data));
}

function connect() {
  if (source || typeof EventSource === 'undefined') return;
  const es = new EventSource(urlOf('bff.events'));
  source = es;
  for (const type of byType.keys()) listenFor(es, type);
  es.onopen = () => setOpen(true);
  es.onerror = () => {
    setOpen(false);
    // CONNECTING: the browser reconnects by itself. CLOSED: the server refused the stream
    // (no such endpoint, signed out): start over later rather than never.
    if (es.readyState === EventSource.CLOSED) {
      source = null;
      if (!retryTimer && subscriberCount() > 0)
        retryTimer = setTimeout(() => {
          retryTimer = null;
          if (subscriberCount() > 0) connect();
        }, REOPEN_AFTER_MS);
    }
  };
}

function disconnectIfIdle() {
  if (subscriberCount() > 0) return;
  source?.close();
  source = null;
  if (retryTimer) clearTimeout(retryTimer);
  retryTimer = null;
  setOpen(false);
}

/** Calls `listener` with each event of `type` (its parsed `data`); returns the unsubscribe. */
export function subscribeBffEvent(type: BffEventType, listener: EventListener): () => void {
  let set = byType.get(type);
  const isNewType = !set;
  if (!set) {
    set = new Set();
    byType.set(type, set);
  }
  set.add(listener);
  if (source && isNewType) listenFor(source, type);
  connect();
  return () => {
    set.delete(listener);
    disconnectIfIdle();
  };
}

/** Calls `listener` whenever the stream opens or drops (and once now with the current state). */
export function subscribeBffConnection(listener: ConnectionListener): () => void {
  connectionListeners.add(listener);
  listener(isOpen);
  connect();
  return () => {
    connectionListeners.delete(listener);
    disconnectIfIdle();
  };
}
