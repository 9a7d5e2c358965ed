/**
 * A static list's companies (issue 35, docs/decisions/0027-static-lists.md): each id checked by the
 * free company search before it is kept.
 */
import type { BffUser } from '../context';
import type { NewListCompany } from './records';
import { findById, LOOKUPS_AT_ONCE, Relay, type Row, type RunnerOptions } from './runs';

/**
 * Companies of a static list as a company search finds them now (free, asked afresh, eight at a
 * time): each named in the order given, or the positions of those it finds no company for; a
 * relayed refusal of the service as a response.
 */
export async function resolveCompanies(
  opts: RunnerOptions,
  user: BffUser,
  uuids: readonly string[],
): Promise<{ companies: NewListCompany[]; unknown: number[] } | Response> {
  const found: (Row | undefined)[] = new Array(uuids.length);
  let next = 0;
  let failed = false;
  const worker = async () => {
    while (!failed && next < uuids.length) {
      const i = next++;
      found[i] = (
        await findById(opts, user, uuids[i]!).catch((e: unknown) => {
          failed = true;
          throw e;
        })
      ).found;
    }
  };
  try {
    await Promise.all(Array.from({ length: Math.min(LOOKUPS_AT_ONCE, uuids.length) }, worker));
  } catch (e) {
    if (e instanceof Relay) return e.response;
    throw e;
  }
  const companies: NewListCompany[] = [];
  const unknown: number[] = [];
  found.forEach((f, i) => {
    if (!f) unknown.push(i);
    else
      companies.push({
        uuid: f.uuid,
        name: f.name ?? f.uuid,
        website: f.website ?? '',
        productCategory: typeof f.product_category === 'string' ? f.product_category : null,
      });
  });
  return { companies, unknown };
}
