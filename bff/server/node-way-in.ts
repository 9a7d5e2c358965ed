/**
 * The service proxy's GETs and list requests, read and answered below Hono's Node adapter (decision
 * 0005, "Below the Node adapter"): the parts of a request the service proxy's steps read (`method`, `url`, `headers.get`,
 * `text()`), read straight from node:http's `IncomingMessage`, and an answer the pipeline built
 * written straight to the `ServerResponse` from its parts. Everything else about a request and an
 * answer stays the adapter's; app.ts says which requests come this way (`BffApp.listener`).
 */
import { once } from 'node:events';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { TLSSocket } from 'node:tls';

/**
 * Headers that node:http keeps once (a repeat is dropped, per its documentation) where a WHATWG
 * `Headers` joins every value: read from the raw list and joined, as the Node adapter reads them.
 */
const KEPT_ONCE = new Set([
  'age',
  'authorization',
  'content-length',
  'content-type',
  'etag',
  'expires',
  'from',
  'host',
  'if-modified-since',
  'if-unmodified-since',
  'last-modified',
  'location',
  'max-forwards',
  'proxy-authorization',
  'referer',
  'retry-after',
  'server',
  'user-agent',
]);

const isHttpSpace = (code: number) => code === 9 || code === 10 || code === 13 || code === 32;

/** A value without the leading and trailing white space a `Headers` strips. */
function normalized(value: string): string {
  if (!isHttpSpace(value.charCodeAt(0)) && !isHttpSpace(value.charCodeAt(value.length - 1))) return value;
  return value.replace(/^[\t\n\r ]+|[\t\n\r ]+$/g, '');
}

/**
 * The Host values and request targets the Node adapter takes as written (its `buildUrl`); anything
 * else it parses with `URL` (a dot segment is resolved, say), so such a request goes the adapter's way.
 */
const PLAIN_HOST = /^[a-z0-9._-]+(?::(?:[1-5]\d{3,4}|[6-9]\d{3}))?$/;
const PLAIN_TARGET = /^\/[!#$&-;=?-[\]_a-z~]*$/;
const DOT_SEGMENT = /\/\.\.?(?:[/?#]|$)/;

/** The request's absolute URL as the adapter builds it, or undefined when the adapter would parse it. */
export function plainUrl(incoming: IncomingMessage): string | undefined {
  const host = incoming.headers.host;
  const target = incoming.url;
  if (!host || !PLAIN_HOST.test(host) || !target || !PLAIN_TARGET.test(target) || DOT_SEGMENT.test(target))
    return undefined;
  return `${(incoming.socket as TLSSocket | null)?.encrypted ? 'https' : 'http'}://${host}${target}`;
}

const CHUNKS = Symbol('chunks');
type Collecting = IncomingMessage & { [CHUNKS]: Buffer[] };
function collect(this: Collecting, chunk: Buffer): void {
  this[CHUNKS].push(chunk);
}

/** The whole body as UTF-8 text (its size is declared and already held to the limit). */
async function readBody(incoming: IncomingMessage): Promise<string> {
  const c = incoming as Collecting;
  c[CHUNKS] = [];
  c.on('data', collect);
  // Rejects when the request errs (the client gone mid-body), as the adapter's reader does.
  await once(c, 'end');
  const chunks = c[CHUNKS];
  return chunks.length === 1 ? chunks[0]!.toString('utf8') : Buffer.concat(chunks).toString('utf8');
}

/**
 * What the service proxy's steps read of a request, over node:http's: its headers read by name as
 * the Node adapter's `Headers` reads them, its body read once. Methods, not closures: tsx names every
 * closure it makes, which a request's way in cannot afford.
 */
export class NodeRequest {
  readonly method: string;
  #text: Promise<string> | undefined;

  constructor(
    readonly incoming: IncomingMessage,
    readonly url: string,
  ) {
    this.method = incoming.method ?? 'GET';
  }

  /** Itself: `get` is the one reader of headers the proxy's steps use. */
  get headers(): { get(name: string): string | null } {
    return this;
  }

  get(name: string): string | null {
    const lower = name.toLowerCase();
    if (KEPT_ONCE.has(lower)) {
      const raw = this.incoming.rawHeaders;
      let value: string | null = null;
      for (let i = 0; i < raw.length; i += 2) {
        if (raw[i]!.length === lower.length && raw[i]!.toLowerCase() === lower) {
          const v = normalized(raw[i + 1]!);
          value = value === null ? v : `${value}, ${v}`;
        }
      }
      return value;
    }
    const v = this.incoming.headers[lower];
    if (typeof v === 'string') return normalized(v);
    return Array.isArray(v) ? v.map(normalized).join(', ') : null;
  }

  text(): Promise<string> {
    this.#text ??= readBody(this.incoming);
    return this.#text;
  }
}

/** An answer the pipeline relayed, in parts: what `writeAnswer` writes without a Response's machinery. */
export type AnswerParts = {
  status: number;
  headers: Record<string, string>;
  body: Buffer | string | null;
};

/**
 * Writes the answer: from its parts when the pipeline gave them, else from the Response (the guard's
 * and the pipeline's own problems, which are rare and small).
 */
export function writeAnswer(
  res: Response,
  parts: AnswerParts | undefined,
  outgoing: ServerResponse,
): Promise<void> | undefined {
  if (parts) {
    // The parts' headers are this answer's own object: its length goes in with them (one writeHead,
    // no merge with headers set one by one).
    const { body, headers } = parts;
    if (body !== null)
      headers['content-length'] = String(typeof body === 'string' ? Buffer.byteLength(body) : body.length);
    outgoing.writeHead(parts.status, headers);
    outgoing.end(body ?? undefined);
    return undefined;
  }
  return writeResponse(res, outgoing);
}

async function writeResponse(res: Response, outgoing: ServerResponse): Promise<void> {
  const body = res.body === null ? undefined : Buffer.from(await res.arrayBuffer());
  for (const [name, value] of res.headers) if (name !== 'set-cookie') outgoing.setHeader(name, value);
  const cookies = res.headers.getSetCookie();
  if (cookies.length > 0) outgoing.setHeader('set-cookie', cookies);
  if (body !== undefined) outgoing.setHeader('content-length', body.length);
  outgoing.writeHead(res.status);
  outgoing.end(body);
}
