// @vitest-environment jsdom
import type { PricingResponse } from '@contract/bff';
import { PLAN_LABELS, PLAN_RULES, type Plan, PRICES } from '@contract/pricing';
import { cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '@/testing/render-with-providers';
import { AddCompanyPanel } from './add-company-panel';

function servePricing(plan: Plan) {
  const body: PricingResponse = {
    plan,
    plan_label: PLAN_LABELS[plan],
    rules: PLAN_RULES[plan],
    prices: PRICES,
    unavailable_sections: {},
  };
  vi.stubGlobal('fetch', async (input: RequestInfo | URL) => {
    const url = String(input);
    if (url.includes('/bff/pricing')) return Response.json(body);
    return new Response(null, { status: 404 });
  });
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('AddCompanyPanel', () => {
  it('says up front that a plan without additions cannot add companies, and offers no form', async () => {
    servePricing('payg');
    renderWithProviders(<AddCompanyPanel />);
    expect(await screen.findByText(/Adding companies is not part of your Pay-as-you-go plan/)).toBeTruthy();
    expect(screen.queryByRole('button', { name: /add company|submit/i })).toBeNull();
    expect(screen.queryByLabelText(/website/i)).toBeNull();
  });

  it('shows the form on a plan that can add companies', async () => {
    servePricing('subscription');
    renderWithProviders(<AddCompanyPanel />);
    expect(await screen.findByLabelText(/website/i)).toBeTruthy();
    expect(screen.queryByText(/not part of your/)).toBeNull();
  });
});
