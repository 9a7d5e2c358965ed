/**
 * Ranking companies by similarity to seed companies (docs/decisions/0014-lookalikes.md), the one
 * way: `POST /bff/lookalikes` ranks its candidates with it, and a saved list with seeds ranks its
 * run's members with it (docs/decisions/0016-saved-lists.md). The score and its reasons are
 * `similarity.ts`'s; the facts are `facts.ts`'s.
 */
import { type Facts, readFacts } from './facts';
import { scoreCandidate, seedProfile } from './similarity';

/** A seed's identity as a company search gives it (the product category is a search record's field). */
export type SeedIdentity = {
  uuid: string;
  name: string;
  website: string;
  product_category?: string | null | undefined;
};

/** A seed's facts: its enrichment's sections (`data`) with its identity beside them. */
export function seedFacts(sections: Record<string, unknown>, identity: SeedIdentity): Facts {
  return readFacts({ ...sections, ...identity, product_category: identity.product_category ?? null });
}

export type Ranked<R> = { row: R; score: number; raw: number; reasons: string[] };

/**
 * Rows (list generation rows with the sections the score reads) ranked by similarity to the
 * seeds: the best first; ties by the raw score, then in the rows' own order.
 */
export function rankBySimilarity<R extends Record<string, unknown>>(
  seeds: readonly Facts[],
  rows: readonly R[],
): Ranked<R>[] {
  const profile = seedProfile(seeds);
  return rows
    .map((row, order) => ({ row, order, scored: scoreCandidate(profile, readFacts(row)) }))
    .sort((a, b) => b.scored.score - a.scored.score || b.scored.raw - a.scored.raw || a.order - b.order)
    .map(({ row, scored }) => ({ row, ...scored }));
}
