import { isDeepStrictEqual } from 'node:util';
import { getDomain } from 'tldts';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  bandOf,
  FUNDING_STAGES,
  headcountRangeOf,
  REVENUE_BANDS,
  VALUATION_BANDS,
} from '../../contract/enums';
import { FILTER_CATALOG } from '../../contract/filters';
import { COUNTRIES, regionAncestors } from '../../contract/geo';
import { STORED_SECTIONS } from '../../contract/section-names';
import { SECTION_SCHEMAS } from '../../contract/sections';
import { extractFacets } from '../query/facets';
import { type CompanyRecord, countCompanies, loadCompanies } from '../store/companies';
import { getMeta, openDatabase } from '../store/db';
import { computeCore } from './core';
import { DATASET_VERSION, generateCompanies } from './generate';
import { plural } from './phrases';
import { buildPlan, DEFAULT_TODAY } from './plan';
import { getOrCreate } from './random';
import { citiesOf } from './reference/cities';
import { clearCompanies, datasetState, seedDatabase } from './seed';
import { INDUSTRIES, industryByCode } from './taxonomy';

const COUNT = 5000;
let companies: CompanyRecord[];
let byUuid: Map<string, CompanyRecord>;

beforeAll(() => {
  companies = [...generateCompanies({ seed: 42, count: COUNT })];
  byUuid = new Map(companies.map((c) => [c.uuid, c]));
});

const todayYear = Number(DEFAULT_TODAY.slice(0, 4));

describe('generated companies', () => {
  it('fill every section exactly as the contract describes it', () => {
    const problems: string[] = [];
    for (const c of companies) {
      for (const name of STORED_SECTIONS) {
        const parsed = SECTION_SCHEMAS[name].safeParse(c.sections[name]);
        if (!parsed.success) problems.push(`${c.uuid} ${name}: ${parsed.error.issues[0]?.message}`);
        // zod drops unknown keys, so an extra field shows up as a difference.
        else if (!isDeepStrictEqual(parsed.data, c.sections[name]))
          problems.push(`${c.uuid} ${name}: extra fields`);
      }
    }
    expect(problems.slice(0, 5)).toEqual([]);
  });

  it('are deterministic for a seed and differ between seeds', () => {
    const first = (seed: number, n: number) => {
      const out: CompanyRecord[] = [];
      for (const c of generateCompanies({ seed, count: 1200 })) if (out.push(c) >= n) break;
      return out;
    };
    expect(JSON.stringify(first(42, 300))).toBe(JSON.stringify(first(42, 300)));
    expect(first(7, 50).map((c) => c.name)).not.toEqual(first(42, 50).map((c) => c.name));
  });

  it('have unique ids, names and domains, and websites on their domain', () => {
    expect(new Set(companies.map((c) => c.uuid)).size).toBe(COUNT);
    expect(new Set(companies.map((c) => c.name.toLowerCase())).size).toBe(COUNT);
    expect(new Set(companies.map((c) => c.domain)).size).toBe(COUNT);
    companies.forEach((c, idx) => {
      expect(c.uuid.startsWith(`${idx.toString(36).padStart(6, '0')}-`)).toBe(true);
      expect(c.uuid).toMatch(/^[0-9a-z]{6}-[a-z0-9-]+$/);
      expect(c.website).toMatch(/^https:\/\//);
      expect(getDomain(c.website)).toBe(c.domain);
      expect(c.sections.firmographic.name).toBe(c.name);
      expect(c.sections.digital_presence.domain).toBe(c.domain);
    });
  });

  it('include the real anchors and investor firms', () => {
    const names = new Set(companies.map((c) => c.name));
    for (const name of [
      'Salesforce',
      'Walmart',
      'SAP',
      'Sequoia Capital',
      'Andreessen Horowitz',
      'Point Nine',
      'EQT',
    ])
      expect(names.has(name)).toBe(true);
    const microsoft = companies.find((c) => c.name === 'Microsoft')!;
    expect(microsoft.domain).toBe('microsoft.com');
    expect(microsoft.company_type).toBe('public');
    expect(microsoft.sections.location.hq.country.code).toBe('USA');
  });

  it('say what they do without naming one kind of product twice', () => {
    const repeated: string[] = [];
    for (const c of companies) {
      const short = c.sections.firmographic.company_description_short ?? '';
      // 'a short-video app and a short-video app'
      if (/\b(an? [\w -]+?) and \1\b/.test(short)) repeated.push(short);
    }
    expect(repeated.slice(0, 3)).toEqual([]);
    const bytedance = companies.find((c) => c.name === 'ByteDance')!;
    expect(bytedance.sections.firmographic.company_description_short).toMatch(/ two short-video apps for /);
    expect(plural('short-video app')).toBe('short-video apps');
    expect(plural('battery')).toBe('batteries');
    expect(plural('sales CRM')).toBe('sales CRMs');
    expect(plural('bare-metal servers')).toBe('bare-metal servers');
    expect(plural('analytics')).toBe('analytics');
  });

  it('keep ownership, status and funding stage consistent', () => {
    for (const c of companies) {
      const f = c.sections.firmographic;
      const overview = c.sections.funding_detail.funding_overview;
      const rounds = c.sections.funding_detail.funding_rounds;
      const stage = overview.funding_stage?.code ?? null;
      if (c.company_type === 'public') {
        expect(f.ownership_category.code).toBe('public');
        expect(['ipo', 'operating']).toContain(f.operating_status.code);
        expect(['public', 'post_ipo_equity', 'post_ipo_debt']).toContain(stage);
      }
      if (f.operating_status.code === 'acquired') {
        expect(['corporate_owned', 'private_equity_controlled']).toContain(f.ownership_category.code);
        expect(stage).toBe('acquired');
        const by = c.sections.mna_and_investment.acquired_by!;
        expect(by).not.toBeNull();
        expect(c.sections.company_hierarchy.parent).toEqual(by.company);
        expect(c.sections.company_hierarchy.is_subsidiary).toBe(true);
      }
      if (['founder_individual_operated_bootstrapped', 'family_owned'].includes(f.ownership_category.code)) {
        expect(rounds).toEqual([]);
        expect(stage).toBeNull();
        expect(overview.total_funding_usd).toBe(0);
      }
      if (f.ownership_category.code === 'venture_growth_investor_backed')
        expect(rounds.length).toBeGreaterThan(0);
      if (c.company_type === 'private' && f.operating_status.code !== 'acquired') {
        expect(stage).toBe(rounds.at(-1)?.round.code ?? null);
      }
    }
  });

  it('date and order funding rounds between founding and today, with consistent totals', () => {
    for (const c of companies) {
      const founded = c.sections.firmographic.founded_year!;
      expect(founded).toBeLessThanOrEqual(todayYear);
      const rounds = c.sections.funding_detail.funding_rounds;
      const overview = c.sections.funding_detail.funding_overview;
      let previous = '';
      for (const r of rounds) {
        expect(Number(r.date.slice(0, 4))).toBeGreaterThanOrEqual(founded);
        expect(r.date <= DEFAULT_TODAY).toBe(true);
        expect(r.date >= previous).toBe(true);
        previous = r.date;
        expect(r.investors.filter((i) => i.lead_investor).length).toBeLessThanOrEqual(1);
      }
      // Priced series raise more at each step.
      const ladder = rounds.filter(
        (r) => /^(pre_seed|seed|series_.)$/.test(r.round.code) && r.amount_usd !== null,
      );
      for (let i = 1; i < ladder.length; i++)
        expect(ladder[i]!.amount_usd!).toBeGreaterThan(ladder[i - 1]!.amount_usd!);
      expect(overview.num_funding_rounds).toBe(rounds.length);
      expect(overview.total_funding_usd).toBe(rounds.reduce((s, r) => s + (r.amount_usd ?? 0), 0));
      expect(overview.last_funding_date).toBe(rounds.at(-1)?.date ?? null);
      const acquired = c.sections.mna_and_investment.acquired_by;
      if (acquired) {
        expect(acquired.date >= `${founded}`).toBe(true);
        if (rounds.length) expect(acquired.date >= rounds.at(-1)!.date).toBe(true);
      }
    }
  });

  it('place the HQ in its country, region, offices and markets', () => {
    const cities = new Map<string, Set<string>>();
    for (const c of companies) {
      const loc = c.sections.location;
      const country = loc.hq.country.code;
      expect(loc.hq.region.map((r) => r.code)).toEqual(regionAncestors(country));
      const hqOffices = loc.offices.filter((o) => o.is_hq);
      expect(hqOffices).toHaveLength(1);
      expect(hqOffices[0]!.country.code).toBe(country);
      expect(hqOffices[0]!.city).toBe(loc.hq.city);
      expect(loc.market_served.markets.map((m) => m.code)).toContain(country);
      for (const o of loc.offices)
        expect(loc.market_served.markets.map((m) => m.code)).toContain(o.country.code);
      const known = getOrCreate(cities, country, () => new Set(citiesOf(country, 200_000)));
      if (known.size > 0) expect(known.has(loc.hq.city), `${loc.hq.city}, ${country}`).toBe(true);
    }
  });

  it('derive bands from amounts and counts', () => {
    for (const c of companies) {
      const fin = c.sections.financial_estimate;
      expect(fin.revenue_estimate.code).toBe(bandOf(REVENUE_BANDS, fin.revenue_usd).code);
      if (fin.valuation_usd === null) expect(fin.valuation_estimate).toBeNull();
      else expect(fin.valuation_estimate?.code).toBe(bandOf(VALUATION_BANDS, fin.valuation_usd).code);
      const hc = c.sections.headcount;
      expect(hc.headcount_range).toBe(headcountRangeOf(hc.employee_count));
      expect(c.sections.firmographic.headcount_range).toBe(hc.headcount_range);
      expect(hc.history).toHaveLength(24);
      expect(hc.history.at(-1)!.employee_count).toBe(hc.employee_count);
      const founded = c.sections.firmographic.founded_year!;
      for (const h of hc.history) if (Number(h.month.slice(0, 4)) < founded) expect(h.employee_count).toBe(0);
      expect(c.sections.digital_presence.domain_registered_year!).toBeGreaterThanOrEqual(
        Math.min(founded, 1995),
      );
    }
  });

  it('reference existing companies by id and name', () => {
    const same = (ref: { uuid: string | null; name: string }) => {
      if (ref.uuid === null) return;
      const target = byUuid.get(ref.uuid);
      expect(target, ref.uuid).toBeDefined();
      expect(target!.name).toBe(ref.name);
    };
    for (const c of companies) {
      for (const r of c.sections.funding_detail.funding_rounds) {
        for (const i of r.investors) {
          same(i);
          const investor = byUuid.get(i.uuid)!;
          expect(investor.sections.firmographic.founded_year!).toBeLessThanOrEqual(
            Number(r.date.slice(0, 4)),
          );
          const primary = investor.sections.industry.industry[0]!.code;
          expect(industryByCode(primary)?.investorKind, `${i.name} invests`).toBeDefined();
        }
      }
      for (const p of c.sections.strategic_signal.partnership) {
        same(p);
        const founded = Math.max(
          c.sections.firmographic.founded_year!,
          byUuid.get(p.uuid!)!.sections.firmographic.founded_year!,
        );
        expect(p.announced_on.year!).toBeGreaterThanOrEqual(founded);
      }
      for (const s of c.sections.customer_profile.select_customer) same(s);
      const h = c.sections.company_hierarchy;
      for (const ref of [h.parent, h.ultimate_parent, ...h.subsidiaries]) if (ref) same(ref);
      const acquiredBy = c.sections.mna_and_investment.acquired_by;
      if (acquiredBy) {
        same(acquiredBy.company);
        const acquirer = byUuid.get(acquiredBy.company.uuid!)!;
        expect(acquirer.sections.firmographic.founded_year!).toBeLessThanOrEqual(
          Number(acquiredBy.date.slice(0, 4)),
        );
      }
    }
  });

  it('list investors’ portfolios and acquirers’ targets consistently with the rounds', () => {
    let investments = 0;
    for (const c of companies) {
      for (const inv of c.sections.mna_and_investment.investments) {
        investments++;
        const target = byUuid.get(inv.company.uuid!)!;
        const round = target.sections.funding_detail.funding_rounds.find(
          (r) =>
            r.date === inv.date &&
            r.round.code === inv.round.code &&
            r.investors.some((i) => i.uuid === c.uuid),
        );
        expect(round, `${c.name} -> ${target.name}`).toBeDefined();
        expect(round!.investors.find((i) => i.uuid === c.uuid)!.lead_investor).toBe(inv.lead_investor);
      }
      for (const a of c.sections.mna_and_investment.acquisitions) {
        expect(byUuid.get(a.target.uuid!)!.sections.mna_and_investment.acquired_by?.company.uuid).toBe(
          c.uuid,
        );
      }
    }
    expect(investments).toBeGreaterThan(1000);
  });

  it('cover every value of every enumerated filter', () => {
    const seen = new Map<string, Set<string | number | boolean>>();
    for (const c of companies) {
      const facets = extractFacets(c.sections);
      for (const [key, values] of Object.entries(facets.values)) {
        const set = getOrCreate(seen, key, () => new Set<string | number | boolean>());
        for (const v of values) set.add(v);
      }
    }
    const missing: string[] = [];
    for (const f of FILTER_CATALOG) {
      if (f.kind === 'enum' || f.kind === 'number_enum') {
        for (const v of f.values ?? []) if (!seen.get(f.key)?.has(v.code)) missing.push(`${f.key}=${v.code}`);
      } else if (f.kind === 'boolean') {
        for (const v of [true, false]) if (!seen.get(f.key)?.has(v)) missing.push(`${f.key}=${v}`);
      }
    }
    expect(missing).toEqual([]);
    expect(
      FUNDING_STAGES.every((s) => seen.get('funding_detail.funding_overview.funding_stage')?.has(s.code)),
    ).toBe(true);
  });

  it('name well-known partners and customers', () => {
    const partners = companies.flatMap((c) => c.sections.strategic_signal.partnership.map((p) => p.name));
    const customers = companies.flatMap((c) =>
      c.sections.customer_profile.select_customer.map((s) => s.name),
    );
    expect(partners).toContain('Salesforce');
    expect(customers).toContain('Walmart');
  });
});

describe('the plan', () => {
  it('puts every country and every industry somewhere at 25,000, each company on a registrable domain', () => {
    const plan = buildPlan(42, 25_000);
    const countries = new Set<string>();
    const badDomains: string[] = [];
    const industries = new Set<string>();
    for (let idx = 0; idx < plan.count; idx++) {
      const core = computeCore(plan, idx);
      countries.add(core.country);
      industries.add(core.industry.code);
      if (getDomain(core.website) !== core.domain) badDomains.push(core.website);
    }
    expect(COUNTRIES.filter((c) => !countries.has(c.code)).map((c) => c.code)).toEqual([]);
    expect(badDomains).toEqual([]);
    expect(INDUSTRIES.filter((i) => !industries.has(i.code)).map((i) => i.code)).toEqual([]);
  });
});

describe('seeding', () => {
  it('writes the dataset into an empty database and marks it complete', async () => {
    const db = openDatabase(':memory:');
    expect(datasetState(db)).toBe('empty');
    const progress: number[] = [];
    const result = await seedDatabase(db, {
      seed: 42,
      count: 1200,
      workers: 0,
      onProgress: (done) => progress.push(done),
    });
    expect(result.count).toBe(1200);
    expect(progress.at(-1)).toBe(1200);
    expect(countCompanies(db)).toBe(1200);
    expect(datasetState(db)).toBe('complete');
    expect(getMeta(db, 'dataset.seed')).toBe('42');
    expect(getMeta(db, 'dataset.count')).toBe('1200');
    expect(getMeta(db, 'dataset.version')).toBe(DATASET_VERSION);
    expect(getMeta(db, 'dataset.generated_at')).toBeDefined();

    const expected = [...generateCompanies({ seed: 42, count: 1200 })][777]!;
    const [row] = loadCompanies(db, [777], ['firmographic', 'funding_detail', 'headcount']);
    expect(row!.uuid).toBe(expected.uuid);
    expect(row!.sections.firmographic).toEqual(expected.sections.firmographic);
    expect(row!.sections.funding_detail).toEqual(expected.sections.funding_detail);

    await expect(seedDatabase(db, { seed: 42, count: 10 })).rejects.toThrow(/already/);
    clearCompanies(db);
    expect(datasetState(db)).toBe('empty');
    db.close();
  });

  it('writes the same rows with worker threads', async () => {
    const single = openDatabase(':memory:');
    const threaded = openDatabase(':memory:');
    await seedDatabase(single, { seed: 3, count: 1500, workers: 0 });
    await seedDatabase(threaded, { seed: 3, count: 1500, workers: 2 });
    const dump = (db: typeof single) =>
      db.prepare('SELECT * FROM companies ORDER BY idx').all() as Record<string, unknown>[];
    expect(dump(threaded)).toEqual(dump(single));
    single.close();
    threaded.close();
  });

  it('treats an interrupted seed as incomplete and replaces it', async () => {
    const db = openDatabase(':memory:');
    await seedDatabase(db, { seed: 42, count: 50, workers: 0 });
    db.prepare("UPDATE meta SET value = '0' WHERE key = 'dataset.complete'").run();
    expect(datasetState(db)).toBe('incomplete');
    await seedDatabase(db, { seed: 42, count: 60, workers: 0 });
    expect(countCompanies(db)).toBe(60);
    db.close();
  });
});
