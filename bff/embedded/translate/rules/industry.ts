/**
 * Industries: NAICS and SIC codes, industry names that hold words other rules read ("generative ai",
 * "social media", "it services"), and industry search over what no rule took.
 *
 * Leftovers: the text left is split at barriers and stop words; word runs of up to four words go to
 * industry search (`searchIndustries`), longest first. A phrase is accepted at similarity >= 0.8 with at
 * most two tied codes; a single word must equal an industry name or keyword (>= 0.95). Two content
 * words around "and" read as one name ("food and beverage"). A misspelt word is corrected against
 * the industry vocabulary; a word nothing knows is reported in `unmatched`.
 */

import { isSicCode } from '../../../contract/sic';
import { isNaicsCode } from '../../dataset/reference/naics';
import { searchIndustries } from '../../query/industry-search';
import type { RuleGroup } from '../core/groups';
import { BARRIER_CHAR, lazyStep, rx, step } from '../core/runner';
import { addValues, type State } from '../core/state';
import { editDistance, industryVocabulary, protectedIndustryPhrases } from '../lexicon';
import { GENERIC_INDUSTRY_WORDS } from '../tables/industry';
import { KNOWN_UNREAD_WORDS, STOPWORDS } from '../tables/words';

/**
 * Words that say something no rule reads ("startups", "staff", "new"): reported, and never part of
 * an industry phrase ("staff" is not staffing, "stage startups" no incubator), as when they were
 * stop words.
 */
const UNREAD: ReadonlySet<string> = new Set(KNOWN_UNREAD_WORDS);

/** Industry names holding words the AI, offering and motion rules read, read as industries first. */
const protectedIndustryStep = lazyStep(() => ({
  re: rx(
    [...protectedIndustryPhrases().keys()]
      .sort((a, b) => b.length - a.length)
      .map((k) => k.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))
      .join('|'),
  ),
  apply: (m, st) => {
    addValues(st, 'industry.industry', protectedIndustryPhrases().get(m[0]!) ?? [], m[0]!);
    return true;
  },
}));

export const industryGroup: RuleGroup = {
  name: 'industry',
  steps: {
    codes: [
      step({
        // "naics 5112", "naics codes 5112, 5415 or 54"
        re: rx('naics(?: codes?)? (\\d{2,6}(?: ?(?:,|or|and|/) ?\\d{2,6})*)'),
        apply: (m, st) => {
          const codes = m[1]!.match(/\d+/g) ?? [];
          if (codes.some((c) => !isNaicsCode(c) && c.length > 2)) return false;
          addValues(st, 'industry.naics', codes, m[0]!);
          return true;
        },
      }),
      step({
        // "sic 7372", "sic codes 7372 or 73"
        re: rx('sic(?: codes?)? (\\d{2,4}(?: ?(?:,|or|and|/) ?\\d{2,4})*)'),
        apply: (m, st) => {
          const codes = m[1]!.match(/\d+/g) ?? [];
          if (codes.some((c) => !isSicCode(c) && c.length > 2)) return false;
          addValues(st, 'industry.sic', codes, m[0]!);
          return true;
        },
      }),
      protectedIndustryStep,
    ],
  },
};

const industryCache = new Map<string, { code: string; similarity: number }[]>();
function industries(phrase: string): { code: string; similarity: number }[] {
  let r = industryCache.get(phrase);
  if (!r) {
    r = searchIndustries(phrase, 5);
    if (industryCache.size > 5000) industryCache.clear();
    industryCache.set(phrase, r);
  }
  return r;
}

/**
 * Industry codes for a phrase: the top match(es) of industry search with similarity >= 0.8, at most
 * two tied. A single word must equal an industry name or keyword (>= 0.95): a word merely occurring
 * in several names ("first", "garden", "hiring") scores 0.9 and says too little.
 */
function acceptIndustry(phrase: string): string[] {
  const r = industries(phrase);
  const top = r[0];
  const min = phrase.includes(' ') ? 0.8 : 0.95;
  if (!top || top.similarity < min) return [];
  const best = r.filter((x) => x.similarity >= top.similarity - 0.001);
  if (best.length > 2) return [];
  return best.map((x) => x.code);
}

/** The industry word a misspelt word most likely stands for (one edit, two for long words). */
const correctionCache = new Map<string, string | null>();
function correctIndustryWord(w: string): string | null {
  if (w.length < 5) return null;
  const cached = correctionCache.get(w);
  if (cached !== undefined) return cached;
  const max = w.length >= 8 ? 2 : 1;
  let best: string | null = null;
  let bestD = max + 1;
  for (const v of industryVocabulary()) {
    if (v === w) {
      best = null;
      break;
    }
    const d = editDistance(w, v, max);
    if (d < bestD) {
      bestD = d;
      best = v;
    }
  }
  correctionCache.set(w, best);
  return best;
}

function industryRun(st: State, run: string[]): void {
  let i = 0;
  while (i < run.length) {
    let took = 0;
    for (let len = Math.min(4, run.length - i); len >= 1; len--) {
      const phrase = run.slice(i, i + len).join(' ');
      if (len === 1 && GENERIC_INDUSTRY_WORDS.has(phrase)) continue;
      const codes = acceptIndustry(phrase);
      if (codes.length) {
        addValues(st, 'industry.industry', codes, phrase);
        took = len;
        break;
      }
    }
    if (took === 0) {
      // a word too generic to name an industry is no misspelling of one either ("founders")
      const fixed = GENERIC_INDUSTRY_WORDS.has(run[i]!) ? null : correctIndustryWord(run[i]!);
      const codes = fixed ? acceptIndustry(fixed) : [];
      if (codes.length) addValues(st, 'industry.industry', codes, run[i]!);
      else st.unmatched.push(run[i]!);
      i++;
    } else i += took;
  }
}

/** Reads what no rule took: word runs go to industry search, words nothing used are unmatched. */
export function readLeftovers(st: State): void {
  for (const chunk of st.s.split(BARRIER_CHAR)) {
    const words = chunk.split(' ').filter(Boolean);
    const content = (w: string | undefined) => w !== undefined && !STOPWORDS.has(w) && /[a-z0-9]/.test(w);
    // "food and beverage": two content words around "and"/"&" read as one industry name
    for (let k = 1; k + 1 < words.length; k++) {
      if ((words[k] === 'and' || words[k] === '&') && content(words[k - 1]) && content(words[k + 1])) {
        const phrase = `${words[k - 1]} ${words[k + 1]}`;
        const top = industries(phrase)[0];
        if (top && top.similarity >= 0.95) {
          addValues(st, 'industry.industry', [top.code], `${words[k - 1]} ${words[k]} ${words[k + 1]}`);
          words.splice(k - 1, 3, ',');
        }
      }
    }
    const runs: string[][] = [];
    let cur: string[] = [];
    for (const w of words) {
      if (!content(w)) {
        if (cur.length) runs.push(cur);
        cur = [];
      } else cur.push(w);
    }
    if (cur.length) runs.push(cur);
    for (const run of runs) {
      // a word industry search knows nothing about (and cannot correct) splits the run: cheaper
      // windows, and it cannot help a neighbour anyway
      let part: string[] = [];
      for (const w of run) {
        // a number no rule read ("50-200", "2015", "200+") is no industry: reported as it is
        if (!/[a-z]/.test(w) || UNREAD.has(w) || (industries(w).length === 0 && !correctIndustryWord(w))) {
          if (part.length) industryRun(st, part);
          part = [];
          st.unmatched.push(w);
        } else part.push(w);
      }
      if (part.length) industryRun(st, part);
    }
  }
}
