/**
 * A day of three reps on one team, as service calls the web app makes for them: building a list and
 * refining it, paging and paging back, sorting and sorting back, adding columns, opening companies
 * (the header and a tab or two), exporting the list and its CRM file. Reps share territories as
 * teams do, so they overlap. Generated from a seed (the same seed, the same day), replayed through
 * the BFF and straight at the service to compare what each costs (`BENCH=payonce`, and
 * bff/server/companies/workload.http.test.ts).
 */
import { Rng } from '../embedded/dataset/random';

export type WorkloadStep =
  | { user: string; kind: 'list'; body: Record<string, unknown> }
  | { user: string; kind: 'company'; uuidFrom: { step: number; row: number }; sections: string[] };

const TERRITORIES: readonly Record<string, unknown>[] = [
  { 'location.hq.country': ['DEU', 'AUT', 'CHE'] },
  { 'location.hq.country': ['GBR', 'IRL'] },
  { 'location.hq.country': ['FRA', 'BEL'] },
  { 'location.hq.country': ['USA'] },
  { 'location.hq.country': ['SWE', 'NOR', 'DNK', 'FIN'] },
];

const REFINEMENTS: readonly Record<string, unknown>[] = [
  { 'firmographic.company_type': ['private'] },
  { 'firmographic.founded_year': { gte: 2005 } },
  { 'business_model.gtm_type': ['b2b'] },
];

const COLUMN_SETS: readonly string[][] = [
  ['firmographic'],
  ['firmographic', 'industry'],
  ['firmographic', 'industry', 'location'],
  ['firmographic', 'industry', 'location', 'technology'],
];

/** The sections the company page asks for: its header, then each tab opened. */
const COMPANY_TABS: readonly string[][] = [
  ['firmographic'],
  ['business_model', 'company_assessment'],
  ['strategic_signal'],
  ['headcount'],
];

export function workloadDay(seed = 7, reps = ['ann', 'bob', 'cara'], sessionsPerRep = 3): WorkloadStep[] {
  const rng = new Rng(seed);
  const random = () => rng.next();
  const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)]!;
  const steps: WorkloadStep[] = [];
  const sessions: { user: string; territory: Record<string, unknown> }[] = [];
  for (let s = 0; s < sessionsPerRep; s++)
    for (const user of reps) {
      // Teams share territories: half the time a teammate's, else one of the team's.
      const shared = sessions.length > 0 && random() < 0.5 ? pick(sessions).territory : pick(TERRITORIES);
      sessions.push({ user, territory: shared });
    }
  for (const { user, territory } of sessions) {
    const list = (filters: Record<string, unknown>, extra: Record<string, unknown>) => {
      steps.push({ user, kind: 'list', body: { filters, limit: 50, offset: 0, ...extra } });
      return steps.length - 1;
    };
    let filters = territory;
    let columns = COLUMN_SETS[0]!;
    const first = list(filters, { sections: columns });
    // Paging forward and back.
    list(filters, { sections: columns, offset: 50 });
    list(filters, { sections: columns, offset: 100 });
    list(filters, { sections: columns, offset: 50 });
    list(filters, { sections: columns });
    // Sorting, and back to the first order.
    list(filters, { sections: columns, sort_by: 'founded_year', sort_order: 'desc' });
    list(filters, { sections: columns, sort_by: 'founded_year', sort_order: 'asc' });
    list(filters, { sections: columns });
    // Columns added, applied at once.
    columns = pick(COLUMN_SETS.slice(1));
    list(filters, { sections: columns });
    // Companies opened: the header, then a tab or two.
    for (let i = 0; i < 3; i++) {
      const row = Math.floor(random() * 20);
      steps.push({ user, kind: 'company', uuidFrom: { step: first, row }, sections: COMPANY_TABS[0]! });
      for (const tab of COMPANY_TABS.slice(1))
        if (random() < 0.5)
          steps.push({ user, kind: 'company', uuidFrom: { step: first, row }, sections: tab });
    }
    // A refinement, paged once, then back to the territory.
    filters = { ...territory, ...pick(REFINEMENTS) };
    list(filters, { sections: columns });
    list(filters, { sections: columns, offset: 50 });
    filters = territory;
    list(filters, { sections: columns });
    // The export: the first 150 rows with the columns, then the CRM file's (firmographic, headcount).
    list(filters, { sections: columns, limit: 150 });
    list(filters, { sections: ['firmographic'], limit: 150 });
  }
  return steps;
}

/** The request of a step, given the answers so far (a company step names a row of an earlier list). */
export function stepRequest(
  step: WorkloadStep,
  answers: readonly unknown[],
): { method: 'GET' | 'POST'; path: string; body?: string } {
  if (step.kind === 'list')
    return { method: 'POST', path: '/api/v1/list/generate/companies', body: JSON.stringify(step.body) };
  const rows = (answers[step.uuidFrom.step] as { data: { uuid: string }[] }).data;
  const row = rows[Math.min(step.uuidFrom.row, rows.length - 1)]!;
  return {
    method: 'GET',
    path: `/api/v1/company/enrichment?company=${encodeURIComponent(row.uuid)}&sections=${step.sections.join(',')}`,
  };
}
