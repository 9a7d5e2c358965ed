/**
 * What the signal generators read of a company: its identity and the sections that decide how much
 * it is talked about and what is said (size, offering, products, places, people, funding, moves).
 * Read from the company's stored record, so a company added by ingestion gets signals the same way.
 */

import type { StoredSection } from '../../contract/section-names';
import type { Sections } from '../../contract/sections';
import { DEFAULT_TODAY } from '../dataset/plan';
import { industryByCode } from '../dataset/taxonomy';
import { ApiProblem } from '../problem';
import { loadCompanies } from '../store/companies';
import { type Db, getMeta } from '../store/db';
import { resolveCompany } from '../store/resolve';
import { dayMs } from './rng';

const SIGNAL_SECTIONS = [
  'firmographic',
  'business_model',
  'product_offering',
  'trust_signal',
  'digital_presence',
  'location',
  'management_profile',
  'industry',
  'headcount',
  'funding_detail',
  'strategic_signal',
  'mna_and_investment',
  'customer_profile',
  'financial_estimate',
] as const satisfies readonly StoredSection[];

type SignalSections = Pick<Sections, (typeof SIGNAL_SECTIONS)[number]>;

export type SignalCompany = {
  idx: number;
  uuid: string;
  name: string;
  website: string;
  domain: string;
  sections: SignalSections;
};

/** The dataset facts every generator is anchored to. */
export type SignalEnv = {
  /** `dataset.seed` of the meta table. */
  seed: number;
  /** `dataset.today`: the latest date any signal carries. */
  today: string;
};

export function signalEnv(db: Db): SignalEnv {
  return {
    seed: Number(getMeta(db, 'dataset.seed') ?? 0),
    today: getMeta(db, 'dataset.today') ?? DEFAULT_TODAY,
  };
}

export function loadSignalCompanies(db: Db, idxs: readonly number[]): SignalCompany[] {
  return loadCompanies(db, idxs, SIGNAL_SECTIONS).map((row) => ({
    idx: row.idx,
    uuid: row.uuid,
    name: row.name,
    website: row.website,
    domain: row.domain,
    sections: row.sections as SignalSections,
  }));
}

/** The company a `company` parameter names (id or website in any spelling), if there is one. */
export function findSignalCompany(db: Db, company: string): SignalCompany | undefined {
  const found = resolveCompany(db, company);
  return found ? loadSignalCompanies(db, [found.idx])[0] : undefined;
}

/** The company a `company` parameter names (id or website in any spelling), or a 404 problem. */
export function resolveSignalCompany(db: Db, company: string): SignalCompany {
  const loaded = findSignalCompany(db, company);
  if (!loaded) throw unknownCompany(company);
  return loaded;
}

export function unknownCompany(company: string): ApiProblem {
  return new ApiProblem(404, `No company matches "${company}".`);
}

/** Sector of the company's primary industry ('Software', 'Healthcare', ...). */
export function sectorOf(c: SignalCompany): string {
  const code = c.sections.industry.industry[0]?.code;
  return (code && industryByCode(code)?.sector) || 'Professional Services';
}

export function industryNameOf(c: SignalCompany): string {
  return c.sections.industry.industry[0]?.label ?? 'business services';
}

/** 0..1: how consumer-facing the company's industry is. */
export function consumerScaleOf(c: SignalCompany): number {
  const code = c.sections.industry.industry[0]?.code;
  return (code && industryByCode(code)?.consumerScale) || 0.2;
}

/** 0..1: how likely a company of the industry is technology-focussed. */
export function techFocusOf(c: SignalCompany): number {
  const code = c.sections.industry.industry[0]?.code;
  return (code && industryByCode(code)?.techFocus) || 0;
}

export function employeesOf(c: SignalCompany): number {
  return Math.max(1, c.sections.headcount.employee_count);
}

function isClosed(c: SignalCompany): boolean {
  return c.sections.firmographic.operating_status.code === 'closed';
}

/**
 * The window in which the company can be reviewed or talked about: from its founding (1 Jan of the
 * founding year, or `notBefore` when later) to today, or to the end of its last month for a closed
 * company (its headcount history ends at the closure).
 */
export function activeWindow(c: SignalCompany, env: SignalEnv, notBefore?: string): [number, number] {
  let end = dayMs(env.today);
  if (isClosed(c)) {
    const last = c.sections.headcount.history.at(-1)?.month;
    if (last) {
      const [y, m] = last.split('-').map(Number) as [number, number];
      end = Math.min(end, Date.UTC(y, m, 0, 12));
    }
  }
  const founded = c.sections.firmographic.founded_year ?? Number(env.today.slice(0, 4)) - 5;
  let start = Date.UTC(founded, 0, 1, 12);
  if (notBefore) start = Math.max(start, dayMs(notBefore));
  return [Math.min(start, end), end];
}
