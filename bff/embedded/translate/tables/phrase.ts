import type { FilterKey } from '../../../contract/filters';

/**
 * One reading of the translator: words that set a filter key to values. The same entry is what
 * `render` writes for those values (`says`), so a phrase and its reading live in one place.
 *
 * `reads` is a regular-expression source over normalised text (lower case, no accents, hyphens as
 * spaces); the rule runner adds word boundaries. Entries are tried in table
 * order, so a more specific phrase comes before a general one ("went public" before "public").
 */
export type Phrase = {
  reads: string;
  key: FilterKey;
  values: readonly string[] | readonly number[] | boolean;
  /** The words `render` writes for exactly `values` (at most one entry per key and values says it). */
  says?: string;
  /** The same words feed the next entry too ("saas": an offering and a revenue model). */
  alsoNext?: true;
};
