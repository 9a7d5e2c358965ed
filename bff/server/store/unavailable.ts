/**
 * The BFF's store out of reach (issue 30, item 9): which errors mean that, the deadline a request's
 * store call gets, and the 503 the request answers then. A request must never hang on a database
 * that is down, nor answer a bare 500 for it: it answers within about two seconds a 503 with
 * `Retry-After`, and the calls after the database is back succeed without a restart (the drivers
 * reconnect by themselves; bff/server/store/postgres.ts bounds how long they wait to try).
 */
import { problem } from '../proxy/problem';

/** How long a request waits for a store call in its guard before answering 503 (ms). */
export const STORE_DEADLINE_MS = 1500;
/** What the 503 asks the client to wait (s): about as long as the driver's next try at the server. */
export const STORE_RETRY_AFTER_S = 5;
export const STORE_UNAVAILABLE_DETAIL = "The BFF's database is unreachable; try again shortly.";

/** A store call that did not answer in time, or failed because the store could not be reached. */
export class StoreUnavailable extends Error {
  readonly code = 'STORE_UNAVAILABLE';
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'StoreUnavailable';
  }
}

/**
 * The `postgres` driver's own codes for a connection that failed, closed under a query, timed out
 * connecting, or was ended (the pool closed: a request that outlived a stop).
 */
const DRIVER_CODES: ReadonlySet<string> = new Set([
  'CONNECTION_CLOSED',
  'CONNECTION_ENDED',
  'CONNECTION_DESTROYED',
  'CONNECT_TIMEOUT',
]);
/** Socket errors of a connection to the database server (the driver passes them on as they are). */
const SOCKET_CODES: ReadonlySet<string> = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ECONNABORTED',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
]);
/**
 * PostgreSQL's SQLSTATEs of a server that cannot serve now: admin_shutdown (a stop or restart),
 * crash_shutdown, cannot_connect_now (starting up or shutting down), too_many_connections.
 */
const POSTGRES_STATES: ReadonlySet<string> = new Set(['57P01', '57P02', '57P03', '53300']);

/**
 * Whether an error means the BFF's store cannot be reached or cannot answer now (a retry later may
 * succeed), as opposed to a fault of the request or of the BFF's own code. PostgreSQL: the server
 * refused or dropped the connection, is shutting down or starting, or did not answer in time.
 * SQLite: the file is locked by another process past the busy timeout, the disk failed a read or a
 * write, the file could not be opened, or the store was closed (a request that outlived a stop).
 * Constraint violations, syntax errors and the like are not: those stay the BFF's 500.
 */
export function isStoreUnavailable(err: unknown): boolean {
  if (err instanceof StoreUnavailable) return true;
  if (typeof err !== 'object' || err === null) return false;
  const e = err as { code?: unknown; name?: unknown; syscall?: unknown; message?: unknown };
  const code = typeof e.code === 'string' ? e.code : undefined;
  if (code === undefined) {
    // better-sqlite3 on a closed handle.
    return err instanceof TypeError && e.message === 'The database connection is not open';
  }
  if (e.name === 'PostgresError') return code.startsWith('08') || POSTGRES_STATES.has(code);
  if (e.name === 'SqliteError') {
    return code === 'SQLITE_BUSY' || code.startsWith('SQLITE_IOERR') || code === 'SQLITE_CANTOPEN';
  }
  if (DRIVER_CODES.has(code)) return true;
  // A raw socket error reaches a handler only from the database driver: the upstream's are answered
  // 502 or 504 by the pipeline, and fetch wraps its own in a TypeError. The driver marks those of a
  // query with the query (`query`); a transaction's connection that failed gets them bare.
  return SOCKET_CODES.has(code) && (typeof e.syscall === 'string' || 'query' in err);
}

/** The answer to a request whose store is out of reach. */
export function storeUnavailableAnswer(): Response {
  return problem(503, STORE_UNAVAILABLE_DETAIL, {
    headers: { 'retry-after': String(STORE_RETRY_AFTER_S) },
  });
}

/**
 * A store call on a request's way, bounded: a value the store answered at once is returned as it is
 * (SQLite, and PostgreSQL's answers from memory: no promise, no timer on that path); a promise that
 * neither resolves nor rejects within `ms` rejects with StoreUnavailable. `onLate` gets a value that
 * arrives after the deadline, to give back what it holds (a budget reservation nobody will settle).
 */
export function withinDeadline<T>(pending: Promise<T>, ms?: number, onLate?: (value: T) => void): Promise<T>;
export function withinDeadline<T>(
  pending: T | Promise<T>,
  ms?: number,
  onLate?: (value: T) => void,
): T | Promise<T>;
export function withinDeadline<T>(
  pending: T | Promise<T>,
  ms: number = STORE_DEADLINE_MS,
  onLate?: (value: T) => void,
): T | Promise<T> {
  if (!(pending instanceof Promise)) return pending;
  watchStalls();
  return new Promise<T>((resolve, reject) => {
    let late = false;
    let settled = false;
    let stalledBefore = stalledMs();
    // The deadline counts the time this process could have read an answer: time its event loop
    // spent stalled (a long synchronous step elsewhere, such as the embedded service's) is added on,
    // so a busy BFF is not taken for a database that is down.
    const expire = () => {
      const stalled = stalledMs() - stalledBefore;
      if (stalled > 0) {
        stalledBefore += stalled;
        timer = setTimeout(expire, stalled);
        timer.unref();
        return;
      }
      // An answer read in the I/O phase that follows the timers still counts.
      setImmediate(() => {
        if (settled) return;
        late = true;
        reject(new StoreUnavailable(`the BFF's store did not answer within ${ms} ms`));
      });
    };
    let timer = setTimeout(expire, ms);
    timer.unref();
    pending.then(
      (value) => {
        settled = true;
        if (late) onLate?.(value);
        else {
          clearTimeout(timer);
          resolve(value);
        }
      },
      (err: unknown) => {
        settled = true;
        clearTimeout(timer);
        reject(err);
      },
    );
  });
}

/** The event loop's stalls (ticks of STALL_TICK_MS that came late), summed since the first deadline. */
const STALL_TICK_MS = 50;
let stalledTotal = 0;
let lastTick = 0;
let watching: NodeJS.Timeout | undefined;

function watchStalls(): void {
  if (watching) return;
  lastTick = performance.now();
  watching = setInterval(stalledMs, STALL_TICK_MS);
  watching.unref();
}

/** Stalled time so far, the tick now overdue included (a tick's jitter of a few ms is no stall). */
function stalledMs(): number {
  const t = performance.now();
  const late = t - lastTick - STALL_TICK_MS;
  if (late > 10) stalledTotal += late;
  lastTick = t;
  return stalledTotal;
}
