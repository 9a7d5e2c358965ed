/**
 * Signal columns' values and prices (bff/contract/signal-columns.ts; issue 36): a company's readings
 * of the signal endpoints, looked up in the team's company store (answers kept whole, ./port.ts) and
 * bought through the stored port where it lacks them, so holds, the ledger and the store apply as to
 * any call. The quote prices each missing reading at its most; a request whose missing readings'
 * most exceeds what the user may still spend is refused (402) before anything is bought.
 */
import type { ServiceEndpointId } from '../../contract/endpoints';
import { credits } from '../../contract/pricing';
import {
  type CompanySignalsResponse,
  type CompanySignalValues,
  OPEN_ROLES_PROBE_LIMIT,
  SIGNAL_READING_PRICES,
  type SignalQuote,
  type SignalReading,
} from '../../contract/signal-columns';
import { JOBS_MAX_LIMIT } from '../../contract/signal-values';
import type { BffUser } from '../context';
import type { ServicePort } from '../lists/port';
import { BffProblem, ServiceRefusal } from '../proxy/problem';
import { keptKey } from './port';
import type { CompanyStore } from './store';

/** Readings bought at once for one request. */
const READING_AT_ONCE = 6;

type Call = { endpoint: ServiceEndpointId; input: Record<string, unknown> };

/** The calls whose kept answer serves a reading, the one bought first (when none is kept). */
function callsOf(reading: SignalReading, company: string): Call[] {
  switch (reading) {
    case 'headcount_trends':
      return [{ endpoint: 'company.headcountTrends', input: { company } }];
    case 'website_traffic':
      return [{ endpoint: 'company.websiteTraffic', input: { company } }];
    case 'jobs':
      return [{ endpoint: 'company.jobs', input: { company, limit: JOBS_MAX_LIMIT, offset: 0 } }];
    case 'open_roles':
      // The probe of one listing (its `count` is every open listing), or a first page of 50 kept
      // by a hiring screening or the Jobs tab.
      return [
        { endpoint: 'company.jobs', input: { company, limit: OPEN_ROLES_PROBE_LIMIT, offset: 0 } },
        { endpoint: 'company.jobs', input: { company, limit: JOBS_MAX_LIMIT, offset: 0 } },
      ];
  }
}

/** The call a reading of a company is answered by now: a kept one (with its time), else the first. */
async function pick(
  store: CompanyStore | undefined,
  reading: SignalReading,
  company: string,
): Promise<{ call: Call; fetchedAt: string | null }> {
  const calls = callsOf(reading, company);
  if (store?.on)
    for (const call of calls) {
      const kept = await store.kept(keptKey(call.endpoint, call.input));
      if (kept) return { call, fetchedAt: kept.fetchedAt };
    }
  return { call: calls[0]!, fetchedAt: null };
}

/** What some readings of some companies cost now, the store counted. */
export async function quoteSignals(
  store: CompanyStore,
  companies: readonly string[],
  readings: readonly SignalReading[],
): Promise<SignalQuote> {
  const uuids = [...new Set(companies.map((c) => c.trim()))];
  const asked = [...new Set(readings)];
  let price = 0;
  let without = 0;
  let missing = 0;
  let stored = 0;
  let oldest: string | null = null;
  const byReading: Record<string, number> = Object.fromEntries(asked.map((r) => [r, 0]));
  const found = await Promise.all(
    uuids.flatMap((uuid) => asked.map(async (r) => ({ r, got: await pick(store, r, uuid) }))),
  );
  for (const { r, got } of found) {
    without += SIGNAL_READING_PRICES[r];
    if (got.fetchedAt === null) {
      missing++;
      price += SIGNAL_READING_PRICES[r];
    } else {
      stored++;
      byReading[r] = (byReading[r] ?? 0) + 1;
      if (oldest === null || got.fetchedAt < oldest) oldest = got.fetchedAt;
    }
  }
  return {
    credits: credits(price),
    credits_without_store: credits(without),
    pairs_missing: missing,
    pairs_stored: stored,
    stored: byReading,
    oldest,
    store: store.on,
  };
}

/** The latest month's visits of a website traffic answer (null when it has none). */
export function latestVisits(answer: unknown): number | null {
  const months = (answer as { data?: { estimated_monthly_visits?: unknown } } | null)?.data
    ?.estimated_monthly_visits;
  if (!months || typeof months !== 'object') return null;
  const keys = Object.keys(months).sort();
  const v = (months as Record<string, unknown>)[keys[keys.length - 1] ?? ''];
  return typeof v === 'number' ? v : null;
}

/** A period's growth percent of a headcount trends answer (null when unknown). */
export function growthOf(answer: unknown, period: string): number | null {
  const entries = (answer as { data?: { headcount_growth?: unknown } } | null)?.data?.headcount_growth;
  if (!Array.isArray(entries)) return null;
  const e = entries.find((x) => (x as { period?: unknown })?.period === period) as
    | { percent?: unknown }
    | undefined;
  return typeof e?.percent === 'number' ? e.percent : null;
}

/** Every open listing of a jobs answer (its `count`; the listings returned when it has none). */
export function listingsOf(answer: unknown): number | null {
  const a = answer as { data?: unknown; count?: unknown } | null | undefined;
  if (!a) return null;
  if (typeof a.count === 'number') return a.count;
  return Array.isArray(a.data) ? a.data.length : null;
}

function valuesOf(reading: SignalReading, answer: unknown): CompanySignalValues {
  switch (reading) {
    case 'headcount_trends':
      return { headcount_growth_6m: growthOf(answer, '6m'), headcount_growth_12m: growthOf(answer, '12m') };
    case 'website_traffic':
      return { monthly_visits: latestVisits(answer) };
    case 'open_roles':
    case 'jobs':
      return { open_listings: listingsOf(answer) };
  }
}

export type SignalReader = {
  port: ServicePort;
  /** The team's company store; without it, each reading asks its first call (the port may serve it). */
  store?: CompanyStore | undefined;
  /** What the user may still spend (null: unlimited); without it, only the holds refuse. */
  remaining?: ((user: BffUser) => Promise<number | null>) | undefined;
};

/**
 * The values of some readings of some companies, in the order asked: stored answers free, the rest
 * bought. Refuses (402) before buying when the missing readings' most exceeds what is left. A
 * company a signal endpoint does not know (404, free) has nulls.
 */
export async function readSignals(
  deps: SignalReader,
  user: BffUser,
  companies: readonly string[],
  readings: readonly SignalReading[],
  onSpent?: (credits: number) => void,
): Promise<CompanySignalsResponse> {
  const asked = [...new Set(readings)];
  const quote = deps.store && deps.remaining ? await quoteSignals(deps.store, companies, asked) : undefined;
  if (quote && quote.credits > 0) {
    const remaining = (await deps.remaining?.(user)) ?? null;
    if (remaining !== null && remaining < quote.credits)
      throw new BffProblem(
        402,
        `These signal columns may cost up to ${quote.credits.toLocaleString('en-US')} credits for ${quote.pairs_missing} company readings your team does not have yet; you have ${credits(remaining).toLocaleString('en-US')} left. Nothing was spent.`,
      );
  }
  const data = companies.map((company) => ({ company, signals: {} as CompanySignalValues }));
  const jobs = data.flatMap((entry) => asked.map((reading) => ({ entry, reading })));
  let spent = 0;
  let next = 0;
  const one = async ({ entry, reading }: (typeof jobs)[number]) => {
    const { call } = await pick(deps.store, reading, entry.company.trim());
    let answer: unknown;
    try {
      const called = await deps.port(user, call.endpoint, call.input as never);
      spent += called.credits;
      if (called.credits > 0) onSpent?.(called.credits);
      answer = called.data;
    } catch (e) {
      if (!(e instanceof ServiceRefusal && e.response.status === 404)) throw e;
    }
    Object.assign(entry.signals, valuesOf(reading, answer));
  };
  await Promise.all(
    Array.from({ length: Math.min(READING_AT_ONCE, jobs.length) }, async () => {
      while (next < jobs.length) await one(jobs[next++]!);
    }),
  );
  return { data, credits_consumed: credits(spent) };
}
