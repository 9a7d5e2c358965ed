// @vitest-environment jsdom

import { INDUSTRY_TREE } from '@contract/industry-tree';
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithList, stubFetch } from '../../../testing/render-with-list';
import { FilterEditor } from './filter-editor';

const industries = [
  { code: 'IND-2031', industry_name: 'Fintech', similarity: 1 },
  { code: 'IND-2032', industry_name: 'Fintech infrastructure', similarity: 0.8 },
];
const investors = [
  {
    uuid: '000g3h-sequoia-capital',
    name: 'Sequoia Capital',
    website: 'https://www.sequoiacap.com',
    domain: 'sequoiacap.com',
    product_category: 'Venture Capital',
    company_status: 'private',
    score: 0.8,
  },
];

let api: ReturnType<typeof stubFetch>;
beforeEach(() => {
  localStorage.clear();
  api = stubFetch({
    // The tree as the BFF serves it (GET /bff/industries; its own HTTP test: bff/server/industries/).
    '/bff/industries': () => ({ source: 'builtin', sectors: INDUSTRY_TREE }),
    '/api/v1/industry/search': (url) => ({
      data: industries.filter((i) =>
        i.industry_name.toLowerCase().includes(url.searchParams.get('query') ?? ''),
      ),
      count: 2,
      credits_consumed: 0,
    }),
    '/api/v1/company/search': (url) => ({
      data: investors.filter(
        (c) =>
          c.uuid === url.searchParams.get('uuid') ||
          c.name.toLowerCase().includes((url.searchParams.get('name') ?? '#').toLowerCase()),
      ),
      count: 1,
      credits_consumed: 0,
    }),
  });
  vi.stubGlobal('fetch', api.fetch);
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function setup(initial = {}) {
  const user = userEvent.setup();
  const app = renderWithList(FilterEditor, initial);
  return { user, ...app };
}

async function openGroup(user: ReturnType<typeof userEvent.setup>, name: RegExp) {
  const header = await screen.findByRole('button', { name });
  if (header.getAttribute('aria-expanded') !== 'true') await user.click(header);
  return header;
}

const filters = (search: () => { filters?: Record<string, unknown> }) => search().filters ?? {};
const exclusions = (search: () => { exclude?: Record<string, unknown> }) => search().exclude ?? {};

function matchOf(label: string) {
  return screen.getByRole('radiogroup', { name: `${label}: match` });
}

describe('filter editor', () => {
  it('draws one collapsible region per catalog group, named after it', async () => {
    setup();
    for (const name of [
      'Firmographic',
      'Business model',
      'Company assessment',
      'Financial estimate',
      'Location',
      'Strategic signal',
      'Customer profile',
      'Industry',
      'Technology',
      'Funding detail',
    ]) {
      expect(await screen.findByRole('button', { name: new RegExp(`^${name}`) })).toBeTruthy();
    }
  });

  it('ticks an enumeration labelled in words and writes its code to the URL', async () => {
    const { user, search } = setup();
    await openGroup(user, /^Firmographic/);
    await user.click(screen.getByRole('checkbox', { name: 'Venture / growth investor backed' }));
    await waitFor(() =>
      expect(filters(search)['firmographic.ownership_category']).toEqual(['venture_growth_investor_backed']),
    );
    await user.click(screen.getByRole('checkbox', { name: 'Venture / growth investor backed' }));
    await waitFor(() => expect(filters(search)['firmographic.ownership_category']).toBeUndefined());
  });

  it('gives a long enumeration a search box', async () => {
    const { user, search } = setup();
    await openGroup(user, /^Funding detail/);
    const stage = screen.getByRole('group', { name: 'Funding stage' });
    expect(within(stage).queryByRole('checkbox', { name: 'Post-IPO debt' })).toBeNull();
    await user.type(within(stage).getByRole('searchbox', { name: 'Search funding stage' }), 'post-ipo d');
    await user.click(within(stage).getByRole('checkbox', { name: 'Post-IPO debt' }));
    await waitFor(() =>
      expect(filters(search)['funding_detail.funding_overview.funding_stage']).toEqual(['post_ipo_debt']),
    );
  });

  it('lists funding stages in the order money is raised, the common ones before "Show all"', async () => {
    const { user } = setup();
    await openGroup(user, /^Funding detail/);
    const stage = screen.getByRole('group', { name: 'Funding stage' });
    const names = () =>
      within(stage)
        .getAllByRole('checkbox')
        .map((c) => (c as HTMLInputElement).labels?.[0]?.textContent);
    expect(names()).toEqual([
      'Pre-seed',
      'Angel',
      'Seed',
      'Series A',
      'Series B',
      'Series C',
      'Series D',
      'Series E',
    ]);
    await user.click(within(stage).getByRole('button', { name: 'Show all 24' }));
    const all = names();
    expect(all).toHaveLength(24);
    expect(all.slice(0, 4)).toEqual(['Pre-seed', 'Angel', 'Seed', 'Series A']);
    expect(all.indexOf('Series J')).toBeLessThan(all.indexOf('Public'));
    expect(all.indexOf('Public')).toBeLessThan(all.indexOf('Post-IPO equity'));
    expect(all.at(-1)).toBe('Acquired');
  });

  it('reads money with shorthand in a range and applies it after a pause', async () => {
    const { user, search } = setup();
    await openGroup(user, /^Funding detail/);
    await user.type(screen.getByRole('textbox', { name: 'Total funding (USD) from' }), '10m');
    await user.type(screen.getByRole('textbox', { name: 'Total funding (USD) to' }), '1.5b');
    await waitFor(() =>
      expect(filters(search)['funding_detail.funding_overview.total_funding_usd']).toEqual({
        gte: 10_000_000,
        lte: 1_500_000_000,
      }),
    );
  });

  it('explains an amount it cannot read and applies nothing', async () => {
    const { user, search } = setup();
    await openGroup(user, /^Funding detail/);
    const from = screen.getByRole('textbox', { name: 'Total funding (USD) from' });
    await user.type(from, 'lots{Enter}');
    expect((await screen.findByRole('alert')).textContent).toMatch(/amount such as 250k/);
    expect(from.getAttribute('aria-invalid')).toBe('true');
    expect(search().filters).toBeUndefined();
  });

  it('takes a year range and shows the contract’s error when from is after to', async () => {
    const { user, search } = setup();
    await openGroup(user, /^Firmographic/);
    const from = screen.getByRole('textbox', { name: 'Founded from' });
    const to = screen.getByRole('textbox', { name: 'Founded to' });
    await user.type(from, '2015{Enter}');
    await waitFor(() => expect(filters(search)['firmographic.founded_year']).toEqual({ gte: 2015 }));
    await user.type(to, '2010{Enter}');
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toBe('The lower bound is above the upper bound.');
    expect(from.getAttribute('aria-describedby')).toBe(alert.id);
    // The list keeps its last valid filters.
    expect(filters(search)['firmographic.founded_year']).toEqual({ gte: 2015 });
    await user.clear(to);
    await user.type(to, '2020{Enter}');
    await waitFor(() =>
      expect(filters(search)['firmographic.founded_year']).toEqual({ gte: 2015, lte: 2020 }),
    );
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('rejects a year that is not four digits, next to the field', async () => {
    const { user, search } = setup();
    await openGroup(user, /^Firmographic/);
    await user.type(screen.getByRole('textbox', { name: 'Founded from' }), '20155{Enter}');
    expect((await screen.findByRole('alert')).textContent).toMatch(/year/i);
    expect(search().filters).toBeUndefined();
  });

  it('takes a date range', async () => {
    const { user, search } = setup();
    await openGroup(user, /^Funding detail/);
    const from = screen.getByLabelText('Last funding date from');
    fireEvent.change(from, { target: { value: '2021-01-01' } });
    fireEvent.blur(from);
    await waitFor(() =>
      expect(filters(search)['funding_detail.funding_overview.last_funding_date']).toEqual({
        gte: '2021-01-01',
      }),
    );
  });

  it('picks countries and regions by name with a typeahead, stored as codes', async () => {
    const { user, search } = setup();
    await openGroup(user, /^Location/);
    const country = screen.getByRole('combobox', { name: 'HQ country' });
    await user.type(country, 'germ');
    expect(screen.getByRole('listbox', { name: 'HQ country' }).hidden).toBe(false);
    await user.keyboard('{Enter}');
    await user.type(country, 'fran');
    await user.keyboard('{ArrowDown}{ArrowUp}{Enter}');
    await waitFor(() => expect(filters(search)['location.hq.country']).toEqual(['DEU', 'FRA']));
    expect(screen.getByRole('button', { name: 'Remove Germany' })).toBeTruthy();

    const region = screen.getByRole('combobox', { name: 'HQ region' });
    await user.type(region, 'western eur');
    await user.keyboard('{Enter}');
    await waitFor(() => expect(filters(search)['location.hq.region']).toEqual(['155']));

    await user.click(screen.getByRole('button', { name: 'Remove Germany' }));
    await waitFor(() => expect(filters(search)['location.hq.country']).toEqual(['FRA']));
  });

  it('closes a typeahead list with Escape', async () => {
    const { user } = setup();
    await openGroup(user, /^Location/);
    const country = screen.getByRole('combobox', { name: 'Office country' });
    await user.type(country, 'spa');
    expect(country.getAttribute('aria-expanded')).toBe('true');
    await user.keyboard('{Escape}');
    expect(country.getAttribute('aria-expanded')).toBe('false');
  });

  it('adds free-text names as chips', async () => {
    const { user, search } = setup();
    await openGroup(user, /^Location/);
    const city = screen.getByRole('textbox', { name: 'HQ city' });
    await user.type(city, 'Berlin{Enter}München,');
    await waitFor(() => expect(filters(search)['location.hq.city']).toEqual(['Berlin', 'München']));
    await user.click(screen.getByRole('button', { name: 'Remove Berlin' }));
    await waitFor(() => expect(filters(search)['location.hq.city']).toEqual(['München']));
  });

  it('finds industries through industry search', async () => {
    const { user, search } = setup();
    await openGroup(user, /^Industry/);
    await user.type(screen.getByRole('combobox', { name: 'Industry' }), 'fintech');
    // Suggestions by name only: no service code (IND-…) on screen.
    const option = await screen.findByRole('option', { name: /Fintech infrastructure/ });
    expect(screen.getByRole('listbox').textContent).not.toMatch(/IND-/);
    await user.click(option);
    await waitFor(() => expect(filters(search)['industry.industry']).toEqual(['IND-2032']));
    expect(screen.getByRole('button', { name: 'Remove Fintech infrastructure' })).toBeTruthy();
    expect(document.body.textContent).not.toMatch(/IND-/);
    expect(
      api.calls.some(
        (c) => c.url.pathname === '/api/v1/industry/search' && c.url.searchParams.get('query') === 'fintech',
      ),
    ).toBe(true);
  });

  it('names an industry it has no name for without showing its code', async () => {
    const { user } = setup({ filters: { 'industry.industry': ['IND-9999'] } });
    await openGroup(user, /^Industry/);
    expect(await screen.findByRole('button', { name: 'Remove Unnamed industry' })).toBeTruthy();
    expect(document.body.textContent).not.toMatch(/IND-9999/);
  });

  it('picks a whole sector as one choice, sending every industry under it', async () => {
    const { user, search } = setup();
    await openGroup(user, /^Industry/);
    await user.type(screen.getByRole('combobox', { name: 'Industry' }), 'financial');
    await user.click(await screen.findByRole('option', { name: /^Financial Services/ }));
    const codes = () => (filters(search)['industry.industry'] ?? []) as string[];
    await waitFor(() => expect(codes()).toHaveLength(45));
    expect(codes().every((c) => c.startsWith('IND-20'))).toBe(true);
    const chip = screen.getByRole('button', { name: 'Remove Financial Services (45 industries)' });
    expect(document.body.textContent).not.toMatch(/IND-/);
    await user.click(chip);
    await waitFor(() => expect(filters(search)['industry.industry']).toBeUndefined());

    // The tree, by keyboard: a sector's box ticks all of its industries; unticking one of them
    // leaves the others, each named.
    await user.click(screen.getByRole('button', { name: 'Browse sectors' }));
    const sector = screen.getByRole('checkbox', { name: 'Transportation & Logistics, all 12 industries' });
    sector.focus();
    await user.keyboard(' ');
    await waitFor(() => expect(codes()).toHaveLength(12));
    expect(codes().every((c) => c.startsWith('IND-52'))).toBe(true);
    expect(
      screen.getByRole('button', { name: 'Remove Transportation & Logistics (12 industries)' }),
    ).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Industries of Transportation & Logistics' }));
    const leaves = within(screen.getByRole('list', { name: 'Industries of Transportation & Logistics' }));
    const [first, ...others] = leaves.getAllByRole('checkbox') as HTMLInputElement[];
    await user.click(first!);
    await waitFor(() => expect(codes()).toHaveLength(11));
    expect(screen.queryByRole('button', { name: /Transportation & Logistics \(/ })).toBeNull();
    expect(
      screen.getByRole('button', { name: `Remove ${others[0]!.labels?.[0]?.textContent}` }),
    ).toBeTruthy();
    expect(
      screen.getByRole('checkbox', { name: 'Transportation & Logistics, all 12 industries' }),
    ).toHaveProperty('checked', false);
    expect(document.body.textContent).not.toMatch(/IND-/);
  });

  it('finds NAICS codes by title and SIC codes by code', async () => {
    const { user, search } = setup();
    await openGroup(user, /^Industry/);
    await user.type(screen.getByRole('combobox', { name: 'NAICS code' }), 'software publishers');
    await user.click(await screen.findByRole('option', { name: /^Software Publishers\s*5112$/ }));
    await waitFor(() => expect(filters(search)['industry.naics']).toEqual(['5112']));
    await user.type(screen.getByRole('combobox', { name: 'SIC code' }), '7372');
    await user.click(await screen.findByRole('option', { name: /Prepackaged Software/ }));
    await waitFor(() => expect(filters(search)['industry.sic']).toEqual(['7372']));
    expect(screen.getByRole('button', { name: 'Remove 5112 Software Publishers' })).toBeTruthy();
  });

  it('sets a yes/no filter as three choices', async () => {
    const { user, search } = setup();
    await openGroup(user, /^Technology/);
    await user.click(screen.getByRole('radio', { name: 'Has a public API: Yes' }));
    await waitFor(() => expect(filters(search)['technology.api_detail.has_api']).toBe(true));
    await user.click(screen.getByRole('radio', { name: 'Has a public API: No' }));
    await waitFor(() => expect(filters(search)['technology.api_detail.has_api']).toBe(false));
    await user.click(screen.getByRole('radio', { name: 'Has a public API: Any' }));
    await waitFor(() => expect(filters(search)['technology.api_detail.has_api']).toBeUndefined());
  });

  it('builds one funding round from conditions, with investors picked by name', async () => {
    const { user, search } = setup();
    await openGroup(user, /^Funding detail/);
    const round = screen.getByRole('group', { name: 'A single funding round' });
    await user.type(within(round).getByRole('searchbox', { name: 'Search round type' }), 'series a');
    await user.click(within(round).getByRole('checkbox', { name: 'Series A' }));
    await user.type(within(round).getByRole('textbox', { name: 'Round amount (USD) from' }), '5m{Enter}');
    await user.type(within(round).getByRole('combobox', { name: 'Investors in the round' }), 'sequoia');
    await user.click(await within(round).findByRole('option', { name: /Sequoia Capital/ }));
    await user.click(within(round).getByRole('checkbox', { name: 'One of these investors led the round' }));
    await waitFor(() =>
      expect(filters(search)['funding_detail.funding_rounds']).toEqual({
        round: ['series_a'],
        amount_usd: { gte: 5_000_000 },
        'investors.uuid': ['000g3h-sequoia-capital'],
        'investors.lead_investor': true,
      }),
    );
  });

  it('shows investor names for ids from a shared link', async () => {
    const { user } = setup({
      filters: { 'funding_detail.funding_rounds': { investors: { uuid: ['000g3h-sequoia-capital'] } } },
    });
    await openGroup(user, /^Funding detail/);
    expect(await screen.findByRole('button', { name: 'Remove Sequoia Capital' })).toBeTruthy();
  });

  it('counts active filters per group and clears a group or everything', async () => {
    const { user, search } = setup({
      filters: {
        'firmographic.company_type': ['private'],
        'firmographic.founded_year': { gte: 2016 },
        'location.hq.country': ['DEU'],
      },
    });
    const firmo = await screen.findByRole('button', { name: /^Firmographic/ });
    expect(firmo.textContent).toMatch(/2 active/);
    expect((await screen.findByRole('button', { name: /^Location/ })).textContent).toMatch(/1 active/);
    expect(screen.getByRole('heading', { name: /Filters/ }).textContent).toMatch(/3 active/);
    // Opened because it holds filters, and filled from the URL.
    expect((screen.getByRole('textbox', { name: 'Founded from' }) as HTMLInputElement).value).toBe('2016');

    await user.click(screen.getByRole('button', { name: 'Clear Firmographic filters' }));
    await waitFor(() => expect(search().filters).toEqual({ 'location.hq.country': ['DEU'] }));
    expect((screen.getByRole('textbox', { name: 'Founded from' }) as HTMLInputElement).value).toBe('');
    expect(firmo.textContent).not.toMatch(/active/);

    await user.click(screen.getByRole('button', { name: 'Clear all' }));
    await waitFor(() => expect(search().filters).toBeUndefined());
  });

  it('follows the URL when filters change elsewhere (back, forward, Describe)', async () => {
    const { router } = setup({ filters: { 'firmographic.founded_year': { gte: 2016 } } });
    const from = (await screen.findByRole('textbox', { name: 'Founded from' })) as HTMLInputElement;
    expect(from.value).toBe('2016');
    await act(() =>
      router.navigate({ to: '/', search: { filters: { 'firmographic.founded_year': { lte: 1999 } } } }),
    );
    await waitFor(() => expect(from.value).toBe(''));
    expect((screen.getByRole('textbox', { name: 'Founded to' }) as HTMLInputElement).value).toBe('1999');
  });

  it('works by keyboard alone: open a group, tick a box, type a bound', async () => {
    const { user, search } = setup();
    const header = await screen.findByRole('button', { name: /^Business model/ });
    header.focus();
    await user.keyboard('{Enter}');
    expect(header.getAttribute('aria-expanded')).toBe('true');
    // The facet's match toggle comes first (one tab stop), then its values.
    await user.tab();
    const match = screen.getByRole('radiogroup', { name: 'Customers (B2B / B2C): match' });
    expect(document.activeElement).toBe(within(match).getByRole('radio', { name: 'is any of' }));
    await user.tab();
    expect(document.activeElement).toBe(screen.getByRole('checkbox', { name: 'B2B' }));
    await user.keyboard(' ');
    await user.tab();
    await user.keyboard('{Enter}');
    await waitFor(() => expect(filters(search)['business_model.gtm_type']).toEqual(['b2b', 'b2b_and_b2c']));
    const firmo = screen.getByRole('button', { name: /^Firmographic/ });
    firmo.focus();
    await user.keyboard(' ');
    expect(firmo.getAttribute('aria-expanded')).toBe('false');
  });

  it('offers Employees in Firmographic as the eight bands, written to the URL as codes', async () => {
    const { user, search } = setup();
    await openGroup(user, /^Firmographic/);
    const employees = screen.getByRole('group', { name: 'Employees' });
    expect(
      within(employees)
        .getAllByRole('checkbox')
        .map((c) => c.closest('div')?.textContent),
    ).toEqual(['1–10', '11–50', '51–200', '201–500', '501–1,000', '1,001–5,000', '5,001–10,000', '10,001+']);
    await user.click(within(employees).getByRole('checkbox', { name: '201–500' }));
    await user.click(within(employees).getByRole('checkbox', { name: '51–200' }));
    await waitFor(() =>
      expect(filters(search)['firmographic.headcount_range']).toEqual(['51-200', '201-500']),
    );
  });

  it('ticks the bands a typed range covers, and says when the text is no size', async () => {
    const { user, search } = setup();
    await openGroup(user, /^Firmographic/);
    const box = screen.getByRole('textbox', { name: 'Or type a range of employees' });
    await user.type(box, '50-200{Enter}');
    await waitFor(() => expect(filters(search)['firmographic.headcount_range']).toEqual(['51-200']));
    expect((screen.getByRole('checkbox', { name: '51–200' }) as HTMLInputElement).checked).toBe(true);
    expect((box as HTMLInputElement).value).toBe('');

    await user.type(box, 'lots of people{Enter}');
    expect((await screen.findByRole('alert')).textContent).toMatch(
      /is not a size: write a range such as 50-200/,
    );
    expect(box.getAttribute('aria-invalid')).toBe('true');
    expect(filters(search)['firmographic.headcount_range']).toEqual(['51-200']);

    await user.clear(box);
    await user.type(box, '1000+{Enter}');
    await waitFor(() =>
      expect(filters(search)['firmographic.headcount_range']).toEqual(['1001-5000', '5001-10000', '10001+']),
    );
  });

  it('turns picked countries into excluded ones with "is none of", and back', async () => {
    const { user, search } = setup();
    await openGroup(user, /^Location/);
    await user.type(screen.getByRole('combobox', { name: 'HQ country' }), 'united states');
    await user.keyboard('{Enter}');
    await waitFor(() => expect(filters(search)['location.hq.country']).toEqual(['USA']));
    expect(screen.queryByText(/also leaves out companies whose country is unknown/i)).toBeNull();

    await user.click(within(matchOf('HQ country')).getByRole('radio', { name: 'is none of' }));
    await waitFor(() => expect(exclusions(search)['location.hq.country']).toEqual(['USA']));
    expect(search().filters).toBeUndefined();
    // The values stay in view, now as what is left out, with what that also leaves out.
    expect(screen.getByRole('button', { name: 'Remove United States' })).toBeTruthy();
    expect(screen.getByText('Also leaves out companies whose country is unknown.')).toBeTruthy();
    expect(screen.getByRole('button', { name: /^Location/ }).textContent).toMatch(/1 active/);

    await user.click(within(matchOf('HQ country')).getByRole('radio', { name: 'is any of' }));
    await waitFor(() => expect(filters(search)['location.hq.country']).toEqual(['USA']));
    expect(search().exclude).toBeUndefined();
  });

  it('switches the match by keyboard: one tab stop, arrow keys between "is any of" and "is none of"', async () => {
    const { user, search } = setup({ filters: { 'firmographic.ownership_category': ['public'] } });
    const match = await screen.findByRole('radiogroup', { name: 'Ownership: match' });
    const any = within(match).getByRole('radio', { name: 'is any of' }) as HTMLInputElement;
    const none = within(match).getByRole('radio', { name: 'is none of' }) as HTMLInputElement;
    expect(any.checked).toBe(true);
    any.focus();
    await user.keyboard('{ArrowRight}');
    expect(document.activeElement).toBe(none);
    expect(none.checked).toBe(true);
    await waitFor(() => expect(exclusions(search)['firmographic.ownership_category']).toEqual(['public']));
    expect(search().filters).toBeUndefined();
    // Tab leaves the group for the facet's first value.
    await user.tab();
    expect(document.activeElement).toBe(screen.getByRole('checkbox', { name: 'Corporate owned' }));
    await user.keyboard('{Shift>}{Tab}{/Shift}{ArrowLeft}');
    expect(any.checked).toBe(true);
    await waitFor(() => expect(filters(search)['firmographic.ownership_category']).toEqual(['public']));
  });

  it('excludes what is ticked after choosing "is none of" first', async () => {
    const { user, search } = setup();
    await openGroup(user, /^Firmographic/);
    await user.click(within(matchOf('Ownership')).getByRole('radio', { name: 'is none of' }));
    // Nothing is left out yet, so the list is unchanged.
    expect(search().exclude).toBeUndefined();
    await user.click(screen.getByRole('checkbox', { name: 'Venture / growth investor backed' }));
    await waitFor(() =>
      expect(exclusions(search)['firmographic.ownership_category']).toEqual([
        'venture_growth_investor_backed',
      ]),
    );
    expect(screen.getByText('Also leaves out companies whose ownership is unknown.')).toBeTruthy();
    // Unticking the last one keeps the facet on "is none of".
    await user.click(screen.getByRole('checkbox', { name: 'Venture / growth investor backed' }));
    await waitFor(() => expect(search().exclude).toBeUndefined());
    expect(
      (within(matchOf('Ownership')).getByRole('radio', { name: 'is none of' }) as HTMLInputElement).checked,
    ).toBe(true);
  });

  it('excludes names of an open list without the unknown note (companies without one stay)', async () => {
    const { user, search } = setup();
    await openGroup(user, /^Location/);
    await user.click(within(matchOf('Office city')).getByRole('radio', { name: 'is none of' }));
    await user.type(screen.getByRole('textbox', { name: 'Office city' }), 'Berlin{Enter}');
    await waitFor(() => expect(exclusions(search)['location.offices.city']).toEqual(['Berlin']));
    expect(screen.queryByText(/also leaves out/i)).toBeNull();
  });

  it('sets a yes/no as "is not"', async () => {
    const { user, search } = setup();
    await openGroup(user, /^Technology/);
    await user.click(within(matchOf('Has a public API')).getByRole('radio', { name: 'is not' }));
    await user.click(screen.getByRole('radio', { name: 'Has a public API: Yes' }));
    await waitFor(() => expect(exclusions(search)['technology.api_detail.has_api']).toEqual([true]));
    expect(search().filters).toBeUndefined();
    expect(screen.getByText('Also leaves out companies for which this is unknown.')).toBeTruthy();
    await user.click(within(matchOf('Has a public API')).getByRole('radio', { name: 'is' }));
    await waitFor(() => expect(filters(search)['technology.api_detail.has_api']).toBe(true));
    expect(search().exclude).toBeUndefined();
  });

  it('shows exclusions from a link, with an exclusion beside an inclusion on one key', async () => {
    const { user, search } = setup({
      filters: { 'location.hq.region': ['150'] },
      exclude: { 'location.hq.region': ['155'], 'firmographic.company_type': ['public'] },
    });
    const firmo = await screen.findByRole('button', { name: /^Firmographic/ });
    expect(firmo.textContent).toMatch(/1 active/);
    expect(
      (within(matchOf('Company type')).getByRole('radio', { name: 'is none of' }) as HTMLInputElement)
        .checked,
    ).toBe(true);
    expect((screen.getByRole('checkbox', { name: 'Public' }) as HTMLInputElement).checked).toBe(true);
    // Europe, except Western Europe.
    expect(
      (within(matchOf('HQ region')).getByRole('radio', { name: 'is any of' }) as HTMLInputElement).checked,
    ).toBe(true);
    expect(screen.getByRole('button', { name: 'Remove Europe' })).toBeTruthy();
    const except = screen.getByRole('list', { name: 'HQ region left out: chosen' });
    await user.click(within(except).getByRole('button', { name: 'Remove Western Europe' }));
    await waitFor(() => expect(search().exclude).toEqual({ 'firmographic.company_type': ['public'] }));
    expect(search().filters).toEqual({ 'location.hq.region': ['150'] });

    await user.click(screen.getByRole('button', { name: 'Clear Firmographic filters' }));
    await waitFor(() => expect(search().exclude).toBeUndefined());
    expect(search().filters).toEqual({ 'location.hq.region': ['150'] });
  });

  it('refuses to leave out every value, next to the facet, and keeps the list', async () => {
    const { user, search } = setup({ exclude: { 'business_model.gtm_type': ['b2b', 'b2c'] } });
    await openGroup(user, /^Business model/);
    await user.click(screen.getByRole('checkbox', { name: 'B2B and B2C' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Excluding every value leaves no company: remove at least one.',
    );
    expect(search().exclude).toEqual({ 'business_model.gtm_type': ['b2b', 'b2c'] });
  });
});
