// @vitest-environment jsdom
import { INVESTOR_EXCLUSION_KEY } from '@contract/filters';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithList, stubFetch } from '../../../testing/render-with-list';
import { DescribePanel } from './describe-panel';
import { FilterEditor } from './filter-editor';
import { FilterSummary } from './filter-summary';

const SEQUOIA = '000g3h-sequoia-capital';
const ACCEL = '000a11-accel';
const investor = (uuid: string, name: string, domain: string) => ({
  uuid,
  name,
  website: `https://${domain}`,
  domain,
  product_category: 'Venture Capital',
  company_status: 'private',
  score: 0.8,
});
const investors = [
  investor(SEQUOIA, 'Sequoia Capital', 'sequoiacap.com'),
  investor(ACCEL, 'Accel', 'accel.com'),
];
const ROUND = 'funding_detail.funding_rounds';

// The BFF's filter-builder answer to "SaaS companies in the UK not funded by Sequoia" (its shapes:
// the negated investor in `exclude` under the investor key, and a negated match).
const NOT_FUNDED_BY = {
  data: {
    filters: { 'location.hq.country': ['GBR'] },
    exclude: { [INVESTOR_EXCLUSION_KEY]: [SEQUOIA] },
    matches: [
      { text: 'in the uk', key: 'location.hq.country', values: ['GBR'] },
      { text: 'not funded by sequoia', key: INVESTOR_EXCLUSION_KEY, values: [SEQUOIA], excluded: true },
    ],
    unmatched: [],
  },
  credits_consumed: 2.5,
};

beforeEach(() => {
  localStorage.clear();
  sessionStorage.clear();
  const api = stubFetch({
    '/api/v1/company/search': (url) => ({
      data: investors.filter(
        (c) =>
          c.uuid === url.searchParams.get('uuid') ||
          c.name.toLowerCase().includes((url.searchParams.get('name') ?? '#').toLowerCase()),
      ),
      count: 1,
      credits_consumed: 0,
    }),
    '/api/v1/list/filter-builder': () => NOT_FUNDED_BY,
  });
  vi.stubGlobal('fetch', api.fetch);
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

type User = ReturnType<typeof userEvent.setup>;

async function openFunding(user: User) {
  const header = await screen.findByRole('button', { name: /^Funding detail/ });
  if (header.getAttribute('aria-expanded') !== 'true') await user.click(header);
  return header;
}

function investorMatch() {
  return screen.getByRole('radiogroup', { name: 'Investors: match' });
}
function checked(name: 'is any of' | 'is none of') {
  return (within(investorMatch()).getByRole('radio', { name }) as HTMLInputElement).checked;
}

describe('filter editor: investors "is none of"', () => {
  it('turns the round’s investors into investors left out, and back', async () => {
    const user = userEvent.setup();
    const { search } = renderWithList(FilterEditor);
    const header = await openFunding(user);
    await user.type(screen.getByRole('combobox', { name: 'Investors in the round' }), 'sequoia');
    await user.click(await screen.findByRole('option', { name: /Sequoia Capital/ }));
    await user.click(screen.getByRole('checkbox', { name: 'One of these investors led the round' }));
    await waitFor(() =>
      expect(search().filters?.[ROUND]).toEqual({
        'investors.uuid': [SEQUOIA],
        'investors.lead_investor': true,
      }),
    );

    await user.click(within(investorMatch()).getByRole('radio', { name: 'is none of' }));
    // One edit: the round loses the investors (and the lead flag that spoke of them), the list leaves them out.
    await waitFor(() => expect(search().exclude).toEqual({ [INVESTOR_EXCLUSION_KEY]: [SEQUOIA] }));
    expect(search().filters).toBeUndefined();
    const picker = screen.getByRole('combobox', { name: 'Investors to leave out' });
    expect(picker.getAttribute('aria-describedby')).toBeTruthy();
    expect(document.getElementById(picker.getAttribute('aria-describedby') ?? '')?.textContent).toMatch(
      /^Not backed by these investors: leaves out every company with a round naming one of them/,
    );
    expect(screen.getByRole('button', { name: 'Remove Sequoia Capital' })).toBeTruthy();
    expect(screen.getByRole('checkbox', { name: 'The round had a lead investor' })).toBeTruthy();
    expect(header.textContent).toMatch(/1 active/);

    await user.click(within(investorMatch()).getByRole('radio', { name: 'is any of' }));
    await waitFor(() => expect(search().filters?.[ROUND]).toEqual({ 'investors.uuid': [SEQUOIA] }));
    expect(search().exclude).toBeUndefined();
    expect(screen.getByRole('combobox', { name: 'Investors in the round' })).toBeTruthy();
  });

  it('leaves an investor out by keyboard after choosing "is none of" first, and removes it', async () => {
    const user = userEvent.setup();
    const { search } = renderWithList(FilterEditor);
    await openFunding(user);
    within(investorMatch()).getByRole('radio', { name: 'is any of' }).focus();
    await user.keyboard('{ArrowRight}');
    expect(checked('is none of')).toBe(true);
    // Nothing is picked yet: nothing reaches the list.
    expect(search().exclude).toBeUndefined();

    await user.type(screen.getByRole('combobox', { name: 'Investors to leave out' }), 'sequoia');
    await screen.findByRole('option', { name: /Sequoia Capital/ });
    await user.keyboard('{Enter}');
    await waitFor(() => expect(search().exclude).toEqual({ [INVESTOR_EXCLUSION_KEY]: [SEQUOIA] }));
    expect(search().filters).toBeUndefined();

    await user.click(screen.getByRole('button', { name: 'Remove Sequoia Capital' }));
    await waitFor(() => expect(search().exclude).toBeUndefined());
    // The mode chosen stays while nothing is picked.
    expect(checked('is none of')).toBe(true);
  });

  it('shows investors left out by a link, keeps them while other filters change, and clears them with the group', async () => {
    const user = userEvent.setup();
    const { search } = renderWithList(FilterEditor, {
      filters: { 'funding_detail.funding_overview.funding_stage': ['series_b'] },
      exclude: { [INVESTOR_EXCLUSION_KEY]: [SEQUOIA] },
    });
    const header = await screen.findByRole('button', { name: /^Funding detail/ });
    expect(header.getAttribute('aria-expanded')).toBe('true');
    expect(header.textContent).toMatch(/2 active/);
    expect(checked('is none of')).toBe(true);
    // The id is named by a company search by id.
    expect(await screen.findByRole('button', { name: 'Remove Sequoia Capital' })).toBeTruthy();

    const firmographic = await screen.findByRole('button', { name: /^Firmographic/ });
    if (firmographic.getAttribute('aria-expanded') !== 'true') await user.click(firmographic);
    await user.click(screen.getByRole('checkbox', { name: 'Public' }));
    await waitFor(() => expect(search().filters?.['firmographic.company_type']).toEqual(['public']));
    expect(search().exclude).toEqual({ [INVESTOR_EXCLUSION_KEY]: [SEQUOIA] });

    await user.click(screen.getByRole('button', { name: 'Clear Funding detail filters' }));
    await waitFor(() => expect(search().exclude).toBeUndefined());
    expect(search().filters).toEqual({ 'firmographic.company_type': ['public'] });
    expect(screen.queryByRole('button', { name: 'Remove Sequoia Capital' })).toBeNull();
  });

  it('shows an investor left out beside the round’s own ("backed by Accel but not Sequoia")', async () => {
    const user = userEvent.setup();
    const { search } = renderWithList(FilterEditor, {
      filters: { [ROUND]: { 'investors.uuid': [ACCEL] } },
      exclude: { [INVESTOR_EXCLUSION_KEY]: [SEQUOIA] },
    });
    await openFunding(user);
    expect(checked('is any of')).toBe(true);
    expect(await screen.findByRole('button', { name: 'Remove Accel' })).toBeTruthy();
    // An investor left out is not offered for the round.
    await user.type(screen.getByRole('combobox', { name: 'Investors in the round' }), 'capital');
    expect(await screen.findByText('No company matches')).toBeTruthy();

    const except = screen.getByRole('list', { name: 'Investors left out: chosen' });
    await user.click(await within(except).findByRole('button', { name: 'Remove Sequoia Capital' }));
    await waitFor(() => expect(search().exclude).toBeUndefined());
    expect(search().filters).toEqual({ [ROUND]: { 'investors.uuid': [ACCEL] } });
  });
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

describe('investors left out in words', () => {
  it('applies "not funded by Sequoia" from a description: its chip, the summary and the editor', async () => {
    const user = userEvent.setup();
    const { search } = renderWithList(Page);
    await user.type(
      await screen.findByRole('textbox', { name: 'Describe the companies' }),
      'SaaS companies in the UK not funded by Sequoia',
    );
    await user.click(screen.getByRole('button', { name: 'Build filters' }));

    await waitFor(() => expect(search().exclude).toEqual({ [INVESTOR_EXCLUSION_KEY]: [SEQUOIA] }));
    expect(search().filters).toEqual({ 'location.hq.country': ['GBR'] });
    const chips = screen.getByRole('list', { name: 'Understood from your description' });
    await waitFor(() =>
      expect(
        within(chips)
          .getAllByRole('listitem')
          .map((li) => li.textContent),
      ).toEqual([
        '“in the uk” → HQ in United Kingdom',
        '“not funded by sequoia” → Not backed by Sequoia Capital',
      ]),
    );
    const summary = screen.getByRole('region', { name: 'Active filters' });
    const remove = within(summary).getByRole('button', {
      name: 'Remove exclusion: Not backed by Sequoia Capital',
    });
    // The editor: the funding round's investors are "is none of" Sequoia Capital.
    expect(checked('is none of')).toBe(true);
    expect(screen.getByRole('combobox', { name: 'Investors to leave out' })).toBeTruthy();

    await user.click(remove);
    await waitFor(() => expect(search().exclude).toBeUndefined());
    expect(search().filters).toEqual({ 'location.hq.country': ['GBR'] });
    expect(screen.queryByRole('button', { name: 'Remove Sequoia Capital' })).toBeNull();
  });
});
