/**
 * Section columns of companies that are not a list generation's page (a static list's page and its
 * CSV; issue 35): each company's sections read by enrichment through the port with the team's
 * company store in front (./port.ts), so stored (company, section) pairs cost nothing and only the
 * missing ones are bought, with holds and the ledger as for any call. A request whose missing pairs
 * cost more than the user may still spend is refused (402) before anything is bought.
 */
import { credits } from '../../contract/pricing';
import type { ListSection } from '../../contract/section-names';
import type { BffUser } from '../context';
import type { ServicePort } from '../lists/port';
import { BffProblem, ServiceRefusal } from '../proxy/problem';
import type { CompanyStore } from './store';

/** Companies enriched at once for one request. */
const ENRICHING_AT_ONCE = 6;

export type SectionReader = {
  port: ServicePort;
  store: CompanyStore;
  /** What the user may still spend (null: unlimited). */
  remaining: (user: BffUser) => Promise<number | null>;
};

export type CompanySections = { company: string; sections: Record<string, unknown> };

/**
 * The sections of some companies, in the order asked: stored pairs free, the rest bought. A company
 * enrichment does not know (404, free) has no sections.
 */
export async function readSections(
  deps: SectionReader,
  user: BffUser,
  companies: readonly string[],
  sections: readonly ListSection[],
): Promise<{ data: CompanySections[]; credits_consumed: number }> {
  const asked = [...new Set(sections)];
  const quote = await deps.store.quote(companies, asked);
  if (quote.credits > 0) {
    const remaining = await deps.remaining(user);
    if (remaining !== null && remaining < quote.credits)
      throw new BffProblem(
        402,
        `These columns cost ${quote.credits.toLocaleString('en-US')} credits for ${quote.pairs_missing} company sections your team does not have yet; you have ${credits(remaining).toLocaleString('en-US')} left. Nothing was spent.`,
      );
  }
  const data: CompanySections[] = companies.map((company) => ({ company, sections: {} }));
  let spent = 0;
  let next = 0;
  const one = async (entry: CompanySections) => {
    try {
      const called = await deps.port(user, 'company.enrichment', {
        company: entry.company.trim(),
        sections: asked.join(','),
      } as never);
      spent += called.credits;
      const got = (called.data as { data?: Record<string, unknown> }).data ?? {};
      for (const s of asked) entry.sections[s] = got[s] ?? null;
    } catch (e) {
      if (!(e instanceof ServiceRefusal && e.response.status === 404)) throw e;
    }
  };
  await Promise.all(
    Array.from({ length: Math.min(ENRICHING_AT_ONCE, data.length) }, async () => {
      while (next < data.length) await one(data[next++]!);
    }),
  );
  return { data, credits_consumed: credits(spent) };
}
