/**
 * The BFF's own endpoints (`/bff/...`), shared by the BFF and the web app. The Company Data Service's
 * endpoints keep their shapes in `api.ts`; these are what the BFF adds around them: who is signed in,
 * what calls cost and have cost, CSV exports and live events. Those that embed the service's shapes
 * (the export's list request, the additions) are in `bff-lists.ts`: this module stays apart from
 * `api.ts`, so the web app's first load (session, prices, usage) carries none of the service's schemas.
 */
import { z } from 'zod';
import { ROLES } from './admin';
import { PLANS, type PlanRules } from './pricing';

/** The header every unsafe request from the web app carries (CSRF defence with a same-origin Origin). */
export const CSRF_HEADER = 'x-requested-with';
export const CSRF_HEADER_VALUE = 'list-builder';

// ---------------------------------------------------------------------------------------------
// session: GET /bff/session, POST /bff/session (sign in), DELETE /bff/session (sign out)

export const BFF_MODES = ['local', 'team'] as const;
export type BffMode = (typeof BFF_MODES)[number];

export const SessionInfo = z.object({
  mode: z.enum(BFF_MODES),
  /**
   * Null in team mode when nobody is signed in. `role` says what the app offers: the Admin page and
   * the upstream's webhook endpoints are an admin's (local mode's one user is an admin).
   */
  user: z.object({ id: z.string(), name: z.string(), role: z.enum(ROLES) }).nullable(),
});
export type SessionInfo = z.infer<typeof SessionInfo>;

export const SignInRequest = z.strictObject({
  username: z.string().trim().min(1, 'Enter your user name').max(100),
  password: z.string().min(1, 'Enter your password').max(1000),
});
export type SignInRequest = z.infer<typeof SignInRequest>;

// ---------------------------------------------------------------------------------------------
// GET /bff/pricing: the price table and the upstream plan, so the app can show a call's cost first

export const PricingResponse = z.object({
  plan: z.enum(PLANS),
  plan_label: z.string(),
  /** PLAN_RULES[plan]: the page-size limit and the sections this plan may have. */
  rules: z.custom<PlanRules>(),
  /** PRICES of pricing.ts: the one price table. */
  prices: z.object({
    listBase: z.number(),
    listPerCompany: z.number(),
    query: z.number(),
    newsPerCall: z.number(),
    newsPerArticle: z.number(),
    postsPerBlock: z.number(),
    postsBlock: z.number(),
    reviewsPerBlock: z.number(),
    reviewsBlock: z.number(),
    headcountTrendsPerCall: z.number(),
    jobsPerListing: z.number(),
    jobsMinimum: z.number(),
    websiteTrafficPerCall: z.number(),
    sections: z.record(z.string(), z.number()),
  }),
  /**
   * Why each section the plan cannot have in list generation is unavailable, keyed by section: the
   * reason the service writes in `skipped_sections` (on Pay-as-you-go, every list section). Enrichment
   * follows `rules.sections`.
   */
  unavailable_sections: z.record(z.string(), z.string()),
});
export type PricingResponse = z.infer<typeof PricingResponse>;

// ---------------------------------------------------------------------------------------------
// GET /bff/usage: today's spend against the budget, and the last calls

export const LedgerEntry = z.object({
  at: z.string(),
  method: z.string(),
  endpoint: z.string(),
  status: z.number().int(),
  credits_consumed: z.number(),
  cache: z.enum(['hit', 'miss', 'none']),
});
export type LedgerEntry = z.infer<typeof LedgerEntry>;

export const UsageResponse = z.object({
  user: z.object({ id: z.string(), name: z.string() }),
  /** UTC day the figures are for, YYYY-MM-DD. */
  day: z.string(),
  spent_today: z.number(),
  /**
   * Credits the team's company store saved this user today: what asking the service directly would
   * have cost, less what was paid (docs/decisions/0024-company-store.md).
   */
  saved_today: z.number(),
  calls_today: z.number().int(),
  /** Daily credit budget; null = unlimited. */
  budget: z.number().nullable(),
  remaining: z.number().nullable(),
  recent: z.array(LedgerEntry),
});
export type UsageResponse = z.infer<typeof UsageResponse>;

// ---------------------------------------------------------------------------------------------
// POST /bff/exports: streams text/csv; `x-export-total` header gives the number of data rows.
// Rows end with CRLF; a CRLF inside a quoted cell is data, so a client counts rows outside quotes.

export const EXPORT_MAX_ROWS = 500;

// ---------------------------------------------------------------------------------------------
// GET /bff/events: Server-Sent Events for the signed-in user

const BFF_EVENT_TYPES = [
  'company_addition.status_changed',
  'usage.changed',
  'list.new_matches',
  /** An account import's status (bff/contract/accounts.ts ImportStatus), as it moves. */
  'accounts.import.progress',
  /** A bulk enrichment run of an account list (EnrichmentRun), as it moves. */
  'accounts.enrichment.progress',
] as const;
export type BffEventType = (typeof BFF_EVENT_TYPES)[number];

/** `usage.changed`: the user spent credits; the app refetches `/bff/usage`. */
export const UsageChangedEvent = z.object({ endpoint: z.string(), credits_consumed: z.number() });
export type UsageChangedEvent = z.infer<typeof UsageChangedEvent>;
