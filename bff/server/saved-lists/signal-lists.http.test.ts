/**
 * Saved lists with a signal filter (issue 36) over real HTTP: a team-mode BFF in front of a real
 * embedded service whose data changes between two daily checks. A list of companies hiring sales
 * people is screened on each check, its members are the companies that pass then (the truth read
 * straight from the service's jobs endpoint), a company of the plain list that starts hiring sales
 * people is new (and alerted), one that stops is removed as no longer matching, and the run's
 * estimate covers the screening.
 */
import { describe, expect, it, onTestFinished } from 'vitest';
import type { ListGenerateResponse } from '../../contract/api';
import {
  estimateSavedListRun,
  type ListAlertsResponse,
  type SavedListEstimate,
  type SavedListRunDetail,
  type SavedListRunsResponse,
} from '../../contract/saved-lists';
import { getMeta } from '../../embedded/store/db';
import { createKey } from '../../embedded/store/keys';
import { changeSection } from '../../testing/company-changes';
import { testStore } from '../../testing/test-store';
import {
  ada,
  adaId,
  bff,
  create,
  db,
  lastLedgerId,
  ledgerSince,
  markSeen,
  ok,
  PRIVATE_OR_PUBLIC,
  service,
  withSavedListsBff,
} from './saved-lists-testing';

const DAY_MS = 24 * 3600_000;

// The team's company store on, as deployed (30 days): a check must not take yesterday's stored
// listings for today's.
withSavedListsBff(testStore, { storeMaxAgeMs: 30 * DAY_MS });
const HIRING_SALES = { functions: ['sales'] as const, posted_within_days: 90 };
const REQUEST = { filters: { ...PRIVATE_OR_PUBLIC, 'signals.hiring': HIRING_SALES } };

/** A call straight to the embedded service, with a key of the test's own. */
async function direct(key: string, path: string, body?: unknown): Promise<unknown> {
  const res = await service.fetch(
    new Request(`http://service${path}`, {
      method: body === undefined ? 'GET' : 'POST',
      headers: { 'x-api-key': key, 'content-type': 'application/json' },
      ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
    }),
  );
  expect(res.status).toBe(200);
  return res.json();
}

/** The truth, asked of the service directly: the plain list's companies, and whether each hires sales people. */
function truth() {
  const key = createKey(service.ctx.db, `signal-lists-truth-${Math.random()}`, 'enterprise', 1e9).key;
  const today = getMeta(service.ctx.db, 'dataset.today')!;
  const since = new Date(Date.parse(`${today}T00:00:00Z`) - HIRING_SALES.posted_within_days * DAY_MS)
    .toISOString()
    .slice(0, 10);
  return {
    plain: async () =>
      (
        (await direct(key, '/api/v1/list/generate/companies', {
          filters: PRIVATE_OR_PUBLIC,
          limit: 500,
        })) as ListGenerateResponse
      ).data.map((c) => c.uuid),
    hiresSales: async (uuid: string) => {
      const jobs = (await direct(
        key,
        `/api/v1/company/jobs?company=${encodeURIComponent(uuid)}&limit=50`,
      )) as { data: { posted_date: string; function: string }[] };
      return jobs.data.some((l) => l.posted_date >= since && l.function === 'sales');
    },
  };
}

async function hiringOf(uuids: readonly string[], hires: (u: string) => Promise<boolean>) {
  const out: string[] = [];
  for (const u of uuids) if (await hires(u)) out.push(u);
  return out;
}

/** The company's headcount growth over 12 months set to `pct` (the jobs it posts follow it). */
const setGrowth = (uuid: string, pct: number) =>
  changeSection(service, uuid, 'headcount', (h) => ({ ...h, growth_12m_pct: pct }));

describe('a saved list with a signal filter, checked daily', () => {
  it('screens each check afresh: a company that starts hiring for the chosen functions is new and alerted, one that stops leaves', async () => {
    const t = truth();
    const list = await create(ada, { name: 'Hiring sales people', request: REQUEST, schedule: 'daily' });

    // The estimate a scheduled check is weighed by covers the screening of 500 companies.
    const estimate = await ok<SavedListEstimate>(ada('bff.savedList.estimate', { id: list.id }));
    const plainEstimate = estimateSavedListRun({ filters: PRIVATE_OR_PUBLIC }, 'enterprise').credits;
    expect(estimate.credits).toBe(estimateSavedListRun(REQUEST, 'enterprise').credits);
    expect(estimate.credits).toBe(plainEstimate + 500 * 5);
    expect(estimate.parts.map((p) => p.what)).toContain('screening up to 500 companies by their signals');

    const scheduler = bff.bff.savedLists.scheduler;
    const check = async () => {
      await db.sql.run('UPDATE saved_lists SET next_check_at = ? WHERE id = ?', [
        new Date(Date.now() - 1000).toISOString(),
        list.id,
      ]);
      const from = await lastLedgerId();
      expect(await scheduler.tick()).toBe(1);
      const runs = await ok<SavedListRunsResponse>(ada('bff.savedList.runs', { id: list.id }));
      const latest = runs.data[0]!;
      expect(latest.trigger).toBe('schedule');
      // What the check spent is what the ledger has, within the estimate.
      expect(latest.credits_consumed).toBe(await ledgerSince(adaId, from));
      expect(latest.credits_consumed).toBeLessThanOrEqual(estimate.credits);
      return ok<SavedListRunDetail>(ada('bff.savedList.runDetail', { id: list.id, run_id: latest.id }));
    };

    const plain = await t.plain();
    const hiring = await hiringOf(plain, t.hiresSales);
    expect(hiring.length, 'some of the list hire sales people, not all').toBeGreaterThan(0);
    expect(hiring.length).toBeLessThan(plain.length);

    const first = await check();
    // The members are the plain list's companies hiring sales people now, in the list's order.
    expect(first.members).toEqual(hiring);
    expect(first.added).toEqual(hiring);
    await markSeen(ada, list.id);
    const alertsBefore = await ok<ListAlertsResponse>(ada('bff.savedLists.alerts'));

    // Between two checks the data changes: a company of the plain list that had no open sales role
    // starts growing and posts roles; a member shrinks and closes its listings.
    let starter: string | undefined;
    for (const u of plain) {
      if (hiring.includes(u)) continue;
      const restore = setGrowth(u, 80);
      if (await t.hiresSales(u)) {
        onTestFinished(restore);
        starter = u;
        break;
      }
      restore();
    }
    expect(starter, 'a company of the list that starts hiring sales people').toBeDefined();
    const stopper = hiring.at(-1)!;
    onTestFinished(setGrowth(stopper, -60));
    expect(await t.hiresSales(stopper)).toBe(false);

    const second = await check();
    // It was in the plain list all along: new because it passes the signal filter now and did not.
    expect(plain).toContain(starter);
    expect(second.added).toEqual([starter]);
    expect(second.removed).toEqual([{ uuid: stopper, reason: 'no_longer_matching' }]);
    expect(second.members).toEqual(await hiringOf(plain, t.hiresSales));
    expect(second.companies[starter!]?.name).toEqual(expect.any(String));

    // The check alerts the owner to the one new company.
    const alerts = await ok<ListAlertsResponse>(ada('bff.savedLists.alerts'));
    expect(alerts.unread).toBe(alertsBefore.unread + 1);
    expect(alerts.data[0]).toMatchObject({ list_id: list.id, run_id: second.id, count: 1 });
  });

  it('runs a list that screens every match: its estimate at the worst case, its members those that pass', async () => {
    const t = truth();
    const request = { ...REQUEST, screen: 'all' };
    const list = await create(ada, { name: 'Hiring sales people, every match', request });
    const estimate = await ok<SavedListEstimate>(ada('bff.savedList.estimate', { id: list.id }));
    expect(estimate.credits).toBe(estimateSavedListRun(request as never, 'enterprise').credits);
    expect(estimate.credits).toBeGreaterThan(estimateSavedListRun(REQUEST, 'enterprise').credits);
    const from = await lastLedgerId();
    const r = await ok<{ id: string; credits_consumed: number; size: number }>(
      ada('bff.savedList.run', { id: list.id }),
      201,
    );
    expect(r.credits_consumed).toBe(await ledgerSince(adaId, from));
    expect(r.credits_consumed).toBeLessThanOrEqual(estimate.credits);
    const detail = await ok<SavedListRunDetail>(
      ada('bff.savedList.runDetail', { id: list.id, run_id: r.id }),
    );
    // The list (400 companies) is one slice: every company of it screened, in its order.
    expect(detail.members).toEqual(await hiringOf(await t.plain(), t.hiresSales));
  });
});
