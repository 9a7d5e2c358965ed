/**
 * What the Describe panel shows of a translation: one chip per matched phrase ("in germany" →
 * "HQ in Germany"), the words that were ignored, and how to take a phrase's values back out of
 * the filters when its chip is removed.
 */
import type { FilterBuilderResponse } from '@contract/api';
import { compactValue, type FilterValues } from './filter-values';
import { filterWords, type NameLookup } from './filter-words';

export type DescribeChip = { id: string; words: string; key: string; values: unknown; text: string };

export function describeChips(response: FilterBuilderResponse, names: NameLookup): DescribeChip[] {
  return (response.data.matches ?? []).map((m, i) => ({
    id: `${i}:${m.key}:${m.text}`,
    words: m.text,
    key: m.key,
    values: m.values,
    text: filterWords(m.key, m.values, names),
  }));
}

/** Whether the filters still hold (some of) what a matched phrase put there. */
export function chipIsActive(chip: DescribeChip, filters: FilterValues | undefined): boolean {
  const current = filters?.[chip.key];
  if (current === undefined) return false;
  if (Array.isArray(chip.values) && Array.isArray(current)) {
    return chip.values.some((v) => current.includes(v));
  }
  return true;
}

/** The filters without what a matched phrase put there (its values, or its whole key). */
export function withoutChip(chip: DescribeChip, filters: FilterValues): FilterValues {
  const out = { ...filters };
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
