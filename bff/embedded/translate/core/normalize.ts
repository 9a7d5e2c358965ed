/**
 * Normalisation: lower case, accents and most punctuation dropped, hyphens between words become
 * spaces, number words become digits, common typos and misspelt rule or place words are fixed (never
 * the words after "by", "of", "with", "like": names follow them). The text comes back padded with
 * spaces so every word has a space on both sides.
 */
import { COUNTRIES } from '../../../contract/geo';
import { normalizeText } from '../../../contract/text';
import { INVESTORS } from '../../dataset/investors';
import { cityLexicon, editDistance, industryVocabulary, placeLexicon } from '../lexicon';
import { INVESTOR_ALIASES } from '../tables/investors';
import { CASED_ABBREVIATIONS } from '../tables/places';
import { KNOWN_UNREAD_WORDS, NUMBER_WORDS, RULE_WORDS, STOPWORDS, TYPOS } from '../tables/words';

/** A table's own entry for a word: "constructor" is not a typo of `Object`. */
function own(table: Readonly<Record<string, string>>, word: string): string | undefined {
  return Object.hasOwn(table, word) ? table[word] : undefined;
}

/** Words after which a place stands ("in", "outside the", "hq"). */
const PLACE_BEFORE =
  /(?:^|\s)(?:in|from|across|outside|throughout|into|excluding|except|than|hq|non)(?: the)?\s$/;

/** The words of the catalog's country names (the short misspellings are corrected to these). */
function countryWordList(): string[] {
  return [
    ...new Set(COUNTRIES.flatMap((c) => normalizeText(c.name).split(' ')).filter((x) => x.length >= 4)),
  ];
}

const CASED = new RegExp(`\\b(?:${Object.keys(CASED_ABBREVIATIONS).join('|')})\\b`, 'g');

/**
 * The normaliser for rules whose patterns are `rulePatterns` (regular-expression sources): the words
 * they spell out are never "corrected".
 */
/** Who may own or back a company, before "backed" / "owned" ("VC or PE backed"). */
const OWNERS = 'vc|pe|venture|private equity|family|founder|state|government|employee|management|corporate';

export function createNormalizer(rulePatterns: readonly string[]): (text: string) => string {
  let vocabularies: { known: Set<string>; correctable: string[] } | undefined;
  const wordFixes = new Map<string, string>();

  /** The words never corrected, and those a misspelt word may be corrected to; built on first use. */
  function vocab(): { known: Set<string>; correctable: string[] } {
    if (vocabularies) return vocabularies;
    const words = new Set(RULE_WORDS.split(' '));
    for (const key of placeLexicon().keys()) for (const p of key.split(' ')) if (p.length >= 5) words.add(p);
    // every word the rule patterns spell out counts as known (never "corrected")
    const fromPatterns = rulePatterns.join(' ').match(/[a-z]{3,}/g) ?? [];
    const known = new Set([
      ...words,
      ...fromPatterns,
      ...industryVocabulary(),
      // words of known city names are never "corrected" ("antiguo cuscatlan" is not "antigua")
      ...[...cityLexicon().keys()].flatMap((k) => k.split(' ')),
      ...STOPWORDS,
      ...KNOWN_UNREAD_WORDS,
      ...Object.keys(NUMBER_WORDS),
      // investors' names and short forms are names, never misspellings ("ventures", "khosla")
      ...INVESTORS.flatMap((i) => normalizeText(i.name).split(' ')),
      ...Object.keys(INVESTOR_ALIASES).flatMap((k) => k.split(' ')),
    ]);
    vocabularies = { known, correctable: [...words] };
    return vocabularies;
  }

  let countryWords: string[] | undefined;
  let countryNameWords: Set<string> | undefined;
  /**
   * A short misspelt country word ("spian", "egpyt", "keyna") to the one word of a country's name in
   * the catalog one edit away (a swap of two letters counts as one); a word two country words are as
   * close to stays as it is.
   */
  function correctCountryWord(w: string): string {
    countryWords ??= countryWordList();
    let found: string | undefined;
    for (const v of countryWords) {
      if (editDistance(w, v, 1) > 1) continue;
      if (found !== undefined && found !== v) return w;
      found = v;
    }
    return found ?? w;
  }

  /**
   * A misspelt rule or place word ("swizterland", "bootstraped") to the word it most likely is. A
   * short one (4 to 6 letters) only where a place stands (`placeContext`: after "in", "from",
   * "outside", ... or another country word) and only to a country word ("in itlay", "in new zeland"):
   * elsewhere too many words are one edit from a country ("tiger", "sedan", "indie").
   */
  function correctWord(w: string, placeContext: boolean): string {
    if (w.length < 4 || (w.length < 7 && !placeContext)) return w;
    const key = w.length < 7 ? `in ${w}` : w;
    const cached = wordFixes.get(key);
    if (cached !== undefined) return cached;
    const { known, correctable } = vocab();
    let out = w;
    const stem = w.replace(/(?:s|es|ed|ing)$/, '');
    if (w.length < 7) {
      if (!known.has(w) && !known.has(stem)) out = correctCountryWord(w);
    } else if (!known.has(w) && !known.has(stem)) {
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
    wordFixes.set(key, out);
    return out;
  }

  /** Whether a place may stand after `before`: a place preposition, or a country word ("new"). */
  function placeContext(before: string): boolean {
    if (PLACE_BEFORE.test(before)) return true;
    const previous = /([a-z]+)\s$/.exec(before)?.[1];
    if (!previous) return false;
    countryNameWords ??= new Set(
      COUNTRIES.flatMap((c) => normalizeText(c.name).split(' ')).filter((x) => !STOPWORDS.has(x)),
    );
    return countryNameWords.has(previous);
  }

  return function normalize(text: string): string {
    let s = ` ${text} `
      .replace(/[\u2018\u2019`]/g, "'")
      .replace(/[\u2013\u2014]/g, '-')
      .replace(/\bU\.S\.A\.?|\bU\.S\.(?=[\s,;]|$)/g, ' usa ')
      .replace(CASED, (w) => ` ${CASED_ABBREVIATIONS[w]} `)
      .replace(/\bu\.s\.(?:a\.?)?/gi, ' usa ')
      .replace(/\bu\.k\.?/gi, ' uk ');
    // a year written with two digits after an apostrophe ("founded '15 or later", "the '90s")
    s = s.replace(
      /(^|[\s(])'(\d{2})(?=s?(?![\w']))/g,
      (_, sp: string, yy: string) => `${sp}${Number(yy) >= 50 ? 19 : 20}${yy}`,
    );
    s = s
      .normalize('NFKD')
      .replace(/\p{M}+/gu, '')
      .toLowerCase();
    s = s.replace(/[^a-z0-9$\u20ac\u00a3.,+%&/\-<>= ]+/g, ' ');
    // a range of stages joined by a hyphen ("seed-A", "Series A-C", "pre-seed-Series B") is a range
    s = s.replace(
      /\b((?:series [a-j]|(?:pre ?-?)?seed))\s*-\s*((?:series )?[a-j]|seed)(?![a-z0-9])/g,
      '$1 to $2',
    );
    s = s.replace(/([a-z])-(?=[a-z])/g, '$1 ').replace(/([a-z0-9])'s\b/g, '$1');
    // a hyphen left at the start of a word by the abbreviations above: "US-based", "U.S.-based"
    s = s.replace(/ -(?=[a-z])/g, ' ');
    s = s.replace(/(?<!\d),|,(?!\d{3})/g, ' , ').replace(/(?<!\d)\.|\.(?!\d)/g, ' ');
    s = s.replace(/\//g, ' / ').replace(/&/g, ' & ');
    // "UK&I": the UK and Ireland
    s = s.replace(/\buk & i\b/g, 'uk and ireland');
    // "US+Canada", "UK+Ireland": a plus between two words joins them like "and"
    s = s.replace(/([a-z]) ?\+(?=[a-z])/g, '$1 + ');
    s = s.replace(/[a-z]+/g, (w) => own(TYPOS, w) ?? own(NUMBER_WORDS, w) ?? w);
    // names follow "by", "of", "with", "include", "like": never correct those ("nvidia" is not "india")
    s = s.replace(/(^|\s)([a-z]+)(?=\s)/g, (whole, sp: string, w: string, offset: number, all: string) =>
      /(?:^|\s)(?:by|of|with|include|includes|including|like|as|and|or)\s$/.test(
        all.slice(0, offset + sp.length),
      )
        ? whole
        : `${sp}${correctWord(w, placeContext(all.slice(0, offset + sp.length)))}`,
    );
    s = s.replace(/\b(in|into|across|from|serving|throughout|to) us\b/g, '$1 usa');
    // "Europe, the Middle East and Africa" spelt out is EMEA, not Europe plus the MEA countries
    s = s.replace(/\beurope\s*,?\s*(?:the\s+)?middle\s+east\s*,?\s*(?:and|&)\s+africa\b/g, 'emea');
    s = s.replace(/\b(an?|one) (billion|million|bn)\b/g, '1 $2');
    s = s.replace(/\bfound (?=(?:after|before|in|since|between|post|pre) )/g, 'founded ');
    // "fin tech", "ed-tech", "prop tech": the one word reps mean ("fintech", "edtech", "proptech")
    s = s.replace(/\b(fin|ed|prop|insur|bio|reg|wealth|mar|clean|agri|ag|med|fem|gov|con) tech\b/g, '$1tech');
    // "VC or PE backed", "family or founder owned": the last word is each owner's
    s = s.replace(
      new RegExp(`\\b(${OWNERS}) (or|and|/|&) (${OWNERS}) (backed|owned|funded|controlled)\\b`, 'g'),
      '$1 $4 $2 $3 $4',
    );
    return ` ${s.replace(/\s+/g, ' ').trim()} `;
  };
}
