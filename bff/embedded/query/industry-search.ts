/**
 * Industry search (spec endpoint 7): free text to service industries, similarity in 0..1, best
 * first, nothing when nothing is close. The same matcher serves the filter translator, so "fintech",
 * "cyber security" and "medical devices" mean the same industries everywhere.
 *
 * Similarity of a query to an industry is the best of:
 * - the whole query equals the name (1.0) or a keyword (0.95), ignoring case, accents and plurals;
 * - word coverage: each query word scores its best match among the industry's name and keyword words
 *   (equal 1, same stem 0.9, close spelling by trigram Dice >= 0.6 scaled) weighted by how rare the
 *   word is across the taxonomy (IDF); name and keyword words count fully, description words at 0.6.
 */
import type { IndustryMatch } from '../../contract/api';
import { normalizeText } from '../../contract/text';
import { INDUSTRIES, type Industry } from '../dataset/taxonomy';

const STOPWORDS = new Set([
  'a',
  'an',
  'and',
  'the',
  'of',
  'in',
  'for',
  'on',
  'to',
  'with',
  'or',
  'by',
  'at',
  '&',
  'company',
  'companies',
  'industry',
  'industries',
  'business',
  'businesses',
  'firm',
  'firms',
  'sector',
  'startup',
  'startups',
  'provider',
  'providers',
  'related',
]);

export const MIN_SIMILARITY = 0.45;

function stem(w: string): string {
  if (w.length > 4 && w.endsWith('ies')) return `${w.slice(0, -3)}y`;
  if (w.length > 4 && w.endsWith('es') && /(ss|x|ch|sh)es$/.test(w)) return w.slice(0, -2);
  if (w.length > 3 && w.endsWith('s') && !w.endsWith('ss')) return w.slice(0, -1);
  if (w.length > 5 && w.endsWith('ing')) return w.slice(0, -3);
  return w;
}

function words(text: string): string[] {
  return normalizeText(text)
    .split(' ')
    .filter((w) => w !== '' && !STOPWORDS.has(w));
}

function phrase(text: string): string {
  return words(text).map(stem).join(' ');
}

function trigrams(w: string): Set<string> {
  const padded = `  ${w} `;
  const out = new Set<string>();
  for (let i = 0; i + 3 <= padded.length; i++) out.add(padded.slice(i, i + 3));
  return out;
}

function dice(a: Set<string>, b: Set<string>): number {
  let common = 0;
  for (const t of a) if (b.has(t)) common++;
  return (2 * common) / (a.size + b.size);
}

type Prepared = {
  industry: Industry;
  name: string;
  keywords: Set<string>;
  /** word -> weight of the field it came from */
  words: Map<string, number>;
};

type Model = { prepared: Prepared[]; idf: Map<string, number>; vocabulary: Map<string, Set<string>> };

let model: Model | undefined;

function build(): Model {
  const prepared: Prepared[] = INDUSTRIES.map((industry) => {
    const w = new Map<string, number>();
    const put = (word: string, weight: number) => w.set(word, Math.max(w.get(word) ?? 0, weight));
    for (const word of words(industry.description)) put(stem(word), 0.6);
    for (const k of industry.keywords) for (const word of words(k)) put(stem(word), 1);
    for (const word of words(industry.name)) put(stem(word), 1);
    return {
      industry,
      name: phrase(industry.name),
      keywords: new Set(industry.keywords.map(phrase)),
      words: w,
    };
  });
  const df = new Map<string, number>();
  for (const p of prepared) for (const word of p.words.keys()) df.set(word, (df.get(word) ?? 0) + 1);
  const idf = new Map<string, number>();
  for (const [word, n] of df) idf.set(word, Math.log(1 + prepared.length / n));
  const vocabulary = new Map<string, Set<string>>();
  for (const word of df.keys()) vocabulary.set(word, trigrams(word));
  return { prepared, idf, vocabulary };
}

function getModel(): Model {
  model ??= build();
  return model;
}

/** The taxonomy words a query word may stand for, with how well it matches each. */
function expand(m: Model, word: string): Map<string, number> {
  const out = new Map<string, number>();
  if (m.vocabulary.has(word)) out.set(word, 1);
  if (word.length >= 4) {
    const tri = trigrams(word);
    for (const [candidate, ctri] of m.vocabulary) {
      if (candidate === word) continue;
      if (candidate.startsWith(word) && word.length >= 5)
        out.set(candidate, Math.max(out.get(candidate) ?? 0, 0.85));
      const d = dice(tri, ctri);
      if (d >= 0.6) out.set(candidate, Math.max(out.get(candidate) ?? 0, 0.9 * d));
    }
  }
  return out;
}

export function searchIndustries(query: string, limit = 25): IndustryMatch[] {
  const m = getModel();
  const qPhrase = phrase(query);
  if (qPhrase === '') return [];
  const qWords = [...new Set(qPhrase.split(' '))];
  const expansions = qWords.map((w) => expand(m, w));
  const weights = qWords.map((w, i) => {
    const best = [...expansions[i]!.keys()].reduce((acc, c) => Math.max(acc, m.idf.get(c) ?? 0), 0);
    return best > 0 ? best : (m.idf.get(w) ?? Math.log(1 + m.prepared.length));
  });
  const totalWeight = weights.reduce((a, b) => a + b, 0);

  const results: IndustryMatch[] = [];
  for (const p of m.prepared) {
    let similarity = 0;
    if (p.name === qPhrase) similarity = 1;
    else if (p.keywords.has(qPhrase)) similarity = 0.95;
    else {
      let covered = 0;
      qWords.forEach((_, i) => {
        let best = 0;
        for (const [candidate, quality] of expansions[i]!) {
          const fieldWeight = p.words.get(candidate);
          if (fieldWeight !== undefined) best = Math.max(best, quality * fieldWeight);
        }
        covered += best * weights[i]!;
      });
      similarity = totalWeight > 0 ? 0.9 * (covered / totalWeight) : 0;
      // A query phrase contained in the name or a keyword reads as a strong match.
      if (
        similarity > 0 &&
        (` ${p.name} `.includes(` ${qPhrase} `) ||
          [...p.keywords].some((k) => ` ${k} `.includes(` ${qPhrase} `)))
      ) {
        similarity = Math.max(similarity, 0.85);
      }
    }
    if (similarity >= MIN_SIMILARITY) {
      results.push({
        code: p.industry.code,
        industry_name: p.industry.name,
        similarity: Math.round(similarity * 1000) / 1000,
      });
    }
  }
  return results
    .sort((a, b) => b.similarity - a.similarity || a.industry_name.localeCompare(b.industry_name))
    .slice(0, limit);
}
