/**
 * GET /bff/pricing: the plan and the price table, read once for the whole app (one query key), so
 * the grid can say what a page will cost and which sections the plan cannot have, and the company
 * page what a tab will cost and whether the plan includes funding. Until the BFF answers (or where
 * it does not offer the endpoint) the contract's own table stands in, with Enterprise rules: the
 * service still reports skipped sections and refuses what the plan cannot have, so nothing is
 * promised that is not delivered.
 */
import { PricingResponse } from '@contract/bff';
import { PLAN_LABELS, PLAN_RULES, type Plan, type PlanRules, PRICES } from '@contract/pricing';
import { LIST_SECTIONS, type ListSection } from '@contract/section-names';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from './api-client';

export type Pricing = {
  plan: Plan;
  planLabel: string;
  rules: PlanRules;
  prices: PricingResponse['prices'];
  /** Why each section the plan cannot have is unavailable (the reason the service gives). */
  unavailable: Partial<Record<ListSection, string>>;
  /** Whether the figures came from the BFF (false: the contract's defaults). */
  fromServer: boolean;
};

export const FALLBACK_PRICING: Pricing = {
  plan: 'enterprise',
  planLabel: PLAN_LABELS.enterprise,
  rules: PLAN_RULES.enterprise,
  prices: PRICES,
  unavailable: {},
  fromServer: false,
};

/** The BFF's answer as the app reads it; an answer of another shape counts as no answer. */
export function toPricing(body: unknown): Pricing {
  const parsed = PricingResponse.safeParse(body);
  if (!parsed.success) return FALLBACK_PRICING;
  const p = parsed.data;
  const unavailable: Partial<Record<ListSection, string>> = {};
  for (const s of LIST_SECTIONS) {
    const reason = p.unavailable_sections[s];
    if (reason) unavailable[s] = reason;
  }
  return {
    plan: p.plan,
    planLabel: p.plan_label,
    rules: p.rules,
    prices: p.prices,
    unavailable,
    fromServer: true,
  };
}

async function getPricing(): Promise<Pricing> {
  try {
    return toPricing(await call('bff.pricing'));
  } catch {
    return FALLBACK_PRICING;
  }
}

export const PRICING_QUERY_KEY = ['bff', 'pricing'] as const;

export const pricingQueryOptions = () =>
  queryOptions({ queryKey: PRICING_QUERY_KEY, queryFn: getPricing, staleTime: 60 * 60_000 });

export function usePricing() {
  return useQuery(pricingQueryOptions());
}

/** Credits per company a section adds to a list. */
export function sectionPrice(pricing: Pricing, section: ListSection): number {
  return pricing.prices.sections[section] ?? PRICES.sections[section];
}
