/**
 * The embedded Company Data Service as a Hono app: one `fetch` that the BFF mounts in-process and
 * `npm run service` serves on its own port.
 *
 * Paths (decisions section 2): canonical `/api/v1/...`; `/v1/...` and any trailing slash answer the
 * same (never a redirect); `/api/v1/companies/product-reviews` is the plural spelling.
 */
import { Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { CompanySearchQuery, IndustrySearchQuery } from '../contract/api';
import type { ServiceContext, ServiceEnv } from './context';
import { additionStatus, submitAddition } from './endpoints/additions';
import { employeeReviews } from './endpoints/employee-reviews';
import { enrichFromBody, enrichFromQuery } from './endpoints/enrichment';
import { buildFilters } from './endpoints/filter-builder';
import { generateList } from './endpoints/lists';
import { news } from './endpoints/news';
import { companyPosts } from './endpoints/posts';
import { productReviews } from './endpoints/product-reviews';
import { createWebhook, listWebhooks, removeWebhook, webhookDeliveries } from './endpoints/webhooks';
import { ApiProblem, parseOrThrow, problemResponse } from './problem';
import { searchCompanies } from './query/company-search';
import { searchIndustries } from './query/industry-search';
import { signalQuery } from './signals/params';
import { countCompanies } from './store/companies';
import { getMeta } from './store/db';
import { findKey } from './store/keys';

export const MAX_BODY_BYTES = 1024 * 1024;

/** `/v1/x/` and `/api/v1/x` route alike; the plural product-reviews spelling maps to the singular. */
export function canonicalPath(pathname: string): string {
  let p = pathname.replace(/\/{2,}/g, '/');
  if (p.startsWith('/v1/') || p === '/v1') p = `/api${p}`;
  if (p.length > 1 && p.endsWith('/')) p = p.slice(0, -1);
  return p.replace(/^\/api\/v1\/companies\/product-reviews$/, '/api/v1/company/product-reviews');
}

async function jsonBody(req: Request): Promise<unknown> {
  const type = req.headers.get('content-type') ?? '';
  if (!/^application\/(?:[\w.+-]+\+)?json\b/i.test(type)) {
    throw new ApiProblem(415, 'Send the request body as JSON with Content-Type: application/json.');
  }
  const text = await req.text();
  if (text.trim() === '') throw new ApiProblem(400, 'The request body is empty; send a JSON object.');
  try {
    return JSON.parse(text);
  } catch {
    throw new ApiProblem(400, 'The request body is not valid JSON.');
  }
}

function queryParams(url: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of new URL(url).searchParams) out[k] = v;
  return out;
}

export function createServiceApp(ctx: ServiceContext) {
  const app = new Hono<ServiceEnv>({
    getPath: (req) => canonicalPath(new URL(req.url).pathname),
  });

  app.onError((err) => {
    if (err instanceof ApiProblem) return problemResponse(err);
    console.error('[service] unexpected error', err);
    return problemResponse(new ApiProblem(500, 'The service failed to answer this request.'));
  });
  app.notFound((c) =>
    problemResponse(new ApiProblem(404, `No endpoint at ${c.req.method} ${new URL(c.req.url).pathname}.`)),
  );

  app.get('/healthz', (c) =>
    c.json({
      status: 'ok',
      service: 'embedded-company-data-service',
      companies: countCompanies(ctx.db),
      dataset: {
        seed: Number(getMeta(ctx.db, 'dataset.seed') ?? 0),
        version: getMeta(ctx.db, 'dataset.version') ?? null,
      },
    }),
  );

  const api = new Hono<ServiceEnv>();
  api.use(
    bodyLimit({
      maxSize: MAX_BODY_BYTES,
      onError: () => {
        // The rest of the body is never read, so the connection cannot carry another request.
        throw new ApiProblem(413, `The request body is larger than ${MAX_BODY_BYTES} bytes.`, {
          headers: { connection: 'close' },
        });
      },
    }),
  );
  api.use(async (c, next) => {
    const given = c.req.header('x-api-key');
    if (!given)
      throw new ApiProblem(401, 'Send your API key in the x-api-key header.', {
        headers: { 'www-authenticate': 'ApiKey header="x-api-key"' },
      });
    const key = findKey(ctx.db, given);
    if (!key)
      throw new ApiProblem(401, 'The API key is not valid.', {
        headers: { 'www-authenticate': 'ApiKey header="x-api-key"' },
      });
    c.set('key', key);
    await next();
  });

  api.post('/list/generate/companies', async (c) =>
    c.json(generateList(ctx, c.get('key'), await jsonBody(c.req.raw))),
  );

  api.post('/list/filter-builder', async (c) =>
    c.json(buildFilters(ctx, c.get('key'), await jsonBody(c.req.raw))),
  );

  api.get('/company/enrichment', (c) => c.json(enrichFromQuery(ctx, c.get('key'), queryParams(c.req.url))));
  api.post('/company/enrichment', async (c) =>
    c.json(enrichFromBody(ctx, c.get('key'), await jsonBody(c.req.raw))),
  );

  api.get('/company/search', (c) => {
    const q = parseOrThrow(CompanySearchQuery, queryParams(c.req.url));
    const data = searchCompanies(ctx.db, q);
    return c.json({ data, count: data.length, credits_consumed: 0 });
  });

  api.get('/industry/search', (c) => {
    const q = parseOrThrow(IndustrySearchQuery, queryParams(c.req.url));
    const data = searchIndustries(q.query);
    return c.json({ data, count: data.length, credits_consumed: 0 });
  });

  // Alternative signals (spec endpoints 4-6, decisions section 10).
  api.get('/company/product-reviews', (c) =>
    c.json(productReviews(ctx, c.get('key'), signalQuery(c.req.url, ['products']))),
  );
  api.get('/company/employee-reviews', (c) =>
    c.json(employeeReviews(ctx, c.get('key'), signalQuery(c.req.url))),
  );
  api.get('/company/posts', (c) => c.json(companyPosts(ctx, c.get('key'), signalQuery(c.req.url))));
  api.get('/news', (c) => c.json(news(ctx, c.get('key'), signalQuery(c.req.url))));

  api.post('/company/addition-requests', async (c) => {
    const r = submitAddition(ctx, c.get('key'), await jsonBody(c.req.raw));
    if (r.status === 202) ctx.additionQueued?.();
    return c.json(r.body, r.status);
  });
  // Decisions section 2: both spellings of the status lookup.
  api.get('/company/addition-requests/:id', (c) =>
    c.json(additionStatus(ctx, c.get('key'), c.req.param('id'))),
  );
  api.get('/status/:id', (c) => c.json(additionStatus(ctx, c.get('key'), c.req.param('id'))));

  api.post('/webhooks', async (c) =>
    c.json(createWebhook(ctx, c.get('key'), await jsonBody(c.req.raw)), 201),
  );
  api.get('/webhooks', (c) => c.json(listWebhooks(ctx, c.get('key'))));
  api.delete('/webhooks/:id', (c) => {
    removeWebhook(ctx, c.get('key'), c.req.param('id'));
    return c.body(null, 204);
  });
  api.get('/webhooks/:id/deliveries', (c) => c.json(webhookDeliveries(ctx, c.get('key'), c.req.param('id'))));

  // A known path with a method it does not allow answers 405 naming the allowed ones.
  const allowed: Record<string, string> = {
    '/list/generate/companies': 'POST',
    '/list/filter-builder': 'POST',
    '/company/enrichment': 'GET, POST',
    '/company/search': 'GET',
    '/industry/search': 'GET',
    '/company/product-reviews': 'GET',
    '/company/employee-reviews': 'GET',
    '/company/posts': 'GET',
    '/news': 'GET',
    '/company/addition-requests': 'POST',
    '/company/addition-requests/:id': 'GET',
    '/status/:id': 'GET',
    '/webhooks': 'GET, POST',
    '/webhooks/:id': 'DELETE',
    '/webhooks/:id/deliveries': 'GET',
  };
  for (const [path, allow] of Object.entries(allowed)) {
    api.all(path, () => {
      throw new ApiProblem(405, `This endpoint allows ${allow}.`, { headers: { allow } });
    });
  }

  app.route('/api/v1', api);
  return app;
}

export type ServiceApp = ReturnType<typeof createServiceApp>;
