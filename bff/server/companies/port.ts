/**
 * The typed port with the team's company store in front (docs/decisions/0024-company-store.md):
 * list generation and enrichment answered from the cheapest calls, every other endpoint passed on.
 *
 * - A list page: its order and identities from list generation without sections (kept for the max
 *   age: the same request again costs nothing), its sections from the store, and only the missing
 *   (company, section) pairs bought, by enrichment: a section costs the same per company there as
 *   in list generation, without list generation's 1.5 per call and 0.2 per company.
 * - An enrichment: the stored sections, and the missing ones bought in one enrichment.
 * - A description's filters, a company's reviews, posts, news and signals (headcount trends, job
 *   listings, website traffic): the same request's answer, kept whole.
 *
 * The answer equals the service's for the same request but for `credits_consumed`, which is what
 * was paid. `refresh` (a `Cache-Control: no-cache` request) buys everything afresh and refreshes
 * the store; `fresh` (the list planner's own readings, a saved list's run) asks the order afresh
 * but still takes stored sections. An order bought inside a saved list's run renews its list
 * (./renewal.ts): the list's orders kept before the run are bought again, not served. What was saved goes to the open receipt (./receipt.ts) and to
 * the store's `credits_saved`.
 */
import { createHash } from 'node:crypto';
import { pathOf, type ServiceEndpointId } from '../../contract/endpoints';
import { LIST_TOTAL_CAP } from '../../contract/list-params';
import {
  credits,
  enrichmentCost,
  listGenerationCost,
  PLAN_RULES,
  type PlanRules,
} from '../../contract/pricing';
import { type ListSection, resolveSectionName, type StoredSection } from '../../contract/section-names';
import { canonicalJson } from '../cache/cache';
import type { BffUser } from '../context';
import type { Called, ListPage, ListRow, PortInput, PortOptions, ServicePort } from '../lists/port';
import { ServiceRefusal } from '../proxy/problem';
import { openReceipt } from './receipt';
import { openRenewal, type Renewal } from './renewal';
import type { CompanyStore } from './store';
import { buyingRefused, NotStored } from './stored-only';

/** Enrichment calls of one page in flight at once. */
const BUYING_AT_ONCE = 6;

type ListInput = PortInput<'list.generate'> & Record<string, unknown>;

/** The defaults of list generation, so a request spelt with or without them is one order. */
function orderKey(input: ListInput, skipped: readonly string[], whole = false): string {
  const canonical = {
    query: input.query ?? null,
    filters: input.filters ?? null,
    sort_by: input.sort_by ?? 'relevance',
    sort_order: input.sort_order ?? 'desc',
    // A whole list (every match in one answer) serves any page of it.
    limit: whole ? 'whole' : (input.limit ?? 50),
    offset: whole ? 0 : (input.offset ?? 0),
    skipped,
  };
  return createHash('sha256').update(canonicalJson(canonical)).digest('base64url');
}

/**
 * The key a list is marked renewed under (./renewal.ts): its query and filters, the companies it
 * holds, whatever their order, page or sections.
 */
function renewedKey(input: ListInput): string {
  const list = { query: input.query ?? null, filters: input.filters ?? null };
  return `renewed:${createHash('sha256').update(canonicalJson(list)).digest('base64url')}`;
}

/** The kept order of a list request, unless older than the max age or than its list's last renewal. */
function keptOrder(store: CompanyStore, input: ListInput, skipped: readonly string[], whole = false) {
  return store.keptOrder(orderKey(input, skipped, whole), renewedKey(input));
}

/**
 * An answer that holds its list whole: asked from the start, every match in it, fewer than the
 * service's cap, and no warning that depends on the limit. Any page of that list is then a slice of it.
 */
function holdsWholeList(input: ListInput, page: ListPage): boolean {
  return (
    (input.offset ?? 0) === 0 &&
    page.total_count < LIST_TOTAL_CAP &&
    page.data.length === page.total_count &&
    !(page.warnings ?? []).some((w) => w.code === 'limit_lowered')
  );
}

/** The page `input` asks for, cut from its whole list: what the service answers for it. */
function pageOfWhole(whole: ListPage, input: ListInput): ListPage {
  const offset = input.offset ?? 0;
  const data = whole.data.slice(offset, offset + (input.limit ?? 50));
  return {
    ...whole,
    data,
    ...('count' in whole ? { count: data.length } : {}),
    ...('offset' in whole ? { offset } : {}),
  };
}

async function inTurns<T>(items: readonly T[], n: number, fn: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < items.length) await fn(items[next++]!);
  };
  await Promise.all(Array.from({ length: Math.min(n, items.length) }, worker));
}

/**
 * Endpoints whose answers are kept whole: a description's filters, a company's reviews, posts and
 * news, and its signals (headcount trends, job listings, website traffic: decisions section 15).
 */
export const KEPT_ENDPOINTS: readonly ServiceEndpointId[] = [
  'list.filterBuilder',
  'company.productReviews',
  'company.employeeReviews',
  'company.posts',
  'news',
  'company.headcountTrends',
  'company.jobs',
  'company.websiteTraffic',
];

/**
 * The signal endpoints' input as the store keys it: the company as given and, for job listings,
 * `limit` and `offset` as numbers with their defaults (10, 0), so the Jobs tab's first page (sent
 * as query text) and a screening's read of 50 are one answer.
 */
function keptInput(endpoint: ServiceEndpointId, input: unknown): unknown {
  if (
    endpoint !== 'company.jobs' &&
    endpoint !== 'company.headcountTrends' &&
    endpoint !== 'company.websiteTraffic'
  )
    return input;
  const i = (input ?? {}) as Record<string, unknown>;
  const company = typeof i.company === 'string' ? i.company.trim() : i.company;
  if (endpoint !== 'company.jobs') return { ...i, company };
  const num = (v: unknown, fallback: number) =>
    v === undefined || v === '' ? fallback : typeof v === 'string' && /^\d+$/.test(v) ? Number(v) : v;
  return { ...i, company, limit: num(i.limit, 10), offset: num(i.offset, 0) };
}

/** The key an answer kept whole is stored under. */
export function keptKey(endpoint: ServiceEndpointId, input: unknown): string {
  return `${endpoint}:${createHash('sha256')
    .update(canonicalJson(keptInput(endpoint, input)))
    .digest('base64url')}`;
}

/** A refusal the store must not paper over by asking another way: money, plan, rate. */
const passesOn = (err: unknown) =>
  err instanceof ServiceRefusal && [401, 402, 403, 429].includes(err.response.status);

/** Sections bought for one answer, stored together when it is composed (`at`: when buying began). */
type Batch = { at: string; rows: { uuid: string; section: string; body: unknown }[] };

/** The answers the store composes, one method each; `serve` is the port. */
class Composer {
  private readonly plan: PlanRules;

  constructor(
    private readonly port: ServicePort,
    private readonly store: CompanyStore,
  ) {
    this.plan = PLAN_RULES[this.store.plan];
  }

  async saved(user: BffUser, endpoint: string, direct: number, paid: number): Promise<number> {
    const n = credits(Math.max(0, direct - paid));
    if (n > 0) {
      openReceipt()?.addSaved(n);
      await this.store.recordSaved(user.id, endpoint, n);
    }
    return n;
  }

  /** The order of a list without the sections the store serves: kept, or bought (and kept). */
  async order(user: BffUser, input: ListInput, skipped: ListSection[], o: PortOptions) {
    const { sections: _sections, ...rest } = input;
    const orderInput = { ...rest, ...(skipped.length > 0 ? { sections: skipped } : {}) } as ListInput;
    if (!o.fresh && !o.refresh) {
      const kept = await keptOrder(this.store, input, skipped);
      if (kept) return { page: kept.body as ListPage, at: kept.fetchedAt, paid: 0 };
      // Another page of a list already seen whole (a larger page, a screening's read): cut from it,
      // as long as the plan takes the page's limit as it is (else the service would warn).
      const whole =
        (input.limit ?? 50) <= this.plan.maxListLimit
          ? await keptOrder(this.store, input, skipped, true)
          : undefined;
      if (whole) return { page: pageOfWhole(whole.body as ListPage, input), at: whole.fetchedAt, paid: 0 };
    }
    // Inside a saved list's run (./renewal.ts), its start is when its first order was asked.
    const renewal = openRenewal();
    if (renewal) renewal.since ??= this.store.nowIso();
    const called = await this.buy(user, 'list.generate', orderInput, { fresh: true });
    const at = this.store.nowIso();
    const page = called.data as ListPage;
    if (renewal) await this.renew(renewal, input);
    if (!o.fresh) {
      await this.store.putKept(orderKey(input, skipped), page, at);
      if (holdsWholeList(input, page)) await this.store.putKept(orderKey(input, skipped, true), page, at);
    }
    return { page, at, paid: called.credits };
  }

  /**
   * A list a saved list's run read afresh (./renewal.ts): marked renewed at the run's start, once per
   * run, so its orders kept before are bought again, not served.
   */
  private async renew(renewal: Renewal, input: ListInput): Promise<void> {
    const key = renewedKey(input);
    if (renewal.marked.has(key)) return;
    renewal.marked.add(key);
    await this.store.renew(key, renewal.since ?? this.store.nowIso());
  }

  async list(user: BffUser, input: ListInput, o: PortOptions): Promise<Called> {
    const asked = [...new Set((input.sections ?? []) as ListSection[])];
    const served = this.plan.listSections ? asked.filter((s) => this.plan.sections.includes(s)) : [];
    const skipped = asked.filter((s) => !served.includes(s));
    const ordered = await this.order(user, input, skipped, o);
    const rows = ordered.page.data;
    const receipt = openReceipt();
    let paid = ordered.paid;

    // Each row's sections: stored, else bought by one enrichment per company of what it lacks.
    const have = new Map<string, Map<string, unknown>>(rows.map((r) => [r.uuid, new Map()]));
    // Per company, the oldest of its sections' fetch times (the order's, when it asked for none).
    const times = new Map<string, string>();
    const oldest = (uuid: string, at: string) => {
      const t = times.get(uuid);
      if (t === undefined || at < t) times.set(uuid, at);
    };
    if (served.length > 0 && rows.length > 0) {
      if (!o.refresh)
        for (const s of await this.store.sections([...have.keys()], served)) {
          have.get(s.uuid)?.set(s.section, s.body);
          oldest(s.uuid, s.fetchedAt);
        }
      const lacking = [...have].filter(([, got]) => served.some((s) => !got.has(s)));
      // What is bought is stored in one write, also when a later purchase fails: nothing paid is lost.
      const batch: Batch = { at: this.store.nowIso(), rows: [] };
      try {
        try {
          await inTurns(lacking, BUYING_AT_ONCE, async ([uuid, got]) => {
            const missing = served.filter((s) => !got.has(s));
            const bought = await this.enrichOnce(user, uuid, missing, batch);
            paid += bought.paid;
            for (const s of missing) got.set(s, bought.sections[s]);
            oldest(uuid, bought.at);
          });
        } finally {
          await this.store.putSections(batch.rows, batch.at);
        }
      } catch (err) {
        if (passesOn(err)) throw err;
        // A company the list names but enrichment cannot serve: the page as the service makes it.
        const direct = await this.buy(user, 'list.generate', input, { fresh: true });
        await this.keepSections(direct.data as ListPage, served);
        return { ...direct, credits: credits(paid + direct.credits) };
      }
    }
    const data: ListRow[] = rows.map((r) => {
      const got = have.get(r.uuid)!;
      const row: ListRow = { ...r };
      for (const s of served) row[s] = got.get(s);
      receipt?.fetched(r.uuid, times.get(r.uuid) ?? ordered.at);
      return row;
    });
    const direct = listGenerationCost({
      matched: ordered.page.total_count > 0,
      returned: rows.length,
      sections: served,
      query: input.query !== undefined,
    });
    paid = credits(paid);
    await this.saved(user, pathOf('list.generate'), direct, paid);
    return { data: { ...ordered.page, data, credits_consumed: paid }, credits: paid, cache: null };
  }

  async keepSections(page: ListPage, served: readonly string[]): Promise<void> {
    const at = this.store.nowIso();
    await this.store.putSections(
      page.data.flatMap((r) =>
        served.filter((s) => s in r).map((s) => ({ uuid: r.uuid, section: s, body: r[s] })),
      ),
      at,
    );
  }

  /**
   * One company's missing sections, bought by enrichment and stored; with `batch`, its rows are
   * added there for the caller to store with the others it buys (one write for a page, not 50).
   */
  async enrichOnce(user: BffUser, company: string, missing: readonly StoredSection[], batch?: Batch) {
    const called = await this.buy(
      user,
      'company.enrichment',
      { company, sections: missing.join(',') },
      { fresh: true },
    );
    const data = (called.data as { data: { uuid: string } & Record<string, unknown> }).data;
    const at = batch?.at ?? this.store.nowIso();
    const rows = missing.map((s) => ({ uuid: data.uuid, section: s, body: data[s] }));
    if (batch) batch.rows.push(...rows);
    else await this.store.putSections(rows, at);
    if (data.uuid !== company) await this.store.learnKey(company, data.uuid, at);
    return { uuid: data.uuid, sections: data as Record<string, unknown>, paid: called.credits, at };
  }

  async enrichment(
    user: BffUser,
    input: { company: string; sections?: string | string[] },
    o: PortOptions,
  ): Promise<Called | undefined> {
    const names =
      input.sections === undefined
        ? [...this.plan.sections]
        : typeof input.sections === 'string'
          ? input.sections
              .split(',')
              .map((s) => s.trim())
              .filter(Boolean)
          : input.sections;
    const asked = [...new Set(names)];
    const distinct = [...new Set(asked.map((n) => resolveSectionName(n)))];
    // What the service refuses (an unknown section, one the plan lacks) it says itself.
    if (distinct.some((s) => s === undefined || !this.plan.sections.includes(s))) return undefined;
    const sections = distinct as StoredSection[];
    const uuid = o.refresh ? undefined : await this.store.uuidOf(input.company);
    const have = new Map<string, unknown>();
    let at: string | undefined;
    if (uuid !== undefined)
      for (const s of await this.store.sections([uuid], sections)) {
        have.set(s.section, s.body);
        if (at === undefined || s.fetchedAt < at) at = s.fetchedAt;
      }
    const missing = sections.filter((s) => !have.has(s));
    let paid = 0;
    let id = uuid;
    if (missing.length > 0) {
      const bought = await this.enrichOnce(user, uuid ?? input.company, missing);
      paid = bought.paid;
      id = bought.uuid;
      for (const s of missing) have.set(s, bought.sections[s]);
      if (at === undefined || bought.at < at) at = bought.at;
    }
    const data: Record<string, unknown> = { uuid: id };
    for (const name of asked) data[name] = have.get(resolveSectionName(name)!);
    openReceipt()?.fetched(id, at!);
    await this.saved(user, pathOf('company.enrichment'), enrichmentCost(sections), paid);
    return { data: { data, credits_consumed: paid }, credits: paid, cache: null };
  }

  /** An answer kept whole, by its endpoint and input: served again at no cost while young. */
  async keptWhole(user: BffUser, endpoint: ServiceEndpointId, input: unknown, o: PortOptions) {
    const key = keptKey(endpoint, input);
    const receipt = openReceipt();
    if (!o.fresh && !o.refresh) {
      const kept = await this.store.kept(key);
      if (kept) {
        const body = kept.body as { credits_consumed?: number };
        receipt?.fetched(undefined, kept.fetchedAt);
        await this.saved(user, pathOf(endpoint), body.credits_consumed ?? 0, 0);
        return { data: { ...body, credits_consumed: 0 }, credits: 0, cache: null };
      }
    }
    const called = await this.buy(user, endpoint, input as never, { fresh: true });
    const at = this.store.nowIso();
    if (!o.fresh) await this.store.putKept(key, called.data, at);
    receipt?.fetched(undefined, at);
    return called;
  }

  /** A call to the service through the port, noted on the open receipt. */
  private buy: ServicePort = (user, endpoint, input, options) => {
    if (buyingRefused()) return Promise.reject(new NotStored(endpoint, input));
    const receipt = openReceipt();
    if (receipt) receipt.bought = true;
    return this.port(user, endpoint, input, options);
  };

  serve: ServicePort = async (user, endpoint, input, given = {}) => {
    if (!this.store.on) {
      if (buyingRefused()) throw new NotStored(endpoint, input);
      return this.port(user, endpoint, input, given);
    }
    const options = openReceipt()?.refresh ? { ...given, refresh: true } : given;
    if (endpoint === 'list.generate') return this.list(user, input as ListInput, options);
    if (endpoint === 'company.enrichment' || endpoint === 'company.enrichment.post') {
      const answer = await this.enrichment(
        user,
        input as { company: string; sections?: string | string[] },
        options,
      );
      if (answer) return answer;
    }
    if (KEPT_ENDPOINTS.includes(endpoint)) return this.keptWhole(user, endpoint, input, options);
    if (buyingRefused()) throw new NotStored(endpoint, input);
    return this.port(user, endpoint, input, options);
  };
}

export function storedPort(port: ServicePort, store: CompanyStore): ServicePort {
  return new Composer(port, store).serve;
}

/**
 * What one list page would cost now, the store counted, and `extra` enrichment sections per row
 * (a CRM file's `headcount`): exact when the page's order is kept (its companies known), else what
 * it costs with nothing stored (`exact: false`, its companies unknown).
 */
export type PageQuote = {
  credits: number;
  without: number;
  exact: boolean;
  uuids: string[] | null;
  total: number | null;
};

export async function quoteListPage(
  store: CompanyStore,
  input: ListInput,
  extra: readonly StoredSection[] = [],
): Promise<PageQuote> {
  const plan = PLAN_RULES[store.plan];
  const asked = [...new Set((input.sections ?? []) as ListSection[])];
  const served = plan.listSections ? asked.filter((s) => plan.sections.includes(s)) : [];
  const skipped = asked.filter((s) => !served.includes(s));
  const query = input.query !== undefined;
  const priceOf = (rows: number, matched: boolean) =>
    credits(
      listGenerationCost({ matched, returned: rows, sections: served, query }) + rows * enrichmentCost(extra),
    );
  const limit = input.limit ?? 50;
  const kept = store.on ? await keptOrder(store, input, skipped) : undefined;
  if (!kept)
    return {
      credits: priceOf(limit, true),
      without: priceOf(limit, true),
      exact: false,
      uuids: null,
      total: null,
    };
  const page = kept.body as ListPage;
  const uuids = page.data.map((r) => r.uuid);
  const wanted = [...new Set<StoredSection>([...served, ...extra])];
  let missing = uuids.length * enrichmentCost(wanted);
  for (const s of await store.sections(uuids, wanted))
    missing -= enrichmentCost([s.section as StoredSection]);
  return {
    credits: credits(Math.max(0, missing)),
    without: priceOf(uuids.length, page.total_count > 0),
    exact: true,
    uuids,
    total: page.total_count,
  };
}
