/**
 * One filter-builder answer from the parts of a description (`describe.ts`) and the translator's
 * answers for its rest and for its negated phrases. Pure.
 *
 * - `filters`: the rest's filters, the size bands (`firmographic.headcount_range`, any of the
 *   bands of every size phrase), the filters of phrases with a meaning of their own, and the
 *   complement of every negated range ("not founded after 2015": founded 2015 or before). A range
 *   negated on both sides ("not founded between 2000 and 2010") is two ranges, which one filter
 *   cannot hold: its words are reported unmatched.
 * - `exclude`: what the negated phrases translate to (list-valued keys and booleans), the bands of
 *   negated sizes, and the exclusions of phrases with a meaning of their own. A value both asked
 *   for and excluded on one key is taken out of the asked-for list; when that empties the list,
 *   the key keeps only its exclusion.
 * - `matches`: the rest's, then the size phrases' and the others', with the user's words as the
 *   text ("50-200 employees", "not in the US"); a negated phrase's match is marked `excluded`.
 *   Which negated phrase gave which filter is told by the translator's matches (the phrase sharing
 *   most words with the match); an answer without matches (the real service) gives them all to the
 *   one negated phrase, or to all of them together.
 * - `unmatched`: the rest's, then each negated phrase that gave nothing, in the user's words.
 */
import type { FilterMatch } from '../../contract/api';
import { HEADCOUNT_RANGES, type HeadcountRange } from '../../contract/enums';
import {
  EXCLUDABLE_FILTERS,
  type FilterKind,
  INVESTOR_EXCLUSION_KEY,
  LIST_FILTER_BY_KEY,
  type Range,
} from '../../contract/filters';
import { contentWords } from '../../contract/function-words';
import { normalizeText } from '../../contract/text';
import type { Description, NegatedPhrase } from './describe';

/** What the translator answered for one description (the service's `data`). */
export type Translated = {
  filters: Record<string, unknown>;
  matches?: readonly FilterMatch[];
  unmatched?: readonly string[];
};

export type MergedAnswer = {
  filters: Record<string, unknown>;
  exclude: Record<string, unknown>;
  matches: FilterMatch[];
  unmatched: string[];
};

const HEADCOUNT = 'firmographic.headcount_range';
const EXCLUDABLE_KEYS: ReadonlySet<string> = new Set(EXCLUDABLE_FILTERS.map((f) => f.key));
const RANGE_KINDS: ReadonlySet<FilterKind> = new Set(['year_range', 'int_range', 'usd_range', 'date_range']);

type Bound = number | string;

function isRange(v: unknown): v is Range<Bound> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

/** The day before or after an ISO date (YYYY-MM-DD); undefined for anything else. */
function shiftDay(date: string, days: number): string | undefined {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(date)) return undefined;
  const t = Date.parse(`${date}T00:00:00Z`);
  if (Number.isNaN(t)) return undefined;
  return new Date(t + days * 86_400_000).toISOString().slice(0, 10);
}

function step(bound: Bound, by: 1 | -1): Bound | undefined {
  return typeof bound === 'number' ? bound + by : shiftDay(bound, by);
}

/** What a range is not: one range when it has one bound, none when it has two (or none). */
export function complementOf(range: Range<Bound>): Range<Bound> | undefined {
  const { gte, lte } = range;
  if (gte !== undefined && lte === undefined) {
    const below = step(gte, -1);
    return below === undefined ? undefined : { lte: below };
  }
  if (lte !== undefined && gte === undefined) {
    const above = step(lte, 1);
    return above === undefined ? undefined : { gte: above };
  }
  return undefined;
}

/** Both ranges at once; undefined when nothing is in both. */
function intersect(a: Range<Bound>, b: Range<Bound>): Range<Bound> | undefined {
  const gte = a.gte === undefined ? b.gte : b.gte === undefined || a.gte > b.gte ? a.gte : b.gte;
  const lte = a.lte === undefined ? b.lte : b.lte === undefined || a.lte < b.lte ? a.lte : b.lte;
  if (gte !== undefined && lte !== undefined && gte > lte) return undefined;
  return { ...(gte !== undefined ? { gte } : {}), ...(lte !== undefined ? { lte } : {}) };
}

/** A negated round condition naming investors and nothing else ("not funded by X"). */
function investorsOnly(key: string, value: unknown): value is { 'investors.uuid': string[] } {
  if (key !== 'funding_detail.funding_rounds' || !isRange(value)) return false;
  const round = value as Record<string, unknown>;
  const ids = round['investors.uuid'];
  return Array.isArray(ids) && ids.length > 0 && Object.keys(round).length === 1;
}

function addAll(target: Record<string, unknown>, key: string, values: readonly unknown[]): void {
  const prev = (target[key] as unknown[] | undefined) ?? [];
  target[key] = [...new Set([...prev, ...values])];
}

const sortBands = (bands: Iterable<HeadcountRange>) => HEADCOUNT_RANGES.filter((b) => new Set(bands).has(b));

/** The words of a text, normalised; without function words when `content` (but "US" is none). */
function wordsOf(text: string, content: boolean): string[] {
  if (content) return contentWords(text).map((w) => normalizeText(w));
  return normalizeText(text).split(' ').filter(Boolean);
}

/** How many words of a match a phrase holds (a word counts when one starts the other: "us", "usa"). */
function shared(words: readonly string[], own: readonly string[]): number {
  return words.filter((w) =>
    own.some((o) => o === w || (Math.min(o.length, w.length) >= 2 && (o.startsWith(w) || w.startsWith(o)))),
  ).length;
}

/**
 * The negated phrase a match of the joined translation came from: the one sharing most content
 * words with it, or failing that most words. Undefined when none shares a word.
 */
function phraseOf(match: FilterMatch, phrases: readonly NegatedPhrase[]): number | undefined {
  for (const content of [true, false]) {
    const words = wordsOf(match.text, content);
    let best: number | undefined;
    let bestScore = 0;
    phrases.forEach((p, i) => {
      const score = shared(words, wordsOf(p.scope, content));
      if (score > bestScore) {
        best = i;
        bestScore = score;
      }
    });
    if (best !== undefined) return best;
  }
  return undefined;
}

export function mergeAnswer(
  parts: Description,
  positive: Translated | undefined,
  negated: Translated | undefined,
): MergedAnswer {
  const filters: Record<string, unknown> = { ...(positive?.filters ?? {}) };
  const exclude: Record<string, unknown> = {};
  const matches: FilterMatch[] = [...(positive?.matches ?? [])];
  const unmatched: string[] = [...(positive?.unmatched ?? [])];

  /** Narrows a range filter; false when nothing would be left. */
  const narrow = (key: string, range: Range<Bound>): boolean => {
    const prev = filters[key];
    const next = isRange(prev) ? intersect(prev, range) : range;
    if (!next) return false;
    filters[key] = next;
    return true;
  };

  if (parts.sizes.length > 0) {
    filters[HEADCOUNT] = sortBands(parts.sizes.flatMap((s) => s.bands));
    for (const s of parts.sizes) matches.push({ text: s.text, key: HEADCOUNT, values: s.bands });
  }
  for (const s of parts.negatedSizes) {
    addAll(exclude, HEADCOUNT, s.bands);
    matches.push({ text: s.text, key: HEADCOUNT, values: s.bands, excluded: true });
  }
  for (const o of parts.own) {
    for (const [key, value] of Object.entries(o.filters)) {
      if (isRange(value) && !narrow(key, value)) {
        unmatched.push(o.text);
        continue;
      }
      if (!isRange(value)) filters[key] = value;
      matches.push({ text: o.text, key, values: value });
    }
    for (const [key, values] of Object.entries(o.exclude)) {
      addAll(exclude, key, values as unknown[]);
      matches.push({ text: o.text, key, values, excluded: true });
    }
  }
  // Signal words (./signal-words.ts): their filters as written; negated hiring is reported.
  for (const p of parts.signals ?? []) {
    if (p.unread) unmatched.push(p.text);
    for (const [key, value] of Object.entries(p.filters)) {
      filters[key] = value;
      matches.push({ text: p.text, key, values: value });
    }
  }

  if (parts.negated.length > 0) {
    const phrases = parts.negated;
    const known = negated?.matches !== undefined;
    // which phrases gave which key (by the translator's matches), or all to all when it does not say
    const gave = phrases.map(() => new Map<string, unknown>());
    const together = phrases.map((p) => p.text).join(', ');
    if (known) {
      for (const m of negated?.matches ?? []) {
        const i = phrases.length === 1 ? 0 : phraseOf(m, phrases);
        if (i !== undefined) gave[i]!.set(m.key, m.values);
      }
    }
    const chipOf = (key: string): string[] => {
      const texts = phrases.filter((_, i) => gave[i]!.has(key)).map((p) => p.text);
      if (texts.length > 0) return texts;
      return [phrases.length === 1 ? phrases[0]!.text : together];
    };
    const failed = new Set<string>();
    const negatedMatches: FilterMatch[] = [];
    for (const [key, value] of Object.entries(negated?.filters ?? {})) {
      const def = LIST_FILTER_BY_KEY.get(key);
      const chips = chipOf(key);
      if (def && RANGE_KINDS.has(def.kind) && isRange(value)) {
        const complement = complementOf(value);
        if (complement && narrow(key, complement)) {
          for (const text of chips) negatedMatches.push({ text, key, values: complement });
        } else for (const text of chips) failed.add(text);
      } else if (investorsOnly(key, value)) {
        // "not funded by X": investor X is excluded, and nothing else (not the absence of rounds)
        const values = value['investors.uuid'];
        addAll(exclude, INVESTOR_EXCLUSION_KEY, values);
        for (const text of chips)
          negatedMatches.push({ text, key: INVESTOR_EXCLUSION_KEY, values, excluded: true });
      } else if (EXCLUDABLE_KEYS.has(key) && (Array.isArray(value) || typeof value === 'boolean')) {
        const values = Array.isArray(value) ? value : [value];
        addAll(exclude, key, values);
        for (const text of chips) {
          const i = phrases.findIndex((p) => p.text === text);
          const own = i >= 0 ? gave[i]!.get(key) : undefined;
          negatedMatches.push({ text, key, values: Array.isArray(own) ? own : values, excluded: true });
        }
      } else for (const text of chips) failed.add(text);
    }
    // chips in the order the user wrote the phrases
    const order = (m: FilterMatch) => {
      const i = phrases.findIndex((p) => p.text === m.text);
      return i === -1 ? phrases.length : i;
    };
    matches.push(...negatedMatches.sort((a, b) => order(a) - order(b)));
    const anyFilter = Object.keys(negated?.filters ?? {}).length > 0;
    for (const [i, p] of phrases.entries()) {
      const gaveNothing = known ? gave[i]!.size === 0 : !anyFilter;
      if (gaveNothing || failed.has(p.text)) unmatched.push(p.text);
    }
    if (!known && anyFilter && failed.has(together)) unmatched.push(together);
    // words of a negated phrase that gave something, which the translator did not use
    const reported = new Set(unmatched.map((u) => normalizeText(u)));
    for (const w of negated?.unmatched ?? []) {
      const inReported = [...reported].some((r) => ` ${r} `.includes(` ${normalizeText(w)} `));
      if (!inReported) unmatched.push(w);
    }
  }

  // asked for and excluded on one key: the asked-for list loses the excluded values ("in Germany
  // or France, excluding Germany"); the exclusion stays (a company may hold several values)
  for (const [key, values] of Object.entries(exclude)) {
    const asked = filters[key];
    if (!Array.isArray(asked)) continue;
    const out = new Set(values as unknown[]);
    const left = asked.filter((v) => !out.has(v));
    if (left.length > 0) filters[key] = left;
    else delete filters[key];
  }
  if (Array.isArray(exclude[HEADCOUNT]))
    exclude[HEADCOUNT] = sortBands(exclude[HEADCOUNT] as HeadcountRange[]);

  return { filters, exclude, matches, unmatched: [...new Set(unmatched)] };
}
