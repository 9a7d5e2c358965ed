/**
 * The lookup handlers on a real service: industry search's `level` (the real service's l1..l4 on the
 * embedded taxonomy's sectors and industries) and company search, which answer over HTTP as the
 * router mounts them.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CompanySearchResponse, IndustrySearchResponse } from '../../contract/api';
import { startTestServer, type TestServer } from '../../testing/embedded-server';
import { INDUSTRIES, INDUSTRY_SECTORS, industryByCode } from '../dataset/taxonomy';
import { ApiProblem } from '../problem';
import { industrySectors, sectorByCode } from '../query/industry-search';
import { type ApiKey, findKey } from '../store/keys';
import { companySearch, industrySearch } from './search';

let t: TestServer;
let key: ApiKey;

beforeAll(async () => {
  t = await startTestServer(2000, 11);
  key = findKey(t.service.ctx.db, 'dev-enterprise-key')!;
});
afterAll(async () => {
  await t.close();
});

const industries = (query: Record<string, string>) =>
  IndustrySearchResponse.parse(industrySearch(t.service.ctx, key, query)).data;

const INDUSTRY_CODE = /^IND-\d{4}$/;
const SECTOR_CODE = /^IND-\d{2}$/;

describe('industry search levels', () => {
  it('every sector has the code its industries share, and no other industry has it', () => {
    expect(industrySectors().map((s) => s.name)).toEqual(INDUSTRY_SECTORS);
    for (const sector of industrySectors()) {
      expect(sector.code).toMatch(SECTOR_CODE);
      expect(sector.industries).toEqual(
        INDUSTRIES.filter((i) => i.sector === sector.name).map((i) => i.code),
      );
      expect(INDUSTRIES.filter((i) => i.code.startsWith(sector.code)).map((i) => i.code)).toEqual(
        sector.industries,
      );
    }
  });

  it('answers industries by default (l4), and at l3 alike', () => {
    const l4 = industries({ query: 'bank' });
    expect(l4.length).toBeGreaterThan(1);
    expect(l4[0]!.industry_name).toBe('Banking');
    for (const m of l4) {
      expect(m.code).toMatch(INDUSTRY_CODE);
      expect(industryByCode(m.code)?.name).toBe(m.industry_name);
    }
    expect(industries({ query: 'bank', level: 'l4' })).toEqual(l4);
    expect(industries({ query: 'bank', level: 'L3' })).toEqual(l4);
  });

  it('answers sectors at l1 and l2, the sector named by the query first', () => {
    for (const [query, sector] of [
      ['bank', 'Financial Services'],
      ['fintech', 'Financial Services'],
      ['healthcare', 'Healthcare'],
      ['software', 'Software'],
      ['cyber security', 'Software'],
    ] as const) {
      const l1 = industries({ query, level: 'l1' });
      expect(l1[0]?.industry_name, query).toBe(sector);
      for (const m of l1) {
        expect(m.code).toMatch(SECTOR_CODE);
        expect(sectorByCode(m.code)?.name).toBe(m.industry_name);
      }
      expect(industries({ query, level: 'l2' })).toEqual(l1);
    }
    expect(industries({ query: 'healthcare', level: 'l1' })[0]!.similarity).toBe(1);
  });

  it('answers both levels for all or a list, best first, each level as it answers alone', () => {
    const all = industries({ query: 'payments', level: 'all' });
    expect(industries({ query: 'payments', level: 'l1,l4' })).toEqual(all);
    expect(industries({ query: 'payments', level: ' l2 , l3 ,l2' })).toEqual(all);
    expect(all.some((m) => SECTOR_CODE.test(m.code))).toBe(true);
    expect(all.some((m) => INDUSTRY_CODE.test(m.code))).toBe(true);
    for (let i = 1; i < all.length; i++)
      expect(all[i]!.similarity).toBeLessThanOrEqual(all[i - 1]!.similarity);
    const alone = [...industries({ query: 'payments', level: 'l1' }), ...industries({ query: 'payments' })];
    for (const m of all) expect(alone).toContainEqual(m);
    expect(all).toHaveLength(Math.min(25, alone.length));
  });

  it('refuses an unknown level with a 400 naming level', () => {
    for (const level of ['l5', 'all,l0', '', ',']) {
      let thrown: unknown;
      try {
        industrySearch(t.service.ctx, key, { query: 'bank', level });
      } catch (e) {
        thrown = e;
      }
      expect(thrown, level).toBeInstanceOf(ApiProblem);
      expect((thrown as ApiProblem).status).toBe(400);
      expect((thrown as ApiProblem).errors?.map((e) => e.path)).toEqual(['level']);
    }
  });
});

describe('company search handler', () => {
  it('answers what the HTTP endpoint answers', async () => {
    for (const query of ['query=Sequoia%20Capital', 'name=sequoia&limit=3', 'query=sequoia.com']) {
      const http = CompanySearchResponse.parse(
        await (await t.call(`/api/v1/company/search?${query}`)).json(),
      );
      const direct = companySearch(t.service.ctx, key, Object.fromEntries(new URLSearchParams(query)));
      expect(direct).toEqual(http);
    }
  });
});
