/**
 * Reading a whole list through a running BFF, page by page, as the web app does, with what each
 * page cost and what the ledger recorded meanwhile: for tests of the list resolver.
 */

import { expect } from 'vitest';
import type { ListGenerateResponse } from '../contract/api';
import type { ListCountEstimate, ListCountResponse } from '../contract/bff-lists';
import { pathOf } from '../contract/endpoints';
import { LIST_TOTAL_CAP } from '../contract/list-params';
import { credits } from '../contract/pricing';
import type { ListTooBroadProblem } from '../contract/problem';
import type { RunningBff } from './bff-server';

export const LIST_PATH = pathOf('list.generate');

/** The user's spend today as the ledger has it (`/bff/usage` writes pending records first). */
export async function spentToday(bff: RunningBff): Promise<number> {
  const res = await bff.call(pathOf('bff.usage'));
  return ((await res.json()) as { spent_today: number }).spent_today;
}

/** The ledger's rows since a row id (`/bff/usage` writes the pending ones first). */
export async function ledgerRows(
  bff: RunningBff,
  afterId: number,
): Promise<{ id: number; endpoint: string; credits_consumed: number; cache: string }[]> {
  await spentToday(bff);
  return bff.bff.deps.store.sql.all<{
    id: number;
    endpoint: string;
    credits_consumed: number;
    cache: string;
  }>('SELECT id, endpoint, credits_consumed, cache FROM ledger WHERE id > ? ORDER BY id', [afterId]);
}

export async function lastLedgerId(bff: RunningBff): Promise<number> {
  await spentToday(bff);
  return (await bff.bff.deps.store.sql.get<{ id: number }>('SELECT COALESCE(MAX(id), 0) AS id FROM ledger'))!
    .id;
}

export type ReadList =
  | {
      ok: true;
      uuids: string[];
      rows: ListGenerateResponse['data'];
      pages: ListGenerateResponse[];
      credits: number;
    }
  | {
      ok: false;
      status: number;
      problem: ListTooBroadProblem & { errors?: { path: string; message: string }[] };
    };

/** Every page of a list request (within the 500 served), `pageSize` at a time. */
export async function readList(
  bff: RunningBff,
  body: Record<string, unknown>,
  pageSize: number,
): Promise<ReadList> {
  const pages: ListGenerateResponse[] = [];
  let offset = 0;
  for (;;) {
    const res = await bff.post(LIST_PATH, { ...body, limit: pageSize, offset });
    if (!res.ok) return { ok: false, status: res.status, problem: (await res.json()) as ListTooBroadProblem };
    const page = (await res.json()) as ListGenerateResponse;
    pages.push(page);
    offset += page.count;
    if (page.count === 0 || offset >= Math.min(page.total_count, LIST_TOTAL_CAP)) break;
  }
  const rows = pages.flatMap((p) => p.data);
  return {
    ok: true,
    uuids: rows.map((r) => r.uuid),
    rows,
    pages,
    credits: Math.round(pages.reduce((s, p) => s + p.credits_consumed, 0) * 10000) / 10000,
  };
}

/** What the ledger holds as spent after entry `id`. */
export async function spentSince(on: RunningBff, id: number): Promise<number> {
  return credits((await ledgerRows(on, id)).reduce((s, r) => s + r.credits_consumed, 0));
}

/** `POST /bff/lists/count`: its status and answer. */
export async function postCount(
  on: RunningBff,
  body: unknown,
): Promise<{ status: number; body: ListCountResponse }> {
  const res = await on.post('/bff/lists/count', body);
  return { status: res.status, body: (await res.json()) as ListCountResponse };
}

/** `POST /bff/lists/count/estimate`, expected to answer 200. */
export async function postCountEstimate(on: RunningBff, body: unknown): Promise<ListCountEstimate> {
  const res = await on.post('/bff/lists/count/estimate', body);
  expect(res.status).toBe(200);
  return (await res.json()) as ListCountEstimate;
}
