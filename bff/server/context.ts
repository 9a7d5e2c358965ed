/**
 * The seams of the BFF: who the request is for, and the typed ways every part of the BFF calls the
 * upstream by (validation, budget, cache, retries and the credit ledger applied alike).
 */
import type { Role } from '../contract/admin';
import type { ServiceEndpointId } from '../contract/endpoints';
import type { Plan } from '../contract/pricing';
import type { ListPlanner } from './lists/planner';
import type { ServicePort } from './lists/port';
import type { BffStore } from './store/store';

/** The user a request acts for: the implicit local user, or a signed-in team account. */
export type BffUser = {
  id: string;
  name: string;
  /**
   * Team mode: the user's own daily budget as the store had it when this request's session was read
   * (null: none of its own), so the budget check needs no second query. Absent: not read.
   */
  dailyBudget?: number | null;
  /** What the user may do: an admin also runs the team and the upstream's webhooks. Absent: member. */
  role?: Role;
};

/**
 * Hono variables the BFF sets before any route runs. In team mode the two paths open without a
 * session (`/bff/session` and `/bff/webhooks/*`) run with `user` unset when nobody is signed in.
 */
export type BffEnv = { Variables: { user: BffUser } };

export type BffDeps = {
  /**
   * Calls an endpoint of the service as `user`, its input an object (lists/port.ts): the same
   * validation, budget check, cache, retries and ledger record as the proxy. Answers the JSON and
   * what it cost; throws a refusal as a `ServiceRefusal` carrying the answer to relay.
   */
  port: ServicePort;
  /**
   * Serves a list request the service cannot answer as asked (company size, exclusions, account
   * lists, a description's words; lists/planner.ts); `listPage` (lists/list-page.ts) chooses.
   */
  planner: ListPlanner;
  /**
   * The BFF's store (bff/server/store/store.ts): SQLite in DATA_DIR/bff.sqlite, or PostgreSQL when
   * DATABASE_URL is set. Users, sessions, ledger, budgets, the team, additions, webhooks seen.
   */
  store: BffStore;
  /** The upstream key's plan (UPSTREAM_PLAN, or the embedded key's plan). */
  plan: Plan;
  log: (line: string) => void;
};

export type ProxiedCall = {
  user: BffUser;
  /** The endpoint (bff/contract/endpoints.ts). */
  id: ServiceEndpointId;
  method: string;
  /** Canonical `/api/v1/...` path without trailing slash. */
  endpoint: string;
  status: number;
  /**
   * The parsed JSON answer (already normalised by the tolerant reader). The proxy parses it only
   * when read: read it only for the endpoints that need it.
   */
  body: unknown;
  /** The credits the call cost, as the ledger recorded them; absent: the body's `credits_consumed`. */
  creditsConsumed?: number;
  /**
   * The parsed JSON request body, when there was one. Optional: it only lets the additions list
   * show a request's company name before the first status lookup or webhook names it.
   */
  request?: unknown;
};
