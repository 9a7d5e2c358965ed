/**
 * A saved list's page after a run, with the team's company store on, over real HTTP on a real
 * embedded service: the page (list generation through the proxy, as the web's saved-list page reads
 * it) shows the membership the latest run found, not the one kept when the page was first seen; its
 * answer equals the service's. The run asks the service afresh (issue 32), and what it read renews
 * the kept orders of its list (docs/decisions/0038-runs-renew-kept-orders.md).
 */
import { describe, expect, it } from 'vitest';
import { pathOf } from '../../contract/endpoints';
import { eventually } from '../../testing/embedded-additions';
import { testStore } from '../../testing/test-store';
import { ada, create, markSeen, ok, run, service, withSavedListsBff } from './saved-lists-testing';

const DAY_MS = 86_400_000;

withSavedListsBff(testStore, { storeMaxAgeMs: 30 * DAY_MS });

type Page = { data: { uuid: string }[]; total_count: number; credits_consumed: number };

/** The service's own answer to a list request, asked of it directly. */
async function direct(body: Record<string, unknown>): Promise<Record<string, unknown>> {
  const res = await service.fetch(
    new Request(`http://service${pathOf('list.generate')}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-api-key': 'dev-enterprise-key' },
      body: JSON.stringify(body),
    }),
  );
  expect(res.status).toBe(200);
  return (await res.json()) as Record<string, unknown>;
}

function withoutCredits(answer: Record<string, unknown>): Record<string, unknown> {
  const { credits_consumed: _c, ...rest } = answer;
  return rest;
}

/** Adds a company to the embedded service through the BFF's additions; its uuid once completed. */
async function addCompany(name: string, website: string): Promise<string> {
  const submitted = await ok<{ request_id: string }>(
    ada('additions.submit', { company_name: name, website }),
    202,
  );
  const done = await eventually(
    async () =>
      ok<{ status: string; detail: { company_uuid: string | null } }>(
        ada('additions.status', { id: submitted.request_id }),
      ),
    (s) => s.status === 'completed' || s.status === 'failed',
    'the addition to complete',
  );
  expect(done.status).toBe('completed');
  return done.detail.company_uuid!;
}

describe('a saved list’s page after a run', () => {
  it('shows the company the run found, as the service answers the page, though the page was kept before', async () => {
    // Irish companies: a few of the 400, all on one page of 50; a `.ie` company added is Irish.
    const request = { filters: { 'location.hq.country': ['IRL'] }, sort_by: 'founded_year', limit: 50 };
    const list = await create(ada, { name: 'Irish companies', request });
    const first = await run(ada, list.id);
    await markSeen(ada, list.id);
    // The list's page as the saved-list page reads it (the builder's grid reads it the same way),
    // with a section: kept by the store, so asking it again costs nothing.
    const pageBody = { ...request, sections: ['firmographic'], offset: 0 };
    const before = await ok<Page>(ada('list.generate', pageBody));
    expect(before.data.length).toBe(first.size);
    expect((await ok<Page>(ada('list.generate', pageBody))).credits_consumed).toBe(0);
    // The list re-sorted in the grid, and another list: both kept too.
    const resorted = { ...pageBody, sort_by: 'total_funding', sort_order: 'asc' };
    const other = { filters: { 'location.hq.country': ['DEU'] }, limit: 10 };
    await ok<Page>(ada('list.generate', resorted));
    await ok<Page>(ada('list.generate', other));

    const uuid = await addCompany('Shamrock Analytics', 'https://shamrock-analytics-test.ie');
    const truth = await direct(pageBody);
    expect((truth.data as { uuid: string }[]).map((c) => c.uuid)).toContain(uuid);

    const second = await run(ada, list.id);
    expect(second.added).toEqual([uuid]);
    const after = await ok<Page & Record<string, unknown>>(ada('list.generate', pageBody));
    expect(after.data.map((c) => c.uuid)).toContain(uuid);
    expect(withoutCredits(after)).toEqual(withoutCredits(truth));
    // "Only new" reads the whole list at once (its size as the page's limit): the service's answer.
    const whole = { ...pageBody, limit: second.size };
    expect(withoutCredits(await ok<Page & Record<string, unknown>>(ada('list.generate', whole)))).toEqual(
      withoutCredits(await direct(whole)),
    );
    // Renewed once: the same page again is served from the store.
    expect((await ok<Page>(ada('list.generate', pageBody))).credits_consumed).toBe(0);
    // Any order of the list kept before the run is renewed; another list's is still kept.
    const resortedAfter = await ok<Page & Record<string, unknown>>(ada('list.generate', resorted));
    expect(withoutCredits(resortedAfter)).toEqual(withoutCredits(await direct(resorted)));
    expect(resortedAfter.data.map((c) => c.uuid)).toContain(uuid);
    expect((await ok<Page>(ada('list.generate', other))).credits_consumed).toBe(0);
  });
});
