/**
 * Normalisation: lower case, accents and most punctuation dropped, hyphens between words become
 * spaces, number words become digits, common typos and misspelt rule or place words are fixed (never
 * the words after "by", "of", "with", "like": names follow them). The text comes back padded with
 * spaces so every word has a space on both sides.
 */
import { cityLexicon, editDistance, industryVocabulary, placeLexicon } from '../lexicon';
import { CASED_ABBREVIATIONS } from '../tables/places';
import { KNOWN_UNREAD_WORDS, NUMBER_WORDS, RULE_WORDS, STOPWORDS, TYPOS } from '../tables/words';

/** A table's own entry for a word: "constructor" is not a typo of `Object`. */
function own(table: Readonly<Record<string, string>>, word: string): string | undefined {
  return Object.hasOwn(table, word) ? table[word] : undefined;
}

const CASED = new RegExp(`\\b(?:${Object.keys(CASED_ABBREVIATIONS).join('|')})\\b`, 'g');

/**
 * The normaliser for rules whose patterns are `rulePatterns` (regular-expression sources): the words
 * they spell out are never "corrected".
 */
export function createNormalizer(rulePatterns: readonly string[]): (text: string) => string {
  let knownWords: Set<string> | undefined;
  let correctable: string[] | undefined;
  const wordFixes = new Map<string, string>();

  /** A misspelt rule or place word ("swizterland", "bootstraped") to the word it most likely is. */
  function correctWord(w: string): string {
    if (w.length < 7) return w;
    const cached = wordFixes.get(w);
    if (cached !== undefined) return cached;
    if (!knownWords || !correctable) {
      const vocab = new Set(RULE_WORDS.split(' '));
      for (const key of placeLexicon().keys())
        for (const p of key.split(' ')) if (p.length >= 5) vocab.add(p);
      correctable = [...vocab];
      // every word the rule patterns spell out counts as known (never "corrected")
      const patternText = rulePatterns.join(' ');
      const fromPatterns = patternText.match(/[a-z]{3,}/g) ?? [];
      knownWords = new Set([
        ...vocab,
        ...fromPatterns,
        ...industryVocabulary(),
        // words of known city names are never "corrected" ("antiguo cuscatlan" is not "antigua")
        ...[...cityLexicon().keys()].flatMap((k) => k.split(' ')),
        ...STOPWORDS,
        ...KNOWN_UNREAD_WORDS,
        ...Object.keys(NUMBER_WORDS),
      ]);
    }
    let out = w;
    const stem = w.replace(/(?:s|es|ed|ing)$/, '');
    if (!knownWords.has(w) && !knownWords.has(stem)) {
      const max = w.length >= 8 ? 2 : 1;
      let bestD = max + 1;
      for (const v of correctable) {
        const d = editDistance(w, v, max);
        if (d < bestD) {
          bestD = d;
          out = v;
        }
      }
    }
    wordFixes.set(w, out);
    return out;
  }

  return function normalize(text: string): string {
    let s = ` ${text} `
      .replace(/[\u2018\u2019`]/g, "'")
      .replace(/[\u2013\u2014]/g, '-')
      .replace(/\bU\.S\.A\.?|\bU\.S\.(?=[\s,;]|$)/g, ' usa ')
      .replace(CASED, (w) => ` ${CASED_ABBREVIATIONS[w]} `)
      .replace(/\bu\.s\.(?:a\.?)?/gi, ' usa ')
      .replace(/\bu\.k\.?/gi, ' uk ');
    s = s
      .normalize('NFKD')
      .replace(/\p{M}+/gu, '')
      .toLowerCase();
    s = s.replace(/[^a-z0-9$\u20ac\u00a3.,+%&/\-<>= ]+/g, ' ');
    s = s.replace(/([a-z])-(?=[a-z])/g, '$1 ').replace(/([a-z0-9])'s\b/g, '$1');
    // a hyphen left at the start of a word by the abbreviations above: "US-based", "U.S.-based"
    s = s.replace(/ -(?=[a-z])/g, ' ');
    s = s.replace(/(?<!\d),|,(?!\d{3})/g, ' , ').replace(/(?<!\d)\.|\.(?!\d)/g, ' ');
    s = s.replace(/\//g, ' / ').replace(/&/g, ' & ');
    s = s.replace(/[a-z]+/g, (w) => own(TYPOS, w) ?? own(NUMBER_WORDS, w) ?? w);
    // names follow "by", "of", "with", "include", "like": never correct those ("nvidia" is not "india")
    s = s.replace(/(^|\s)([a-z]+)(?=\s)/g, (whole, sp: string, w: string, offset: number, all: string) =>
      /(?:^|\s)(?:by|of|with|include|includes|including|like|as|and|or)\s$/.test(
        all.slice(0, offset + sp.length),
      )
        ? whole
        : `${sp}${correctWord(w)}`,
    );
    s = s.replace(/\b(in|into|across|from|serving|throughout|to) us\b/g, '$1 usa');
    s = s.replace(/\b(an?|one) (billion|million|bn)\b/g, '1 $2');
    s = s.replace(/\bfound (?=(?:after|before|in|since|between|post|pre) )/g, 'founded ');
    return ` ${s.replace(/\s+/g, ' ').trim()} `;
  };
}
