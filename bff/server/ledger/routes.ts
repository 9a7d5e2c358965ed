/**
 * `GET /bff/pricing` (the price table and the upstream plan, so the web app can show a call's cost
 * before it is made and fit page sizes and sections to the plan) and `GET /bff/usage` (today's spend
 * against the budget, the last calls).
 */
import { Hono } from 'hono';
import type { PricingResponse } from '../../contract/bff';
import { PLAN_LABELS, PLAN_RULES, type Plan, PRICES } from '../../contract/pricing';
import {
  LIST_SECTIONS,
  SECTION_LABELS,
  STORED_SECTIONS,
  type StoredSection,
} from '../../contract/section-names';
import type { BffEnv, BffUser } from '../context';
import { route } from '../routing';
import type { Ledger } from './ledger';

/**
 * Sections the plan cannot have in list generation, with the reason the service gives in
 * `skipped_sections` for them (bff/embedded/endpoints/lists.ts); enrichment follows `rules.sections`.
 */
export function unavailableSections(plan: Plan): Record<string, string> {
  const rules = PLAN_RULES[plan];
  const out: Record<string, string> = {};
  for (const section of STORED_SECTIONS) {
    const inLists = (LIST_SECTIONS as readonly StoredSection[]).includes(section);
    if (inLists && !rules.listSections) {
      out[section] = `The ${PLAN_LABELS[plan]} plan does not include sections in list generation`;
    } else if (!rules.sections.includes(section)) {
      out[section] = `${SECTION_LABELS[section]} is available on the Enterprise plan only`;
    }
  }
  return out;
}

export function pricing(plan: Plan): PricingResponse {
  return {
    plan,
    plan_label: PLAN_LABELS[plan],
    rules: PLAN_RULES[plan],
    prices: { ...PRICES, sections: { ...PRICES.sections } },
    unavailable_sections: unavailableSections(plan),
  };
}

export function ledgerRoutes(o: {
  plan: Plan;
  ledger: Ledger;
  budgetOf: (user: BffUser) => Promise<number | null>;
  /** What the company store saved the user today (bff/server/companies/). */
  savedToday: (user: BffUser) => Promise<number>;
}): Hono<BffEnv> {
  const app = new Hono<BffEnv>();
  const body = pricing(o.plan);
  route(app, 'bff.pricing', (c) => c.json(body));
  route(app, 'bff.usage', async (c) => {
    const user = c.get('user');
    const usage = await o.ledger.usage(user, await o.budgetOf(user));
    return c.json({ ...usage, saved_today: await o.savedToday(user) });
  });
  return app;
}
