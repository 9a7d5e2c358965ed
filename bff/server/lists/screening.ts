/**
 * Signal filters served by screening (decisions section 15, docs/decisions/0028-signal-filters-by-screening.md):
 * the list is read without its signal keys (its first 500 companies, in its order, or with `screen:
 * "all"` every match, cut into slices: ./screen-every-match.ts), each company is
 * screened through the signal endpoints over the typed port (so holds, the ledger, the read cache and
 * the team's company store apply: a stored answer costs nothing), and the page of those that pass is
 * answered, each with its signal values. The worst case is priced before anything is spent, and a
 * screening the budget left cannot cover is a 402. A screening is remembered per user and list a few
 * minutes: its pages are served from it at no cost.
 */
import { createHash } from 'node:crypto';
import type { ParsedListRequest, Warning } from '../../contract/api';
import { LIST_TOTAL_CAP } from '../../contract/list-params';
import { credits, enrichmentCost, PLAN_LABELS, PLAN_RULES, type Plan } from '../../contract/pricing';
import type { ListSection } from '../../contract/section-names';
import {
  HEADCOUNT_GROWTH_KEY,
  HIRING_KEY,
  HIRING_LISTINGS_READ,
  MONTHLY_VISITS_KEY,
  SCREEN_MAX_COMPANIES,
  type ScreenEstimate,
  type ScreenedInfo,
  type SignalValues,
  screenPerCompany,
} from '../../contract/signal-filters';
import { growthOf, latestVisits } from '../companies/signals';
import { NotStored, storedOnly } from '../companies/stored-only';
import type { BffUser } from '../context';
import { BffProblem, ServiceRefusal } from '../proxy/problem';
import { stableJson } from './cache';
import { planList } from './exclusions';
import { DEFAULT_LIST_CACHE_TTL_MS } from './memory';
import type { ListPage, ListRow, ListStep, PortOptions, RunOptions, ServicePort } from './port';
import { EveryMatch } from './screen-every-match';
import {
  hasSignals,
  listReadMax,
  pageSections,
  resolvedEveryMatch,
  screeningCreditsMax,
  screensAll,
  splitSignals,
} from './screening-price';
import { openRoles, within } from './signal-reading';

export { hasSignals, listReadMax, screeningCreditsMax, splitSignals };

/** Signal calls in flight at once for one screening. */
const SCREENING_AT_ONCE = 6;
/** Most screenings remembered across users. */
const MAX_REMEMBERED = 64;

export type ScreeningOptions = {
  plan: Plan;
  /** What the user may still spend (null: unlimited); without it, nothing is refused before. */
  remaining?: ((user: BffUser) => Promise<number | null>) | undefined;
  /** The clock "posted within N days" counts from. */
  now?: (() => Date) | undefined;
  ttlMs?: number | undefined;
  log?: ((line: string) => void) | undefined;
};

/**
 * Screening in count mode (inside `storedOnly`): nothing is bought; each signal call the store
 * lacks adds its hold to `credits` and counts as passed, so the dearer checks after it are counted
 * too. A list page the store lacks ends the count (the companies are unknown).
 */
type Count = { credits: number };

/** What each signal call holds at its worst (its price; jobs at the page of 50 read). */
const SIGNAL_HOLDS: Record<string, number> = {
  'company.websiteTraffic': screenPerCompany({ [MONTHLY_VISITS_KEY]: {} }),
  'company.headcountTrends': screenPerCompany({ [HEADCOUNT_GROWTH_KEY]: {} }),
  'company.jobs': screenPerCompany({ [HIRING_KEY]: {} }),
};

/** A company that passed, as remembered: its row without sections and its signal values. */
type Passed = { row: ListRow; signals: SignalValues };

/** A screening made: what passed, of how many, and what it cost. */
type Screened = {
  passed: Passed[];
  companies: number;
  of: number;
  credits: number;
  warnings: Warning[];
  filters: Record<string, unknown>;
  exclude?: unknown;
  queryTranslated: boolean;
};

/** A signal answer the store lacks, in count mode. */
const MISSING = Symbol('missing');

async function inTurns<T>(items: readonly T[], n: number, fn: (item: T, i: number) => Promise<void>) {
  let next = 0;
  let failed = false;
  const worker = async () => {
    while (next < items.length && !failed) {
      const i = next++;
      try {
        await fn(items[i]!, i);
      } catch (e) {
        failed = true;
        throw e;
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(n, items.length) }, worker));
}

export class Screening {
  private readonly memory = new Map<string, { at: number; screened: Screened }>();
  private readonly ttlMs: number;
  private readonly now: () => Date;
  private readonly everyMatch: EveryMatch;

  constructor(
    private readonly port: ServicePort,
    private readonly o: ScreeningOptions,
  ) {
    this.ttlMs = o.ttlMs ?? DEFAULT_LIST_CACHE_TTL_MS;
    this.now = o.now ?? (() => new Date());
    this.everyMatch = new EveryMatch(port, o.plan, this.ttlMs, this.now);
  }

  /** A screening's key: the user and the request but its page (offset, limit) and sections. */
  private key(user: BffUser, request: ParsedListRequest): string {
    const { offset: _o, limit: _l, sections: _s, ...rest } = request;
    return `${user.id}:${createHash('sha256').update(stableJson(rest)).digest('base64url')}`;
  }

  private remembered(key: string, run: RunOptions): Screened | undefined {
    const got = this.memory.get(key);
    if (!got) return undefined;
    if (this.now().getTime() - got.at > this.ttlMs) {
      this.memory.delete(key);
      return undefined;
    }
    // Asked afresh (a saved list's run): only a screening this run made.
    if (run.fresh && !run.memory?.has(`screen:${key}`)) return undefined;
    return got.screened;
  }

  private remember(key: string, screened: Screened, run: RunOptions): void {
    if (this.memory.size >= MAX_REMEMBERED) {
      const oldest = this.memory.keys().next().value;
      if (oldest !== undefined) this.memory.delete(oldest);
    }
    this.memory.set(key, { at: this.now().getTime(), screened });
    run.memory?.add(`screen:${key}`);
  }

  /** The most a screening may cost: of every match, at the slices known when the list was cut before. */
  private creditsMax(user: BffUser, request: ParsedListRequest, run: RunOptions = {}) {
    if (!screensAll(request)) return screeningCreditsMax(request, this.o.plan);
    // Asked afresh (a saved list's run), the list is cut again: priced at its worst.
    const known = run.fresh ? undefined : this.everyMatch.slicedBefore(user, request);
    return screeningCreditsMax(request, this.o.plan, known);
  }

  /** `POST /bff/lists/screen/estimate`: what a request's screening may cost. */
  async estimate(user: BffUser, request: ParsedListRequest, base?: ListStep): Promise<ScreenEstimate> {
    const remaining = (await this.o.remaining?.(user)) ?? null;
    if (!hasSignals(request))
      return {
        screens: false,
        companies: 0,
        per_company: 0,
        list_credits_max: 0,
        credits_max: 0,
        screened: false,
        budget_remaining: remaining,
        within_budget: true,
      };
    const max = this.creditsMax(user, request);
    const screened = this.remembered(this.key(user, request), {}) !== undefined;
    const { served } = pageSections(request.sections, this.o.plan);
    const limit = Math.min(request.limit, PLAN_RULES[this.o.plan].maxListLimit);
    // What the team's company store holds is free: counted when the list's companies are stored
    // (for the first 500; a screening of every match is priced at its worst).
    const counted = screened || max.all ? undefined : await this.storedCost(user, request, {}, base);
    const creditsMax = screened
      ? credits(limit * enrichmentCost(served))
      : counted !== undefined
        ? Math.min(max.credits, counted.credits)
        : max.credits;
    return {
      screens: true,
      // Known from the store: the companies the list really has (its first 500), not the most it may.
      companies: counted !== undefined ? Math.min(max.companies, counted.companies) : max.companies,
      per_company: max.perCompany,
      list_credits_max: max.list,
      credits_max: creditsMax,
      ...(counted !== undefined ? { store_counted: true } : {}),
      screened,
      budget_remaining: remaining,
      within_budget: remaining === null || remaining >= creditsMax,
    };
  }

  /**
   * The page of a request with signal filters: `base` reads the list without them (the planner's
   * steps for the rest), `translated` is what reading its description already cost. Throws the
   * refusals: 402 before anything is spent when the budget left cannot cover the worst case.
   */
  async page(
    user: BffUser,
    request: ParsedListRequest,
    run: RunOptions,
    base: ListStep,
    translated: { credits: number; queryTranslated: boolean } = { credits: 0, queryTranslated: false },
  ): Promise<ListPage> {
    const key = this.key(user, request);
    let screened = this.remembered(key, run);
    const remembered = screened !== undefined;
    const { served, skipped } = pageSections(request.sections, this.o.plan);
    const maxLimit = PLAN_RULES[this.o.plan].maxListLimit;
    const limit = Math.min(request.limit, maxLimit);
    if (!screened) {
      const max = this.creditsMax(user, request, run);
      const remaining = (await this.o.remaining?.(user)) ?? null;
      if (remaining !== null && remaining < max.credits) {
        // The worst case does not fit: what the team's company store holds is free, so count what
        // the screening would really buy (a re-screen of stored data: nothing) before refusing.
        const counted = max.all ? undefined : await this.storedCost(user, request, run, base, translated);
        if (counted === undefined || remaining < counted.credits) {
          const most = counted?.credits ?? max.credits;
          throw new BffProblem(
            402,
            `Screening up to ${max.companies.toLocaleString('en-US')} companies by their signals may cost up to ${most.toLocaleString('en-US')} credits; you have ${credits(remaining).toLocaleString('en-US')} left. Nothing was spent on it.`,
          );
        }
      }
      screened = await this.screen(user, request, run, base, translated);
      this.remember(key, screened, run);
    }
    const warnings = [...screened.warnings];
    if (request.limit > limit)
      warnings.push({
        code: 'limit_lowered',
        message: `limit lowered from ${request.limit} to ${limit}: the ${PLAN_LABELS[this.o.plan]} plan returns at most ${limit} companies per request`,
      });
    // Only the first 500 that passed are served (every list's cap); `screened.passed` counts them all.
    const served500 = screened.passed.slice(0, LIST_TOTAL_CAP);
    const wanted = served500.slice(request.offset, request.offset + limit);
    let spent = 0;
    const data: ListRow[] = wanted.map((p) => ({ ...p.row, signals: p.signals }));
    if (served.length > 0 && data.length > 0) {
      // The page's sections by enrichment (the company store serves those it has at no cost).
      await inTurns(data, SCREENING_AT_ONCE, async (row) => {
        const called = await this.port(
          user,
          'company.enrichment',
          { company: row.uuid, sections: served.join(',') },
          run.fresh ? { fresh: true } : {},
        );
        spent += called.credits;
        const got = (called.data as { data?: Record<string, unknown> } | undefined)?.data ?? {};
        for (const s of served) row[s as ListSection] = got[s];
      });
    }
    const info: ScreenedInfo = {
      companies: screened.companies,
      of: screened.of,
      passed: screened.passed.length,
      credits_consumed: remembered ? 0 : screened.credits,
      remembered,
    };
    return {
      data,
      count: data.length,
      total_count: served500.length,
      offset: request.offset,
      filters: screened.filters,
      ...(screened.exclude !== undefined ? { exclude: screened.exclude } : {}),
      screened: info,
      query_translated: screened.queryTranslated,
      warnings,
      skipped_sections: skipped,
      credits_consumed: credits((remembered ? 0 : screened.credits) + spent),
    };
  }

  /**
   * What screening a request would buy now, the team's company store counted: the signal calls it
   * lacks at their holds and the page's sections it lacks; undefined when the list's companies are
   * not stored (its pages would be bought), so only the worst case can be said. Buys nothing.
   */
  async storedCost(
    user: BffUser,
    request: ParsedListRequest,
    run: RunOptions,
    base: ListStep | undefined,
    translated: { credits: number; queryTranslated: boolean } = { credits: 0, queryTranslated: false },
  ): Promise<{ credits: number; companies: number } | undefined> {
    if (!base || run.fresh || screensAll(request)) return undefined;
    const count: Count = { credits: 0 };
    try {
      return await storedOnly(async () => {
        const screened = await this.screen(user, request, run, base, translated, count);
        const { served } = pageSections(request.sections, this.o.plan);
        const limit = Math.min(request.limit, PLAN_RULES[this.o.plan].maxListLimit);
        const page = screened.passed.slice(request.offset, request.offset + limit);
        if (served.length > 0)
          await inTurns(page, SCREENING_AT_ONCE, async (p) => {
            try {
              await this.port(user, 'company.enrichment', {
                company: p.row.uuid,
                sections: served.join(','),
              });
            } catch (e) {
              if (!(e instanceof NotStored)) throw e;
              count.credits += enrichmentCost(served);
            }
          });
        return { credits: credits(count.credits), companies: screened.companies };
      });
    } catch (e) {
      if (e instanceof NotStored) return undefined;
      throw e;
    }
  }

  /** Reads the list's first 500 companies (or every match) without the signal keys, and screens them in its order. */
  private async screen(
    user: BffUser,
    request: ParsedListRequest,
    run: RunOptions,
    base: ListStep,
    translated: { credits: number; queryTranslated: boolean },
    count?: Count,
  ): Promise<Screened> {
    const { base: plain, signals } = splitSignals(request);
    const { sections: _s, ...unsectioned } = plain;
    const maxLimit = PLAN_RULES[this.o.plan].maxListLimit;
    const rows: ListRow[] = [];
    let spent = translated.credits;
    let of = 0;
    let first: ListPage | undefined;
    const warnings: Warning[] = [];
    const all = !count && screensAll(request);
    let everyExclude: Record<string, unknown> | undefined;
    if (all) {
      const read = await this.everyMatch.read(user, request, unsectioned, run, base);
      spent += read.credits;
      rows.push(...read.rows);
      first = read.first;
      of = read.rows.length;
      for (const w of first?.warnings ?? []) if (w.code !== 'limit_lowered') warnings.push(w);
      if (resolvedEveryMatch(unsectioned)) {
        // Read from a count's parts, which carry neither the size nor the exclusions: their echo and
        // warnings are the list's own.
        const planned = planList(unsectioned.filters, unsectioned.exclude);
        if (!('errors' in planned)) {
          for (const w of planned.warnings)
            if (!warnings.some((x) => x.code === w.code && x.key === w.key)) warnings.push(w);
          everyExclude = planned.exclude;
        }
      }
    }
    for (let offset = 0; !all && offset < SCREEN_MAX_COMPANIES; ) {
      const page = await base(
        user,
        { ...unsectioned, offset, limit: Math.min(maxLimit, SCREEN_MAX_COMPANIES - offset) },
        run,
      );
      spent += page.credits_consumed ?? 0;
      if (!first) {
        first = page;
        of = page.total_count;
        for (const w of page.warnings ?? []) if (w.code !== 'limit_lowered') warnings.push(w);
      }
      rows.push(
        ...page.data.map(({ uuid, name, website, product_category, company_type }) => ({
          uuid,
          name,
          website,
          product_category,
          company_type,
        })),
      );
      if (page.data.length === 0 || rows.length >= page.total_count) break;
      offset += page.data.length;
    }
    const companies = all ? rows.length : Math.min(rows.length, SCREEN_MAX_COMPANIES);
    if (!all && (of > companies || (of >= SCREEN_MAX_COMPANIES && companies === SCREEN_MAX_COMPANIES)))
      warnings.push({
        code: 'signals_first_500',
        message: `Only the list's first ${companies} companies were screened by their signals; companies past them are not in this answer.`,
      });

    const now = this.now();
    const fresh: PortOptions = run.fresh ? { fresh: true } : {};
    const results: (SignalValues | null)[] = new Array(companies).fill(null);
    const call = async (endpoint: Parameters<ServicePort>[1], input: Record<string, unknown>) => {
      try {
        const called = await this.port(user, endpoint, input as never, fresh);
        spent += called.credits;
        return called.data;
      } catch (e) {
        if (count && e instanceof NotStored && e.endpoint === endpoint) {
          count.credits += SIGNAL_HOLDS[endpoint] ?? 0;
          return MISSING;
        }
        // A company the signal endpoint does not know (404, free): it has no value, and fails.
        if (e instanceof ServiceRefusal && e.response.status === 404) return undefined;
        throw e;
      }
    };
    const growth = signals[HEADCOUNT_GROWTH_KEY];
    const hiring = signals[HIRING_KEY];
    const visits = signals[MONTHLY_VISITS_KEY];
    // The cheapest check first: a company that fails it is not asked the dearer ones.
    await inTurns(rows.slice(0, companies), SCREENING_AT_ONCE, async (row, i) => {
      const values: SignalValues = {};
      if (visits) {
        const answer = await call('company.websiteTraffic', { company: row.uuid });
        values.monthly_visits = latestVisits(answer);
        if (answer !== MISSING && !within(values.monthly_visits, visits)) return;
      }
      if (growth) {
        const answer = await call('company.headcountTrends', { company: row.uuid });
        values.headcount_growth_6m = growthOf(answer, '6m');
        values.headcount_growth_12m = growthOf(answer, '12m');
        const v = growth.period === '6m' ? values.headcount_growth_6m : values.headcount_growth_12m;
        if (answer !== MISSING && !within(v, growth)) return;
      }
      if (hiring) {
        const answer = await call('company.jobs', { company: row.uuid, limit: HIRING_LISTINGS_READ });
        const { openRoles: open, listings } = openRoles(answer, hiring, now);
        values.open_roles = open;
        values.open_listings = listings;
        if (answer !== MISSING && open < (hiring.min_openings ?? 1)) return;
      }
      results[i] = values;
    });
    const passed: Passed[] = [];
    results.forEach((values, i) => {
      if (values) passed.push({ row: rows[i]!, signals: values });
    });
    if (passed.length > LIST_TOTAL_CAP)
      warnings.push({
        code: 'signals_passed_over_500',
        message: `${passed.length.toLocaleString('en-US')} companies passed the signal filters; the first ${LIST_TOTAL_CAP} of them are served. Add a filter to narrow the list, or export it.`,
      });
    if (!count)
      this.o.log?.(
        `[bff] screened ${companies} companies of ${user.id}'s list by signals: ${passed.length} passed, ${credits(spent)} credits`,
      );
    return {
      passed,
      companies,
      of,
      credits: credits(spent),
      warnings,
      // Every match: the list's own filters (a slice's page echoes the slice's).
      filters: {
        ...((all ? unsectioned.filters : first?.filters) as Record<string, unknown> | undefined),
        ...signals,
      },
      ...(everyExclude !== undefined
        ? { exclude: everyExclude }
        : first?.exclude !== undefined
          ? { exclude: first.exclude }
          : {}),
      queryTranslated: translated.queryTranslated || first?.query_translated === true,
    };
  }
}
