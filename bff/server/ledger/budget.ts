/**
 * Money before a call: a paid call runs only when its worst case fits what is left of the user's
 * daily budget and of the team's monthly cap. The worst case is held in the store before the call
 * goes upstream (`BffStore.placeHold`, on every instance alike) and ends with the call's ledger line,
 * which settles it at the real price in the same transaction (ledger.ts). A call that does not fit
 * is refused (402) before anything is spent, saying which limit and what is left
 * (docs/decisions/0019-holds-and-a-durable-ledger.md).
 *
 * The worst case is read from the request: a list at its `limit` (as the plan serves it) with its
 * sections and query; an enrichment's sections; news, posts, reviews and job listings at the most
 * their `limit` (and products) can return; headcount trends and website traffic at their price a call.
 */

import { randomUUID } from 'node:crypto';
import { commaItems, JOBS_MAX_LIMIT, NEWS_MAX_LIMIT } from '../../contract/api';
import type { ServiceEndpointId } from '../../contract/endpoints';
import { LIST_DEFAULT_LIMIT } from '../../contract/list-params';
import {
  credits,
  enrichmentCost,
  filterBuilderCost,
  headcountTrendsCost,
  jobsCost,
  listGenerationCost,
  newsCost,
  PLAN_RULES,
  type Plan,
  postsCost,
  reviewsCost,
  websiteTrafficCost,
} from '../../contract/pricing';
import type { StoredSection } from '../../contract/section-names';
import { secondsToNextMonthUtc } from '../admin/team-cap';
import type { BffStore, Hold, HoldLimits, HoldOutcome } from '../store/store';
import { withinDeadline } from '../store/unavailable';
import { utcDay } from './ledger';

/**
 * The most a call may cost, from its request. The request has passed its schema already (the proxy
 * checks it first): its fields are read as they are, not parsed again (a second zod parse of a list
 * request cost more than the rest of this module); a parameter left out takes the contract's default.
 */
export function estimateCost(
  id: ServiceEndpointId,
  plan: Plan,
  query: URLSearchParams,
  body: unknown,
): number {
  switch (id) {
    case 'list.generate': {
      const r = fields(body);
      const limit = typeof r.limit === 'number' ? r.limit : LIST_DEFAULT_LIMIT;
      return listGenerationCost({
        matched: true,
        returned: Math.min(limit, PLAN_RULES[plan].maxListLimit),
        sections: sectionList(r.sections) ?? [],
        query: r.query !== undefined,
      });
    }
    case 'list.filterBuilder':
      return filterBuilderCost();
    case 'company.enrichment':
    case 'company.enrichment.post': {
      const asked =
        id === 'company.enrichment'
          ? sectionList(
              query
                .get('sections')
                ?.split(',')
                .map((x) => x.trim())
                .filter(Boolean),
            )
          : sectionList(fields(body).sections);
      return enrichmentCost(asked ?? PLAN_RULES[plan].sections);
    }
    case 'company.productReviews': {
      // `limit` is per product; products named twice are served once.
      const products = new Set(query.getAll('products').flatMap(commaItems)).size;
      return reviewsCost(products * limitOf(query, 0));
    }
    case 'company.employeeReviews':
      return reviewsCost(limitOf(query, 10));
    case 'company.posts':
      return postsCost(limitOf(query, 10));
    case 'news':
      return newsCost(Math.min(limitOf(query, 10), NEWS_MAX_LIMIT));
    // The signal endpoints (decisions section 15): a page of job listings full at its `limit`.
    case 'company.headcountTrends':
      return headcountTrendsCost();
    case 'company.jobs':
      return jobsCost(Math.min(limitOf(query, 10), JOBS_MAX_LIMIT));
    case 'company.websiteTraffic':
      return websiteTrafficCost();
    default:
      return 0;
  }
}

function limitOf(query: URLSearchParams, fallback: number): number {
  const given = query.get('limit');
  const n = given === null || given.trim() === '' ? fallback : Number(given);
  return Number.isFinite(n) && n > 0 ? n : 0;
}

function fields(body: unknown): Record<string, unknown> {
  return body !== null && typeof body === 'object' ? (body as Record<string, unknown>) : {};
}

/** A checked request's sections (names the contract knows), or undefined when it names none. */
function sectionList(v: unknown): StoredSection[] | undefined {
  return Array.isArray(v) ? (v as StoredSection[]) : undefined;
}

/** A call refused for want of credits: what to say, and when to try again. */
export type Refusal = { detail: string; retryAfterS: number };

/** A hold placed, or why not. */
export type Placed = { ok: true; hold: Hold } | { ok: false; refusal: Refusal };

export function secondsToMidnightUtc(now: Date): number {
  const next = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() + 1);
  return Math.max(1, Math.ceil((next - now.getTime()) / 1000));
}

/** Credits as people read them: 5851.5 -> "5,851.5". */
function amount(n: number): string {
  return credits(n).toLocaleString('en-US', { maximumFractionDigits: 4 });
}

export class Holds {
  constructor(
    private readonly store: BffStore,
    /** How long a hold outlives its call's start at most: past it, its instance is taken for dead. */
    private readonly holdMs: number,
    private readonly now: () => Date = () => new Date(),
  ) {}

  /**
   * Holds `worst` credits for one call of the user, or says why not: at once (no promise) where the
   * store answers at once (SQLite's holds in memory, docs/decisions/0029).
   */
  place(userId: string, worst: number, limits: HoldLimits): Placed | Promise<Placed> {
    const at = this.now();
    const hold: Hold = {
      id: randomUUID(),
      userId,
      day: utcDay(at),
      amount: credits(worst),
      expiresAt: new Date(at.getTime() + this.holdMs).toISOString(),
    };
    // Bounded like every store call on a request's way: a hold placed after the request was
    // answered 503 is given back at once.
    const outcome = withinDeadline(
      this.store.placeHold(hold, limits, at.toISOString()),
      undefined,
      (late) => {
        if (late.ok) this.store.insertLedger([], [hold.id]).catch(() => {});
      },
    );
    return outcome instanceof Promise
      ? outcome.then((o) => this.placed(o, hold, worst, at))
      : this.placed(outcome, hold, worst, at);
  }

  private placed(outcome: HoldOutcome, hold: Hold, worst: number, at: Date): Placed {
    if (outcome.ok) return { ok: true, hold };
    const left = Math.max(0, credits(outcome.of - outcome.spent - outcome.held));
    const inFlight = outcome.held > 0 ? `, ${amount(outcome.held)} held by calls in flight` : '';
    const daily = outcome.limit === 'daily';
    const limit = daily
      ? `your daily budget of ${amount(outcome.of)}`
      : `your team's monthly cap of ${amount(outcome.of)}`;
    const renews = daily
      ? 'it renews at 00:00 UTC'
      : 'it renews on the 1st at 00:00 UTC, and an admin can raise it';
    const advice =
      left > 0 ? `Ask for fewer companies, sections or results, or wait: ${renews}.` : `Wait: ${renews}.`;
    return {
      ok: false,
      refusal: {
        detail: `This call may cost up to ${amount(worst)} credits, and ${limit} has ${left > 0 ? `only ${amount(left)}` : 'nothing'} left (${amount(outcome.spent)} used ${daily ? 'today' : 'this month'}${inFlight}). ${advice}`,
        retryAfterS: daily ? secondsToMidnightUtc(at) : secondsToNextMonthUtc(at),
      },
    };
  }
}
