/**
 * `npm run bench` (BENCH=savedlists for this part alone): runs of saved lists of 500 companies
 * (issue 14) through the BFF on the bench's 25k data set (BENCH_DIR/25000), the embedded service and
 * the BFF in this process, over `fetch` (no network): the time of a run, its credits (what the run
 * says, checked against the ledger) and the estimate shown before it.
 *
 * - the first run of a list (every member added), a repeat before it is marked seen (every member
 *   still added), a repeat after (nothing added);
 * - a run after the list's filters changed under what was seen (500 companies left: 500 free
 *   company searches by id);
 * - a company-size list (the list resolver's probes, asked afresh on every run);
 * - a list with 3 seeds (saved from the lookalikes, issue 16): its 500 read with the sections the
 *   similarity score needs and ranked by similarity to the seeds (Pay-as-you-go: the seeds left out);
 * - Pay-as-you-go: the same 500 in pages of 20.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { CSRF_HEADER, CSRF_HEADER_VALUE } from '../contract/bff';
import { type EndpointId, requestOf } from '../contract/endpoints';
import { credits } from '../contract/pricing';
import type { SavedList, SavedListEstimate, SavedListRun } from '../contract/saved-lists';
import { startService } from '../embedded/service';
import { findKey, setCredits } from '../embedded/store/keys';
import { type BffApp, createBffApp } from '../server/app';
import { embeddedUpstream } from '../server/upstream/upstream';
import { ensureBenchDataset } from './bff-overhead';
import { benchConfig } from './config';
import { median } from './stats';

const REPEATS = benchConfig().BENCH_SAVED_LIST_RUNS;

/** Broad lists of the 25k data set: each matches more than 500 companies. */
const SOFTWARE = { filters: { 'business_model.offering_type': ['software'] }, sort_by: 'relevance' };
const SERVICES = { filters: { 'business_model.offering_type': ['services'] }, sort_by: 'relevance' };
/** A company-size list the resolver serves whole: Japan's smallest companies (380 of the 25k). */
const SMALL_FIRST = {
  filters: { 'location.hq.country': ['JPN'], 'firmographic.headcount_range': ['1-10', '11-50'] },
  sort_by: 'employee_range',
  sort_order: 'asc',
};

type Call = <T>(id: EndpointId, input?: unknown) => Promise<{ status: number; body: T; ms: number }>;

function caller(bff: BffApp): Call {
  return async (id, input) => {
    const req = requestOf(id, input);
    const started = performance.now();
    const res = await bff.fetch(
      new Request(`http://bff${req.url}`, {
        method: req.method,
        headers: {
          origin: 'http://bff',
          [CSRF_HEADER]: CSRF_HEADER_VALUE,
          ...(req.body !== undefined ? { 'content-type': 'application/json' } : {}),
        },
        ...(req.body !== undefined ? { body: req.body } : {}),
      }),
    );
    const text = await res.text();
    const ms = performance.now() - started;
    if (res.status >= 400) throw new Error(`${id}: ${res.status} ${text}`);
    return { status: res.status, body: (text ? JSON.parse(text) : undefined) as never, ms };
  };
}

const fmt = (xs: number[]) =>
  `median ${median(xs).toFixed(1)} ms (min ${Math.min(...xs).toFixed(1)}, max ${Math.max(...xs).toFixed(1)}, n=${xs.length})`;

async function planBench(dataDir: string, key: string, label: string): Promise<void> {
  const service = await startService({ dataDir });
  const k = findKey(service.ctx.db, key);
  if (k) setCredits(service.ctx.db, k.id, 1e12);
  const ledgerDir = mkdtempSync(path.join(tmpdir(), 'bff-saved-lists-bench-'));
  const bff = createBffApp({
    upstream: embeddedUpstream(service, key),
    dataDir: ledgerDir,
    staticDir: 'does-not-exist',
    rateLimitPerMinute: 0,
    savedLists: { scheduler: false },
    // Its requests are handed to `fetch` as http://bff/...: a host the BFF must be told it serves.
    allowedHosts: ['bff'],
    log: () => {},
  });
  const call = caller(bff);
  const ledger = bff.deps.store.sql;
  const ledgerSum = async (afterId: number) => {
    await call('bff.usage');
    const row = await ledger.get<{ c: number }>(
      'SELECT COALESCE(SUM(credits_consumed), 0) AS c FROM ledger WHERE id > ?',
      [afterId],
    );
    return credits(row?.c ?? 0);
  };
  const lastId = async () => {
    await call('bff.usage');
    const row = await ledger.get<{ id: number }>('SELECT COALESCE(MAX(id), 0) AS id FROM ledger');
    return Number(row?.id ?? 0);
  };

  /** Times `runs` runs of a list, `before` each; answers the last run and what each cost. */
  async function timed(listId: string, runs: number, before?: () => Promise<void>) {
    const ms: number[] = [];
    let last: SavedListRun | undefined;
    let ledgerAgrees = true;
    for (let i = 0; i < runs; i++) {
      await before?.();
      const from = await lastId();
      const r = await call<SavedListRun>('bff.savedList.run', { id: listId });
      ms.push(r.ms);
      last = r.body;
      if ((await ledgerSum(from)) !== r.body.credits_consumed) ledgerAgrees = false;
    }
    return { ms, last: last!, ledgerAgrees };
  }

  const line = (what: string, t: Awaited<ReturnType<typeof timed>>) =>
    console.log(
      `  ${what}: ${fmt(t.ms)}; size ${t.last.size} of ${t.last.total_count}, added ${t.last.added.length}, removed ${t.last.removed.length}; ${t.last.credits_consumed} credits${t.ledgerAgrees ? ' (= ledger)' : ' (LEDGER DIFFERS)'}`,
    );

  try {
    console.log(`\n${label}:`);
    // Three companies of the software list as seeds (they are among its 500: a run leaves them out).
    const seeds = (
      await call<{ data: { uuid: string }[] }>('list.generate', { ...SOFTWARE, limit: 3, offset: 10 })
    ).body.data.map((c) => c.uuid);
    for (const [name, request, withSeeds] of [
      ['offering type software, relevance', SOFTWARE, undefined],
      ['offering type software, relevance, 3 seeds (ranked by similarity)', SOFTWARE, seeds],
      ['Japan, 1-50 employees, fewest first', SMALL_FIRST, undefined],
    ] as const) {
      const create = (n: string) =>
        call<SavedList>('bff.savedLists.create', {
          name: n,
          request,
          ...(withSeeds ? { seeds: withSeeds } : {}),
        });
      const created = await create(name);
      const id = created.body.id;
      const estimate = await call<SavedListEstimate>('bff.savedList.estimate', { id });
      console.log(` ${name} (estimate before a run: up to ${estimate.body.credits} credits)`);
      const lists: string[] = [];
      // Each first run on a list of its own: nothing seen, every member added.
      const firsts: number[] = [];
      let first: SavedListRun | undefined;
      for (let i = 0; i < REPEATS; i++) {
        const own = await create(`${name} ${i}`);
        lists.push(own.body.id);
        const t = await timed(own.body.id, 1);
        firsts.push(...t.ms);
        first = t.last;
      }
      console.log(
        `  first run: ${fmt(firsts)}; size ${first!.size} of ${first!.total_count}, added ${first!.added.length}; ${first!.credits_consumed} credits${first!.ranking ? `; ranking ${first!.ranking}` : ''}`,
      );
      await call('bff.savedList.run', { id });
      line('repeat, not marked seen', await timed(id, REPEATS));
      line(
        'repeat, marked seen',
        await timed(id, REPEATS, async () => {
          await call('bff.savedList.seen', { id });
        }),
      );
      if (request === SOFTWARE && !withSeeds) {
        line(
          'after its filters changed (500 left, 500 free lookups)',
          await timed(id, REPEATS, async () => {
            await call('bff.savedList.update', { id, request: SOFTWARE });
            await call('bff.savedList.run', { id });
            await call('bff.savedList.seen', { id });
            await call('bff.savedList.update', { id, request: SERVICES });
          }),
        );
        await call('bff.savedList.update', { id, request: SOFTWARE });
      }
    }
  } finally {
    bff.close();
    service.close();
    rmSync(ledgerDir, { recursive: true, force: true });
  }
}

export async function savedListsBench(benchDir: string): Promise<void> {
  const dataDir = path.join(benchDir, '25000');
  console.log(`\n== Saved list runs of 500 companies (${dataDir}; service and BFF in this process)`);
  await ensureBenchDataset(dataDir);
  await planBench(dataDir, 'dev-enterprise-key', 'Enterprise (pages of 500)');
  await planBench(dataDir, 'dev-payg-key', 'Pay-as-you-go (pages of 20)');
}
