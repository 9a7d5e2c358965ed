/**
 * The added-company generator in its own thread: it makes exactly the company the generator makes in
 * this thread, and while it works the service keeps answering.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { AdditionSubmitResponse } from '../../contract/api';
import { type OwnServer, startOwnServer, statusUntil } from '../../testing/embedded-additions';
import { postJson } from '../../testing/embedded-server';
import { type AddedIdentity, companyForDomain } from '../dataset/generate';
import { buildPlan, DEFAULT_TODAY } from '../dataset/plan';
import { seedDatabase } from '../dataset/seed';
import type { CompanyRecord } from '../store/companies';
import { countCompanies } from '../store/companies';
import { openDatabase } from '../store/db';
import { ensureDevKeys } from '../store/keys';
import { type CompanyGenerator, ThreadCompanyGenerator } from './generator';
import { datasetParams, ingestStep } from './ingest';
import { getRequest, insertRequest, moveRequest } from './queue';

const KEY = 'dev-enterprise-key';
const closers: (() => Promise<void>)[] = [];
afterAll(async () => {
  for (const close of closers.splice(0)) await close();
});

function deferred<T = void>(): { promise: Promise<T>; resolve: (v: T) => void } {
  let resolve!: (v: T) => void;
  const promise = new Promise<T>((r) => {
    resolve = r;
  });
  return { promise, resolve };
}

describe('the generator thread', () => {
  it('answers with the company this thread would make, as plain data', async () => {
    const generator = new ThreadCompanyGenerator(() => ({ seed: 7, count: 1200, today: DEFAULT_TODAY }));
    closers.push(() => generator.close());
    const identity: AddedIdentity = {
      name: 'Velora Robotics',
      domain: 'velora-robotics.de',
      website: 'https://velora-robotics.de',
    };
    const [a, b] = await Promise.all([
      generator.generate(1200, identity),
      generator.generate(1201, { name: 'Kestrel Labs', domain: 'kestrel.io', website: 'https://kestrel.io' }),
    ]);
    const plan = buildPlan(7, 1200);
    expect(a).toEqual(companyForDomain(plan, 1200, identity));
    expect(b.name).toBe('Kestrel Labs');
    expect(b.uuid).not.toBe(a.uuid);
  });

  it('fails what it holds when closed, and starts again on the next use', async () => {
    const generator = new ThreadCompanyGenerator(() => ({ seed: 7, count: 300, today: DEFAULT_TODAY }));
    closers.push(() => generator.close());
    const identity = { name: 'Acme', domain: 'acme.com', website: 'https://acme.com' };
    const held = expect(generator.generate(300, identity)).rejects.toThrow(/closed/);
    await generator.close();
    await held;
    expect((await generator.generate(300, identity)).domain).toBe('acme.com');
  });
});

describe('the service while a company is being generated', () => {
  it('answers a company search before the ingestion completes, then serves the added company', async () => {
    // The real generator thread, its answer held until the search has been answered. Nothing is
    // warmed: the plan is first built by this ingestion.
    let real: ThreadCompanyGenerator | undefined;
    const asked = deferred();
    const searched = deferred();
    const held: CompanyGenerator = {
      warm: () => {},
      generate: async (idx, identity) => {
        const company: Promise<CompanyRecord> = real!.generate(idx, identity);
        asked.resolve();
        await searched.promise;
        return company;
      },
      close: () => real?.close() ?? Promise.resolve(),
    };
    const server: OwnServer = await startOwnServer({ additionDelayMs: 0, additionGenerator: held });
    closers.push(() => server.close());
    real = new ThreadCompanyGenerator(() => datasetParams(server.service.ctx.db));

    const res = await server.call(
      '/api/v1/company/addition-requests/',
      postJson({ company_name: 'Quillon Robotics', website: 'https://quillon-robotics.com' }, KEY),
    );
    expect(res.status).toBe(202);
    const id = AdditionSubmitResponse.parse(await res.json()).request_id!;
    await asked.promise;

    // The ingestion is under way (its company asked for); the service answers meanwhile.
    const search = await server.call('/api/v1/company/search?website=quillon-robotics.com');
    expect(search.status).toBe(200);
    expect(((await search.json()) as { data: unknown[] }).data).toEqual([]);
    const during = await statusUntil(server.url, KEY, id, ['in_progress', 'completed', 'failed']);
    expect(during.status).toBe('in_progress');
    searched.resolve();

    const done = await statusUntil(server.url, KEY, id, ['completed', 'failed']);
    expect(done.status).toBe('completed');
    const found = (await (
      await server.call('/api/v1/company/search?website=quillon-robotics.com')
    ).json()) as {
      data: { uuid: string }[];
    };
    expect(found.data.map((d) => d.uuid)).toEqual([done.detail.company_uuid]);
  });
});

describe('storing a generated company', () => {
  it('stores it only for the position and domain it was made for, and never twice', async () => {
    const db = openDatabase(':memory:');
    ensureDevKeys(db);
    await seedDatabase(db, { seed: 3, count: 40, workers: 0 });
    const now = new Date('2026-11-20T10:00:00Z');
    const request = (website: string, keyId: number) => {
      const row = insertRequest(db, {
        keyId,
        companyName: 'Orbit Works',
        website,
        domain: 'orbit-works.com',
        now,
      });
      moveRequest(db, row.id, 'pending', 'in_progress', now);
      return row.id;
    };
    const generator = new ThreadCompanyGenerator(() => datasetParams(db));
    closers.push(() => generator.close());

    const id = request('orbit-works.com', 1);
    const first = ingestStep(db, id, now);
    if (!('need' in first)) throw new Error('a company should be asked for');
    expect(first.need).toEqual({
      idx: 40,
      identity: { name: 'Orbit Works', domain: 'orbit-works.com', website: 'https://orbit-works.com' },
    });
    const company = await generator.generate(first.need.idx, first.need.identity);

    // Made for a position that is no longer free: nothing is stored, the step asks again.
    const stale = ingestStep(db, id, now, { idx: 39, company });
    expect(stale).toEqual({ need: first.need });
    expect(countCompanies(db)).toBe(40);
    expect(getRequest(db, id)?.status).toBe('in_progress');

    const done = ingestStep(db, id, now, { idx: 40, company });
    if (!('result' in done)) throw new Error('the request should be finished');
    expect(done.result?.row.status).toBe('completed');
    expect(done.result?.row.company_uuid).toBe(company.uuid);
    expect(countCompanies(db)).toBe(41);

    // Another request for the domain completes with that company, whatever it brings along.
    const other = request('www.orbit-works.com', 2);
    const again = ingestStep(db, other, now, { idx: 41, company });
    if (!('result' in again)) throw new Error('the request should be finished');
    expect(again.result).toMatchObject({ row: { company_uuid: company.uuid }, added: null });
    expect(countCompanies(db)).toBe(41);
    // A finished request is left alone.
    expect(ingestStep(db, id, now, { idx: 41, company })).toEqual({ result: undefined });
    db.close();
  });
});
