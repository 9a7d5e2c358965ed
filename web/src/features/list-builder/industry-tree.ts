/**
 * Sectors as one choice in the industry facet (docs/product-rules.md, section 18): the taxonomy's
 * tree as the BFF serves it (`GET /bff/industries`: the service's own taxonomy, asked on first use
 * and kept for the session), how a sector matches what was typed, and which of the chosen
 * industries make whole sectors (one chip each).
 */
import type { IndustrySector } from '@contract/industry-tree';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '@/lib/api-client';

export type { IndustrySector };

export const industryTreeQueryOptions = queryOptions({
  queryKey: ['bff', 'industries'],
  queryFn: async ({ signal }): Promise<readonly IndustrySector[]> =>
    (await call('bff.industries', undefined, { signal })).sectors,
  // The taxonomy changes with the service, not while the app is open.
  staleTime: Number.POSITIVE_INFINITY,
  gcTime: Number.POSITIVE_INFINITY,
});

export function useIndustryTree(enabled = true) {
  return useQuery({ ...industryTreeQueryOptions, enabled });
}

/** "Financial Services (45 industries)": a sector as its chip reads. */
export function sectorText(s: IndustrySector): string {
  return `${s.name} (${s.industries.length} ${s.industries.length === 1 ? 'industry' : 'industries'})`;
}

const fold = (s: string) =>
  s
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase();

/** Sectors whose name has a word starting with each typed word ("fin", "financial serv", "logistics"). */
export function matchSectors(tree: readonly IndustrySector[], query: string): IndustrySector[] {
  const words = fold(query.trim()).split(/\s+/).filter(Boolean);
  if (words.length === 0) return [];
  return tree.filter((s) => {
    const nameWords = fold(s.name).split(/[^\p{L}\p{N}]+/u);
    return words.every((w) => nameWords.some((n) => n.startsWith(w)));
  });
}

/**
 * The chosen industries as the facet shows them: every sector all of whose industries are chosen
 * (one chip), and the chosen codes outside such sectors, in the order they were chosen.
 */
export function groupBySector(
  tree: readonly IndustrySector[],
  chosen: readonly string[],
): { sectors: IndustrySector[]; rest: string[] } {
  const picked = new Set(chosen);
  const sectors = tree.filter(
    (s) => s.industries.length > 0 && s.industries.every((i) => picked.has(i.code)),
  );
  const covered = new Set(sectors.flatMap((s) => s.industries.map((i) => i.code)));
  return { sectors, rest: chosen.filter((c) => !covered.has(c)) };
}

/** `chosen` with every industry of `sector` added (those already chosen stay where they are). */
export function withSector(chosen: readonly string[], sector: IndustrySector): string[] {
  const have = new Set(chosen);
  return [...chosen, ...sector.industries.map((i) => i.code).filter((c) => !have.has(c))];
}

/** `chosen` without any industry of `sector`. */
export function withoutSector(chosen: readonly string[], sector: IndustrySector): string[] {
  const drop = new Set(sector.industries.map((i) => i.code));
  return chosen.filter((c) => !drop.has(c));
}
