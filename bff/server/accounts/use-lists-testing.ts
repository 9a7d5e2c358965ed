/**
 * What the HTTP tests of using account lists share: a BFF on a real embedded service of 2,000
 * companies (testing/accounts.ts), the list as the service serves it, account lists imported by
 * domain, and readers of pages, problems and the day's spending. The bindings below are set before
 * the file's tests (withAccountsWorld) and read live.
 */

import { afterAll, beforeAll, expect } from 'vitest';
import type { CompanyListItem, ListGenerateResponse } from '../../contract/api';
import { pathOf } from '../../contract/endpoints';
import type { Problem } from '../../contract/problem';
import type { Service } from '../../embedded/service';
import {
  type AccountsWorld,
  accepted,
  csvOf,
  type DatasetCompany,
  finished,
  openAccountsWorld,
  upload,
} from '../../testing/accounts';
import type { RunningBff } from '../../testing/bff-server';

export let service: Service;
export let bff: RunningBff;
export let companies: DatasetCompany[];

export const GERMANY = { 'location.hq.country': ['DEU'] };

let world: AccountsWorld | undefined;

/** Opens the world (its service and BFF) before the file's tests; closes it after. */
export function withAccountsWorld(): void {
  beforeAll(async () => {
    world = await openAccountsWorld();
    service = world.service;
    bff = world.bff;
    companies = world.companies;
  });
  afterAll(() => world?.close());
}

/** The list as the embedded service serves it (up to 500), for the truth. */
export async function direct(
  body: Record<string, unknown>,
): Promise<{ data: CompanyListItem[]; total_count: number }> {
  const res = await service.fetch(
    new Request(`http://service${pathOf('list.generate')}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-api-key': 'dev-enterprise-key' },
      body: JSON.stringify({ limit: 500, ...body }),
    }),
  );
  expect(res.status).toBe(200);
  return (await res.json()) as { data: CompanyListItem[]; total_count: number };
}

/** Imports these companies (by domain) as an account list; answers its id. */
export async function listOf(
  on: RunningBff,
  picked: readonly { name: string; website: string }[],
  name: string,
) {
  const acc = await accepted(
    await upload(on, csvOf([['Company name', 'Website'], ...picked.map((c) => [c.name, c.website])]), {
      name,
    }),
  );
  const s = await finished(on, acc.id);
  expect(s.matched).toBe(picked.length);
  return acc.account_list_id;
}

export async function page(on: RunningBff, body: Record<string, unknown>): Promise<ListGenerateResponse> {
  const res = await on.post(pathOf('list.generate'), body);
  const text = await res.text();
  expect(res.status, text).toBe(200);
  return JSON.parse(text) as ListGenerateResponse;
}

export async function problemOf(res: Response, status: number): Promise<Problem> {
  const text = await res.text();
  expect(res.status, text).toBe(status);
  return JSON.parse(text) as Problem;
}

export async function spentToday(on: RunningBff): Promise<number> {
  const res = await on.call(pathOf('bff.usage'));
  return ((await res.json()) as { spent_today: number }).spent_today;
}
