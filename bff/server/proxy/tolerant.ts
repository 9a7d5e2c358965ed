/**
 * The tolerant reader of the upstream (docs/product-rules.md, section 1): whatever the real service answers, the
 * browser gets the shapes the embedded service gives. 204 with no body is the endpoint's empty result;
 * `{status, message}`, `{detail}` and FastAPI-style `{detail: [{loc, msg}]}` errors become RFC 9457
 * problems with the upstream's status; a body that is not JSON is a fault (502). Fields the BFF does
 * not know pass through untouched: a successful body is relayed as the text the upstream sent.
 *
 * A successful body is not parsed when it need not be: a JSON object whose last member is its
 * `credits_consumed` (the embedded service writes it last) gives the credits through a look at its
 * end, and is parsed only when someone reads `body`. Parsing every answer was the largest cost of
 * relaying a list page (about a third of the BFF's CPU per request beyond a bare proxy).
 */
import { PROBLEM_CONTENT_TYPE, type Problem, type ProblemField, problemBody } from '../../contract/problem';
import type { HeaderReader } from '../upstream/upstream';
import { asciiAt, includes, type JsonData, lastIndexOf, tailText } from './json-data';

/**
 * What one upstream attempt gave: status, its headers (read by name), and the whole body: its text,
 * and its bytes when the answer came over the network (then `text` is decoded on first read).
 */
export type RawAnswer = { status: number; headers: HeaderReader; readonly text: string; bytes?: Buffer };

export type ReadAnswer = {
  status: number;
  /**
   * The parsed body (the empty result for a 204, the problem for an error); a successful body is
   * parsed on first read (undefined if it then turns out not to be JSON).
   */
  readonly body: unknown;
  /** The body's top-level `credits_consumed` when it is a finite number, else 0. */
  credits: number;
  /** The text sent to the browser. */
  readonly text: string;
  /** The same as UTF-8 bytes, when the upstream's bytes are relayed as they came (then sent instead). */
  readonly bytes?: Buffer;
  contentType: string;
  headers: Record<string, string>;
  /** True when this is the upstream's successful answer (cacheable). */
  ok: boolean;
};

/** Upstream headers the browser may see (rate limits and retry hints); everything else stays here. */
const RELAYED_HEADERS = [
  'retry-after',
  'ratelimit',
  'ratelimit-policy',
  'x-ratelimit-limit',
  'x-ratelimit-remaining',
  'x-ratelimit-reset',
];

function relayed(headers: HeaderReader): Record<string, string> {
  const out: Record<string, string> = {};
  for (const name of RELAYED_HEADERS) {
    const v = headers.get(name);
    if (v !== null) out[name] = v;
  }
  return out;
}

/**
 * Removes the key from a text, also in the spellings an upstream that echoes the request may use:
 * escaped inside a JSON string, or percent-encoded as in a URL.
 */
export function scrub(text: string, secret: string): string {
  if (!secret) return text;
  let out = text;
  for (const form of spellingsOf(secret)) {
    if (out.includes(form)) out = out.split(form).join('[redacted]');
  }
  return out;
}

/** Whether the key appears in a body in any of its spellings. */
function holdsSecret(data: JsonData, secret: string): boolean {
  return secret !== '' && spellingsOf(secret).some((form) => includes(data, form));
}

/** The key's spellings, worked out once per key (scrub runs on every answer). */
const spellings = new Map<string, readonly string[]>();
function spellingsOf(secret: string): readonly string[] {
  let forms = spellings.get(secret);
  if (!forms) {
    forms = [...new Set([secret, JSON.stringify(secret).slice(1, -1), encodeURIComponent(secret)])];
    spellings.set(secret, forms);
  }
  return forms;
}

/** `scrub` on every string inside a parsed body: a key nested in a quoted text is escaped twice on the wire. */
function scrubDeep(value: unknown, secret: string): unknown {
  if (typeof value === 'string') return scrub(value, secret);
  if (Array.isArray(value)) return value.map((v) => scrubDeep(v, secret));
  if (isRecord(value)) {
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(value)) out[k] = scrubDeep(v, secret);
    return out;
  }
  return value;
}

function isRecord(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

/** Problem fields `[{path, message}]`, or FastAPI/pydantic's `[{loc: ["body", "limit"], msg: "..."}]`. */
function fieldsFromDetailList(list: unknown[]): ProblemField[] {
  const fields: ProblemField[] = [];
  for (const item of list) {
    if (!isRecord(item)) continue;
    const loc = Array.isArray(item.loc) ? item.loc.filter((p) => p !== 'body' && p !== 'query') : [];
    const message =
      typeof item.msg === 'string' ? item.msg : typeof item.message === 'string' ? item.message : '';
    // RFC 9457 fields (the embedded service's) carry their path as it is.
    const path = typeof item.path === 'string' ? item.path : loc.map(String).join('.');
    if (message) fields.push({ path, message });
  }
  return fields;
}

/** Any error body the upstream may write, as problem details with the upstream's status. */
export function toProblem(status: number, body: unknown): Problem {
  const generic = `The Company Data Service answered ${status}.`;
  if (!isRecord(body)) return problemBody(status, generic);
  const { detail, message, title, type, errors } = body;
  if (typeof type === 'string' && typeof title === 'string' && typeof detail === 'string') {
    const fields = Array.isArray(errors) ? fieldsFromDetailList(errors) : [];
    // Extension members of the upstream's problem pass through; the status is the one on the wire.
    return {
      ...body,
      type,
      title,
      status,
      detail,
      ...(fields.length > 0 ? { errors: fields } : {}),
    } as Problem;
  }
  if (typeof detail === 'string') return problemBody(status, detail);
  if (Array.isArray(detail)) {
    const fields = fieldsFromDetailList(detail);
    const first = fields[0];
    const text =
      fields.length === 1 && first
        ? `${first.path ? `${first.path}: ` : ''}${first.message}`
        : `${fields.length} fields are invalid`;
    return problemBody(status, fields.length > 0 ? text : generic, fields);
  }
  if (typeof message === 'string') return problemBody(status, message);
  if (typeof body.error === 'string') return problemBody(status, body.error);
  return problemBody(status, generic);
}

export type ReadOptions = {
  /** The endpoint's empty result for this request, for a 204 (absent: 204 means nothing found). */
  empty?: {
    of: (request: { query: URLSearchParams; body: unknown }) => unknown;
    query: URLSearchParams;
    body: unknown;
  };
  /** A 204 is a success to relay as it is (a deletion). */
  noContent?: boolean;
  /** Removed from every text that reaches the browser. */
  secret: string;
};

/** The top-level `credits_consumed` of a parsed body when it is a finite number, else 0. */
export function creditsOf(body: unknown): number {
  const consumed = isRecord(body) ? body.credits_consumed : undefined;
  return typeof consumed === 'number' && Number.isFinite(consumed) ? consumed : 0;
}

/** A JSON number after the key and its colon, then the root object's closing brace (JSON whitespace only). */
const TRAILING_CREDITS =
  /^"credits_consumed"[ \t\n\r]*:[ \t\n\r]*(-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?)[ \t\n\r]*\}[ \t\n\r]*$/;

const isJsonSpace = (ch: string | undefined) => ch === ' ' || ch === '\n' || ch === '\r' || ch === '\t';

/**
 * The credits of a JSON object text whose last member is `"credits_consumed": <number>`, read from
 * its end without parsing it; undefined when the text is not shaped so (then it is parsed). The
 * member is the root object's: it is followed by the text's last `}`, and preceded by `,` or `{`
 * (not a quote's escape), so it is neither nested nor inside a string of a valid JSON text. A text
 * that starts as an object and ends so is taken as JSON; only damage in its middle would pass.
 */
export function trailingCredits(text: JsonData): number | undefined {
  const at = lastIndexOf(text, '"credits_consumed"');
  if (at < 0) return undefined;
  let before = at - 1;
  while (before >= 0 && isJsonSpace(asciiAt(text, before))) before--;
  const prev = asciiAt(text, before);
  if (prev !== ',' && prev !== '{') return undefined;
  let start = 0;
  while (start < before && isJsonSpace(asciiAt(text, start))) start++;
  if (asciiAt(text, start) !== '{') return undefined;
  const m = TRAILING_CREDITS.exec(tailText(text, at));
  if (!m) return undefined;
  const credits = Number(m[1]);
  return Number.isFinite(credits) ? credits : undefined;
}

/**
 * A successful answer whose body is parsed only when read, and decoded only when its text is read
 * (a class: its getters are its prototype's; a copy made by spreading it has neither).
 */
class LazyAnswer implements ReadAnswer {
  readonly contentType = 'application/json';
  readonly ok = true;
  readonly bytes?: Buffer;
  #text: string | undefined;
  #parsed: { value: unknown } | undefined;

  constructor(
    readonly status: number,
    data: JsonData,
    readonly credits: number,
    readonly headers: Record<string, string>,
  ) {
    if (typeof data === 'string') this.#text = data;
    else this.bytes = data;
  }

  get text(): string {
    this.#text ??= this.bytes?.toString('utf8') ?? '';
    return this.#text;
  }

  get body(): unknown {
    if (!this.#parsed) {
      try {
        this.#parsed = { value: JSON.parse(this.text) };
      } catch {
        this.#parsed = { value: undefined };
      }
    }
    return this.#parsed.value;
  }
}

function problemAnswer(p: Problem, headers: Record<string, string> = {}): ReadAnswer {
  return {
    status: p.status,
    body: p,
    credits: creditsOf(p),
    text: JSON.stringify(p),
    contentType: PROBLEM_CONTENT_TYPE,
    headers,
    ok: false,
  };
}

export function readAnswer(raw: RawAnswer, opts: ReadOptions): ReadAnswer {
  const { status, bytes } = raw;
  const headers = relayed(raw.headers);
  // The bytes as they came, when they hold no key and end in their credits: nothing decoded.
  if (bytes && status >= 200 && status < 300 && !holdsSecret(bytes, opts.secret)) {
    const credits = trailingCredits(bytes);
    if (credits !== undefined) return new LazyAnswer(status, bytes, credits, headers);
  }
  const text = scrub(raw.text, opts.secret);

  if (status >= 200 && status < 300 && text.trim() === '') {
    if (opts.noContent)
      return { status: 204, body: undefined, credits: 0, text: '', contentType: '', headers, ok: false };
    if (opts.empty) {
      const body = opts.empty.of(opts.empty);
      return {
        status: 200,
        body,
        credits: creditsOf(body),
        text: JSON.stringify(body),
        contentType: 'application/json',
        headers,
        ok: true,
      };
    }
    return problemAnswer(problemBody(404, 'The Company Data Service has no data for this request.'));
  }

  if (status >= 200 && status < 300) {
    const credits = trailingCredits(text);
    if (credits !== undefined) return new LazyAnswer(status, text, credits, headers);
  }

  let body: unknown;
  if (text.trim() !== '') {
    try {
      body = JSON.parse(text);
    } catch {
      return problemAnswer(
        problemBody(502, `The Company Data Service answered ${status} with a body that is not JSON.`),
      );
    }
  }

  if (status >= 200 && status < 300) {
    return {
      status,
      body,
      credits: creditsOf(body),
      text,
      contentType: 'application/json',
      headers,
      ok: true,
    };
  }
  if (status === 401) {
    // The browser never holds the upstream key: a refused key is the BFF's configuration fault,
    // and relaying 401 would tell the web app that its own user is signed out.
    return problemAnswer(
      problemBody(502, "The Company Data Service refused the BFF's API key; check UPSTREAM_API_KEY."),
    );
  }
  if (status >= 400 && status < 600)
    return problemAnswer(scrubDeep(toProblem(status, body), opts.secret) as Problem, headers);
  return problemAnswer(
    problemBody(502, `The Company Data Service answered with an unexpected status ${status}.`),
  );
}
