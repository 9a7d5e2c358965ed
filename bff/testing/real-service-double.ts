/**
 * A test double of the real Company Data Service, built from what its public API reference documents
 * (`docs/real-service.md`; the spec's endpoint reference where that page is silent), in
 * front of a real embedded service: every request is translated to the embedded service's spelling,
 * answered by it (its real database, credits, additions queue), and the answer translated back to the
 * real service's shapes. It is the proof that the BFF works unchanged on the real service, so it is
 * as strict as the reference allows and never answers in the embedded service's own shapes.
 *
 * What it does, as documented (and the choices it makes where the reference is silent):
 *
 * - Paths: only under `/api/v1/`, each at one spelling. The slashed spelling where either reference
 *   writes the path with a trailing slash (list generation, filter-builder, industry search, posts,
 *   news, addition requests, status); without one elsewhere (enrichment, company search, product and
 *   employee reviews). The other spelling answers `307` to the declared one (FastAPI's
 *   `redirect_slashes`, which the `{detail}` error bodies point to). No `/v1/` prefix, no plural
 *   `companies/product-reviews`, and status lookups only at `status/{id}/`: the
 *   `company/addition-requests/{id}/` path is a 404. Unknown paths 404, wrong methods 405, both as
 *   `{detail}`. Enrichment also by `POST` with `{company, sections?}` (the spec's usage example).
 * - Parameters: each endpoint takes exactly the documented ones (news also `unique_article`, used in
 *   the spec's example); any other is a 400 naming it (pydantic's `extra_forbidden`), so a BFF that
 *   sends `name`/`website`/`uuid`/`limit` to company search or `from`/`to` to news is caught. A missing
 *   required one is a 400 (`missing`). Values are checked by the embedded service behind.
 * - Envelopes (docs/real-service.md, "Envelopes"): list generation `{data, count, total_count,
 *   credits_consumed}` only; filter-builder `{data: {filters}, credits_consumed}` only; enrichment
 *   `{status: "success", data, count (sections returned), credits_consumed}` (`data.uuid` kept: the
 *   spec names it); company search `{data: [{uuid, name, website, product_category, company_status}],
 *   credits_consumed: 0}` (no `domain`, `score` or `count`); industry search `{data, count,
 *   credits_consumed: 0}`; news `{status, total, count, limit, offset, credits_consumed, data}`;
 *   additions and status wrapped in `{status: "success", data: {...}, credits_consumed: 0}`, the status
 *   record with `created_at`/`updated_at` beside `detail`; a submission answers 200 (the reference
 *   gives only a 200 body), whether a request was created or the company exists. The three endpoints
 *   beyond the spec (decisions section 15), slash-less like enrichment: headcount trends and website
 *   traffic `{data, credits_consumed}` (no `status`), job listings `{status, data, count, limit,
 *   offset, credits_consumed}`; their records as the embedded service writes them.
 * - No match: 204 with no body from news (`total` 0), company search and industry search.
 * - Records: news articles without `id`, `primary_tag`, `story_id` or `company_uuid`, with
 *   `published_date` `YYYY-MM-DD`, `news_score`, `full_text`, `original_language`, `author`,
 *   `countries` (ISO alpha-2 of the company's HQ), `industries`, `types` (a general type and the
 *   primary one, which is the article's tag; the primary is listed second so a reader must look for
 *   `is_primary`) and `company_mentions`; products' `pros_list`/`cons_list` as arrays of strings
 *   (distinct texts); employee reviews and posts as the embedded service writes them (the same fields).
 * - Errors, never problem+json: a validation failure `400 {detail: [{loc, msg, type}]}`; 401, 404,
 *   405, 413, 415 `{detail}`; 400 without fields, 402, 403, 429 `{status: "error", message}`
 *   (`Retry-After` kept); 5xx `{detail: "Internal Server Error"}`.
 * - Not documented, passed through unchanged so the BFF can register its receiver: the webhook
 *   endpoints under `/api/v1/webhooks`, and `/healthz`.
 */
import type { AddressInfo } from 'node:net';
import { serve } from '@hono/node-server';
import { countryByCode } from '../contract/geo';
import type { Service } from '../embedded/service';

type Method = 'GET' | 'POST' | 'DELETE';
type Json = Record<string, unknown>;

/** What a route's handler gets: the embedded service's answer to the translated request. */
type Exchange = {
  status: number;
  headers: Headers;
  /** The parsed JSON body (undefined when empty). */
  body: unknown;
  /** The query as the caller sent it. */
  query: URLSearchParams;
};

type Route = {
  method: Method;
  /** The path as declared (`{id}` is the one parameter). */
  path: string;
  /** Documented query parameters; anything else is refused. */
  params: readonly string[];
  required?: readonly string[];
  /** The embedded service's path for this call. */
  embeddedPath: (id: string) => string;
  /** The real service's answer from the embedded one (2xx only; errors are translated for all). */
  answer: (x: Exchange, facts: CompanyFacts) => Response;
};

const NEWS_PARAMS = [
  'company',
  'primary_company',
  'industry',
  'query',
  'title',
  'start_date',
  'end_date',
  'limit',
  'offset',
  'group_articles',
  'news_score_list',
  'countries',
  'blacklisted',
  'type_list',
  'sentiment_list',
  'entity_person_list',
  'entity_location_list',
  'entity_product_list',
  'entity_event_list',
  'naics_code_list',
  'sic_code_list',
  'iptc_code_list',
  'iab_code_list',
  // Not in docs/real-service.md's list, but in the spec's example request of the same service.
  'unique_article',
] as const;

function json(status: number, body: unknown, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json', ...headers },
  });
}

const noContent = () => new Response(null, { status: 204 });

function isRecord(v: unknown): v is Json {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

function pick(body: Json, keys: readonly string[]): Json {
  const out: Json = {};
  for (const k of keys) if (k in body) out[k] = body[k];
  return out;
}

// ---------------------------------------------------------------------------------------------
// Records

/** What the double needs to know of a company to write a news article as the real service does. */
export type CompanyFact = {
  uuid: string;
  name: string;
  website: string;
  /** ISO alpha-2 of the HQ country. */
  country: string | null;
  industries: { code: string; label: string }[];
};
export type CompanyFacts = (uuid: string) => CompanyFact | undefined;

function companyFacts(service: Pick<Service, 'ctx'>): CompanyFacts {
  const stmt = service.ctx.db.prepare(
    `SELECT uuid, name, website, json_extract(s_location, '$.hq.country.code') AS country,
            json_extract(s_industry, '$.industry') AS industries
     FROM companies WHERE uuid = ?`,
  );
  const known = new Map<string, CompanyFact | undefined>();
  return (uuid) => {
    if (known.has(uuid)) return known.get(uuid);
    const row = stmt.get(uuid) as
      | { uuid: string; name: string; website: string; country: string | null; industries: string | null }
      | undefined;
    const fact = row
      ? {
          uuid: row.uuid,
          name: row.name,
          website: row.website,
          country: row.country ? (countryByCode(row.country)?.alpha2 ?? null) : null,
          industries: row.industries ? (JSON.parse(row.industries) as CompanyFact['industries']) : [],
        }
      : undefined;
    known.set(uuid, fact);
    return fact;
  };
}

/** A number in [0, 1) from a text, stable across runs. */
function unitHash(text: string): number {
  let h = 2166136261;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 16777619);
  }
  return (h >>> 0) / 2 ** 32;
}

function tagName(tag: string): string {
  const spaced = tag.replace(/_/g, ' ');
  return spaced.charAt(0).toUpperCase() + spaced.slice(1);
}

/** An embedded article as the real service writes one (docs/real-service.md, "Records"). */
export function realArticle(a: Json, facts: CompanyFacts): Json {
  const uuid = typeof a.company_uuid === 'string' ? a.company_uuid : undefined;
  const company = uuid ? facts(uuid) : undefined;
  const tag = typeof a.primary_tag === 'string' ? a.primary_tag : 'general';
  const title = String(a.title ?? '');
  const summary = String(a.ai_summary ?? '');
  return {
    title,
    url: a.url,
    publisher: a.publisher,
    published_date: String(a.published_date ?? '').slice(0, 10),
    sentiment: a.sentiment,
    news_score: Math.round(unitHash(String(a.url)) * 100) / 100,
    ai_summary: summary,
    full_text: `${title}\n\n${summary}`,
    original_language: 'en',
    author: `${String(a.publisher ?? 'Newsroom')} staff`,
    countries: company?.country ? [company.country] : [],
    industries: (company?.industries ?? []).map((i, k) => ({
      name: i.label,
      code: i.code,
      is_primary: k === 0,
    })),
    types: [
      { name: 'Business', code: 'business', is_primary: false },
      { name: tagName(tag), code: tag, is_primary: true },
    ],
    company_mentions: company
      ? [{ company_id: company.uuid, name: company.name, website: company.website, is_primary: true }]
      : [],
  };
}

/** A product with its pros and cons as the real service writes them: arrays of strings. */
export function realProduct(p: Json): Json {
  const texts = (list: unknown) =>
    Array.isArray(list)
      ? [...new Set(list.map((x) => (isRecord(x) ? String(x.text ?? '') : String(x))).filter(Boolean))]
      : list;
  const out: Json = { ...p };
  if ('pros_list' in p) out.pros_list = texts(p.pros_list);
  if ('cons_list' in p) out.cons_list = texts(p.cons_list);
  return out;
}

function wrapped(body: Json): Json {
  return { status: 'success', data: body, credits_consumed: 0 };
}

// ---------------------------------------------------------------------------------------------
// Errors

type ProblemLike = { status?: number; detail?: string; errors?: { path: string; message: string }[] };

/** The embedded service's problem details, written the way the real service writes errors. */
function realError(status: number, body: unknown, headers: Headers, where: 'query' | 'body'): Response {
  const p: ProblemLike = isRecord(body) ? (body as ProblemLike) : {};
  const detail = typeof p.detail === 'string' ? p.detail : `Error ${status}`;
  const keep: Record<string, string> = {};
  const retryAfter = headers.get('retry-after');
  if (retryAfter) keep['retry-after'] = retryAfter;
  if (status >= 500) return json(status, { detail: 'Internal Server Error' }, keep);
  if (status === 400 && Array.isArray(p.errors) && p.errors.length > 0) {
    return json(
      400,
      {
        detail: p.errors.map((e) => ({
          loc: [where, ...e.path.split('.').filter(Boolean)],
          msg: e.message,
          type: 'value_error',
        })),
      },
      keep,
    );
  }
  if (status === 400 || status === 402 || status === 403 || status === 429)
    return json(status, { status: 'error', message: detail }, keep);
  return json(status, { detail }, keep);
}

function validationError(items: { loc: string[]; msg: string; type: string }[]): Response {
  return json(400, { detail: items });
}

// ---------------------------------------------------------------------------------------------
// Routes

const ok = (x: Exchange, body: unknown) => json(x.status >= 200 && x.status < 300 ? 200 : x.status, body);

function enrichment(x: Exchange): Response {
  const b = x.body as { data: Json; credits_consumed: number };
  const count = Object.keys(b.data).filter((k) => k !== 'uuid').length;
  return ok(x, { status: 'success', data: b.data, count, credits_consumed: b.credits_consumed });
}

const ROUTES: readonly Route[] = [
  {
    method: 'POST',
    path: '/api/v1/list/generate/companies/',
    params: [],
    embeddedPath: () => '/api/v1/list/generate/companies',
    answer: (x) => ok(x, pick(x.body as Json, ['data', 'count', 'total_count', 'credits_consumed'])),
  },
  {
    method: 'POST',
    path: '/api/v1/list/filter-builder/',
    params: [],
    embeddedPath: () => '/api/v1/list/filter-builder',
    answer: (x) => {
      const b = x.body as { data?: { filters?: unknown }; credits_consumed?: unknown };
      return ok(x, { data: { filters: b.data?.filters ?? {} }, credits_consumed: b.credits_consumed });
    },
  },
  {
    method: 'GET',
    path: '/api/v1/company/enrichment',
    params: ['company', 'sections'],
    required: ['company'],
    embeddedPath: () => '/api/v1/company/enrichment',
    answer: (x) => enrichment(x),
  },
  {
    method: 'POST',
    path: '/api/v1/company/enrichment',
    params: [],
    embeddedPath: () => '/api/v1/company/enrichment',
    answer: (x) => enrichment(x),
  },
  {
    method: 'GET',
    path: '/api/v1/company/search',
    params: ['query'],
    required: ['query'],
    embeddedPath: () => '/api/v1/company/search',
    answer: (x) => {
      const data = ((x.body as { data: Json[] }).data ?? []).map((r) =>
        pick(r, ['uuid', 'name', 'website', 'product_category', 'company_status']),
      );
      return data.length === 0 ? noContent() : ok(x, { data, credits_consumed: 0 });
    },
  },
  {
    method: 'GET',
    path: '/api/v1/industry/search/',
    params: ['query', 'level'],
    required: ['query'],
    embeddedPath: () => '/api/v1/industry/search',
    answer: (x) => {
      const data = (x.body as { data: Json[] }).data ?? [];
      return data.length === 0 ? noContent() : ok(x, { data, count: data.length, credits_consumed: 0 });
    },
  },
  {
    method: 'GET',
    path: '/api/v1/company/product-reviews',
    params: ['company', 'products', 'limit', 'offset'],
    required: ['company'],
    embeddedPath: () => '/api/v1/company/product-reviews',
    answer: (x) => {
      const b = x.body as { data: { uuid: string; product_reviews: Json[] } } & Json;
      return ok(x, {
        data: { uuid: b.data.uuid, product_reviews: b.data.product_reviews.map(realProduct) },
        limit: b.limit,
        offset: b.offset,
        credits_consumed: b.credits_consumed,
      });
    },
  },
  {
    method: 'GET',
    path: '/api/v1/company/employee-reviews',
    params: ['company', 'limit', 'offset'],
    required: ['company'],
    embeddedPath: () => '/api/v1/company/employee-reviews',
    answer: (x) => ok(x, pick(x.body as Json, ['data', 'limit', 'offset', 'credits_consumed'])),
  },
  {
    method: 'GET',
    path: '/api/v1/company/posts/',
    params: ['company', 'limit', 'offset'],
    required: ['company'],
    embeddedPath: () => '/api/v1/company/posts',
    answer: (x) => ok(x, pick(x.body as Json, ['data', 'count', 'limit', 'offset', 'credits_consumed'])),
  },
  {
    method: 'GET',
    path: '/api/v1/news/',
    params: NEWS_PARAMS,
    embeddedPath: () => '/api/v1/news',
    answer: (x, facts) => {
      const b = x.body as { data: Json[]; total: number; credits_consumed: number };
      if (b.total === 0) return noContent();
      const limit = Number(x.query.get('limit') ?? 10);
      const offset = Number(x.query.get('offset') ?? 0);
      return ok(x, {
        status: 'success',
        total: b.total,
        count: b.data.length,
        limit,
        offset,
        credits_consumed: b.credits_consumed,
        data: b.data.map((a) => realArticle(a, facts)),
      });
    },
  },
  // Beyond the spec (docs/real-service.md): `credits_consumed` beside `data`, no `status` where the
  // reference shows none; job listings with the full paging envelope.
  {
    method: 'GET',
    path: '/api/v1/company/headcount-trends',
    params: ['company'],
    required: ['company'],
    embeddedPath: () => '/api/v1/company/headcount-trends',
    answer: (x) => ok(x, pick(x.body as Json, ['data', 'credits_consumed'])),
  },
  {
    method: 'GET',
    path: '/api/v1/company/jobs',
    params: ['company', 'limit', 'offset'],
    required: ['company'],
    embeddedPath: () => '/api/v1/company/jobs',
    answer: (x) =>
      ok(x, pick(x.body as Json, ['status', 'data', 'count', 'limit', 'offset', 'credits_consumed'])),
  },
  {
    method: 'GET',
    path: '/api/v1/company/website-traffic',
    params: ['company'],
    required: ['company'],
    embeddedPath: () => '/api/v1/company/website-traffic',
    answer: (x) => ok(x, pick(x.body as Json, ['data', 'credits_consumed'])),
  },
  {
    method: 'POST',
    path: '/api/v1/company/addition-requests/',
    params: [],
    embeddedPath: () => '/api/v1/company/addition-requests',
    answer: (x) => json(200, wrapped(x.body as Json)),
  },
  {
    method: 'GET',
    path: '/api/v1/status/{id}/',
    params: [],
    embeddedPath: (id) => `/api/v1/status/${id}`,
    answer: (x) => {
      const b = x.body as { detail: { created_at: string; updated_at: string } } & Json;
      const { credits_consumed: _credits, detail, ...record } = b;
      return json(
        200,
        wrapped({ ...record, created_at: detail.created_at, updated_at: detail.updated_at, detail }),
      );
    },
  },
];

/** A declared path as a pattern; `{id}` is one path segment. */
function patternOf(path: string): RegExp {
  const literal = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const [before = '', after] = path.split('{id}');
  return new RegExp(`^${literal(before)}${after === undefined ? '' : `([^/]+)${literal(after)}`}$`);
}

const PATTERNS = ROUTES.map((route) => ({ route, pattern: patternOf(route.path) }));

function matching(path: string) {
  return PATTERNS.map((p) => ({ route: p.route, m: p.pattern.exec(path) })).filter((x) => x.m !== null);
}

function queryErrors(route: Route, query: URLSearchParams) {
  const errors: { loc: string[]; msg: string; type: string }[] = [];
  for (const name of new Set(query.keys())) {
    if (!route.params.includes(name))
      errors.push({ loc: ['query', name], msg: 'Extra inputs are not permitted', type: 'extra_forbidden' });
  }
  for (const name of route.required ?? []) {
    if (!query.has(name)) errors.push({ loc: ['query', name], msg: 'Field required', type: 'missing' });
  }
  return errors;
}

export type ReceivedCall = { method: string; path: string; status: number };

export type RealServiceDoubleHandler = {
  fetch: (req: Request) => Promise<Response>;
  /** Every call the double answered, in order (method, path with query, status). */
  received: ReceivedCall[];
};

/** The double as a fetch handler over an embedded service (its `fetch`, and its database for facts). */
export function createRealServiceDouble(service: Pick<Service, 'fetch' | 'ctx'>): RealServiceDoubleHandler {
  const facts = companyFacts(service);
  const received: ReceivedCall[] = [];

  async function embedded(req: Request, path: string, search: string, body: string | undefined) {
    const headers = new Headers();
    for (const name of ['x-api-key', 'content-type', 'accept']) {
      const v = req.headers.get(name);
      if (v !== null) headers.set(name, v);
    }
    return service.fetch(
      new Request(`http://embedded${path}${search}`, {
        method: req.method,
        headers,
        ...(body !== undefined ? { body } : {}),
      }),
    );
  }

  async function handle(req: Request): Promise<Response> {
    const url = new URL(req.url);
    const path = url.pathname;
    const method = req.method;

    // Not documented; relayed untouched (the BFF registers its webhook receiver through them).
    if (path === '/healthz' || path === '/api/v1/webhooks' || path.startsWith('/api/v1/webhooks/')) {
      const body = method === 'GET' || method === 'HEAD' ? undefined : await req.text();
      return embedded(req, path, url.search, body);
    }

    const found = matching(path);
    if (found.length === 0) {
      const other = path.endsWith('/') ? path.slice(0, -1) : `${path}/`;
      if (matching(other).length > 0) {
        return new Response(null, { status: 307, headers: { location: `${other}${url.search}` } });
      }
      return json(404, { detail: 'Not Found' });
    }
    const hit = found.find((f) => f.route.method === method);
    if (!hit) {
      const allow = found.map((f) => f.route.method).join(', ');
      return json(405, { detail: 'Method Not Allowed' }, { allow });
    }
    const { route } = hit;
    const id = decodeURIComponent(hit.m?.[1] ?? '');
    const bad = queryErrors(route, url.searchParams);
    if (bad.length > 0) return validationError(bad);

    const body = method === 'POST' ? await req.text() : undefined;
    const res = await embedded(req, route.embeddedPath(id), url.search, body);
    const text = await res.text();
    let parsed: unknown;
    try {
      parsed = text === '' ? undefined : JSON.parse(text);
    } catch {
      return json(500, { detail: 'Internal Server Error' });
    }
    if (res.status < 200 || res.status >= 300)
      return realError(res.status, parsed, res.headers, method === 'POST' ? 'body' : 'query');
    return route.answer(
      { status: res.status, headers: res.headers, body: parsed, query: url.searchParams },
      facts,
    );
  }

  return {
    received,
    fetch: async (req) => {
      const res = await handle(req);
      const url = new URL(req.url);
      received.push({ method: req.method, path: `${url.pathname}${url.search}`, status: res.status });
      return res;
    },
  };
}

export type RealServiceDouble = RealServiceDoubleHandler & { url: string; close: () => Promise<void> };

/** The double on a loopback port (0: any free one). */
export async function startRealServiceDouble(
  service: Pick<Service, 'fetch' | 'ctx'>,
  opts: { port?: number; hostname?: string } = {},
): Promise<RealServiceDouble> {
  const handler = createRealServiceDouble(service);
  const hostname = opts.hostname ?? '127.0.0.1';
  const server = serve({ fetch: handler.fetch, port: opts.port ?? 0, hostname });
  await new Promise<void>((resolve, reject) => {
    server.once('listening', () => resolve());
    server.once('error', reject);
  });
  const { port } = server.address() as AddressInfo;
  return {
    ...handler,
    url: `http://${hostname}:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        (server as unknown as { closeAllConnections?: () => void }).closeAllConnections?.();
      }),
  };
}
