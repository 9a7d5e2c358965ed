/**
 * Industry search (service endpoint 7, docs/api.md): free text to service industries, similarity in 0..1, best
 * first, nothing when nothing is close. The taxonomy has two levels, sectors and industries; the
 * real service's four map onto them by granularity (`l1`, `l2`: sectors; `l3`, `l4`: industries). The same matcher serves the filter translator, so "fintech",
 * "cyber security" and "medical devices" mean the same industries everywhere.
 *
 * Similarity of a query to an industry is the best of:
 * - the whole query equals the name (1.0) or a keyword (0.95), ignoring case, accents and plurals;
 * - word coverage: each query word scores its best match among the industry's name and keyword words
 *   (equal 1, same stem 0.9, close spelling by trigram Dice >= 0.6 scaled) weighted by how rare the
 *   word is across the taxonomy (IDF); name and keyword words count fully, description words at 0.6.
 */
import type { IndustryLevel, IndustryMatch } from '../../contract/api';
import { normalizeText } from '../../contract/text';
import { INDUSTRIES, INDUSTRY_SECTORS, type Industry } from '../dataset/taxonomy';

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

const MIN_SIMILARITY = 0.45;

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

/**
 * A sector of the taxonomy as industry search answers it at levels `l1` and `l2`: its code is the
 * two digits its industries' codes share (`IND-10` holds `IND-1001` ... `IND-1045`).
 */
type IndustrySector = { code: string; name: string; industries: readonly string[] };

function buildSectors(): IndustrySector[] {
  return INDUSTRY_SECTORS.map((name) => {
    const industries = INDUSTRIES.filter((i) => i.sector === name).map((i) => i.code);
    const blocks = new Set(industries.map((code) => code.slice(0, 'IND-00'.length)));
    const [code] = blocks;
    // The taxonomy numbers each sector in its own block; a sector spanning two would have no code.
    if (blocks.size !== 1 || code === undefined)
      throw new Error(`Sector ${name} does not hold exactly one block of industry codes`);
    return { code, name, industries };
  });
}

let sectors: IndustrySector[] | undefined;

export function industrySectors(): readonly IndustrySector[] {
  sectors ??= buildSectors();
  return sectors;
}

/**
 * The whole taxonomy as a tree, sectors in taxonomy order each with its industries (code and name):
 * what the BFF serves the web app's industry picker on the embedded service (`GET /bff/industries`).
 */
export function industryTree(): {
  code: string;
  name: string;
  industries: { code: string; name: string }[];
}[] {
  const names = new Map(INDUSTRIES.map((i) => [i.code, i.name]));
  return industrySectors().map((s) => ({
    code: s.code,
    name: s.name,
    industries: s.industries.map((code) => ({ code, name: names.get(code) ?? code })),
  }));
}

export function sectorByCode(code: string): IndustrySector | undefined {
  return industrySectors().find((s) => s.code === code);
}

function industrySimilarity(p: Prepared, q: PreparedQuery): number {
  if (p.name === q.phrase) return 1;
  if (p.keywords.has(q.phrase)) return 0.95;
  let covered = 0;
  q.words.forEach((_, i) => {
    let best = 0;
    for (const [candidate, quality] of q.expansions[i]!) {
      const fieldWeight = p.words.get(candidate);
      if (fieldWeight !== undefined) best = Math.max(best, quality * fieldWeight);
    }
    covered += best * q.weights[i]!;
  });
  let similarity = q.totalWeight > 0 ? 0.9 * (covered / q.totalWeight) : 0;
  // A query phrase contained in the name or a keyword reads as a strong match.
  if (
    similarity > 0 &&
    (` ${p.name} `.includes(` ${q.phrase} `) ||
      [...p.keywords].some((k) => ` ${k} `.includes(` ${q.phrase} `)))
  ) {
    similarity = Math.max(similarity, 0.85);
  }
  return similarity;
}

type PreparedQuery = {
  phrase: string;
  words: string[];
  expansions: Map<string, number>[];
  weights: number[];
  totalWeight: number;
};

function prepareQuery(m: Model, query: string): PreparedQuery | undefined {
  const qPhrase = phrase(query);
  if (qPhrase === '') return undefined;
  const qWords = [...new Set(qPhrase.split(' '))];
  const expansions = qWords.map((w) => expand(m, w));
  const weights = qWords.map((w, i) => {
    const best = [...expansions[i]!.keys()].reduce((acc, c) => Math.max(acc, m.idf.get(c) ?? 0), 0);
    return best > 0 ? best : (m.idf.get(w) ?? Math.log(1 + m.prepared.length));
  });
  return {
    phrase: qPhrase,
    words: qWords,
    expansions,
    weights,
    totalWeight: weights.reduce((a, b) => a + b, 0),
  };
}

/**
 * A sector's similarity: its own name read like an industry's (equal 1.0, contained 0.85), or its
 * best industry's discounted: by 0.9 when that industry is named by the query (name or keyword,
 * 0.95 and up), by 0.75 when it only shares words with it. So "payments" finds Financial Services
 * (0.9) well above the sectors that merely hold a payments-related industry.
 */
function sectorSimilarity(sector: IndustrySector, q: PreparedQuery, byIndustry: Map<string, number>): number {
  const name = phrase(sector.name);
  const own = name === q.phrase ? 1 : ` ${name} `.includes(` ${q.phrase} `) ? 0.85 : 0;
  const best = sector.industries.reduce((acc, code) => Math.max(acc, byIndustry.get(code) ?? 0), 0);
  return Math.max(own, best * (best >= 0.95 ? 0.9 : 0.75));
}

const round3 = (n: number) => Math.round(n * 1000) / 1000;

/**
 * Industries (levels `l3`, `l4`: the default) and sectors (levels `l1`, `l2`) close to the query,
 * best first (ties by name), at most `limit`; nothing below `MIN_SIMILARITY`.
 */
export function searchIndustries(
  query: string,
  limit = 25,
  levels: readonly IndustryLevel[] = ['l4'],
): IndustryMatch[] {
  const m = getModel();
  const q = prepareQuery(m, query);
  if (!q) return [];
  const byIndustry = new Map(m.prepared.map((p) => [p.industry.code, industrySimilarity(p, q)]));
  const results: IndustryMatch[] = [];
  if (levels.includes('l3') || levels.includes('l4')) {
    for (const p of m.prepared) {
      const similarity = byIndustry.get(p.industry.code) ?? 0;
      if (similarity >= MIN_SIMILARITY)
        results.push({
          code: p.industry.code,
          industry_name: p.industry.name,
          similarity: round3(similarity),
        });
    }
  }
  if (levels.includes('l1') || levels.includes('l2')) {
    for (const sector of industrySectors()) {
      const similarity = sectorSimilarity(sector, q, byIndustry);
      if (similarity >= MIN_SIMILARITY)
        results.push({ code: sector.code, industry_name: sector.name, similarity: round3(similarity) });
    }
  }
  return results
    .sort((a, b) => b.similarity - a.similarity || a.industry_name.localeCompare(b.industry_name))
    .slice(0, limit);
}
