/**
 * Plain language to list filters (service endpoint 2, docs/api.md): a lexicon-and-grammar translator over the filter
 * catalog. No network, no model, no lookup of known sentences.
 *
 * How it works: the text is normalised (`core/normalize.ts`). Rule groups (`rules/*.ts`, one per group
 * of filters, listed in `GROUPS`) then run over it phase by phase (`core/groups.ts`); each rule that
 * recognises a phrase writes filters, records a `match` and replaces the phrase with a barrier so no
 * later rule reads it again (`core/runner.ts`). Order = priority (specific before general: "pe backed"
 * before "private", "series a of $10m in 2023" before "series a"). What is left is split at barriers
 * and stop words; the remaining word runs go to industry search, and words nothing used are reported
 * in `unmatched` (`rules/industry.ts`).
 *
 * The decisions of each group are in its module's header; the words are in `tables/*.ts`, shared with
 * `render.ts` (the inverse: a filter to words that read back to it).
 */
import type { Filters } from '../../contract/filters';
import { findNegations, type NegatedSpan } from '../../contract/negation-words';
import { normalizeText } from '../../contract/text';
import { pipelineOf, type RuleGroup } from './core/groups';
import { createNormalizer } from './core/normalize';
import type { State, TranslateContext, TranslateMatch } from './core/state';
import { assessmentGroup } from './rules/assessment';
import { businessModelGroup } from './rules/business-model';
import { firmographicGroup } from './rules/firmographic';
import { foundingGroup } from './rules/founding';
import { fundingGroup } from './rules/funding';
import { industryGroup, readLeftovers } from './rules/industry';
import { investorsGroup } from './rules/investors';
import { moneyGroup } from './rules/money';
import { placesGroup } from './rules/places';
import { relationshipsGroup } from './rules/relationships';
import { technologyGroup } from './rules/technology';
import { OWNED_NEGATIONS } from './tables/negation';

export type { TranslateContext, TranslateMatch };

/**
 * `unmatched`: words that became no filter (function words aside), negated criteria among them;
 * `negated`: the negated criteria, as written ("not in the US"), which no rule read.
 */
type TranslateResult = {
  filters: Filters;
  matches: TranslateMatch[];
  unmatched: string[];
  negated: string[];
};

/**
 * The rule groups. Within a phase they run in this order, so a group goes before the groups whose
 * words it must read first (money before founding: "$20m in 2015"; firmographic ownership words
 * before funding's "<name> backed"; funding's investors before partner names).
 */
const GROUPS: readonly RuleGroup[] = [
  industryGroup,
  moneyGroup,
  placesGroup,
  foundingGroup,
  firmographicGroup,
  fundingGroup,
  investorsGroup,
  relationshipsGroup,
  businessModelGroup,
  technologyGroup,
  assessmentGroup,
];

const STEPS = pipelineOf(GROUPS);
const normalize = createNormalizer(GROUPS.flatMap((g) => g.vocabulary ?? []));

/** Lower-case word -> the word as typed, for names ("SAP", "McKinsey"). */
function casingOf(text: string): Map<string, string> {
  const map = new Map<string, string>();
  for (const w of text.split(/[\s,;/&()]+/)) {
    const key = normalizeText(w);
    if (key && !key.includes(' ') && w !== key && /[A-Z]/.test(w) && !map.has(key))
      map.set(key, w.replace(/[.,!?]+$/, ''));
  }
  return map;
}

/** The text with each negated criterion replaced by a separator, so no rule reads its words. */
function setAside(text: string, negations: readonly NegatedSpan[]): string {
  let out = '';
  let at = 0;
  for (const n of negations) {
    out += `${text.slice(at, n.start)} , `;
    at = n.end;
  }
  return out + text.slice(at);
}

/**
 * Translates a plain-language description of target companies into list filters.
 *
 * Negation: the translator reads no negation (the BFF turns negated criteria into exclusions before
 * a description reaches the service). A negated criterion that reaches it anyway ("fintechs not in
 * the US" sent straight to list generation) is set aside before the rules run and reported in
 * `unmatched` as written, so it never becomes its positive filter. Negative phrases that name a
 * value ("not public", "no AI", "non-profit", "not VC backed") are the tables' to read.
 */
export function translate(text: string, ctx: TranslateContext): TranslateResult {
  const negations = findNegations(text, { keep: OWNED_NEGATIONS });
  const st: State = {
    s: normalize(negations.length > 0 ? setAside(text, negations) : text),
    ctx,
    filters: {},
    matches: [],
    unmatched: [],
    casing: casingOf(text),
  };
  for (const step of STEPS) step(st);
  for (const group of GROUPS) group.finish?.(st);
  readLeftovers(st);
  const negated = negations.map((n) => n.text);
  return {
    filters: st.filters as Filters,
    matches: st.matches,
    unmatched: [...new Set([...st.unmatched, ...negated])],
    negated,
  };
}
