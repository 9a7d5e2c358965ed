// @vitest-environment jsdom
/**
 * The company page's Growth, Jobs and Traffic tabs say their price before they are opened, and
 * "Stored" once the team's company store holds that company's signal data (issue 36), as the section
 * tabs do: against a real BFF (in process, the store on) in front of the real embedded service.
 */
import { cleanup, screen } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { renderWithProviders } from '@/testing/render-with-providers';
import { type InProcessBff, startInProcessBff } from '../../../../../bff/testing/bff-server';
import { CompanyView } from './company-view';

let app: InProcessBff;
let uuid: string;

beforeAll(async () => {
  app = await startInProcessBff({ companies: 300, seed: 5, storeMaxAgeMs: 30 * 24 * 3600_000 });
  uuid = (
    app.service.ctx.db.prepare('SELECT uuid FROM companies ORDER BY employee_count DESC LIMIT 1').get() as {
      uuid: string;
    }
  ).uuid;
  app.install();
});

afterAll(() => app.close());

afterEach(cleanup);

async function hints(): Promise<Record<string, string>> {
  const out: Record<string, string> = {};
  for (const label of ['Growth', 'Jobs', 'Traffic']) {
    const tab = await screen.findByRole('tab', { name: new RegExp(`^${label}`) });
    out[label] = (tab.textContent ?? '').slice(label.length).replace(/^[\s,]+/, '');
  }
  return out;
}

describe('the signal tabs’ price', () => {
  it('shows each tab’s price, then "Stored" once the store holds its data', async () => {
    renderWithProviders(<CompanyView company={uuid} tab="overview" onTabChange={() => {}} />);
    await screen.findByRole('tab', { name: /^Growth/ });
    await expect.poll(hints, { timeout: 10_000 }).toEqual({
      Growth: '2.5 credits',
      Jobs: '≤ 5 credits',
      Traffic: '1 credit',
    });
    cleanup();
    // The Growth and Jobs tabs opened once (as their panels ask): the store keeps their answers.
    for (const path of [
      `/api/v1/company/headcount-trends?company=${uuid}`,
      `/api/v1/company/jobs?company=${uuid}&limit=50&offset=0`,
    ])
      expect((await app.fetch(path)).status).toBe(200);
    renderWithProviders(<CompanyView company={uuid} tab="overview" onTabChange={() => {}} />);
    await expect.poll(hints, { timeout: 10_000 }).toEqual({
      Growth: 'Stored',
      Jobs: 'Stored',
      Traffic: '1 credit',
    });
  }, 60_000);
});
