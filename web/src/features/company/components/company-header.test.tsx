// @vitest-environment jsdom
import { CompanySearchRecord } from '@contract/api';
import { act, cleanup, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { renderWithProviders } from '@/testing/render-with-providers';
import {
  firmographic,
  firmographicSparse,
  location,
  locationSparse,
} from '../../../testing/company-fixtures';
import { enrichmentQueryOptions } from '../api/get-enrichment';
import { HEADER_SECTIONS } from '../company-tabs';
import { CompanyHeader, CompanyNotFound } from './company-header';

afterEach(cleanup);

const preview = CompanySearchRecord.parse({
  uuid: 'cmp-acme',
  name: 'Acme Robotics',
  website: 'https://www.acme-robotics.de',
  domain: 'acme-robotics.de',
  product_category: 'Warehouse Robots',
  company_status: 'private',
  score: 1,
});

/** The header's paid answer, put in the query cache as the enrichment call would. */
function answer(
  queryClient: ReturnType<typeof renderWithProviders>['queryClient'],
  sections: { firmographic: typeof firmographic; location: typeof location },
) {
  act(() => {
    queryClient.setQueryData(enrichmentQueryOptions('cmp-acme', HEADER_SECTIONS).queryKey, {
      body: { uuid: 'cmp-acme', sections },
      credits: 2.5,
      cached: false,
      saved: 0,
      asOf: null,
    });
  });
}

describe('company header', () => {
  it('names the company from the free search while the paid profile loads, then shows its identity', async () => {
    // Disabled: nothing is fetched, the test gives the answer itself.
    const { queryClient } = renderWithProviders(
      <CompanyHeader company="cmp-acme" preview={preview} enabled={false} />,
    );
    const loading = await screen.findByRole('status', { name: 'Loading the company' });
    expect(within(loading).getByRole('heading', { level: 1 }).textContent).toBe('Acme Robotics');
    expect(within(loading).getByText('Warehouse Robots')).toBeTruthy();

    answer(queryClient, { firmographic, location });
    const profile = await screen.findByRole('region', { name: 'Company profile' });
    expect(within(profile).queryByRole('status')).toBeNull();
    expect(within(profile).getByRole('heading', { level: 1 }).textContent).toBe('Acme Robotics');
    expect(
      within(profile)
        .getByRole('link', { name: /acme-robotics\.de/ })
        .getAttribute('href'),
    ).toBe('https://www.acme-robotics.de/');
    expect(within(profile).getByText('Operating')).toBeTruthy();
    expect(within(profile).getByText('201-500')).toBeTruthy();
    expect(within(profile).getByText('2014')).toBeTruthy();
    expect(within(profile).getByText('Warehouse robots.')).toBeTruthy();
    expect(within(profile).getByTestId('cost-note').textContent).toBe('Cost 2.5 credits');
  });

  it('marks missing facts instead of dropping them, and keeps the website from the search', async () => {
    const { queryClient } = renderWithProviders(
      <CompanyHeader company="cmp-acme" preview={preview} enabled={false} />,
    );
    answer(queryClient, { firmographic: firmographicSparse, location: locationSparse });
    const profile = await screen.findByRole('region', { name: 'Company profile' });
    const facts = within(profile).getAllByRole('definition');
    expect(facts.map((d) => d.textContent)).toEqual([
      'Private',
      'Germany',
      '—Not available',
      '—Not available',
    ]);
    expect(within(profile).getByRole('link', { name: /acme-robotics\.de/ })).toBeTruthy();
  });

  it('says plainly that an unknown id names no company, and that nothing was charged', async () => {
    renderWithProviders(<CompanyNotFound company="nope" />);
    expect((await screen.findByRole('heading', { level: 1 })).textContent).toBe('Company not found');
    expect(screen.getByText(/Nothing was charged\./)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'go to the list builder' }).getAttribute('href')).toBe('/');
  });
});
