/**
 * Negative phrases with a meaning of their own, which the BFF writes as filters itself: their words
 * name what the data can say, and neither the generic negation (the positive "funding" or "VC" is no
 * filter, or the wrong one: "VC" is the venture-capital industry) nor the translator reads them.
 *
 * - No funding ("without funding", "no funding", "unfunded", "never raised", "not funded", "no
 *   investors"): `num_funding_rounds` at most 0. The data counts each company's rounds, 0 for a
 *   company without any, and the embedded data agrees (`num_funding_rounds` is the length of the
 *   rounds list). Not the ownership category "founder operated (bootstrapped)": a company without
 *   rounds may be family owned, public or owned by a group, and "bootstrapped" on its own stays the
 *   translator's ownership reading. The funding stage has no "none" value to use instead.
 * - No venture capital ("without VC funding", "no VC backing", "no venture capital"): the ownership
 *   category "venture / growth investor backed" is excluded. ("not VC backed" is a plain negation of
 *   "VC backed", which the translator reads as that category: the same exclusion.)
 */
import type { Exclusions, ListFilters } from '../../contract/filters';
import { lowerShadow } from '../../contract/text';

export type OwnMeaningPhrase = {
  start: number;
  end: number;
  /** The words as written: a chip. */
  text: string;
  filters: ListFilters;
  exclude: Exclusions;
};

type Entry = { re: RegExp; filters?: ListFilters; exclude?: Exclusions };

const FUNDING_WORDS = '(?:funding(?:\\s+rounds?)?|financing|investment|investors|rounds?\\s+of\\s+funding)';
const OUTSIDE = '(?:outside\\s+|external\\s+|institutional\\s+|equity\\s+)?';
/**
 * "never raised" on its own, not "never raised a Series A" (a negated round: the negation's, whose
 * exclusion of the stage is right): nothing but the end or another criterion after it.
 */
const NOTHING_AFTER =
  '(?=\\s*$|\\s*[,.;:!?]|\\s+(?:in|with|that|which|who|and|or|but|based|founded)(?![\\p{L}\\p{N}]))';

const ENTRIES: readonly Entry[] = [
  {
    re: new RegExp(
      '(?<![\\p{L}\\p{N}])(?:' +
        `(?:without|w/o|w/out|no|zero|not any)\\s+(?:any\\s+)?(?:vcs?|venture)(?:\\s+capital)?(?:[\\s-]+(?:funding|money|backing|investment|investors?|rounds?|funds?))?` +
        `|never\\s+(?:raised|took|taken|received)\\s+(?:any\\s+)?(?:vc|venture)(?:\\s+capital)?(?:[\\s-]+(?:funding|money|backing|investment))?` +
        ')(?![\\p{L}\\p{N}])',
      'gu',
    ),
    exclude: { 'firmographic.ownership_category': ['venture_growth_investor_backed'] },
  },
  {
    re: new RegExp(
      '(?<![\\p{L}\\p{N}])(?:' +
        `(?:without|w/o|w/out|no|zero|not any)\\s+(?:any\\s+)?${OUTSIDE}${FUNDING_WORDS}` +
        `|never\\s+(?:raised|took|taken|received)(?:\\s+(?:any\\s+)?${OUTSIDE}(?:funding|money|capital|investment)|${NOTHING_AFTER})` +
        `|(?:has|have)(?:\\s+not|n't)\\s+raised(?:\\s+(?:any\\s+)?${OUTSIDE}(?:funding|money|capital)|${NOTHING_AFTER})` +
        // "not funded by Sequoia" names an investor: the negation's, which excludes that investor only
        '|(?:not|never)\\s+(?:been\\s+)?funded(?!\\s+by(?![\\p{L}\\p{N}]))' +
        '|unfunded' +
        ')(?![\\p{L}\\p{N}])',
      'gu',
    ),
    filters: { 'funding_detail.funding_overview.num_funding_rounds': { lte: 0 } },
  },
];

/** The phrases with a meaning of their own in a description, in order, none overlapping. */
export function findOwnMeaning(text: string): OwnMeaningPhrase[] {
  const shadow = lowerShadow(text);
  const found: OwnMeaningPhrase[] = [];
  for (const entry of ENTRIES) {
    for (const m of shadow.matchAll(entry.re)) {
      const start = m.index ?? 0;
      const end = start + m[0].length;
      if (found.some((f) => start < f.end && end > f.start)) continue;
      found.push({
        start,
        end,
        text: text.slice(start, end),
        filters: entry.filters ?? {},
        exclude: entry.exclude ?? {},
      });
    }
  }
  return found.sort((a, b) => a.start - b.start);
}
