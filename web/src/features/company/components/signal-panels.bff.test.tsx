// @vitest-environment jsdom
/**
 * The Growth, Jobs and Traffic panels against a real BFF (in process) in front of the real embedded
 * service: what each shows equals what the endpoint answers, what the cost note says is what the
 * ledger charged, more roles load and add up, and a company the provider has no data on is said to
 * have none (a free 404), not shown as an error.
 */
import type { HeadcountTrendsResponse, JobsResponse, WebsiteTrafficResponse } from '@contract/api';
import { jobsCost } from '@contract/pricing';
import { cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { formatCount } from '@/lib/format';
import { renderWithProviders } from '@/testing/render-with-providers';
import { type InProcessBff, startInProcessBff } from '../../../../../bff/testing/bff-server';
import { GrowthPanel, JobsPanel, TrafficPanel } from './tab-panels';

let app: InProcessBff;
/** The company with the most open roles, and how many it has. */
let hiring: { uuid: string; count: number };
let any: string;

async function get<T>(path: string): Promise<T> {
  const res = await app.fetch(path);
  expect(res.status).toBe(200);
  return (await res.json()) as T;
}

async function spent(): Promise<number> {
  return (await get<{ spent_today: number }>('/bff/usage')).spent_today;
}

beforeAll(async () => {
  app = await startInProcessBff({ companies: 300, seed: 5 });
  // The largest employers hire the most.
  const uuids = (
    app.service.ctx.db.prepare('SELECT uuid FROM companies ORDER BY employee_count DESC LIMIT 3').all() as {
      uuid: string;
    }[]
  ).map((r) => r.uuid);
  any = (
    app.service.ctx.db.prepare('SELECT uuid FROM companies ORDER BY idx LIMIT 1').get() as { uuid: string }
  ).uuid;
  let best = { uuid: any, count: 0 };
  for (const uuid of uuids) {
    // A page of one: another request than the panel's, so nothing of it is kept for the panel.
    const body = await get<JobsResponse>(`/api/v1/company/jobs?company=${uuid}&limit=1`);
    if (body.count > best.count) best = { uuid, count: body.count };
  }
  hiring = best;
  app.install();
});

afterAll(() => app.close());

afterEach(cleanup);

describe('the signal tabs’ panels on the BFF', () => {
  it('Growth shows the endpoint’s headcount and periods, and costs what the ledger says', async () => {
    const before = await spent();
    renderWithProviders(<GrowthPanel company={any} />);
    const headcount = await screen.findByRole('region', { name: 'Headcount' });
    expect(screen.getByTestId('cost-note').textContent).toBe('Cost 2.5 credits');
    expect((await spent()) - before).toBeCloseTo(2.5, 5);
    const truth = await get<HeadcountTrendsResponse>(`/api/v1/company/headcount-trends?company=${any}`);
    expect(within(headcount).getByText(formatCount(truth.data.total_employees))).toBeTruthy();
    expect(within(headcount).getAllByTestId('growth-period')).toHaveLength(
      truth.data.headcount_growth.length,
    );
  });

  it('Jobs shows the newest 50 roles, charged per role, and loads and adds up more', async () => {
    expect(hiring.count).toBeGreaterThan(50);
    const before = await spent();
    renderWithProviders(<JobsPanel company={hiring.uuid} />);
    expect(await screen.findByTestId('jobs-shown')).toHaveProperty('textContent', '50 roles');
    expect(screen.getAllByTestId('job')).toHaveLength(50);
    expect(screen.getByTestId('cost-note').textContent).toBe(`Cost ${jobsCost(50)} credits`);
    expect((await spent()) - before).toBeCloseTo(jobsCost(50), 5);
    expect(screen.getByRole('region', { name: 'Open roles by function' }).textContent).toContain(
      `Of the 50 newest of ${formatCount(hiring.count)} open roles`,
    );

    const next = Math.min(50, hiring.count - 50);
    await userEvent.click(screen.getByRole('button', { name: `Load ${next} more roles` }));
    expect(await screen.findByText(`${formatCount(50 + next)} roles`)).toBeTruthy();
    const total = Math.round((jobsCost(50) + jobsCost(next)) * 100) / 100;
    expect(screen.getByTestId('cost-note').textContent).toBe(`Cost ${total} credits`);
    expect((await spent()) - before).toBeCloseTo(total, 5);
    // The same roles as the service's first two pages, newest first.
    const page2 = await get<JobsResponse>(`/api/v1/company/jobs?company=${hiring.uuid}&limit=50&offset=50`);
    const rows = screen.getAllByTestId('job');
    expect(within(rows[50]!).getByRole('rowheader').firstChild?.textContent).toBe(page2.data[0]?.title);
  });

  it('Traffic shows twelve months of visits as a chart with its table', async () => {
    renderWithProviders(<TrafficPanel company={any} />);
    const visits = await screen.findByRole('region', { name: 'Monthly visits' });
    const truth = await get<WebsiteTrafficResponse>(`/api/v1/company/website-traffic?company=${any}`);
    await userEvent.click(within(visits).getByRole('button', { name: 'Show as a table' }));
    const cells = within(visits)
      .getAllByRole('cell')
      .map((c) => c.textContent);
    expect(cells).toEqual(
      Object.keys(truth.data.estimated_monthly_visits)
        .sort()
        .map((m) => formatCount(truth.data.estimated_monthly_visits[m]!)),
    );
    expect(screen.getByTestId('cost-note').textContent).toBe('Cost 1 credit');
  });

  it('says a company the provider has no data on has none, and charges nothing', async () => {
    const before = await spent();
    renderWithProviders(<GrowthPanel company="no-such-company.example" />);
    expect(await screen.findByText('No headcount data for this company')).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
    expect(await spent()).toBe(before);
  });
});
