// @vitest-environment jsdom
/**
 * One pricing query for the whole app: the grid and the company page read `/bff/pricing` through
 * the same query, so the BFF is asked once, and both see the same plan.
 */
import { PLAN_LABELS, PLAN_RULES, PRICES } from '@contract/pricing';
import { cleanup, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CompanyHeader } from '@/features/company/components/company-header';
import { FundingPanel } from '@/features/company/components/tab-panels';
import { ResultsPanel } from '@/features/list-builder/components/results-panel';
import { renderWithList, stubFetch } from '@/testing/render-with-list';
import { FALLBACK_PRICING, PRICING_QUERY_KEY, toPricing } from './pricing';

const SUBSCRIPTION = {
  plan: 'subscription',
  plan_label: PLAN_LABELS.subscription,
  rules: PLAN_RULES.subscription,
  prices: PRICES,
  unavailable_sections: { funding_detail: 'Funding is available on the Enterprise plan.' },
};

let api: ReturnType<typeof stubFetch>;
beforeEach(() => {
  api = stubFetch({
    '/bff/pricing': () => SUBSCRIPTION,
    '/api/v1/list/generate/companies': () => ({
      data: [],
      total_count: 0,
      credits_consumed: 0,
      skipped_sections: [],
      warnings: [],
    }),
  });
  vi.stubGlobal('fetch', api.fetch);
  window.scrollTo = () => {};
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('pricing', () => {
  it('is fetched once for the grid and the company page, under one query key', async () => {
    const { queryClient } = renderWithList(() => (
      <>
        <ResultsPanel />
        <CompanyHeader company="acme" />
        <FundingPanel company="acme" />
      </>
    ));
    // The company page reads the plan's refusal of funding from the same answer.
    expect(await screen.findByText('Funding is available on the Enterprise plan.')).toBeTruthy();
    await waitFor(() =>
      expect(api.calls.some((c) => c.url.pathname === '/api/v1/list/generate/companies')).toBe(true),
    );
    expect(api.calls.filter((c) => c.url.pathname === '/bff/pricing')).toHaveLength(1);
    const pricingQueries = queryClient
      .getQueryCache()
      .getAll()
      .filter((q) => q.queryKey.includes('pricing'));
    expect(pricingQueries.map((q) => q.queryKey)).toEqual([[...PRICING_QUERY_KEY]]);
  });

  it("falls back to the contract's Enterprise table when the BFF has no answer or another shape", () => {
    expect(toPricing({ nope: true })).toBe(FALLBACK_PRICING);
    const p = toPricing(SUBSCRIPTION);
    expect(p.fromServer).toBe(true);
    expect(p.rules.maxListLimit).toBe(PLAN_RULES.subscription.maxListLimit);
    expect(p.unavailable).toEqual({ funding_detail: 'Funding is available on the Enterprise plan.' });
  });
});
