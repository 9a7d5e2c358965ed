/**
 * The filters derived from the seeds (docs/decisions/0014-lookalikes.md): what recalls companies like
 * them broadly, for the score to rank. Industry and business model first, then size; and the ladder
 * of wider filters used when the narrower ones match too few companies. Pure.
 */
import { GTM_TYPES, HEADCOUNT_RANGES, OFFERING_TYPES } from '../../contract/enums';
import type { ListFilters } from '../../contract/filters';
import { HEADCOUNT_KEY } from '../../contract/list-rules';
import { stableJson } from '../lists/cache';
import type { Coded, Facts } from './facts';

/**
 * An industry joins the filter when at least this share of the seeds that hold the most common one
 * hold it as their primary industry (ten seeds: 7 in payments and 3 in banking keep both; 9 and 1
 * keep payments alone).
 */
export const INDUSTRY_SHARE_OF_TOP = 0.6;
/** A business-model value joins the filter when at least this share of the seeds hold it. */
export const MODEL_SHARE = 0.25;

export const INDUSTRY_KEY = 'industry.industry';
export const NAICS_KEY = 'industry.naics';
export const GTM_KEY = 'business_model.gtm_type';
export const OFFERING_KEY = 'business_model.offering_type';

export type Derivation = {
  /** The seeds' primary industries that the filter keeps, with their names. */
  industries: Coded[];
  gtm: Coded[];
  offering: Coded[];
  /** The seeds' median headcount band (index into HEADCOUNT_RANGES; the lower median). */
  medianBand?: number;
  /** NAICS industry groups (4 digits) of the seeds in the kept industries. */
  groups: string[];
};

/** Values held by at least `min` seeds' share, most held first; `of` reads a seed's value. */
function shares(
  seeds: readonly Facts[],
  of: (f: Facts) => Coded | undefined,
): { value: Coded; share: number }[] {
  const counts = new Map<string, { value: Coded; n: number }>();
  for (const s of seeds) {
    const v = of(s);
    if (!v) continue;
    const c = counts.get(v.code);
    if (c) c.n++;
    else counts.set(v.code, { value: v, n: 1 });
  }
  return [...counts.values()]
    .map((c) => ({ value: c.value, share: c.n / seeds.length }))
    .sort((a, b) => b.share - a.share || a.value.code.localeCompare(b.value.code));
}

function modelValues(seeds: readonly Facts[], of: (f: Facts) => Coded | undefined, all: number): Coded[] {
  const kept = shares(seeds, of)
    .filter((s) => s.share >= MODEL_SHARE)
    .map((s) => s.value);
  // Every value the key allows is no filter at all.
  return kept.length >= all ? [] : kept;
}

export function derive(seeds: readonly Facts[]): Derivation {
  const primaries = shares(seeds, (s) => s.industries?.[0]);
  const top = primaries[0]?.share ?? 0;
  const industries = primaries.filter((p) => p.share >= top * INDUSTRY_SHARE_OF_TOP).map((p) => p.value);
  const kept = new Set(industries.map((i) => i.code));
  const groups = new Set<string>();
  for (const s of seeds) {
    if (!kept.has(s.industries?.[0]?.code ?? '')) continue;
    for (const n of s.naics ?? []) if (n.code.length >= 4) groups.add(n.code.slice(0, 4));
  }
  const bands = seeds
    .map((s) => s.band)
    .filter((b): b is number => b !== undefined)
    .sort((a, b) => a - b);
  return {
    industries,
    gtm: modelValues(seeds, (s) => s.gtm, GTM_TYPES.length),
    offering: modelValues(seeds, (s) => s.offering, OFFERING_TYPES.length),
    ...(bands.length > 0 ? { medianBand: bands[(bands.length - 1) >> 1]! } : {}),
    groups: [...groups].sort(),
  };
}

export type LevelName = 'model' | 'industry' | 'industry_group' | 'open';

/** A rung of the ladder: the filters the candidates are read with. */
export type Level = { name: LevelName; filters: ListFilters };

export type Ladder = {
  /** Narrowest first; each rung differs from the one before. */
  levels: Level[];
  /**
   * The seeds' sizes, nearest first: their median band, then the bands one apart, two apart... The
   * candidates of a rung are read ring by ring until there are enough. Absent when the user asked a
   * size of their own or no seed's size is known.
   */
  rings?: string[][];
};

const codesOf = (list: readonly Coded[]) => list.map((c) => c.code);

/** Bands around a median band, nearest first: `[[m], [m-1, m+1], [m-2, m+2], ...]`. */
export function sizeRings(median: number): string[][] {
  const rings: string[][] = [];
  for (let d = 0; d < HEADCOUNT_RANGES.length; d++) {
    const ring = HEADCOUNT_RANGES.filter((_, i) => Math.abs(i - median) === d);
    if (ring.length > 0) rings.push([...ring]);
  }
  return rings;
}

/**
 * The ladder from the derivation and the user's own filters: the user's filters hold on every rung
 * and replace a derived filter on the same key.
 */
export function ladder(d: Derivation, user: ListFilters = {}): Ladder {
  const withUser = (derived: Record<string, unknown>): ListFilters =>
    ({ ...derived, ...user }) as ListFilters;
  const model: Record<string, unknown> = {};
  if (d.industries.length > 0) model[INDUSTRY_KEY] = codesOf(d.industries);
  if (d.gtm.length > 0) model[GTM_KEY] = codesOf(d.gtm);
  if (d.offering.length > 0) model[OFFERING_KEY] = codesOf(d.offering);
  const candidates: Level[] = [
    { name: 'model', filters: withUser(model) },
    {
      name: 'industry',
      filters: withUser(d.industries.length > 0 ? { [INDUSTRY_KEY]: codesOf(d.industries) } : {}),
    },
    { name: 'industry_group', filters: withUser(d.groups.length > 0 ? { [NAICS_KEY]: d.groups } : {}) },
    { name: 'open', filters: withUser({}) },
  ];
  const levels: Level[] = [];
  for (const level of candidates) {
    if (levels.some((l) => stableJson(l.filters) === stableJson(level.filters))) continue;
    levels.push(level);
  }
  const userSize = (user as Record<string, unknown>)[HEADCOUNT_KEY] !== undefined;
  return d.medianBand === undefined || userSize ? { levels } : { levels, rings: sizeRings(d.medianBand) };
}
