/**
 * The one list of endpoints: every path the BFF serves, the Company Data Service's (proxied under the
 * same paths) and the BFF's own (`/bff/...`). Each endpoint is written here once: its id, method,
 * canonical path and the other spellings the spec uses, whether an identical call may be answered
 * from the BFF's cache, and its price. Its input and output schemas are attached to the same id in
 * `endpoint-schemas.ts` (the compiler holds the two to the same ids): this module stays free of zod,
 * so the web app's client, which only needs methods and paths, does not carry every request and
 * response schema of the contract into the browser's first load (`web/src/app/first-load.test.ts`).
 *
 * Derived from it (docs/decisions/0008-one-endpoint-table.md):
 * - the embedded service's router (`bff/embedded/app.ts`): routes, aliases, 405 with `Allow`;
 * - the BFF's proxy route table (`bff/server/proxy/routes.ts`) and its own routes (`route()`);
 * - the web app's typed client (`web/src/lib/api-client.ts`: `call('list.generate', input)`);
 * - the OpenAPI 3.1 document served at `/api/openapi.json` (`openapi.ts`).
 *
 * Paths: `{name}` marks a path parameter; `params` gives the pattern it must match (a path whose
 * parameter does not match is no endpoint: 404). Every service path is also answered under `/v1/`
 * and with a trailing slash (docs/product-rules.md, section 2); `canonicalPath` brings a request path to the
 * form written here.
 */
import type { z } from 'zod';
import type { EndpointSchemaTable } from './endpoint-schemas';
import { LIST_TOTAL_CAP } from './list-params';
import { PRICES } from './pricing';

export const HTTP_METHODS = ['GET', 'POST', 'PATCH', 'DELETE'] as const;

/** Where the servers answer API calls rather than the web app: a path under one of these. */
export const API_PREFIXES = ['/api', '/v1', '/bff'] as const;
/** Where the service's endpoints live (docs/product-rules.md, section 2: `/v1/...` is answered as `/api/v1/...`). */
export const SERVICE_PREFIXES = ['/api/v1', '/v1'] as const;
export type HttpMethod = (typeof HTTP_METHODS)[number];

/**
 * - `service`: an endpoint of the Company Data Service. The embedded service implements it; the BFF
 *   proxies it under the same path (validated, budgeted, cached when `cacheable`, written to the ledger).
 * - `bff`: the BFF's own API.
 * - `both`: served by each server on its own (health).
 */
type EndpointScope = 'service' | 'bff' | 'both';

/** Who may call: a signed-in user (team mode), anyone, or a webhook sender proven by its signature. */
type EndpointAuth = 'user' | 'public' | 'signature';

export type EndpointDef = {
  readonly scope: EndpointScope;
  readonly method: HttpMethod;
  /** The canonical path. */
  readonly path: string;
  /** Other spellings of the path the spec uses (docs/product-rules.md, section 2). */
  readonly aliases?: readonly string[];
  /** Regex source each path parameter must match. */
  readonly params?: Readonly<Record<string, string>>;
  /** Query parameters that may repeat (an array in the input schema). */
  readonly repeated?: readonly string[];
  /** The success statuses, the usual one first (default [200]). */
  readonly success?: readonly number[];
  /** Media type of a success answer that is not JSON. */
  readonly media?: 'text/csv' | 'text/event-stream';
  /** Identical calls by one user may be answered from the BFF's short-lived cache (pure reads). */
  readonly cacheable: boolean;
  /** What a call costs, in words that name the price table's figures; 'free' when nothing. */
  readonly price: string;
  readonly auth: EndpointAuth;
  /** Only a user of this role may call (403 to the others); absent: every signed-in user. */
  readonly role?: 'admin';
  readonly summary: string;
  /** OpenAPI tag: the group the reference page shows it under. */
  readonly tag: string;
  /** The spelling sent to the upstream (service endpoints): the one the real service answers. */
  readonly upstream?: string;
};

const FREE = 'free';
const sectionsPrice = 'each section its price per company (price table)';

const UUID = '[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}';
const WEBHOOK_ID = '[A-Za-z0-9_-]{1,100}';
/** A team user's id (a UUID; local mode's implicit user is no account). */
const USER_ID = UUID;

export const ENDPOINTS = {
  // --- the Company Data Service ------------------------------------------------------------------
  'list.generate': {
    scope: 'service',
    method: 'POST',
    path: '/api/v1/list/generate/companies',
    upstream: '/api/v1/list/generate/companies/',
    cacheable: true,
    price: `${PRICES.listBase} per call that matches anything + ${PRICES.listPerCompany} per company returned + ${sectionsPrice}; +${PRICES.query} with a query`,
    auth: 'user',
    summary: 'A ranked page of companies matching filters or a plain-language query',
    tag: 'Lists',
  },
  'list.filterBuilder': {
    scope: 'service',
    method: 'POST',
    path: '/api/v1/list/filter-builder',
    upstream: '/api/v1/list/filter-builder/',
    cacheable: true,
    price: `${PRICES.query} per call`,
    auth: 'user',
    summary: 'Turns a plain-language description into filters',
    tag: 'Lists',
  },
  'company.enrichment': {
    scope: 'service',
    method: 'GET',
    path: '/api/v1/company/enrichment',
    upstream: '/api/v1/company/enrichment',
    cacheable: true,
    price:
      'the sum of the sections’ prices (price table); every section of the plan when `sections` is left out',
    auth: 'user',
    summary: 'Sections of one company, by id or website',
    tag: 'Companies',
  },
  'company.enrichment.post': {
    scope: 'service',
    method: 'POST',
    path: '/api/v1/company/enrichment',
    upstream: '/api/v1/company/enrichment',
    cacheable: true,
    price:
      'the sum of the sections’ prices (price table); every section of the plan when `sections` is left out',
    auth: 'user',
    summary: 'Sections of one company, with the request as JSON',
    tag: 'Companies',
  },
  'company.productReviews': {
    scope: 'service',
    method: 'GET',
    path: '/api/v1/company/product-reviews',
    aliases: ['/api/v1/companies/product-reviews'],
    upstream: '/api/v1/company/product-reviews',
    repeated: ['products'],
    cacheable: true,
    price: `free without products; with products ${PRICES.reviewsPerBlock} per started block of ${PRICES.reviewsBlock} reviews returned`,
    auth: 'user',
    summary: 'A company’s products, and with `products` their ratings and reviews',
    tag: 'Companies',
  },
  'company.employeeReviews': {
    scope: 'service',
    method: 'GET',
    path: '/api/v1/company/employee-reviews',
    upstream: '/api/v1/company/employee-reviews',
    cacheable: true,
    price: `${PRICES.reviewsPerBlock} per started block of ${PRICES.reviewsBlock} reviews returned`,
    auth: 'user',
    summary: 'Employee ratings by provider and dimension, and a page of reviews',
    tag: 'Companies',
  },
  'company.posts': {
    scope: 'service',
    method: 'GET',
    path: '/api/v1/company/posts',
    upstream: '/api/v1/company/posts/',
    cacheable: true,
    price: `${PRICES.postsPerBlock} per started block of ${PRICES.postsBlock} posts returned`,
    auth: 'user',
    summary: 'A company’s social posts with engagement counts',
    tag: 'Companies',
  },
  'industry.search': {
    scope: 'service',
    method: 'GET',
    path: '/api/v1/industry/search',
    upstream: '/api/v1/industry/search/',
    cacheable: true,
    price: FREE,
    auth: 'user',
    summary: 'Industry codes close to a text, by similarity, at the taxonomy levels asked for (`level`)',
    tag: 'Lookups',
  },
  'company.search': {
    scope: 'service',
    method: 'GET',
    path: '/api/v1/company/search',
    upstream: '/api/v1/company/search',
    cacheable: true,
    price: FREE,
    auth: 'user',
    summary: 'Companies by name, website or id, best first',
    tag: 'Lookups',
  },
  news: {
    scope: 'service',
    method: 'GET',
    path: '/api/v1/news',
    upstream: '/api/v1/news/',
    cacheable: true,
    price: `${PRICES.newsPerCall} per call + ${PRICES.newsPerArticle} per article returned`,
    auth: 'user',
    summary: 'News articles about a company, an industry or a topic',
    tag: 'Companies',
  },
  // The real service's endpoints beyond the spec (decisions section 15).
  'company.headcountTrends': {
    scope: 'service',
    method: 'GET',
    path: '/api/v1/company/headcount-trends',
    upstream: '/api/v1/company/headcount-trends',
    cacheable: true,
    price: `${PRICES.headcountTrendsPerCall} per call`,
    auth: 'user',
    summary: 'A company’s headcount, its growth over 3, 6, 12 and 24 months, and its workforce by function',
    tag: 'Companies',
  },
  'company.jobs': {
    scope: 'service',
    method: 'GET',
    path: '/api/v1/company/jobs',
    upstream: '/api/v1/company/jobs',
    cacheable: true,
    price: `${PRICES.jobsPerListing} per listing returned, at least ${PRICES.jobsMinimum} when any is returned; 0 when none`,
    auth: 'user',
    summary: 'A company’s open job listings (LinkedIn and Indeed), newest first',
    tag: 'Companies',
  },
  'company.websiteTraffic': {
    scope: 'service',
    method: 'GET',
    path: '/api/v1/company/website-traffic',
    upstream: '/api/v1/company/website-traffic',
    cacheable: true,
    price: `${PRICES.websiteTrafficPerCall} per call`,
    auth: 'user',
    summary: 'A company’s website visits over the last 12 months, engagement and traffic sources',
    tag: 'Companies',
  },
  'additions.submit': {
    scope: 'service',
    method: 'POST',
    path: '/api/v1/company/addition-requests',
    upstream: '/api/v1/company/addition-requests/',
    success: [202, 200],
    cacheable: false,
    price: FREE,
    auth: 'user',
    summary: 'Asks for a missing company to be added (200 when it already exists)',
    tag: 'Additions',
  },
  'additions.status': {
    scope: 'service',
    method: 'GET',
    // The real service documents only this spelling; the spec also names the other.
    path: '/api/v1/status/{id}',
    aliases: ['/api/v1/company/addition-requests/{id}'],
    params: { id: UUID },
    upstream: '/api/v1/status/{id}/',
    // The status changes over time: never cached.
    cacheable: false,
    price: FREE,
    auth: 'user',
    summary: 'Where an addition request stands',
    tag: 'Additions',
  },
  'webhooks.list': {
    scope: 'service',
    method: 'GET',
    path: '/api/v1/webhooks',
    upstream: '/api/v1/webhooks/',
    cacheable: false,
    price: FREE,
    auth: 'user',
    role: 'admin',
    summary: 'The webhook endpoints registered with the service',
    tag: 'Webhooks',
  },
  'webhooks.create': {
    scope: 'service',
    method: 'POST',
    path: '/api/v1/webhooks',
    upstream: '/api/v1/webhooks/',
    success: [201],
    cacheable: false,
    price: FREE,
    auth: 'user',
    role: 'admin',
    summary: 'Registers a webhook endpoint; answers its signing secret once',
    tag: 'Webhooks',
  },
  'webhooks.delete': {
    scope: 'service',
    method: 'DELETE',
    path: '/api/v1/webhooks/{id}',
    params: { id: WEBHOOK_ID },
    upstream: '/api/v1/webhooks/{id}/',
    success: [204],
    cacheable: false,
    price: FREE,
    auth: 'user',
    role: 'admin',
    summary: 'Removes a webhook endpoint',
    tag: 'Webhooks',
  },
  'webhooks.deliveries': {
    scope: 'service',
    method: 'GET',
    path: '/api/v1/webhooks/{id}/deliveries',
    params: { id: WEBHOOK_ID },
    upstream: '/api/v1/webhooks/{id}/deliveries/',
    cacheable: false,
    price: FREE,
    auth: 'user',
    role: 'admin',
    summary: 'The latest deliveries to a webhook endpoint, with their attempts',
    tag: 'Webhooks',
  },

  // --- served by each server ---------------------------------------------------------------------
  health: {
    scope: 'both',
    method: 'GET',
    path: '/healthz',
    cacheable: false,
    price: FREE,
    auth: 'public',
    summary: 'Ready to serve (the BFF also reports its upstream)',
    tag: 'Health',
  },

  // --- the BFF's own API -------------------------------------------------------------------------
  'bff.openapi': {
    scope: 'bff',
    method: 'GET',
    path: '/api/openapi.json',
    cacheable: false,
    price: FREE,
    auth: 'public',
    summary: 'This document',
    tag: 'Health',
  },
  'bff.session': {
    scope: 'bff',
    method: 'GET',
    path: '/bff/session',
    cacheable: false,
    price: FREE,
    auth: 'public',
    summary: 'The mode and who is signed in',
    tag: 'Session',
  },
  'bff.signIn': {
    scope: 'bff',
    method: 'POST',
    path: '/bff/session',
    cacheable: false,
    price: FREE,
    auth: 'public',
    summary: 'Signs in (team mode); sets the session cookie',
    tag: 'Session',
  },
  'bff.signOut': {
    scope: 'bff',
    method: 'DELETE',
    path: '/bff/session',
    success: [204],
    cacheable: false,
    price: FREE,
    auth: 'public',
    summary: 'Signs out and ends the session',
    tag: 'Session',
  },
  'bff.pricing': {
    scope: 'bff',
    method: 'GET',
    path: '/bff/pricing',
    cacheable: false,
    price: FREE,
    auth: 'user',
    summary: 'The price table, the upstream plan and the sections it lacks',
    tag: 'Usage',
  },
  'bff.industries': {
    scope: 'bff',
    method: 'GET',
    path: '/bff/industries',
    cacheable: false,
    price: FREE,
    auth: 'user',
    summary:
      'The industry taxonomy as a tree (sectors, each with its industries): the service’s own where it can list it (the embedded service), else the copy the BFF ships',
    tag: 'Usage',
  },
  'bff.usage': {
    scope: 'bff',
    method: 'GET',
    path: '/bff/usage',
    cacheable: false,
    price: FREE,
    auth: 'user',
    summary: 'Today’s spend against the daily budget, and the last calls',
    tag: 'Usage',
  },
  'bff.exports': {
    scope: 'bff',
    method: 'POST',
    path: '/bff/exports',
    media: 'text/csv',
    cacheable: false,
    price: 'what its list generation pages cost',
    auth: 'user',
    summary: 'The list (or a selection) as CSV with the chosen columns',
    tag: 'Exports',
  },
  'bff.events': {
    scope: 'bff',
    method: 'GET',
    path: '/bff/events',
    media: 'text/event-stream',
    cacheable: false,
    price: FREE,
    auth: 'user',
    summary: 'Live events for the signed-in user (Server-Sent Events)',
    tag: 'Events',
  },
  'bff.additions': {
    scope: 'bff',
    method: 'GET',
    path: '/bff/additions',
    cacheable: false,
    price: FREE,
    auth: 'user',
    summary: 'The signed-in user’s addition requests, newest first',
    tag: 'Additions',
  },
  'bff.lookalikes': {
    scope: 'bff',
    method: 'POST',
    path: '/bff/lookalikes',
    cacheable: false,
    price:
      'what its enrichments and list generation calls cost; 402 first when the estimate exceeds the budget left',
    auth: 'user',
    summary: 'Companies most like 1 to 20 seed companies, ranked by similarity, with the reasons in words',
    tag: 'Lists',
  },
  // --- saved lists (issue 14, docs/decisions/0016-saved-lists.md) ---------------------------------
  'bff.savedLists': {
    scope: 'bff',
    method: 'GET',
    path: '/bff/lists',
    cacheable: false,
    price: FREE,
    auth: 'user',
    summary: 'The saved lists the user owns or that are shared with the team, with their last run',
    tag: 'Saved lists',
  },
  'bff.savedLists.create': {
    scope: 'bff',
    method: 'POST',
    path: '/bff/lists',
    success: [201],
    cacheable: false,
    price: FREE,
    auth: 'user',
    summary:
      'Saves a list request under a name (private unless shared; checked daily or weekly if asked), with its seed companies when it lists lookalikes',
    tag: 'Saved lists',
  },
  'bff.savedLists.alerts': {
    scope: 'bff',
    method: 'GET',
    path: '/bff/lists/alerts',
    cacheable: false,
    price: FREE,
    auth: 'user',
    summary: 'What scheduled checks of the user’s lists found that is new, and how many alerts are unread',
    tag: 'Saved lists',
  },
  'bff.savedLists.alertsRead': {
    scope: 'bff',
    method: 'POST',
    path: '/bff/lists/alerts/read',
    success: [204],
    cacheable: false,
    price: FREE,
    auth: 'user',
    summary: 'Marks every alert of the user read',
    tag: 'Saved lists',
  },
  'bff.savedList': {
    scope: 'bff',
    method: 'GET',
    path: '/bff/lists/{id}',
    params: { id: UUID },
    cacheable: false,
    price: FREE,
    auth: 'user',
    summary: 'One saved list (404 when it is someone else’s private list)',
    tag: 'Saved lists',
  },
  'bff.savedList.update': {
    scope: 'bff',
    method: 'PATCH',
    path: '/bff/lists/{id}',
    params: { id: UUID },
    cacheable: false,
    price: FREE,
    auth: 'user',
    summary: 'Changes a saved list (its owner only: 403 to others on a shared list)',
    tag: 'Saved lists',
  },
  'bff.savedList.delete': {
    scope: 'bff',
    method: 'DELETE',
    path: '/bff/lists/{id}',
    params: { id: UUID },
    success: [204],
    cacheable: false,
    price: FREE,
    auth: 'user',
    summary: 'Deletes a saved list with its runs (its owner only)',
    tag: 'Saved lists',
  },
  'bff.savedList.estimate': {
    scope: 'bff',
    method: 'GET',
    path: '/bff/lists/{id}/estimate',
    params: { id: UUID },
    cacheable: false,
    price: FREE,
    auth: 'user',
    summary: 'What a run of the list may cost, before it runs',
    tag: 'Saved lists',
  },
  'bff.savedList.run': {
    scope: 'bff',
    method: 'POST',
    path: '/bff/lists/{id}/runs',
    params: { id: UUID },
    success: [201],
    cacheable: false,
    price: `what its list generation pages cost (its first ${LIST_TOTAL_CAP} companies, without sections, asked afresh); company searches of the companies that left are free. A list with seeds, on a plan with sections in lists, reads its pages with the sections the similarity score needs and its seeds' profiles by enrichment (those its pages hold are free)`,
    auth: 'user',
    summary:
      'Runs the list: its first 500 companies, what is new and what left since the runner last marked it seen',
    tag: 'Saved lists',
  },
  'bff.savedList.runs': {
    scope: 'bff',
    method: 'GET',
    path: '/bff/lists/{id}/runs',
    params: { id: UUID },
    cacheable: false,
    price: FREE,
    auth: 'user',
    summary: 'The list’s runs, newest first, without their companies',
    tag: 'Saved lists',
  },
  'bff.savedList.runDetail': {
    scope: 'bff',
    method: 'GET',
    path: '/bff/lists/{id}/runs/{run_id}',
    params: { id: UUID, run_id: UUID },
    cacheable: false,
    price: FREE,
    auth: 'user',
    summary: 'One run of the list with its companies',
    tag: 'Saved lists',
  },
  'bff.savedList.seen': {
    scope: 'bff',
    method: 'POST',
    path: '/bff/lists/{id}/seen',
    params: { id: UUID },
    success: [204],
    cacheable: false,
    price: FREE,
    auth: 'user',
    summary: 'Marks the list’s latest run as seen by the user (409 before its first run)',
    tag: 'Saved lists',
  },
  'bff.savedList.companies': {
    scope: 'bff',
    method: 'POST',
    path: '/bff/lists/{id}/companies',
    params: { id: UUID },
    cacheable: false,
    price: 'free: each added company is checked by a company search (free)',
    auth: 'user',
    summary:
      'Adds companies to a static list and removes them from it (its owner only: 403 to others on a shared list)',
    tag: 'Saved lists',
  },
  'bff.savedList.csv': {
    scope: 'bff',
    method: 'GET',
    path: '/bff/lists/{id}/companies.csv',
    params: { id: UUID },
    media: 'text/csv',
    cacheable: false,
    price: FREE,
    auth: 'user',
    summary:
      'A static list’s companies as CSV (company, website, product category, id, added), or only those of `companies`',
    tag: 'Saved lists',
  },
  'bff.webhookReceiver': {
    scope: 'bff',
    method: 'POST',
    path: '/bff/webhooks/company-addition',
    success: [204],
    cacheable: false,
    price: FREE,
    auth: 'signature',
    summary: 'Receives the service’s signed addition status webhooks',
    tag: 'Webhooks',
  },

  // --- account lists (issue 15; bff/contract/accounts.ts) ----------------------------------------
  'bff.accounts.imports': {
    scope: 'bff',
    method: 'GET',
    path: '/bff/accounts/imports',
    cacheable: false,
    price: FREE,
    auth: 'user',
    summary: 'The signed-in user’s account imports with their progress, newest first',
    tag: 'Accounts',
  },
  'bff.accounts.import': {
    scope: 'bff',
    method: 'POST',
    path: '/bff/accounts/imports',
    success: [202],
    cacheable: false,
    price: 'free (each row is matched through the free company search)',
    auth: 'user',
    summary:
      'Imports a CSV of accounts (text/csv, or multipart with a `file` part; up to 50,000 rows) and matches it in the background',
    tag: 'Accounts',
  },
  'bff.accounts.preview': {
    scope: 'bff',
    method: 'POST',
    path: '/bff/accounts/imports/preview',
    cacheable: false,
    price: FREE,
    auth: 'user',
    summary:
      'Reads a CSV as the import would: delimiter, columns (given or guessed), first rows; stores nothing',
    tag: 'Accounts',
  },
  'bff.accounts.importStatus': {
    scope: 'bff',
    method: 'GET',
    path: '/bff/accounts/imports/{id}',
    params: { id: UUID },
    cacheable: false,
    price: FREE,
    auth: 'user',
    summary: 'An import’s progress: rows matched, ambiguous, unmatched and invalid, and the time left',
    tag: 'Accounts',
  },
  'bff.accounts.cancelImport': {
    scope: 'bff',
    method: 'DELETE',
    path: '/bff/accounts/imports/{id}',
    params: { id: UUID },
    cacheable: false,
    price: FREE,
    auth: 'user',
    summary: 'Cancels an import’s matching (rows matched so far stay in its account list)',
    tag: 'Accounts',
  },
  'bff.accounts.report': {
    scope: 'bff',
    method: 'GET',
    path: '/bff/accounts/imports/{id}/report.csv',
    params: { id: UUID },
    media: 'text/csv',
    cacheable: false,
    price: FREE,
    auth: 'user',
    summary:
      'The match report: each row’s line and cells, the company matched, confidence, reason, candidates',
    tag: 'Accounts',
  },
  'bff.accounts.rows': {
    scope: 'bff',
    method: 'GET',
    path: '/bff/accounts/imports/{id}/rows',
    params: { id: UUID },
    cacheable: false,
    price: FREE,
    auth: 'user',
    summary: 'An import’s rows with their matches, by line (`filter=review` for those to check)',
    tag: 'Accounts',
  },
  'bff.accounts.pickRow': {
    scope: 'bff',
    method: 'PATCH',
    path: '/bff/accounts/imports/{id}/rows/{line}',
    params: { id: UUID, line: '[0-9]{1,7}' },
    cacheable: false,
    price: FREE,
    auth: 'user',
    summary: 'Picks the company of a row (a candidate), or none; the account list follows',
    tag: 'Accounts',
  },
  'bff.accounts.lists': {
    scope: 'bff',
    method: 'GET',
    path: '/bff/accounts/lists',
    cacheable: false,
    price: FREE,
    auth: 'user',
    summary: 'The account lists the user may use: their own (“Exported before” first) and those shared',
    tag: 'Accounts',
  },
  'bff.accounts.list': {
    scope: 'bff',
    method: 'GET',
    path: '/bff/accounts/lists/{id}',
    params: { id: UUID },
    cacheable: false,
    price: FREE,
    auth: 'user',
    summary: 'An account list with its companies',
    tag: 'Accounts',
  },
  'bff.accounts.updateList': {
    scope: 'bff',
    method: 'PATCH',
    path: '/bff/accounts/lists/{id}',
    params: { id: UUID },
    cacheable: false,
    price: FREE,
    auth: 'user',
    summary: 'Renames an account list or shares it with the team (its owner only)',
    tag: 'Accounts',
  },
  'bff.accounts.hide': {
    scope: 'bff',
    method: 'POST',
    path: '/bff/accounts/hidden',
    cacheable: false,
    price: 'free: each company is checked by a company search (free)',
    auth: 'user',
    summary:
      'Adds companies to the user’s own “Hidden companies” account list (made when missing), which lists can leave out',
    tag: 'Accounts',
  },

  'bff.accounts.enrichment': {
    scope: 'bff',
    method: 'GET',
    path: '/bff/accounts/lists/{id}/enrichment',
    params: { id: UUID },
    cacheable: false,
    price: FREE,
    auth: 'user',
    summary: 'The last bulk enrichment of an account list: where it stands or why it stopped',
    tag: 'Accounts',
  },
  'bff.exports.estimate': {
    scope: 'bff',
    method: 'POST',
    path: '/bff/exports/estimate',
    cacheable: false,
    price: FREE,
    auth: 'user',
    summary:
      'What an export costs before it is made: a list (`request`), the company store counted, or a bulk enrichment (`source: {account_list}`): price per company x matched rows, what is already paid, the budget left',
    tag: 'Exports',
  },
  'bff.lists.count': {
    scope: 'bff',
    method: 'POST',
    path: '/bff/lists/count',
    cacheable: false,
    price: `a list under ${LIST_TOTAL_CAP}: its one call (${PRICES.listBase}); more: at most 2 per ${LIST_TOTAL_CAP} companies + 20`,
    auth: 'user',
    summary:
      'The exact number of companies of a list request, counted by slices of fewer than 500 (402 before anything is spent when the budget cannot cover its bound)',
    tag: 'Lists',
  },
  'bff.lists.count.estimate': {
    scope: 'bff',
    method: 'POST',
    path: '/bff/lists/count/estimate',
    cacheable: false,
    price: FREE,
    auth: 'user',
    summary: 'The most an exact count of a list request may cost, before anything is spent',
    tag: 'Lists',
  },
  'bff.companies.quote': {
    scope: 'bff',
    method: 'POST',
    path: '/bff/companies/quote',
    cacheable: false,
    price: FREE,
    auth: 'user',
    summary:
      'What some sections of some companies cost now: the (company, section) pairs the team’s company store lacks, at enrichment prices',
    tag: 'Companies',
  },
  'bff.companies.signals.quote': {
    scope: 'bff',
    method: 'POST',
    path: '/bff/companies/signals/quote',
    cacheable: false,
    price: FREE,
    auth: 'user',
    summary:
      'What some signal readings (headcount trends, open roles, website traffic, the first jobs page) of some companies cost now: those the team’s company store lacks, each at its most',
    tag: 'Companies',
  },
  'bff.companies.signals': {
    scope: 'bff',
    method: 'POST',
    path: '/bff/companies/signals',
    cacheable: false,
    price:
      'the signal calls the team’s company store lacks (headcount trends 2.5, open roles at most 0.5, website traffic 1 a company); 402 first when their most exceeds the budget left',
    auth: 'user',
    summary:
      'The signal columns’ values of up to 100 companies (headcount growth over 6 and 12 months, open roles, last month’s visits), from the company store or bought through the signal endpoints',
    tag: 'Companies',
  },
  'bff.companies.sections': {
    scope: 'bff',
    method: 'POST',
    path: '/bff/companies/sections',
    cacheable: false,
    price:
      'the (company, section) pairs the team’s company store lacks, at enrichment prices; 402 first when they exceed the budget left',
    auth: 'user',
    summary:
      'Some list sections of up to 100 companies (a static list’s columns), from the company store or bought by enrichment',
    tag: 'Companies',
  },
  'bff.lists.screen.estimate': {
    scope: 'bff',
    method: 'POST',
    path: '/bff/lists/screen/estimate',
    cacheable: false,
    price: FREE,
    auth: 'user',
    summary:
      'What screening a list request by its signal filters may cost, before anything is spent: its first 500 companies x the signal calls’ prices, plus the list calls (0 when screened a few minutes ago)',
    tag: 'Lists',
  },

  // --- the team's administration (admins only) ----------------------------------------------------
  'bff.admin.users': {
    scope: 'bff',
    method: 'GET',
    path: '/bff/admin/users',
    cacheable: false,
    price: FREE,
    auth: 'user',
    role: 'admin',
    summary: 'The team’s users with their role, state, daily budget and today’s spend',
    tag: 'Admin',
  },
  'bff.admin.addUser': {
    scope: 'bff',
    method: 'POST',
    path: '/bff/admin/users',
    success: [201],
    cacheable: false,
    price: FREE,
    auth: 'user',
    role: 'admin',
    summary: 'Adds a user (a member unless `role` says admin)',
    tag: 'Admin',
  },
  'bff.admin.updateUser': {
    scope: 'bff',
    method: 'PATCH',
    path: '/bff/admin/users/{id}',
    params: { id: USER_ID },
    cacheable: false,
    price: FREE,
    auth: 'user',
    role: 'admin',
    summary:
      'Sets a user’s role, daily budget or password, or disables them (their sessions end at once; the last enabled admin stays)',
    tag: 'Admin',
  },
  'bff.admin.team': {
    scope: 'bff',
    method: 'GET',
    path: '/bff/admin/team',
    cacheable: false,
    price: FREE,
    auth: 'user',
    role: 'admin',
    summary: 'The team’s monthly credit cap and what the team spent this month',
    tag: 'Admin',
  },
  'bff.admin.updateTeam': {
    scope: 'bff',
    method: 'PATCH',
    path: '/bff/admin/team',
    cacheable: false,
    price: FREE,
    auth: 'user',
    role: 'admin',
    summary: 'Sets the team’s monthly credit cap (null: none), on top of the users’ daily budgets',
    tag: 'Admin',
  },
  'bff.admin.audit': {
    scope: 'bff',
    method: 'GET',
    path: '/bff/admin/audit',
    cacheable: false,
    price: FREE,
    auth: 'user',
    role: 'admin',
    summary: 'Every admin action (who, what, to whom, when), newest first',
    tag: 'Admin',
  },
  'bff.admin.spend': {
    scope: 'bff',
    method: 'GET',
    path: '/bff/admin/spend',
    cacheable: false,
    price: FREE,
    auth: 'user',
    role: 'admin',
    summary: 'Credits per day by user, by endpoint and the biggest spenders over the last `days` days',
    tag: 'Admin',
  },
  'bff.admin.ledgerCsv': {
    scope: 'bff',
    method: 'GET',
    path: '/bff/admin/ledger.csv',
    media: 'text/csv',
    cacheable: false,
    price: FREE,
    auth: 'user',
    role: 'admin',
    summary: 'Every ledger entry as CSV, users named, for finance',
    tag: 'Admin',
  },
} as const satisfies Record<string, EndpointDef>;

export type Endpoints = typeof ENDPOINTS;
export type EndpointId = keyof Endpoints;
export type ServiceEndpointId = {
  [K in EndpointId]: Endpoints[K]['scope'] extends 'service' ? K : never;
}[EndpointId];
export type BffEndpointId = Exclude<EndpointId, ServiceEndpointId>;

export const ENDPOINT_IDS = Object.keys(ENDPOINTS) as EndpointId[];

export function endpoint(id: EndpointId): EndpointDef {
  return ENDPOINTS[id];
}

// ---------------------------------------------------------------------------------------------
// Types of a call, for the typed client

type ParamNames<P extends string> = P extends `${string}{${infer N}}${infer Rest}`
  ? N | ParamNames<Rest>
  : never;
type PathParams<I extends EndpointId> = { [K in ParamNames<Endpoints[I]['path']>]: string };
/** The schemas of an endpoint (types only: nothing of `endpoint-schemas.ts` is loaded here). */
type Schemas<I extends EndpointId> = EndpointSchemaTable[I];
type SchemaInput<D> = D extends { input: infer S extends z.ZodType } ? z.input<S> : unknown;

/** What a caller gives: the query or body, plus the path parameters by name. */
export type InputOf<I extends EndpointId> = [ParamNames<Endpoints[I]['path']>] extends [never]
  ? Schemas<I> extends { input: z.ZodType }
    ? SchemaInput<Schemas<I>>
    : undefined
  : (Schemas<I> extends { input: z.ZodType } ? SchemaInput<Schemas<I>> : unknown) & PathParams<I>;

/** What a successful call answers (undefined for 204s and non-JSON media). */
export type OutputOf<I extends EndpointId> =
  Schemas<I> extends { output: infer S extends z.ZodType } ? z.output<S> : undefined;

// ---------------------------------------------------------------------------------------------
// Paths

/** The names of a path's parameters, in order. */
export function paramNames(path: string): string[] {
  return [...path.matchAll(/\{(\w+)\}/g)].map((m) => m[1]!);
}

/** A path with its parameters filled in (percent-encoded). */
function fillPath(path: string, params: Readonly<Record<string, string>>): string {
  if (!path.includes('{')) return path;
  return path.replace(/\{(\w+)\}/g, (_, name: string) => {
    const v = params[name];
    if (v === undefined) throw new Error(`${path}: missing path parameter ${name}`);
    return encodeURIComponent(v);
  });
}

/** The path of an endpoint with its parameters filled in. */
export function pathOf(id: EndpointId, params: Readonly<Record<string, string>> = {}): string {
  return fillPath(ENDPOINTS[id].path, params);
}

/** A path in Hono's syntax (`:id` for `{id}`). */
export function honoPath(path: string): string {
  return path.replace(/\{(\w+)\}/g, ':$1');
}

/**
 * A request path in the spelling this table writes: `/v1/...` -> `/api/v1/...`, no trailing slash.
 * Undefined for spellings no endpoint uses (doubled slashes, encoded separators, backslashes), which
 * are never forwarded.
 */
export function canonicalPath(pathname: string): string | undefined {
  if (pathname.includes('//') || /%2f|%5c|\\/i.test(pathname)) return undefined;
  let p = pathname;
  if (p === '/v1' || p.startsWith('/v1/')) p = `/api${p}`;
  if (p.length > 1 && p.endsWith('/')) p = p.slice(0, -1);
  return p;
}

type CompiledPath = { strict: RegExp; loose: RegExp; names: string[]; id: EndpointId; canonical: string };

function compile(path: string, id: EndpointId, params: Readonly<Record<string, string>> = {}): CompiledPath {
  const names = paramNames(path);
  const source = (strict: boolean) =>
    path
      .split(/(\{\w+\})/)
      .map((part) => {
        const m = /^\{(\w+)\}$/.exec(part);
        if (!m) return part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
        return `(${(strict && params[m[1]!]) || '[^/]+'})`;
      })
      .join('');
  return {
    strict: new RegExp(`^${source(true)}$`),
    loose: new RegExp(`^${source(false)}$`),
    names,
    id,
    canonical: ENDPOINTS[id].path,
  };
}

const COMPILED: readonly CompiledPath[] = ENDPOINT_IDS.flatMap((id) => {
  const d: EndpointDef = ENDPOINTS[id];
  return [d.path, ...(d.aliases ?? [])].map((p) => compile(p, id, d.params));
});

type EndpointMatch =
  /** The endpoint, its path parameters, and the canonical path with them filled in. */
  | { kind: 'endpoint'; id: EndpointId; params: Readonly<Record<string, string>>; path: string }
  /** A known path that does not allow this method: answer 405 with `allow`. */
  | { kind: 'method'; allow: string };

/**
 * The endpoint a request is for, among those of `scopes`; undefined when the path is none of them
 * (404). Matching is on the canonical spelling (`canonicalPath`). The BFF matches path parameters
 * against their patterns (a malformed id is never forwarded); the service takes any segment
 * (`looseParams`) and answers for the resource itself ("no such request").
 */
export function matchEndpoint(
  method: string,
  pathname: string,
  scopes: readonly EndpointScope[],
  opts: { looseParams?: boolean } = {},
): EndpointMatch | undefined {
  // Every proxied call is matched three or four times on its way (the account lists' and the list
  // resolver's layers, the words, the proxy), mostly on a handful of paths: remembered, frozen.
  const key = `${method} ${opts.looseParams ? 1 : 0}${scopes.join()} ${pathname}`;
  const known = MATCHES.get(key);
  if (known !== undefined || MATCHES.has(key)) return known;
  const found = findEndpoint(method, pathname, scopes, opts.looseParams === true);
  if (found?.kind === 'endpoint') Object.freeze(found.params);
  if (MATCHES.size >= MATCHES_KEPT) MATCHES.clear();
  MATCHES.set(key, found && Object.freeze(found));
  return found;
}

/** Matches remembered (`matchEndpoint`); ids in paths make it grow, so it starts over past this. */
const MATCHES_KEPT = 2048;
const MATCHES = new Map<string, EndpointMatch | undefined>();

function findEndpoint(
  method: string,
  pathname: string,
  scopes: readonly EndpointScope[],
  looseParams: boolean,
): EndpointMatch | undefined {
  const path = canonicalPath(pathname);
  if (path === undefined) return undefined;
  const allowed: string[] = [];
  for (const c of COMPILED) {
    const d: EndpointDef = ENDPOINTS[c.id];
    if (!scopes.includes(d.scope)) continue;
    const m = (looseParams ? c.loose : c.strict).exec(path);
    if (!m) continue;
    if (d.method === method) {
      const params: Record<string, string> = {};
      try {
        c.names.forEach((name, i) => {
          params[name] = decodeURIComponent(m[i + 1]!);
        });
      } catch {
        return undefined; // a malformed percent-encoding names nothing
      }
      return { kind: 'endpoint', id: c.id, params, path: fillPath(c.canonical, params) };
    }
    if (!allowed.includes(d.method)) allowed.push(d.method);
  }
  return allowed.length > 0 ? { kind: 'method', allow: allowed.join(', ') } : undefined;
}

/** The methods each path (canonical or alias) of these scopes allows, for 405 answers and the docs. */
export function methodsByPath(scopes: readonly EndpointScope[]): Map<string, HttpMethod[]> {
  const out = new Map<string, HttpMethod[]>();
  for (const id of ENDPOINT_IDS) {
    const d: EndpointDef = ENDPOINTS[id];
    if (!scopes.includes(d.scope)) continue;
    for (const p of [d.path, ...(d.aliases ?? [])]) {
      const list = out.get(p) ?? [];
      if (!list.includes(d.method)) list.push(d.method);
      out.set(p, list);
    }
  }
  return out;
}

/** The path sent upstream for a service endpoint, parameters filled in. */
export function upstreamPathOf(id: ServiceEndpointId, params: Readonly<Record<string, string>> = {}): string {
  const d: EndpointDef = ENDPOINTS[id];
  return fillPath(d.upstream ?? d.path, params);
}

// ---------------------------------------------------------------------------------------------
// Requests

/** One call written as HTTP: method, path with query, JSON body text. */
type EndpointRequest = { method: HttpMethod; url: string; body?: string };

function queryValue(v: unknown): string {
  return typeof v === 'string' ? v : typeof v === 'object' ? JSON.stringify(v) : String(v);
}

/**
 * The HTTP request of a call: path parameters taken from the input by name, the rest as the query
 * (GET, DELETE; arrays as repeated parameters, undefined left out) or as the JSON body (POST, PATCH;
 * none when the call gives no input: `InputOf` requires one wherever the endpoint takes a body).
 */
export function requestOf(id: EndpointId, input?: unknown): EndpointRequest {
  const d: EndpointDef = ENDPOINTS[id];
  const names = paramNames(d.path);
  const rest: Record<string, unknown> = { ...((input ?? {}) as Record<string, unknown>) };
  const params: Record<string, string> = {};
  for (const name of names) {
    params[name] = String(rest[name]);
    delete rest[name];
  }
  const path = fillPath(d.path, params);
  if (d.method === 'GET' || d.method === 'DELETE') {
    const query = new URLSearchParams();
    for (const [k, v] of Object.entries(rest)) {
      if (v === undefined) continue;
      if (Array.isArray(v)) for (const one of v) query.append(k, queryValue(one));
      else query.set(k, queryValue(v));
    }
    const search = query.toString();
    return { method: d.method, url: search ? `${path}?${search}` : path };
  }
  return input !== undefined
    ? { method: d.method, url: path, body: JSON.stringify(rest) }
    : { method: d.method, url: path };
}
