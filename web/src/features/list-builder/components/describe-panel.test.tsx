// @vitest-environment jsdom
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithList, stubFetch } from '../../../testing/render-with-list';
import { DescribePanel } from './describe-panel';
import { FilterEditor } from './filter-editor';
import { FilterSummary } from './filter-summary';

// The embedded service's answer to this description (captured with curl).
const DESCRIPTION = 'Series B fintechs in Germany or Austria founded after 2015 with purple unicorns';
const TRANSLATION = {
  data: {
    filters: {
      'financial_estimate.valuation_estimate': ['1b_5b', '5b_10b', '10b_25b', 'over_25b'],
      'funding_detail.funding_overview.funding_stage': ['series_b'],
      'firmographic.founded_year': { gte: 2016 },
      'location.hq.country': ['DEU', 'AUT'],
      'industry.industry': ['IND-2031'],
    },
    matches: [
      {
        text: 'unicorns',
        key: 'financial_estimate.valuation_estimate',
        values: ['1b_5b', '5b_10b', '10b_25b', 'over_25b'],
      },
      { text: 'series b', key: 'funding_detail.funding_overview.funding_stage', values: ['series_b'] },
      { text: 'founded after 2015', key: 'firmographic.founded_year', values: { gte: 2016 } },
      { text: 'in germany or austria', key: 'location.hq.country', values: ['DEU', 'AUT'] },
      { text: 'fintech', key: 'industry.industry', values: ['IND-2031'] },
    ],
    unmatched: ['purple'],
  },
  credits_consumed: 2.5,
};

let api: ReturnType<typeof stubFetch>;
let translation: () => unknown;
beforeEach(() => {
  localStorage.clear();
  sessionStorage.clear();
  translation = () => TRANSLATION;
  api = stubFetch({
    '/api/v1/list/filter-builder': () => translation(),
    '/api/v1/industry/search': () => ({
      data: [{ code: 'IND-2031', industry_name: 'Fintech', similarity: 1 }],
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

function Page() {
  return (
    <>
      <FilterEditor />
      <DescribePanel />
      <FilterSummary />
    </>
  );
}

async function describeCompanies(user: ReturnType<typeof userEvent.setup>, text = DESCRIPTION) {
  await user.type(await screen.findByRole('textbox', { name: 'Describe the companies' }), text);
  await user.click(screen.getByRole('button', { name: 'Build filters' }));
}

describe('Describe panel', () => {
  it('shows the estimate before and the cost after', async () => {
    const user = userEvent.setup();
    renderWithList(Page);
    expect((await screen.findByText(/Turns your words into filters for/)).textContent).toMatch(
      /2\.5 credits/,
    );
    await describeCompanies(user);
    expect((await screen.findByText(/Translated for/)).textContent).toMatch(/2\.5 credits/);
    const call = api.calls.find((c) => c.url.pathname === '/api/v1/list/filter-builder');
    expect(call?.init?.method).toBe('POST');
    expect(JSON.parse(String(call?.init?.body))).toEqual({ query: DESCRIPTION });
  });

  it('turns the translation into chips, filters in the URL and a filled editor', async () => {
    const user = userEvent.setup();
    const { search } = renderWithList(Page);
    await describeCompanies(user);

    const chips = await screen.findByRole('list', { name: 'Understood from your description' });
    await waitFor(() => expect(within(chips).getByText(/Fintech/)).toBeTruthy());
    const texts = within(chips)
      .getAllByRole('listitem')
      .map((li) => li.textContent);
    expect(texts).toEqual([
      '“unicorns” → Valuation: $1B–$5B, $5B–$10B, $10B–$25B, Over $25B',
      '“series b” → Funding stage: Series B',
      '“founded after 2015” → Founded 2016 or later',
      '“in germany or austria” → HQ in Germany, Austria',
      '“fintech” → Industry: Fintech',
    ]);
    expect(screen.getByText(/^Not used: purple/).parentElement?.textContent).toBe(
      'Not used: purple — this word matches no filter, so the list ignores it.',
    );

    await waitFor(() => expect(search().filters).toEqual(TRANSLATION.data.filters));
    expect(search().q).toBe(DESCRIPTION);
    // The editor shows them, ready to change.
    expect((screen.getByRole('textbox', { name: 'Founded from' }) as HTMLInputElement).value).toBe('2016');
    expect(screen.getByRole('button', { name: 'Remove Germany' })).toBeTruthy();
    expect(screen.getByRole('button', { name: /^Location/ }).textContent).toMatch(/1 active/);

    await user.click(within(chips).getByRole('button', { name: /Remove “in germany or austria”/ }));
    await waitFor(() => expect(search().filters?.['location.hq.country']).toBeUndefined());
    expect(within(chips).queryByText(/in germany or austria/)).toBeNull();
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Remove Germany' })).toBeNull());
  });

  it('shows the chips again after a reload, without translating again, for the filters still there', async () => {
    const user = userEvent.setup();
    const first = renderWithList(Page);
    await describeCompanies(user);
    await screen.findByRole('list', { name: 'Understood from your description' });
    await waitFor(() => expect(first.search().filters).toEqual(TRANSLATION.data.filters));
    cleanup();

    // A reload: a new page (no mutation state), the URL with the description and the filters,
    // changed since by hand (the HQ countries removed).
    const { 'location.hq.country': _removed, ...rest } = TRANSLATION.data.filters;
    renderWithList(Page, { q: DESCRIPTION, filters: rest });
    const chips = await screen.findByRole('list', { name: 'Understood from your description' });
    await waitFor(() => expect(within(chips).getByText(/Fintech/)).toBeTruthy());
    expect(
      within(chips)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual([
      '“unicorns” → Valuation: $1B–$5B, $5B–$10B, $10B–$25B, Over $25B',
      '“series b” → Funding stage: Series B',
      '“founded after 2015” → Founded 2016 or later',
      '“fintech” → Industry: Fintech',
    ]);
    expect(screen.getByText(/^Not used: purple/)).toBeTruthy();
    expect(api.calls.filter((c) => c.url.pathname === '/api/v1/list/filter-builder')).toHaveLength(1);

    // Another description in the URL has no chips of this one.
    cleanup();
    renderWithList(Page, { q: 'banks in France', filters: rest });
    await screen.findByRole('textbox', { name: 'Describe the companies' });
    expect(screen.queryByRole('list', { name: 'Understood from your description' })).toBeNull();
  });

  it('shows a refused description inline and changes nothing', async () => {
    const user = userEvent.setup();
    translation = () =>
      new Response(
        JSON.stringify({
          type: 'about:blank',
          title: 'Payment required',
          status: 402,
          detail: 'Not enough credits left.',
        }),
        { status: 402, headers: { 'content-type': 'application/problem+json' } },
      );
    const { search } = renderWithList(Page);
    await describeCompanies(user);
    expect((await screen.findByRole('alert')).textContent).toBe('Not enough credits left.');
    expect(search().filters).toBeUndefined();
    expect(search().q).toBeUndefined();
  });
});

// The BFF's answer to a description with a size, a negation and words it could not use (its
// filter-builder adds `exclude`, negated matches and `unmatched`; staged with its real shapes).
const BFF_DESCRIPTION = 'profitable fintech companies with 50-200 employees not in the US, hiring';
const BFF_TRANSLATION = {
  data: {
    filters: { 'industry.industry': ['IND-2031'], 'firmographic.headcount_range': ['51-200'] },
    exclude: { 'location.hq.country': ['USA'] },
    matches: [
      { text: 'fintech', key: 'industry.industry', values: ['IND-2031'] },
      { text: '50-200 employees', key: 'firmographic.headcount_range', values: ['51-200'] },
      { text: 'not in the us', key: 'location.hq.country', values: ['USA'], excluded: true },
    ],
    unmatched: ['profitable', 'hiring'],
  },
  credits_consumed: 2.5,
};

describe('Describe panel, through the BFF', () => {
  it('shows negated phrases as what the list leaves out, applies filters and exclusions, and lists the words not used', async () => {
    const user = userEvent.setup();
    translation = () => BFF_TRANSLATION;
    const { search } = renderWithList(Page);
    await describeCompanies(user, BFF_DESCRIPTION);

    const chips = await screen.findByRole('list', { name: 'Understood from your description' });
    await waitFor(() => expect(within(chips).getByText(/Fintech/)).toBeTruthy());
    expect(
      within(chips)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual([
      '“fintech” → Industry: Fintech',
      '“50-200 employees” → Employees: 51–200',
      '“not in the us” → HQ not in United States',
    ]);
    const unused = screen.getByText(/^Not used:/).parentElement;
    expect(unused?.textContent).toBe(
      'Not used: profitable, hiring — these words match no filter, so the list ignores them.',
    );
    await waitFor(() => expect(search().exclude).toEqual({ 'location.hq.country': ['USA'] }));
    expect(search().filters).toEqual(BFF_TRANSLATION.data.filters);

    // The editor shows the exclusion as one, with what it also leaves out; the summary too.
    const country = screen.getByRole('radiogroup', { name: 'HQ country: match' });
    expect((within(country).getByRole('radio', { name: 'is none of' }) as HTMLInputElement).checked).toBe(
      true,
    );
    expect(screen.getByRole('button', { name: 'Remove United States' })).toBeTruthy();
    expect(screen.getByText('Also leaves out companies whose country is unknown.')).toBeTruthy();
    expect((screen.getByRole('checkbox', { name: '51–200' }) as HTMLInputElement).checked).toBe(true);
    const summary = screen.getByRole('region', { name: 'Active filters' });
    expect(
      within(summary).getByRole('button', { name: 'Remove exclusion: HQ not in United States' }),
    ).toBeTruthy();

    // Removing the negated phrase's chip takes the exclusion out, and nothing else.
    await user.click(within(chips).getByRole('button', { name: /Remove “not in the us”/ }));
    await waitFor(() => expect(search().exclude).toBeUndefined());
    expect(search().filters).toEqual(BFF_TRANSLATION.data.filters);
    expect(within(chips).queryByText(/not in the us/)).toBeNull();
  });

  it('says nothing about unused words when every word was used', async () => {
    const user = userEvent.setup();
    translation = () => ({ ...BFF_TRANSLATION, data: { ...BFF_TRANSLATION.data, unmatched: [] } });
    renderWithList(Page);
    await describeCompanies(user, 'fintech companies with 50-200 employees not in the US');
    await screen.findByRole('list', { name: 'Understood from your description' });
    expect(screen.queryByText(/Not used/)).toBeNull();
    expect(screen.queryByText(/No filters could be read/)).toBeNull();
  });
});

describe('signal words', () => {
  // The BFF's answer to "logistics companies in Brazil hiring SDRs" (captured with curl).
  const HIRING = {
    data: {
      filters: {
        'location.hq.country': ['BRA'],
        'industry.industry': ['IND-5201'],
        'signals.hiring': { functions: ['sales'] },
      },
      exclude: {},
      matches: [
        { text: 'in brazil', key: 'location.hq.country', values: ['BRA'] },
        { text: 'logistics', key: 'industry.industry', values: ['IND-5201'] },
        { text: 'hiring SDRs', key: 'signals.hiring', values: { functions: ['sales'] } },
      ],
      unmatched: [],
    },
    credits_consumed: 2.5,
  };

  it('says where a signal word waits for its price, leads there, and stops saying it once applied', async () => {
    const user = userEvent.setup();
    const estimate = {
      screens: true,
      companies: 500,
      per_company: 5,
      list_credits_max: 101.5,
      credits_max: 2601.5,
      screened: false,
      budget_remaining: null,
      within_budget: true,
    };
    const stub = stubFetch({
      '/api/v1/list/filter-builder': () => HIRING,
      '/bff/lists/screen/estimate': () => estimate,
    });
    vi.stubGlobal('fetch', stub.fetch);
    renderWithList(Page);
    await describeCompanies(user, 'logistics companies in Brazil hiring SDRs');
    const note = await screen.findByTestId('signal-words');
    expect(note.textContent).toMatch(/“hiring SDRs” → Hiring: Sales/);
    expect(note.textContent).toMatch(/waits under Signals until you apply it/);
    // Not applied unpriced: nothing was asked with the signal yet but its price.
    expect(
      stub.calls.some(
        (c) =>
          c.url.pathname === '/api/v1/list/generate/companies' && String(c.init?.body).includes('signals'),
      ),
    ).toBe(false);
    await user.click(within(note).getByRole('button', { name: 'See the price' }));
    const header = screen.getByRole('button', { name: /^Signals/ });
    expect(document.activeElement).toBe(header);
    expect(header.getAttribute('aria-expanded')).toBe('true');
    await user.click(await screen.findByRole('button', { name: 'Apply signals' }));
    await waitFor(() => expect(screen.queryByTestId('signal-words')).toBeNull());
  });
});

describe('filter summary', () => {
  it('lists the active filters in words, each removable, with Clear all', async () => {
    const user = userEvent.setup();
    const { search } = renderWithList(FilterSummary, {
      filters: {
        'location.hq.country': ['DEU', 'FRA'],
        'firmographic.founded_year': { gte: 2015, lte: 2020 },
        'funding_detail.funding_overview.funding_stage': ['series_a', 'series_b'],
        'funding_detail.funding_overview.total_funding_usd': { gte: 10_000_000 },
      },
    });
    const summary = await screen.findByRole('region', { name: 'Active filters' });
    expect(
      within(summary)
        .getAllByRole('listitem')
        .map((li) => li.textContent?.replace(/^·/, '')),
    ).toEqual([
      'Founded 2015–2020',
      'HQ in Germany, France',
      'Funding stage: Series A, Series B',
      'Total funding (USD) $10M or more',
    ]);
    await user.click(within(summary).getByRole('button', { name: 'Remove filter: Founded 2015–2020' }));
    await waitFor(() => expect(search().filters?.['firmographic.founded_year']).toBeUndefined());
    await user.click(within(summary).getByRole('button', { name: 'Clear all' }));
    await waitFor(() => expect(search().filters).toBeUndefined());
    expect(screen.getByText(/No filters yet/)).toBeTruthy();
  });
});

describe('filter summary of exclusions', () => {
  it('writes what the list leaves out after the filters, each removable on its own', async () => {
    const user = userEvent.setup();
    const { search } = renderWithList(FilterSummary, {
      filters: { 'location.hq.region': ['150'], 'firmographic.headcount_range': ['51-200'] },
      exclude: {
        'location.hq.country': ['USA'],
        'firmographic.ownership_category': ['venture_growth_investor_backed'],
      },
    });
    const summary = await screen.findByRole('region', { name: 'Active filters' });
    expect(
      within(summary)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual([
      'Employees: 51–200',
      'HQ in Europe',
      'Ownership: not Venture / growth investor backed',
      'HQ not in United States',
    ]);
    expect(
      within(summary)
        .getByTitle(/HQ not in United States/)
        .getAttribute('title'),
    ).toBe('HQ not in United States (also leaves out companies whose country is unknown)');
    await user.click(
      within(summary).getByRole('button', { name: 'Remove exclusion: HQ not in United States' }),
    );
    await waitFor(() =>
      expect(search().exclude).toEqual({
        'firmographic.ownership_category': ['venture_growth_investor_backed'],
      }),
    );
    expect(search().filters).toEqual({
      'location.hq.region': ['150'],
      'firmographic.headcount_range': ['51-200'],
    });
    await user.click(within(summary).getByRole('button', { name: 'Clear all' }));
    await waitFor(() => expect(search().exclude).toBeUndefined());
    expect(search().filters).toBeUndefined();
  });
});

describe('filter summary, when long', () => {
  // jsdom lays nothing out: put three summary items on a line, 28 px apart.
  const offsetTop = Object.getOwnPropertyDescriptor(HTMLElement.prototype, 'offsetTop');
  beforeEach(() => {
    Object.defineProperty(HTMLElement.prototype, 'offsetTop', {
      configurable: true,
      get(this: HTMLElement) {
        const list = this.parentElement;
        if (this.tagName !== 'LI' || !list?.closest('[aria-label="Active filters"]')) return 0;
        return Math.floor(Array.from(list.children).indexOf(this) / 3) * 28;
      },
    });
  });
  afterEach(() => {
    if (offsetTop) Object.defineProperty(HTMLElement.prototype, 'offsetTop', offsetTop);
  });

  it('wraps to two lines, counts the rest on "+N more" that shows them, and keeps Clear all', async () => {
    const user = userEvent.setup();
    renderWithList(FilterSummary, {
      filters: {
        'location.hq.country': ['DEU', 'FRA'],
        'firmographic.founded_year': { gte: 2015, lte: 2020 },
        'funding_detail.funding_overview.funding_stage': ['series_a', 'series_b'],
        'funding_detail.funding_overview.total_funding_usd': { gte: 10_000_000 },
        'firmographic.company_type': ['public'],
        'location.hq.city': ['Berlin'],
        'financial_estimate.valuation_estimate': ['1b_5b'],
      },
    });
    const summary = await screen.findByRole('region', { name: 'Active filters' });
    // Two lines of three: five phrases and the control.
    const more = await within(summary).findByRole('button', { name: '+2 more' });
    expect(within(summary).getAllByRole('button', { name: /^Remove filter/ })).toHaveLength(5);
    expect(more.getAttribute('aria-expanded')).toBe('false');
    expect(within(summary).getByRole('button', { name: 'Clear all' })).toBeTruthy();

    await user.click(more);
    expect(within(summary).getAllByRole('button', { name: /^Remove filter/ })).toHaveLength(7);
    const less = within(summary).getByRole('button', { name: 'Show less' });
    expect(less.getAttribute('aria-expanded')).toBe('true');
    await user.click(less);
    expect(within(summary).getAllByRole('button', { name: /^Remove filter/ })).toHaveLength(5);
  });

  it('shows every phrase when they fit on two lines', async () => {
    renderWithList(FilterSummary, {
      filters: {
        'location.hq.country': ['DEU'],
        'firmographic.founded_year': { gte: 2015 },
        'firmographic.company_type': ['public'],
        'location.hq.city': ['Berlin'],
      },
    });
    const summary = await screen.findByRole('region', { name: 'Active filters' });
    await waitFor(() =>
      expect(within(summary).getAllByRole('button', { name: /^Remove filter/ })).toHaveLength(4),
    );
    expect(within(summary).queryByRole('button', { name: /more$/ })).toBeNull();
  });
});
