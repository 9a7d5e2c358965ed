// @vitest-environment jsdom
import { cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { renderWithProviders } from '@/testing/render-with-providers';
import { headcountTrends, job, websiteTraffic } from '../../../../testing/signal-fixtures';
import { GrowthView } from './growth-view';
import { JobsView } from './jobs-view';
import { TrafficView } from './traffic-view';

afterEach(cleanup);

const region = (name: string) => screen.getByRole('region', { name });
const texts = (els: HTMLElement[]) => els.map((e) => e.textContent?.trim());
/** The table's body rows, as the text of each cell. */
const bodyRows = (table: HTMLElement) =>
  within(table)
    .getAllByRole('row')
    .slice(1)
    .map((r) => [...r.querySelectorAll('th, td')].map((c) => c.textContent?.trim()));

describe('Growth', () => {
  it('shows the headcount, its change over 3, 6, 12 and 24 months, and the chart’s figures as a table', async () => {
    renderWithProviders(<GrowthView trends={headcountTrends} />);
    const headcount = await screen.findByRole('region', { name: 'Headcount' });
    expect(within(headcount).getByText('1,200')).toBeTruthy();
    expect(within(headcount).getByText('LinkedIn, as of Nov 28, 2026')).toBeTruthy();
    const periods = within(headcount).getAllByTestId('growth-period');
    expect(periods.map((p) => p.textContent)).toEqual([
      '3 months+4.3% (1,150 to 1,200)+50 people',
      '6 months+9.1% (1,100 to 1,200)+100 people',
      '12 months+20% (1,000 to 1,200)+200 people',
      '24 months+50% (800 to 1,200)+400 people',
    ]);

    const over = region('Headcount over time');
    expect(within(over).getByRole('img', { name: 'Headcount over time' })).toBeTruthy();
    await userEvent.click(within(over).getByRole('button', { name: 'Show as a table' }));
    expect(bodyRows(within(over).getByRole('table', { name: 'Headcount over time' }))).toEqual([
      ['Nov 28, 2024', '800'],
      ['Nov 28, 2025', '1,000'],
      ['May 28, 2026', '1,100'],
      ['Aug 28, 2026', '1,150'],
      ['Nov 28, 2026', '1,200'],
    ]);
  });

  it('shows the workforce by function with each function’s share and change, a new function as new', async () => {
    renderWithProviders(<GrowthView trends={headcountTrends} />);
    const table = within(await screen.findByRole('region', { name: 'Workforce by function' })).getByRole(
      'table',
    );
    expect(texts(within(table).getAllByRole('columnheader'))).toEqual([
      'Function',
      'Employees',
      'Share',
      '3 months',
      '6 months',
      '12 months',
      '24 months',
    ]);
    const rows = bodyRows(table);
    expect(rows[0]).toEqual([
      'Engineering',
      '500',
      '42%',
      '+6.4% (470 to 500)',
      '+11.1% (450 to 500)',
      '+25% (400 to 500)',
      '+66.7% (300 to 500)',
    ]);
    expect(rows[1]?.slice(0, 4)).toEqual(['Sales', '300', '25%', '-3.2% (310 to 300)']);
    expect(rows[1]?.[5]).toBe('0% (300 to 300)');
    // Nobody in data a year ago: no percent to give.
    expect(rows[2]?.[5]).toBe('New (0 to 20)');
  });

  it('says so when the company has no headcount data', async () => {
    renderWithProviders(
      <GrowthView
        trends={{
          ...headcountTrends,
          total_employees: 0,
          headcount_growth: headcountTrends.headcount_growth.map((g) => ({
            ...g,
            start_count: 0,
            end_count: 0,
          })),
          headcount_by_function: [],
        }}
      />,
    );
    expect(await screen.findByText('No headcount data for this company')).toBeTruthy();
  });
});

const JOBS = [
  job({ id: '1', title: 'Account Executive', function: 'sales', location: 'Berlin, Germany', country: 'DE' }),
  job({
    id: '2',
    title: 'Senior Account Executive',
    function: 'sales',
    location: 'Remote, Germany',
    remote: true,
    compensation: { min: 65_000, max: 78_000, currency: 'EUR', period: 'year' },
    source: 'indeed',
    url: 'https://www.indeed.com/viewjob?jk=2',
  }),
  job({
    id: '3',
    title: 'Backend Engineer',
    function: 'engineering',
    seniority: 'entry',
    location: 'Paris, France',
    country: 'FR',
  }),
  job({
    id: '4',
    title: 'Product Designer',
    function: 'design',
    location: 'Berlin, Germany',
    country: 'DE',
    posted_date: '2026-10-01',
  }),
];

describe('Jobs', () => {
  it('lists the open roles with function, seniority, place, date and source', async () => {
    renderWithProviders(<JobsView jobs={JOBS} total={120} />);
    const table = await screen.findByRole('table', { name: /^Open roles, newest first/ });
    expect(texts(within(table).getAllByRole('columnheader'))).toEqual([
      'Role',
      'Function',
      'Seniority',
      'Place',
      'Posted',
      'Source',
    ]);
    const rows = bodyRows(table);
    expect(rows[1]).toEqual([
      'Senior Account ExecutiveFull time · €65K–€78K a yearSkills: Prospecting',
      'Sales',
      'Mid-senior',
      'Remote, Germany',
      'Nov 20, 2026',
      'Indeed',
    ]);
    expect(rows[2]?.slice(1, 3)).toEqual(['Engineering', 'Entry level']);
    const link = within(table).getByRole('link', { name: 'Indeed: Senior Account Executive' });
    expect(link.getAttribute('href')).toBe('https://www.indeed.com/viewjob?jk=2');
    // Of how many the loaded roles are.
    expect(region('Open roles by function').textContent).toContain('Of the 4 newest of 120 open roles');
  });

  it('filters by function and by place, and counts the roles by function in the chosen place', async () => {
    renderWithProviders(<JobsView jobs={JOBS} total={4} />);
    await screen.findByRole('region', { name: 'Open roles by function' });
    const counts = () => texts(within(region('Open roles by function')).getAllByTestId('function-count'));
    expect(counts()).toEqual(['Sales2', 'Design1', 'Engineering1']);
    const titles = () =>
      screen.queryAllByTestId('job').map((r) => within(r).getByRole('rowheader').firstChild?.textContent);

    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Function' }), 'Sales (2)');
    expect(titles()).toEqual(['Account Executive', 'Senior Account Executive']);
    expect(screen.getByTestId('jobs-shown').textContent).toBe('2 of 4 roles');

    const place = screen.getByRole('combobox', { name: 'Place' });
    expect(texts(within(place).getAllByRole('option'))).toEqual([
      'Anywhere (4)',
      'Remote (1)',
      'Germany (3)',
      'France (1)',
      'Berlin, Germany (2)',
      'Paris, France (1)',
    ]);
    await userEvent.selectOptions(place, 'Berlin, Germany (2)');
    expect(titles()).toEqual(['Account Executive']);
    // The counts follow the place.
    expect(counts()).toEqual(['Design1', 'Sales1']);

    await userEvent.selectOptions(place, 'Remote (1)');
    expect(titles()).toEqual(['Senior Account Executive']);
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Function' }), 'Engineering (1)');
    expect(titles()).toEqual([]);
    expect(screen.getByText(/No role of this function in this place/)).toBeTruthy();

    await userEvent.click(screen.getByRole('button', { name: 'Clear filters' }));
    expect(titles()).toHaveLength(4);
    expect(screen.getByTestId('jobs-shown').textContent).toBe('4 roles');
    expect(screen.queryByRole('button', { name: 'Clear filters' })).toBeNull();
  });

  it('says so when the company lists no open role', async () => {
    renderWithProviders(<JobsView jobs={[]} total={0} />);
    expect(await screen.findByText('No open roles listed for this company')).toBeTruthy();
    expect(screen.queryByRole('combobox')).toBeNull();
  });
});

describe('Traffic', () => {
  it('shows monthly visits as a chart with its table, the sources by share, and engagement', async () => {
    renderWithProviders(<TrafficView traffic={websiteTraffic} />);
    const visits = await screen.findByRole('region', { name: 'Monthly visits' });
    expect(within(visits).getByTestId('visits-latest').textContent).toBe(
      '21,000 in Nov 2026 · +110% since Dec 2025',
    );
    expect(within(visits).getByRole('img', { name: 'Monthly website visits' })).toBeTruthy();
    await userEvent.click(within(visits).getByRole('button', { name: 'Show as a table' }));
    const rows = bodyRows(within(visits).getByRole('table', { name: 'Monthly website visits' }));
    expect(rows).toHaveLength(12);
    expect(rows[0]).toEqual(['Dec 2025', '10,000']);
    expect(rows[11]).toEqual(['Nov 2026', '21,000']);

    const sources = within(region('Traffic sources')).getAllByRole('listitem');
    expect(texts(sources)).toEqual([
      'Search40%',
      'Direct35%',
      'Referral10%',
      'Social8%',
      'Paid5%',
      'Email2%',
    ]);
    const engagement = region('Engagement');
    expect(within(engagement).getByText('45%')).toBeTruthy();
    expect(within(engagement).getByText('3.25')).toBeTruthy();
    expect(within(engagement).getByText('3m 12s')).toBeTruthy();
  });

  it('says so when there are no traffic estimates', async () => {
    renderWithProviders(<TrafficView traffic={{ ...websiteTraffic, estimated_monthly_visits: {} }} />);
    expect(await screen.findByText('No traffic estimates for this website')).toBeTruthy();
  });
});
