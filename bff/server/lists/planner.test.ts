/**
 * The list planner's steps run against a port function standing in for the service (a seam, not a
 * mock of a library): no Request is built, no HTTP is spoken. The end-to-end proof is the http
 * tests beside this file.
 */
import { describe, expect, it } from 'vitest';
import { ListRequest, type ParsedListRequest } from '../../contract/api';
import { headcountRangeOf } from '../../contract/enums';
import { accountListLookup, accountListStep } from '../accounts/exclusion';
import type { AccountListRecord } from '../accounts/store';
import type { BffUser } from '../context';
import { problem, ServiceRefusal } from '../proxy/problem';
import { createListPlanner } from './planner';
import type { ListPage, ListRow, ListStep, ServicePort } from './port';

const user: BffUser = { id: 'u1', name: 'Ada' };
const request = (r: Record<string, unknown>): ParsedListRequest => ListRequest.parse(r);

/** Companies 0..n-1, company i with 10 * (i + 1) employees. */
const companies = (n: number) =>
  Array.from({ length: n }, (_, i) => ({ uuid: `c${String(i).padStart(3, '0')}`, employees: 10 * (i + 1) }));

type Asked = { endpoint: string; input: Record<string, unknown> };

/** The service as a port: list generation over `all` (filters ignored), by employees or as listed. */
function fakePort(all: { uuid: string; employees: number }[], asked: Asked[] = []): ServicePort {
  return (async (_user: BffUser, endpoint: string, input: unknown) => {
    const q = input as Record<string, unknown>;
    asked.push({ endpoint, input: q });
    if (endpoint !== 'list.generate') throw new Error(`unexpected ${endpoint}`);
    let rows = [...all];
    if (q.sort_by === 'employee_range') {
      rows.sort((a, b) => a.employees - b.employees);
      if (q.sort_order === 'desc') rows.reverse();
    }
    const offset = (q.offset as number) ?? 0;
    const limit = (q.limit as number) ?? 25;
    rows = rows.slice(offset, offset + limit);
    const data: ListRow[] = rows.map((c) => ({
      uuid: c.uuid,
      ...(q.sections ? { firmographic: { headcount_range: headcountRangeOf(c.employees) } } : {}),
    }));
    const credits = 1.5 + 0.2 * data.length;
    return {
      data: {
        data,
        count: data.length,
        total_count: Math.min(all.length, 500),
        warnings: [],
        skipped_sections: [],
        credits_consumed: credits,
      },
      credits,
      cache: null,
    };
  }) as ServicePort;
}

const lists = (records: Partial<AccountListRecord>[]): Map<string, AccountListRecord> =>
  new Map(
    records.map((r) => [
      r.id!,
      {
        ownerId: user.id,
        ownerName: 'Ada',
        name: r.id!,
        source: 'import',
        shared: false,
        importId: null,
        size: 1,
        createdAt: '',
        updatedAt: '',
        ...r,
      } as AccountListRecord,
    ]),
  );

function lookupOver(records: Map<string, AccountListRecord>, members: Map<string, Set<string>>) {
  return accountListLookup({
    getList: async (id) => records.get(id),
    membersAmong: async (listIds, uuids) => {
      const out = new Map<string, string[]>();
      for (const u of uuids) {
        const ids = listIds.filter((l) => members.get(l)?.has(u));
        if (ids.length > 0) out.set(u, ids);
      }
      return out;
    },
  });
}

describe('the account-lists step', () => {
  const all = companies(30).map((c) => c.uuid);
  /** The rest of the planner, as the step sees it: the list's pages as asked. */
  const next: ListStep = async (_user, r) => {
    const data = all.slice(r.offset, r.offset + r.limit).map((uuid) => ({ uuid }));
    return { data, count: data.length, total_count: all.length, credits_consumed: 0.2 * data.length };
  };

  it('keeps pages full, counts what it hid, and marks companies', async () => {
    const hidden = new Set(['c001', 'c002', 'c010']);
    const lookup = lookupOver(
      lists([{ id: 'crm' }, { id: 'vip' }]),
      new Map([
        ['crm', hidden],
        ['vip', new Set(['c003'])],
      ]),
    );
    const step = accountListStep(lookup, { plan: 'enterprise' });
    const page = await step(
      user,
      request({ limit: 5, exclude_account_lists: ['crm'], mark_account_lists: ['vip'] }),
      {},
      next,
    );
    expect(page.data.map((d) => d.uuid)).toEqual(['c000', 'c003', 'c004', 'c005', 'c006']);
    expect(page.data.map((d) => d.account_lists)).toEqual([[], ['vip'], [], [], []]);
    expect(page).toMatchObject({
      excluded_count: 2,
      excluded_count_complete: false,
      total_count: 28,
      offset: 0,
    });
    // The next page starts after the five kept, past the third hidden company.
    const second = await step(
      user,
      request({ limit: 5, offset: 5, exclude_account_lists: ['crm'] }),
      {},
      next,
    );
    expect(second.data.map((d) => d.uuid)).toEqual(['c007', 'c008', 'c009', 'c011', 'c012']);
    expect(second.excluded_count).toBe(3);
  });

  it('refuses a list the user may not use, naming it, before anything is read', async () => {
    const lookup = lookupOver(lists([{ id: 'theirs', ownerId: 'someone else' }]), new Map());
    const step = accountListStep(lookup, { plan: 'enterprise' });
    let read = 0;
    const counting: ListStep = (u, r, run) => {
      read++;
      return next(u, r, run);
    };
    const refused = step(user, request({ exclude_account_lists: ['theirs'] }), {}, counting);
    await expect(refused).rejects.toMatchObject({ code: 'invalid_request', status: 400 });
    await expect(refused).rejects.toMatchObject({ errors: [{ path: 'exclude_account_lists.0' }] });
    expect(read).toBe(0);
  });
});

describe('the planner over a port', () => {
  const planner = (port: ServicePort) =>
    createListPlanner(port, {
      plan: 'enterprise',
      log: () => {},
      accountLists: lookupOver(new Map(), new Map()),
    });

  it('passes a request with nothing of the BFF on, and plans one with company size', () => {
    const p = planner(fakePort([]));
    expect(p.passesOn(request({ filters: { 'location.hq.country': ['DEU'] } }))).toBe(true);
    expect(p.passesOn(request({ filters: { 'firmographic.headcount_range': ['11-50'] } }))).toBe(false);
    expect(p.passesOn(request({ exclude: { 'location.hq.country': ['DEU'] } }))).toBe(false);
    expect(p.passesOn(request({ mark_account_lists: ['x'] }))).toBe(false);
  });

  it('serves a company size from the employee order, with the probes it paid', async () => {
    const asked: Asked[] = [];
    const all = companies(40); // bands: 1-10 (c000), 11-50 (c001..c004), 51-200 (c005..c019), ...
    const page: ListPage = await planner(fakePort(all, asked)).list(
      user,
      request({
        filters: { 'firmographic.headcount_range': ['11-50'] },
        sort_by: 'employee_range',
        sort_order: 'asc',
      }),
    );
    expect(page.data.map((d) => d.uuid)).toEqual(['c001', 'c002', 'c003', 'c004']);
    expect(page.total_count).toBe(4);
    // Every call went to the service without the BFF's key, and the answer says what they cost.
    for (const a of asked) expect(a.input.filters ?? {}).not.toHaveProperty('firmographic.headcount_range');
    const spent = asked.reduce((s, a) => s + 1.5 + 0.2 * Math.min((a.input.limit as number) ?? 0, 40), 0);
    expect(page.credits_consumed).toBeGreaterThan(0);
    expect(page.credits_consumed).toBeLessThanOrEqual(spent + 1e-9);
  });

  it('a refusal of the service comes out as the typed refusal carrying its answer', async () => {
    const refusing: ServicePort = (async () => {
      throw new ServiceRefusal(problem(402, 'The daily budget is spent.'));
    }) as ServicePort;
    const planned = planner(refusing).list(
      user,
      request({ filters: { 'firmographic.headcount_range': ['1-10'] } }),
    );
    await expect(planned).rejects.toBeInstanceOf(ServiceRefusal);
    await expect(planned).rejects.toMatchObject({ code: 'service_refusal', status: 402 });
  });
});
