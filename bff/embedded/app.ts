/**
 * The embedded Company Data Service as a Hono app: one `fetch` that the BFF mounts in-process and
 * `npm run service` serves on its own port.
 *
 * The routes are the service endpoints of `bff/contract/endpoints.ts`, each answered by its handler
 * below: every spelling the table lists (aliases, `/v1/...`, a trailing slash: never a redirect), a
 * known path with another method answers 405 naming the allowed ones, anything else 404.
 */
import { Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { matchEndpoint, type ServiceEndpointId } from '../contract/endpoints';
import { readJsonBody } from '../contract/http';
import type { ServiceContext, ServiceEnv } from './context';
import { additionStatus, submitAddition } from './endpoints/additions';
import { employeeReviews } from './endpoints/employee-reviews';
import { enrichFromBody, enrichFromQuery } from './endpoints/enrichment';
import { buildFilters } from './endpoints/filter-builder';
import { companyHeadcountTrends } from './endpoints/headcount-trends';
import { companyJobs } from './endpoints/jobs';
import { generateList } from './endpoints/lists';
import { news } from './endpoints/news';
import { companyPosts } from './endpoints/posts';
import { productReviews } from './endpoints/product-reviews';
import { companySearch, industrySearch } from './endpoints/search';
import { createWebhook, listWebhooks, removeWebhook, webhookDeliveries } from './endpoints/webhooks';
import { companyWebsiteTraffic } from './endpoints/website-traffic';
import { ApiProblem, problemResponse } from './problem';
import { signalQuery } from './signals/params';
import { countCompanies } from './store/companies';
import { getMeta } from './store/db';
import type { ApiKey } from './store/keys';
import { findKey } from './store/keys';

const MAX_BODY_BYTES = 1024 * 1024;

/** One call to an endpoint: the request, its path parameters, the key that made it. */
type Call = { req: Request; params: Record<string, string>; key: ApiKey };
/** A handler's answer: the JSON body and its status (default 200); null body = 204. */
type Answer = { body: unknown; status?: number } | { body: null; status: 204 };
type Handler = (ctx: ServiceContext, call: Call) => Answer | Promise<Answer>;

async function jsonBody(req: Request): Promise<unknown> {
  const r = await readJsonBody(req);
  if (!r.ok) throw new ApiProblem(r.status, r.detail);
  return r.value;
}

function queryParams(url: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of new URL(url).searchParams) out[k] = v;
  return out;
}

/** Every service endpoint of the table has its handler (the type says so). */
const HANDLERS: Record<ServiceEndpointId, Handler> = {
  'list.generate': async (ctx, { req, key }) => ({ body: generateList(ctx, key, await jsonBody(req)) }),
  'list.filterBuilder': async (ctx, { req, key }) => ({ body: buildFilters(ctx, key, await jsonBody(req)) }),
  'company.enrichment': (ctx, { req, key }) => ({ body: enrichFromQuery(ctx, key, queryParams(req.url)) }),
  'company.enrichment.post': async (ctx, { req, key }) => ({
    body: enrichFromBody(ctx, key, await jsonBody(req)),
  }),
  'company.search': (ctx, { req, key }) => ({ body: companySearch(ctx, key, queryParams(req.url)) }),
  'industry.search': (ctx, { req, key }) => ({ body: industrySearch(ctx, key, queryParams(req.url)) }),
  'company.productReviews': (ctx, { req, key }) => ({
    body: productReviews(ctx, key, signalQuery(req.url, ['products'])),
  }),
  'company.employeeReviews': (ctx, { req, key }) => ({
    body: employeeReviews(ctx, key, signalQuery(req.url)),
  }),
  'company.posts': (ctx, { req, key }) => ({ body: companyPosts(ctx, key, signalQuery(req.url)) }),
  news: (ctx, { req, key }) => ({ body: news(ctx, key, signalQuery(req.url)) }),
  'company.headcountTrends': (ctx, { req, key }) => ({
    body: companyHeadcountTrends(ctx, key, signalQuery(req.url)),
  }),
  'company.jobs': (ctx, { req, key }) => ({ body: companyJobs(ctx, key, signalQuery(req.url)) }),
  'company.websiteTraffic': (ctx, { req, key }) => ({
    body: companyWebsiteTraffic(ctx, key, signalQuery(req.url)),
  }),
  'additions.submit': async (ctx, { req, key }) => {
    const r = submitAddition(ctx, key, await jsonBody(req));
    if (r.status === 202) ctx.additionQueued?.();
    return { body: r.body, status: r.status };
  },
  'additions.status': (ctx, { params, key }) => ({ body: additionStatus(ctx, key, params.id!) }),
  'webhooks.create': async (ctx, { req, key }) => ({
    body: createWebhook(ctx, key, await jsonBody(req)),
    status: 201,
  }),
  'webhooks.list': (ctx, { key }) => ({ body: listWebhooks(ctx, key) }),
  'webhooks.delete': (ctx, { params, key }) => {
    removeWebhook(ctx, key, params.id!);
    return { body: null, status: 204 };
  },
  'webhooks.deliveries': (ctx, { params, key }) => ({ body: webhookDeliveries(ctx, key, params.id!) }),
};

function authenticate(ctx: ServiceContext, given: string | undefined): ApiKey {
  const challenge = { headers: { 'www-authenticate': 'ApiKey header="x-api-key"' } };
  if (!given) throw new ApiProblem(401, 'Send your API key in the x-api-key header.', challenge);
  const key = findKey(ctx.db, given);
  if (!key) throw new ApiProblem(401, 'The API key is not valid.', challenge);
  return key;
}

export function createServiceApp(ctx: ServiceContext) {
  const app = new Hono<ServiceEnv>();

  app.onError((err) => {
    if (err instanceof ApiProblem) return problemResponse(err);
    console.error('[service] unexpected error', err);
    return problemResponse(new ApiProblem(500, 'The service failed to answer this request.'));
  });

  app.use(
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

  app.all('*', async (c) => {
    const { pathname } = new URL(c.req.url);
    const matched = matchEndpoint(c.req.method, pathname, ['service', 'both'], { looseParams: true });
    if (!matched) throw new ApiProblem(404, `No endpoint at ${c.req.method} ${pathname}.`);
    if (matched.kind === 'method') {
      throw new ApiProblem(405, `This endpoint allows ${matched.allow}.`, {
        headers: { allow: matched.allow },
      });
    }
    if (matched.id === 'health') {
      return c.json({
        status: 'ok',
        service: 'embedded-company-data-service',
        companies: countCompanies(ctx.db),
        dataset: {
          seed: Number(getMeta(ctx.db, 'dataset.seed') ?? 0),
          version: getMeta(ctx.db, 'dataset.version') ?? null,
        },
      });
    }
    const key = authenticate(ctx, c.req.header('x-api-key'));
    const handler = HANDLERS[matched.id as ServiceEndpointId];
    const answer = await handler(ctx, { req: c.req.raw, params: matched.params, key });
    if (answer.body === null) return c.body(null, 204);
    return c.json(answer.body, (answer.status ?? 200) as 200);
  });

  return app;
}
