/**
 * The similarity score of a candidate to a set of seed companies, and its reasons in words
 * (docs/decisions/0014-lookalikes.md). Pure.
 *
 * Each field (industry, size, business model, customers, money, funding, place, technology) has a
 * similarity between two companies' values, from 0 to 1, and a base weight. For a set of seeds:
 *
 * - a candidate's match on a field is its mean similarity to the seeds that have a value there;
 * - the field weighs its base weight times how much the seeds agree on it (their mean similarity to
 *   each other, every ordered pair including each seed with itself: 1 when they all hold one value,
 *   0.5 when they split evenly in two) times the share of seeds with a value;
 * - the raw score is the weighted mean of the matches (a candidate without a value matches 0);
 * - the score is the raw score over the raw score of the most typical seed (scored like a candidate,
 *   against every seed, itself included), capped at 1: 1 means as close to the seeds as a copy of
 *   their best example would be. With one seed that reference is 1, a perfect copy.
 */
import { HEADCOUNT_RANGES } from '../../contract/enums';
import type { Coded, Facts } from './facts';

export type FieldId =
  | 'industry'
  | 'product_category'
  | 'size'
  | 'gtm_type'
  | 'offering_type'
  | 'revenue_model'
  | 'gtm_motion'
  | 'segments'
  | 'target_industries'
  | 'revenue'
  | 'valuation'
  | 'funding_stage'
  | 'place'
  | 'ownership'
  | 'tools'
  | 'ai_maturity'
  | 'tech_focus';

/** Base weights: the tuned values (docs/decisions/0014-lookalikes.md says how they were chosen). */
export const BASE_WEIGHTS: Readonly<Record<FieldId, number>> = {
  industry: 4,
  product_category: 1,
  size: 2.5,
  gtm_type: 1.5,
  offering_type: 1.5,
  revenue_model: 0.75,
  gtm_motion: 0.5,
  segments: 1,
  target_industries: 0.5,
  revenue: 1,
  valuation: 0.5,
  funding_stage: 1,
  place: 1,
  ownership: 0.75,
  tools: 0.5,
  ai_maturity: 0.5,
  tech_focus: 0.25,
};

/** Similarity of two bands by how many bands apart they are (0, 1, 2, 3+). */
const BAND_KERNEL = [1, 0.6, 0.25, 0];

function bandSimilarity(a: number, b: number): number {
  return BAND_KERNEL[Math.min(Math.abs(a - b), BAND_KERNEL.length - 1)]!;
}

function jaccard(a: readonly string[], b: readonly string[]): number {
  if (a.length === 0 && b.length === 0) return 1;
  const set = new Set(a);
  let common = 0;
  for (const x of new Set(b)) if (set.has(x)) common++;
  return common / (set.size + new Set(b).size - common);
}

const codes = (list: readonly Coded[]) => list.map((c) => c.code);

/** Venture stages in order: neighbours on the ladder are alike. */
const LADDER = ['pre_seed', 'seed', 'series_a', 'series_b', 'series_c', 'series_d', 'series_e', 'series_f'];

function stageSimilarity(a: string, b: string): number {
  if (a === b) return 1;
  const i = LADDER.indexOf(a.startsWith('series_') && a > 'series_f' ? 'series_f' : a);
  const j = LADDER.indexOf(b.startsWith('series_') && b > 'series_f' ? 'series_f' : b);
  if (i === -1 || j === -1) return 0;
  return Math.max(0, 1 - 0.4 * Math.abs(i - j));
}

type IndustryValue = { primary: Coded; industries: Coded[]; all: string[]; groups: string[]; naics: Coded[] };

function industrySimilarity(a: IndustryValue, b: IndustryValue): number {
  if (a.primary.code === b.primary.code) return 1;
  if (a.all.some((c) => b.all.includes(c))) return 0.6;
  if (a.groups.some((g) => b.groups.includes(g))) return 0.3;
  return 0;
}

/** A field: how to read its value, how alike two values are, and how to say it. */
type Field<V> = {
  id: FieldId;
  value: (f: Facts) => V | undefined;
  similarity: (a: V, b: V) => number;
  /** The reason a candidate gives on this field, or undefined when it says nothing worth reading. */
  reason?: (candidate: V, seeds: readonly Held<V>[], n: number) => string | undefined;
};
/** A seed's value on a field, with the seed's name for reasons that name it. */
type Held<V> = { value: V; name: string };

const field = <V>(f: Field<V>): Field<unknown> => f as Field<unknown>;

/** "like Stripe", "like both your seeds", "like all 5 of your seeds", "like 3 of your seeds". */
export function likeSeeds(holders: readonly string[], n: number): string {
  const k = holders.length;
  if (k === 1) return `like ${holders[0]}`;
  if (k === n) return k === 2 ? 'like both your seeds' : `like all ${k} of your seeds`;
  return `like ${k} of your seeds`;
}

function holdersOf<V>(seeds: readonly Held<V>[], same: (v: V) => boolean): string[] {
  return seeds.filter((s) => same(s.value)).map((s) => s.name);
}

const lower = (s: string) => (/^[A-Z][a-z]/.test(s) ? s[0]!.toLowerCase() + s.slice(1) : s);

/** "A", "A and B", "A, B and C". */
function words(list: readonly string[]): string {
  if (list.length <= 1) return list.join('');
  return `${list.slice(0, -1).join(', ')} and ${list.at(-1)}`;
}

/** Values a candidate shares with the seeds, the most widely held first. */
function sharedValues(candidate: readonly string[], seeds: readonly Held<readonly string[]>[]): string[] {
  const count = (v: string) => seeds.filter((s) => s.value.includes(v)).length;
  return candidate.filter((v) => count(v) > 0).sort((a, b) => count(b) - count(a) || a.localeCompare(b));
}

const FIELDS: readonly Field<unknown>[] = [
  field<IndustryValue>({
    id: 'industry',
    value: (f) =>
      f.industries?.[0]
        ? {
            primary: f.industries[0],
            industries: f.industries,
            all: codes(f.industries),
            // NAICS industry groups (4 digits): the families the taxonomy's industries belong to.
            groups: [...new Set((f.naics ?? []).map((n) => n.code.slice(0, 4)))],
            naics: f.naics ?? [],
          }
        : undefined,
    similarity: industrySimilarity,
    reason: (c, seeds, n) => {
      const same = holdersOf(seeds, (v) => v.primary.code === c.primary.code);
      if (same.length > 0) {
        return same.length === n
          ? `same industry: ${c.primary.label}`
          : `same industry as ${same.length === 1 ? same[0] : `${same.length} of your seeds`}: ${c.primary.label}`;
      }
      const seedCodes = new Set(seeds.flatMap((s) => s.value.all));
      const shared = c.industries.find((i) => seedCodes.has(i.code));
      if (shared) return `also in ${shared.label}`;
      const group = c.groups.find((g) => seeds.some((s) => s.value.groups.includes(g)));
      const naics = group ? c.naics.find((x) => x.code.startsWith(group)) : undefined;
      return naics ? `related industry: ${naics.label}` : undefined;
    },
  }),
  field<string>({
    id: 'product_category',
    value: (f) => f.productCategory,
    similarity: (a, b) => (a.toLowerCase() === b.toLowerCase() ? 1 : 0),
    reason: (c, seeds) =>
      holdersOf(seeds, (v) => v.toLowerCase() === c.toLowerCase()).length > 0
        ? `same product category: ${c}`
        : undefined,
  }),
  field<number>({
    id: 'size',
    value: (f) => f.band,
    similarity: bandSimilarity,
    reason: (c, seeds, n) => {
      const same = holdersOf(seeds, (v) => v === c);
      return same.length > 0 ? `${HEADCOUNT_RANGES[c]} employees ${likeSeeds(same, n)}` : undefined;
    },
  }),
  field<Coded>({
    id: 'gtm_type',
    value: (f) => f.gtm,
    similarity: (a, b) =>
      a.code === b.code ? 1 : a.code === 'b2b_and_b2c' || b.code === 'b2b_and_b2c' ? 0.5 : 0,
    reason: (c, seeds, n) => {
      const same = holdersOf(seeds, (v) => v.code === c.code);
      return same.length > 0 && same.length * 2 >= n ? `also sells ${c.label}` : undefined;
    },
  }),
  field<Coded>({
    id: 'offering_type',
    value: (f) => f.offering,
    similarity: (a, b) => (a.code === b.code ? 1 : 0),
    reason: (c, seeds, n) => {
      const same = holdersOf(seeds, (v) => v.code === c.code);
      return same.length > 0 && same.length * 2 >= n ? `same kind of offering: ${lower(c.label)}` : undefined;
    },
  }),
  field<string[]>({
    id: 'revenue_model',
    value: (f) =>
      f.revenueModels && f.revenueModels.length > 0 ? f.revenueModels.map((m) => m.label) : undefined,
    similarity: jaccard,
    reason: (c, seeds) => {
      const shared = sharedValues(c, seeds).slice(0, 2);
      return shared.length > 0 ? `same revenue model: ${words(shared.map(lower))}` : undefined;
    },
  }),
  field<string[]>({
    id: 'gtm_motion',
    value: (f) => (f.motions && f.motions.length > 0 ? f.motions.map((m) => m.label) : undefined),
    similarity: jaccard,
    reason: (c, seeds) => {
      const shared = sharedValues(c, seeds).slice(0, 2);
      return shared.length > 0 ? `sells the same way: ${words(shared.map(lower))}` : undefined;
    },
  }),
  field<{ segments: string[]; gtm?: Coded }>({
    id: 'segments',
    value: (f) =>
      f.segments && f.segments.length > 0
        ? { segments: f.segments, ...(f.gtm ? { gtm: f.gtm } : {}) }
        : undefined,
    similarity: (a, b) => jaccard(a.segments, b.segments),
    reason: (c, seeds, n) => {
      const shared = sharedValues(
        c.segments,
        seeds.map((s) => ({ ...s, value: s.value.segments })),
      ).slice(0, 2);
      if (shared.length === 0) return undefined;
      // "B2B mid-market": the go-to-market type the candidate shares with most seeds, then the segments.
      const gtm = c.gtm;
      const sameGtm = gtm ? seeds.filter((s) => s.value.gtm?.code === gtm.code).length * 2 >= n : false;
      const who = words(shared.map(lower));
      if (!sameGtm || !gtm) return `sells to the same customers: ${who}`;
      return `sells to the same customers: ${gtm.label}${gtm.label.includes(' ') ? ', ' : ' '}${who}`;
    },
  }),
  field<string[]>({
    id: 'target_industries',
    value: (f) => (f.targetIndustries && f.targetIndustries.length > 0 ? f.targetIndustries : undefined),
    similarity: jaccard,
  }),
  field<{ index: number; label: string }>({
    id: 'revenue',
    value: (f) => f.revenue,
    similarity: (a, b) => bandSimilarity(a.index, b.index),
    reason: (c, seeds, n) => {
      const same = holdersOf(seeds, (v) => v.index === c.index);
      return same.length > 0 ? `revenue ${lower(c.label)} ${likeSeeds(same, n)}` : undefined;
    },
  }),
  field<{ index: number; label: string }>({
    id: 'valuation',
    value: (f) => f.valuation,
    similarity: (a, b) => bandSimilarity(a.index, b.index),
    reason: (c, seeds, n) => {
      const same = holdersOf(seeds, (v) => v.index === c.index);
      return same.length > 0 ? `valued ${lower(c.label)} ${likeSeeds(same, n)}` : undefined;
    },
  }),
  field<Coded>({
    id: 'funding_stage',
    value: (f) => f.stage,
    similarity: (a, b) => stageSimilarity(a.code, b.code),
    reason: (c, seeds) =>
      c.code !== 'none' && holdersOf(seeds, (v) => v.code === c.code).length > 0
        ? `also ${c.label}`
        : undefined,
  }),
  field<{ country: Coded; regions: string[]; regionLabels: string[] }>({
    id: 'place',
    value: (f) =>
      f.country
        ? {
            country: f.country,
            regions: codes(f.regions ?? []),
            regionLabels: (f.regions ?? []).map((r) => r.label),
          }
        : undefined,
    similarity: (a, b) => {
      if (a.country.code === b.country.code) return 1;
      if (a.regions[0] !== undefined && a.regions[0] === b.regions[0]) return 0.5;
      return a.regions[1] !== undefined && a.regions[1] === b.regions[1] ? 0.25 : 0;
    },
    reason: (c, seeds) => {
      if (holdersOf(seeds, (v) => v.country.code === c.country.code).length > 0)
        return `also headquartered in ${c.country.label}`;
      const region = c.regions[0];
      return region !== undefined && seeds.some((s) => s.value.regions[0] === region)
        ? `also headquartered in ${c.regionLabels[0]}`
        : undefined;
    },
  }),
  field<Coded>({
    id: 'ownership',
    value: (f) => f.ownership,
    similarity: (a, b) => (a.code === b.code ? 1 : 0),
    reason: (c, seeds, n) => {
      const same = holdersOf(seeds, (v) => v.code === c.code);
      return same.length > 0 && same.length * 2 >= n ? `also ${lower(c.label)}` : undefined;
    },
  }),
  field<string[]>({
    id: 'tools',
    value: (f) => (f.tools && f.tools.length > 0 ? f.tools : undefined),
    similarity: jaccard,
    reason: (c, seeds) => {
      const shared = sharedValues(c, seeds).slice(0, 3);
      return shared.length > 0 ? `uses the same tools: ${words(shared)}` : undefined;
    },
  }),
  field<number>({
    id: 'ai_maturity',
    value: (f) => f.aiMaturity,
    similarity: (a, b) => Math.max(0, 1 - Math.abs(a - b) / 3),
  }),
  field<boolean>({
    id: 'tech_focus',
    value: (f) => f.techFocus,
    similarity: (a, b) => (a === b ? 1 : 0),
  }),
];

export type WeightedField = {
  id: FieldId;
  field: Field<unknown>;
  /** Base weight x agreement x coverage. */
  weight: number;
  /** How much the seeds agree on the field (0 to 1). */
  agreement: number;
  held: Held<unknown>[];
};

export type SeedProfile = {
  seeds: readonly Facts[];
  fields: WeightedField[];
  /** The raw score of the most typical seed: what a score of 1 stands for. */
  reference: number;
};

export type Scored = { score: number; raw: number; reasons: string[] };

export type ScoreOptions = { weights?: Readonly<Record<FieldId, number>>; maxReasons?: number };

export const MAX_REASONS = 4;

/** The seeds' profile: each field's weight from how much they agree on it. */
export function seedProfile(seeds: readonly Facts[], opts: ScoreOptions = {}): SeedProfile {
  const weights = opts.weights ?? BASE_WEIGHTS;
  const n = seeds.length;
  const fields: WeightedField[] = [];
  for (const f of FIELDS) {
    const held: Held<unknown>[] = [];
    for (const s of seeds) {
      const value = f.value(s);
      if (value !== undefined) held.push({ value, name: s.name });
    }
    if (held.length === 0 || weights[f.id] === 0) continue;
    let sum = 0;
    for (const a of held) for (const b of held) sum += f.similarity(a.value, b.value);
    const agreement = sum / (held.length * held.length);
    const weight = weights[f.id] * agreement * (held.length / n);
    if (weight > 0) fields.push({ id: f.id, field: f, weight, agreement, held });
  }
  const profile: SeedProfile = { seeds, fields, reference: 1 };
  if (n > 1) {
    const best = Math.max(...seeds.map((seed) => rawScore(profile, seed)));
    profile.reference = best > 0 ? best : 1;
  }
  return profile;
}

/** The weighted mean of a company's matches to the seeds. */
function rawScore(profile: SeedProfile, company: Facts): number {
  let total = 0;
  let weight = 0;
  for (const wf of profile.fields) {
    weight += wf.weight;
    const value = wf.field.value(company);
    if (value === undefined) continue;
    let sum = 0;
    for (const h of wf.held) sum += wf.field.similarity(value, h.value);
    total += wf.weight * (sum / wf.held.length);
  }
  return weight > 0 ? total / weight : 0;
}

/** A candidate's score (0 to 1, three decimals) and its reasons, strongest first. */
export function scoreCandidate(profile: SeedProfile, candidate: Facts, opts: ScoreOptions = {}): Scored {
  const raw = rawScore(profile, candidate);
  const n = profile.seeds.length;
  const reasons: { text: string; weight: number }[] = [];
  for (const wf of profile.fields) {
    if (!wf.field.reason) continue;
    const value = wf.field.value(candidate);
    if (value === undefined) continue;
    const text = wf.field.reason(value, wf.held, n);
    if (text === undefined) continue;
    let sum = 0;
    for (const h of wf.held) sum += wf.field.similarity(value, h.value);
    reasons.push({ text, weight: wf.weight * (sum / wf.held.length) });
  }
  reasons.sort((a, b) => b.weight - a.weight);
  const score = Math.min(1, raw / profile.reference);
  return {
    score: Math.round(score * 1000) / 1000,
    raw,
    reasons: tidy(reasons.map((r) => r.text)).slice(0, opts.maxReasons ?? MAX_REASONS),
  };
}

/**
 * Reasons that say the same thing once: a product category named like the industry already said,
 * and "also sells B2B" when the customers' reason says "B2B" too.
 */
function tidy(reasons: readonly string[]): string[] {
  return [...new Set(reasons)].filter((r) => {
    if (r.startsWith('same product category: ')) {
      const category = r.slice('same product category: '.length).toLowerCase();
      return !reasons.some((o) => o !== r && o.toLowerCase().endsWith(`: ${category}`));
    }
    if (r.startsWith('also sells ')) {
      return !reasons.some((o) =>
        o.startsWith(`sells to the same customers: ${r.slice('also sells '.length)} `),
      );
    }
    return true;
  });
}
