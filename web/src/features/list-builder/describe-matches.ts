/**
 * What the Describe panel shows of a translation: one chip per matched phrase ("in germany" →
 * "HQ in Germany", "not in the US" → "HQ not in United States"), the words that became no filter,
 * and how to take a phrase's values back out of the filters (or the exclusions) when its chip is
 * removed.
 */
import type { FilterBuilderResponse } from '@contract/api';
import { compactValue, type FilterValues } from './filter-values';
import { exclusionWords, filterWords, type NameLookup } from './filter-words';

type DescribeChip = {
  id: string;
  words: string;
  key: string;
  values: unknown;
  text: string;
  /** A negated phrase: its values are what the list leaves out (`exclude`). */
  excluded: boolean;
};

/** The list a chip's values live in. */
type ListParts = { filters?: FilterValues | undefined; exclude?: FilterValues | undefined };

/** A match of the BFF's filter-builder may be negated (`excluded: true`); the service's never is. */
function isExcluded(match: object): boolean {
  return (match as { excluded?: unknown }).excluded === true;
}

export function describeChips(response: FilterBuilderResponse, names: NameLookup): DescribeChip[] {
  return (response.data.matches ?? []).map((m, i) => {
    const excluded = isExcluded(m);
    return {
      id: `${i}:${excluded ? 'not:' : ''}${m.key}:${m.text}`,
      words: m.text,
      key: m.key,
      values: m.values,
      text: excluded ? exclusionWords(m.key, m.values, names) : filterWords(m.key, m.values, names),
      excluded,
    };
  });
}

/** The words of a description that became no filter, function words aside (empty when none). */
export function unusedWords(response: FilterBuilderResponse): string[] {
  return (response.data.unmatched ?? []).filter((w) => w.trim() !== '');
}

/** Whether the list still holds (some of) what a matched phrase put there. */
export function chipIsActive(chip: DescribeChip, list: ListParts): boolean {
  const current = (chip.excluded ? list.exclude : list.filters)?.[chip.key];
  if (current === undefined) return false;
  if (Array.isArray(chip.values) && Array.isArray(current)) {
    return chip.values.some((v) => current.includes(v));
  }
  return true;
}

/** The filters (or exclusions) without what a matched phrase put there (its values, or its whole key). */
export function withoutChip(chip: DescribeChip, values: FilterValues): FilterValues {
  const out = { ...values };
  const current = out[chip.key];
  if (Array.isArray(chip.values) && Array.isArray(current)) {
    const rest = compactValue(current.filter((v) => !(chip.values as unknown[]).includes(v)));
    if (rest === undefined) delete out[chip.key];
    else out[chip.key] = rest;
  } else {
    delete out[chip.key];
  }
  return out;
}
