/**
 * The upstream call itself, below the pipeline: one attempt read whole within the timeout, retries of
 * reads after a 502, a 503 or a connection error (jittered backoff), and the one redirect to the
 * slashed path the real service makes. Its answers are raw (./tolerant.ts reads them); its faults are
 * `{fault, message}`, never a rejection.
 */
import { EventEmitter } from 'node:events';
import type { Upstream } from '../upstream/upstream';
import type { RawAnswer } from './tolerant';

/** A Retry-After longer than this is the upstream asking not to be retried now: relayed instead. */
const MAX_RETRY_AFTER_S = 2;

export type Fault = { fault: 'unreachable' | 'timeout'; message: string };

export type SendOptions = {
  upstream: Upstream;
  /** Per attempt, covering the whole answer (headers and body). */
  timeoutMs: number;
  /** Extra attempts of a GET after a 502, a 503 or a connection error. */
  retries: number;
  /** First backoff step; each retry waits a random time up to base x 2^attempt (full jitter). */
  retryBaseMs: number;
};

export type Send = (
  path: string,
  search: string,
  method: string,
  bodyText: string | undefined,
) => Promise<RawAnswer | Fault>;

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

export function createSend(opts: SendOptions): Send {
  const { upstream } = opts;
  const secret = upstream.apiKey;

  /**
   * One attempt: the whole answer read within the timeout, or a fault. One promise settled by
   * whichever comes first (no race of two promises and an async frame: this runs on every call).
   */
  function attempt(
    path: string,
    search: string,
    method: string,
    bodyText: string | undefined,
  ): Promise<RawAnswer | Fault> {
    const abort = new EventEmitter();
    const headers: Record<string, string> = { accept: 'application/json', 'x-api-key': secret };
    if (bodyText !== undefined) headers['content-type'] = 'application/json';
    return new Promise<RawAnswer | Fault>((resolve) => {
      const timer = setTimeout(() => {
        abort.emit('abort');
        resolve({
          fault: 'timeout',
          message: `The Company Data Service did not answer within ${opts.timeoutMs} ms.`,
        });
      }, opts.timeoutMs);
      upstream
        .send({
          method,
          pathAndQuery: `${path}${search}`,
          headers,
          ...(bodyText !== undefined ? { body: bodyText } : {}),
          abort,
        })
        .then(
          (answer) => {
            clearTimeout(timer);
            resolve(answer);
          },
          (err: unknown) => {
            clearTimeout(timer);
            const e = err as { code?: string; cause?: { code?: string } };
            const code = e.code ?? e.cause?.code;
            resolve({
              fault: 'unreachable',
              message: `The Company Data Service could not be reached${code ? ` (${code})` : ''}.`,
            });
          },
        );
    });
  }

  /** Attempts with retries (reads only) and the one 307/308 to the slashed path. */
  async function send(
    path: string,
    search: string,
    method: string,
    bodyText: string | undefined,
  ): Promise<RawAnswer | Fault> {
    const attempts = method === 'GET' ? 1 + opts.retries : 1;
    let currentPath = path;
    let redirected = false;
    let last: RawAnswer | Fault = {
      fault: 'unreachable',
      message: 'The Company Data Service could not be reached.',
    };
    for (let i = 0; i < attempts; i++) {
      if (i > 0) await sleep(Math.random() * opts.retryBaseMs * 2 ** (i - 1));
      let answer = await attempt(currentPath, search, method, bodyText);
      if (!('fault' in answer) && (answer.status === 307 || answer.status === 308)) {
        const target = redirected ? undefined : slashedTarget(currentPath, answer.headers.get('location'));
        if (!target) {
          return {
            fault: 'unreachable',
            message: 'The Company Data Service answered with a redirect the BFF does not follow.',
          };
        }
        redirected = true;
        currentPath = target;
        answer = await attempt(currentPath, search, method, bodyText);
        if (!('fault' in answer) && answer.status >= 300 && answer.status < 400) {
          return { fault: 'unreachable', message: 'The Company Data Service redirected more than once.' };
        }
      }
      last = answer;
      if ('fault' in answer) {
        if (answer.fault === 'timeout') return answer;
        continue;
      }
      if (answer.status === 502 || answer.status === 503) {
        const retryAfter = Number(answer.headers.get('retry-after') ?? 0);
        if (Number.isFinite(retryAfter) && retryAfter > MAX_RETRY_AFTER_S) return answer;
        continue;
      }
      return answer;
    }
    return last;
  }

  /**
   * Follows a redirect only to the same path with a trailing slash (the real service's habit), and
   * only on the upstream itself: the key is never sent anywhere else.
   */
  function slashedTarget(path: string, location: string | null): string | undefined {
    if (!location) return undefined;
    let target: URL;
    try {
      target = new URL(location, `http://upstream${path}`);
    } catch {
      return undefined;
    }
    const sameHost = target.origin === 'http://upstream' || target.origin === upstream.origin;
    const bare = path.replace(/\/$/, '');
    return sameHost && target.pathname.endsWith(`${bare}/`) ? `${bare}/` : undefined;
  }

  return send;
}
