/**
 * The two upstreams' dialects (docs/product-rules.md, section 1; `docs/real-service.md`): the browser
 * speaks one, the embedded service's, and the BFF adapts every upstream call to whichever service is
 * behind it. Two pure functions, keyed by endpoint id, that the pipeline calls on every call:
 *
 * - `toUpstream`: the request to send. It must work on both services, so it uses only what both
 *   accept: company search by `query` alone (the real service's one parameter; the embedded service resolves ids and
 *   websites from it too), and news dates as `start_date`/`end_date`. Everything else is sent as
 *   the browser sent it.
 * - `fromUpstream`: the answer in the embedded service's shape, or `undefined` when it has that shape
 *   already, so the pipeline relays the upstream's text untouched (no re-serialising of large lists).
 *   It detects shapes and never assumes which service answered: on the embedded service's own
 *   answers it returns `undefined`. Fields it does not know pass through.
 *
 * A 204 (no match) never reaches `fromUpstream`: the tolerant reader turns it into the endpoint's
 * empty result first (`empty` in the route table).
 */
import { createHash } from 'node:crypto';
import { getDomain, parse as parseUrl } from 'tldts';
import type { HttpMethod, ServiceEndpointId } from '../../contract/endpoints';
import { type JsonData, lastIndexOf, startsWithAscii, tailText } from './json-data';
import { headcountTrends, jobs, websiteTraffic } from './real-signals';

/** The service's endpoints of the one table (`bff/contract/endpoints.ts`). */
export type EndpointId = ServiceEndpointId;

/** One upstream request: path without query, the query, and the parsed JSON body (POST). */
export type UpstreamRequest = {
  method: HttpMethod;
  path: string;
  query: URLSearchParams;
  body: unknown;
};

/** The browser's request as the pipeline validated it (what limits and echoes are read from). */
export type BrowserRequest = { query: URLSearchParams; body: unknown };

type Json = Record<string, unknown>;

function isRecord(v: unknown): v is Json {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

// ---------------------------------------------------------------------------------------------
// Requests

/** Company search: the first given of these is sent as `query` (the embedded service's order). */
const SEARCH_KEYS = ['query', 'uuid', 'website', 'name'] as const;

export function toUpstream(id: EndpointId, req: UpstreamRequest): UpstreamRequest {
  switch (id) {
    case 'company.search': {
      const key = SEARCH_KEYS.find((k) => req.query.has(k));
      const query = new URLSearchParams();
      if (key) query.set('query', req.query.get(key) ?? '');
      return { ...req, query };
    }
    case 'news': {
      if (!req.query.has('from') && !req.query.has('to')) return req;
      const query = new URLSearchParams();
      for (const [k, v] of req.query) {
        if (k === 'from') query.append('start_date', v);
        else if (k === 'to') query.append('end_date', v);
        else query.append(k, v);
      }
      return { ...req, query };
    }
    default:
      return req;
  }
}

// ---------------------------------------------------------------------------------------------
// Answers

/** `{status: "success", data: {...}, credits_consumed}` around a record that has `field`. */
function unwrap(body: unknown, field: string): Json | undefined {
  if (!isRecord(body) || body.status !== 'success' || !isRecord(body.data) || !(field in body.data))
    return undefined;
  const inner = body.data;
  const credits =
    typeof inner.credits_consumed === 'number'
      ? inner.credits_consumed
      : typeof body.credits_consumed === 'number'
        ? body.credits_consumed
        : 0;
  return { ...inner, credits_consumed: credits };
}

/** The fields of a list page besides `data`, which the embedded service writes after it. */
const LIST_FIELDS = [
  'count',
  'total_count',
  'offset',
  'filters',
  'query_translated',
  'warnings',
  'skipped_sections',
  'credits_consumed',
] as const;

/**
 * A list page's text proven in the embedded service's shape without parsing its rows: it opens with
 * the `data` array, and what follows the last `],"count":` parses on its own as the rest of an
 * object holding every other field. That rest closes the text, so its members are the root object's
 * (a `"count"` nested in a row would leave the row's and the page's closing brackets after it);
 * its `"` cannot be inside a string, where a quote is escaped. Parsing a 50-row page only to find
 * it already in shape was a third of the BFF's CPU for list generation.
 */
function listInShape(text: JsonData): boolean {
  if (!startsWithAscii(text, '{"data":[')) return false;
  const at = lastIndexOf(text, '],"count":');
  if (at < 0) return false;
  let rest: unknown;
  try {
    rest = JSON.parse(`{${tailText(text, at + 2)}`);
  } catch {
    return false;
  }
  return isRecord(rest) && LIST_FIELDS.every((k) => k in rest);
}

function listGenerate(body: unknown, request: BrowserRequest): Json | undefined {
  if (!isRecord(body) || !Array.isArray(body.data)) return undefined;
  const asked = isRecord(request.body) ? request.body : {};
  const defaults: Record<(typeof LIST_FIELDS)[number], unknown> = {
    count: body.data.length,
    total_count: body.data.length,
    offset: typeof asked.offset === 'number' ? asked.offset : 0,
    filters: isRecord(asked.filters) ? asked.filters : {},
    query_translated: typeof asked.query === 'string',
    warnings: [],
    skipped_sections: [],
    credits_consumed: 0,
  };
  const missing = LIST_FIELDS.filter((k) => !(k in body));
  if (missing.length === 0) return undefined;
  const out: Json = { ...body };
  for (const k of missing) out[k] = defaults[k];
  return out;
}

/** The product's one review provider, when it has exactly one. */
function soleProvider(product: Json): string | undefined {
  const names = new Set<string>();
  if (isRecord(product.rating)) for (const k of Object.keys(product.rating)) names.add(k);
  const reviews = product.reviews;
  if (isRecord(reviews) && isRecord(reviews.total_by_provider))
    for (const k of Object.keys(reviews.total_by_provider)) names.add(k);
  return names.size === 1 ? [...names][0] : undefined;
}

/**
 * Pros or cons written as strings (the real service) as the embedded service's points: a text said
 * several times is one point with that many mentions; the provider is the product's only provider,
 * or `all_providers` when the list is aggregated over several.
 */
function points(list: unknown, product: Json): unknown {
  if (!Array.isArray(list) || !list.some((x) => typeof x === 'string')) return list;
  const provider = soleProvider(product) ?? 'all_providers';
  const counted = new Map<string, number>();
  const out: unknown[] = [];
  for (const item of list) {
    if (typeof item !== 'string') out.push(item);
    else if (item.trim() !== '') counted.set(item, (counted.get(item) ?? 0) + 1);
  }
  for (const [text, mentions] of counted) out.push({ text, mentions, provider });
  return out;
}

function productReviews(body: unknown): Json | undefined {
  if (!isRecord(body) || !isRecord(body.data) || !Array.isArray(body.data.product_reviews)) return undefined;
  const stringy = (l: unknown) => Array.isArray(l) && l.some((x) => typeof x === 'string');
  const products = body.data.product_reviews;
  if (!products.some((p) => isRecord(p) && (stringy(p.pros_list) || stringy(p.cons_list)))) return undefined;
  return {
    ...body,
    data: {
      ...body.data,
      product_reviews: products.map((p) =>
        isRecord(p) ? { ...p, pros_list: points(p.pros_list, p), cons_list: points(p.cons_list, p) } : p,
      ),
    },
  };
}

function stableId(prefix: string, text: string): string {
  return `${prefix}${createHash('sha256').update(text).digest('hex').slice(0, 16)}`;
}

/** `Mergers and acquisitions` -> `mergers_and_acquisitions`: the embedded service's tag spelling. */
function tagOf(t: Json): string {
  const name = typeof t.name === 'string' ? t.name : '';
  const slug = name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '_')
    .replace(/^_+|_+$/g, '');
  return slug || (typeof t.code === 'string' ? t.code : '');
}

function primaryOf(list: unknown): Json | undefined {
  if (!Array.isArray(list)) return undefined;
  const items = list.filter(isRecord);
  return items.find((x) => x.is_primary === true) ?? items[0];
}

const ARTICLE_FIELDS = ['id', 'primary_tag', 'story_id', 'company_uuid'] as const;

/**
 * A real article as the embedded service writes one: `id` from its url (stable across calls),
 * `primary_tag` from its primary type, `company_uuid` from its primary company mention, and
 * `story_id` its own id (the real service says nothing of which articles are copies of one story).
 */
function article(a: unknown): unknown {
  if (!isRecord(a) || ARTICLE_FIELDS.every((f) => f in a)) return a;
  const url = typeof a.url === 'string' ? a.url : JSON.stringify(a);
  const id = typeof a.id === 'string' ? a.id : stableId('nw_', url);
  const type = primaryOf(a.types);
  const mention = primaryOf(a.company_mentions);
  return {
    ...a,
    id,
    title: typeof a.title === 'string' ? a.title : '',
    publisher: typeof a.publisher === 'string' ? a.publisher : '',
    sentiment: typeof a.sentiment === 'string' ? a.sentiment : '',
    ai_summary: typeof a.ai_summary === 'string' ? a.ai_summary : '',
    primary_tag: typeof a.primary_tag === 'string' ? a.primary_tag : type ? tagOf(type) : '',
    company_uuid:
      'company_uuid' in a
        ? a.company_uuid
        : mention && typeof mention.company_id === 'string'
          ? mention.company_id
          : null,
    story_id: typeof a.story_id === 'string' ? a.story_id : id,
  };
}

/** Articles as above; `total` and `warnings` (parameters it could not apply: the real service names none). */
function news(body: unknown): Json | undefined {
  if (!isRecord(body) || !Array.isArray(body.data)) return undefined;
  const adapted = body.data.map(article);
  const same = adapted.every((a, i) => a === (body.data as unknown[])[i]);
  if (same && typeof body.total === 'number' && Array.isArray(body.warnings)) return undefined;
  return {
    ...body,
    data: adapted,
    total: typeof body.total === 'number' ? body.total : adapted.length,
    warnings: Array.isArray(body.warnings) ? body.warnings : [],
  };
}

function registrable(website: string): string | undefined {
  const domain = getDomain(website.trim().toLowerCase(), { allowPrivateDomains: false });
  return domain ?? parseUrl(website.trim().toLowerCase()).hostname?.replace(/^www\./, '') ?? undefined;
}

/** The browser's `limit` (the contract's default 10), applied by the BFF: the real service has none. */
function searchLimit(query: URLSearchParams): number {
  const n = Number(query.get('limit') ?? 10);
  return Number.isInteger(n) && n > 0 ? n : 10;
}

/**
 * Company search records with `domain` (the website's registrable domain) and `score` (from the
 * rank: 1 for the best, less for each next); `uuid=` and `website=` keep only the exact match (sent
 * as `query`, which also matches names); the browser's `limit` applied; `count` added.
 */
function companySearch(body: unknown, request: BrowserRequest): Json | undefined {
  if (!isRecord(body) || !Array.isArray(body.data)) return undefined;
  const records = body.data;
  const q = request.query;
  const hasQuery = q.has('query');
  const uuid = hasQuery ? undefined : (q.get('uuid') ?? undefined);
  const site = hasQuery || uuid !== undefined ? undefined : (q.get('website') ?? undefined);
  const siteDomain = site === undefined ? undefined : registrable(site);
  const limit = searchLimit(q);

  const complete = records.every(
    (r) => isRecord(r) && typeof r.domain === 'string' && typeof r.score === 'number',
  );
  const exact = (r: Json) =>
    (uuid === undefined || r.uuid === uuid) && (site === undefined || r.domain === siteDomain);
  if (
    complete &&
    records.length <= limit &&
    body.count === records.length &&
    records.every((r) => isRecord(r) && exact(r))
  )
    return undefined;

  const n = records.length;
  const data = records
    .filter(isRecord)
    .map((r, i) => ({
      ...r,
      domain:
        typeof r.domain === 'string'
          ? r.domain
          : typeof r.website === 'string'
            ? (registrable(r.website) ?? '')
            : '',
      score: typeof r.score === 'number' ? r.score : Math.round((1 - i / n) * 1000) / 1000,
    }))
    .filter(exact)
    .slice(0, limit);
  return { ...body, data, count: data.length, credits_consumed: body.credits_consumed ?? 0 };
}

function industrySearch(body: unknown): Json | undefined {
  if (!isRecord(body) || !Array.isArray(body.data) || typeof body.count === 'number') return undefined;
  return { ...body, count: body.data.length, credits_consumed: body.credits_consumed ?? 0 };
}

/** The adapter of each endpoint whose answers differ between the two services; the others relay as is. */
const ADAPTERS: Partial<Record<EndpointId, (body: unknown, request: BrowserRequest) => unknown>> = {
  'additions.submit': (body) => unwrap(body, 'already_exists'),
  'additions.status': (body) => unwrap(body, 'request_id'),
  'list.generate': listGenerate,
  'company.productReviews': productReviews,
  news,
  'company.search': companySearch,
  'industry.search': industrySearch,
  'company.headcountTrends': headcountTrends,
  'company.jobs': jobs,
  'company.websiteTraffic': websiteTraffic,
};

/** Answers whose text alone shows them in the embedded service's shape (no parse needed to tell). */
const IN_SHAPE: Partial<Record<EndpointId, (text: JsonData) => boolean>> = {
  'list.generate': listInShape,
};

/**
 * Whether `fromUpstream` needs to see this answer at all: not for an endpoint it does not adapt, nor
 * for an answer whose text shows it in shape already. The pipeline parses an answer only to adapt
 * it (or when something reads it), and relays the others' text unparsed.
 */
export function mayAdapt(id: EndpointId, text: JsonData): boolean {
  return ADAPTERS[id] !== undefined && !IN_SHAPE[id]?.(text);
}

/**
 * The answer in the embedded service's shape, or `undefined` when the upstream's body has it already
 * (the pipeline then relays the upstream's text as it is). Only for successful answers.
 */
export function fromUpstream(id: EndpointId, body: unknown, request: BrowserRequest): unknown {
  return ADAPTERS[id]?.(body, request);
}
