/**
 * Negation in descriptions (docs/product-rules.md, section 14): a negation cue and the criterion it scopes over.
 * The BFF turns a negated criterion into an exclusion (never its positive filter); the embedded
 * translator, reached without the BFF, reports it unmatched. Pure: no imports outside the contract.
 *
 * Cues: "not", "non-" / "non", "no", "without" / "w/o", "excluding" / "excl." / "exclude(s)",
 * "except (for)", "excepting", "other than", "apart from", "aside from", "save for", "barring",
 * "outside (of)", "never", "no longer", "not yet", "leaving out" / "leave out", "filter out", "rule
 * out", "omit", "skip", "minus", "sans", "ignoring" / "ignore", "nothing" / "none" ("nothing founded
 * before 2015"), "anything but" / "anywhere but" / "everything except", a verb of removal before what
 * it removes ("drop/remove anything|any|all|the|those", "get rid of", "take/cut/weed/throw/toss out"),
 * and the contractions (with or
 * without their apostrophe) "isn't", "aren't", "don't", "doesn't" (and their kin). "but not" is "not" after a "but" that ends
 * what came before.
 *
 * Scope: the words after the cue, up to the first of
 * - a punctuation mark that separates (, ; : ! ? parentheses, a full stop ending a sentence), but
 *   a list goes on across commas: "not in the US, UK or Canada" (short items, the last joined by
 *   "or" / "and", none opening another criterion), and after a cue with a colon every comma does
 *   ("excluding: Germany, France, Spain");
 * - "based" closing a place joined to it by a hyphen ("not US-based fintech" negates "US-based");
 * - "but", "while", "whereas", "although", "though", "however", "instead", another cue;
 * - once the scope holds a content word: a word that opens another criterion ("in", "with",
 *   "that", "which", "who", "founded", "selling", "serving", "offering", "using", "having", "are",
 *   "is") or a generic noun ("companies", "firms", "businesses", "startups"...): "not venture
 *   backed in Germany" negates "venture backed" only;
 * - "and" / "or" / "nor" followed by such an opener: "not in the US or Canada" negates both places,
 *   "not in the US and founded after 2010" only the place;
 * - the end of the text.
 * Words before the first content word belong to the scope ("not in the US", "except those in the
 * UK", "excluding companies in Germany"). After "non", the scope is the one word joined to it
 * ("non-US", "non-venture-backed"). A cue with no content word after it negates nothing.
 *
 * Idioms: negative phrases that name a value of their own are no negation: "non-profit", "not for
 * profit", "non-tech", "no AI", "without an API", "no mobile app", "not public", "not listed", "no
 * revenue", "not yet generating revenue" (the translator reads each as that value). "Not acquired" is
 * a negation like any other: the operating status "acquired" is excluded, and every other status
 * (operating, IPO, closed) stays, which no positive value could say. Focus words ("not only", "not just") and compounds ("no-code") are none either. Callers add their
 * own (`keep`), and mark words already read (`read`: "without funding"), which end a scope.
 *
 * A negated comparison is a negation like any other: "no more than 3 rounds" negates "more than 3
 * rounds", whose complement is "at most 3" (a reader that complements ranges gets it right whatever
 * the translator makes of "more than").
 */
import { isContentWord } from './function-words';
import { lowerShadow } from './text';

/** A negated criterion: offsets in the text, the cue and the scope as written. */
export type NegatedSpan = {
  /** From the cue's first character to the scope's last. */
  start: number;
  end: number;
  /** The cue and its scope as written: the words of a chip ("not in the US", "non-US"). */
  text: string;
  cue: string;
  scopeStart: number;
  scopeEnd: number;
  /** The negated words as written ("in the US", "US"). */
  scope: string;
};

/**
 * Negative phrases that name a value (regular-expression sources over lower-case text): never a
 * negation. The embedded translator's tables read each of them as that value.
 */
export const NEGATION_IDIOMS: readonly string[] = [
  'non[- ]?profits?',
  'not[- ]for[- ]profits?',
  'non[- ]?tech(?:nology)?',
  'not tech',
  'no ai|without ai|not using ai|non[- ]ai|no use of ai',
  'no (?:public )?api|without (?:an? )?(?:public )?api',
  'no (?:mobile )?apps?|without (?:an? )?(?:mobile )?apps?',
  "(?:not|isn't|aren't|isnt|arent) (?:public|listed|publicly (?:traded|listed))|non[- ]public",
  // "no revenue" names pre-revenue, but not before an amount: "no revenue under $10M" is a negation
  'no revenue(?!\\s+(?:under|below|less|fewer|over|above|more|greater|of|between|from|up|<|>|[$\u20ac\u00a3]|\\d))|not yet generating revenue',
];

/** Focus words after "not", and compounds: no negation. */
const NOT_NEGATIONS: readonly string[] = [
  'not (?:only|just|necessarily|least)',
  // compounds: a kind of product, not the absence of one
  'no[- ](?:code|frills)',
];

const MULTI_WORD_CUES: readonly (readonly string[])[] = [
  ['except', 'for'],
  ['other', 'than'],
  ['apart', 'from'],
  ['aside', 'from'],
  ['outside', 'of'],
  ['no', 'longer'],
  ['not', 'yet'],
  ['leaving', 'out'],
  ['leave', 'out'],
  ['filter', 'out'],
  ['filtering', 'out'],
  ['rule', 'out'],
  ['ruling', 'out'],
  ['save', 'for'],
  // "anything but B2C", "anywhere but the UK", "everything except": the whole phrase is the cue
  ['anything', 'but'],
  ['anywhere', 'but'],
  ['everything', 'but'],
  ['anything', 'except'],
  ['anywhere', 'except'],
  ['everything', 'except'],
  // "drop anything acquired", "remove the ones in London", "get rid of", "take out": a verb of
  // removal before what it removes ("drop shipping" and "remove.bg" stay what they name)
  ['drop', 'anything'],
  ['drop', 'any'],
  ['drop', 'all'],
  ['drop', 'the'],
  ['drop', 'those'],
  ['remove', 'anything'],
  ['remove', 'any'],
  ['remove', 'all'],
  ['remove', 'the'],
  ['remove', 'those'],
  ['get', 'rid', 'of'],
  ['take', 'out'],
  ['cut', 'out'],
  ['weed', 'out'],
  ['throw', 'out'],
  ['toss', 'out'],
  // "w/o", "w/out": without
  ['w', '/', 'o'],
  ['w', '/', 'out'],
  ['exclusive', 'of'],
  // "excl. London": the abbreviation's full stop is the cue's
  ['excl', '.'],
];
const ONE_WORD_CUES: ReadonlySet<string> = new Set([
  'not',
  'no',
  'non',
  'without',
  'excluding',
  'exclude',
  'minus',
  'ignoring',
  'ignore',
  'except',
  'excepting',
  'excl',
  'excludes',
  'omit',
  'omitting',
  'skip',
  'skipping',
  'barring',
  'sans',
  'avoid',
  'avoiding',
  'neither',
  // "ex-US", "ex UK": the one word joined to it, like "non"
  'ex',
  // contractions typed without their apostrophe
  'isnt',
  'arent',
  'dont',
  'doesnt',
  'didnt',
  'wasnt',
  'werent',
  'havent',
  'hasnt',
  // "nothing founded before 2015", "none in London"
  'nothing',
  'none',
  'outside',
  'never',
  "isn't",
  "aren't",
  "don't",
  "doesn't",
  "didn't",
  "wasn't",
  "weren't",
  "haven't",
  "hasn't",
]);
/** "outside sales" is a go-to-market motion, "outside investors" no place. */
const NOT_AFTER_OUTSIDE = /^(?:sales|investors?|investment|funding|capital|counsel|directors?|board)$/;

/** Words that end what came before. */
const ENDERS: ReadonlySet<string> = new Set([
  'but',
  'while',
  'whereas',
  'although',
  'though',
  'however',
  'instead',
]);
/** Words that open another criterion (they end a scope once it holds a content word). */
const OPENERS: ReadonlySet<string> = new Set([
  'in',
  'with',
  'that',
  'which',
  'who',
  'whose',
  'where',
  'founded',
  'established',
  'selling',
  'serving',
  'offering',
  'using',
  'having',
  'are',
  'is',
  'were',
  'was',
]);
/** Generic nouns naming the companies: they end a scope once it holds a content word. */
const HEAD_NOUNS: ReadonlySet<string> = new Set([
  'companies',
  'company',
  'firms',
  'firm',
  'businesses',
  'business',
  'startups',
  'startup',
  'organizations',
  'organisations',
  'orgs',
  'players',
  'vendors',
  'providers',
]);
const CONJUNCTIONS: ReadonlySet<string> = new Set(['and', 'or', 'nor', '&', '/']);
const SEPARATORS = /^[,;:!?()[\]]$/;

type Token = { text: string; start: number; end: number };

const idiomPatterns = new Map<string, RegExp>();
/** The idioms (and the caller's) as one sticky pattern, compiled once per list. */
function idiomPattern(keep: readonly string[]): RegExp {
  const key = keep.join('|');
  let re = idiomPatterns.get(key);
  if (!re) {
    const sources = [...NEGATION_IDIOMS, ...NOT_NEGATIONS, ...keep].join('|');
    re = new RegExp(`(?<![\\p{L}\\p{N}])(?:${sources})(?![\\p{L}\\p{N}])`, 'uy');
    idiomPatterns.set(key, re);
  }
  return re;
}

/** Words (letters, digits, inner apostrophes and dots: "aren't", "1.5", "u.s."), hyphens and marks. */
function tokenize(shadow: string): Token[] {
  const out: Token[] = [];
  for (const m of shadow.matchAll(
    /(?:\p{L}\.){2,}|[\p{L}\p{N}]+(?:['.][\p{L}\p{N}]+)*|[-/&]|[,;:!?()[\]]|\.(?=\s|$)/gu,
  )) {
    const start = m.index ?? 0;
    out.push({ text: m[0], start, end: start + m[0].length });
  }
  return out;
}

const isWord = (t: Token | undefined): t is Token => t !== undefined && /[\p{L}\p{N}]/u.test(t.text);

type NegationOptions = {
  /** More idioms (regular-expression sources over lower-case text) that are no negation. */
  keep?: readonly string[];
  /** Spans already read by the caller: no cue inside them, and they end a scope. */
  read?: readonly { start: number; end: number }[];
};

/** The negated criteria of a description, in order. */
export function findNegations(text: string, opts: NegationOptions = {}): NegatedSpan[] {
  const shadow = lowerShadow(text);
  const read = opts.read ?? [];
  const inRead = (t: Token) => read.some((r) => t.start < r.end && t.end > r.start);
  const idiomRe = idiomPattern(opts.keep ?? []);
  const idiomAt = (pos: number): number | null => {
    idiomRe.lastIndex = pos;
    const m = idiomRe.exec(shadow);
    return m ? pos + m[0].length : null;
  };
  const tokens = tokenize(shadow);
  // A function word written as an abbreviation is none: "US", "IT" (unless everything is capitals).
  const shouting = text === text.toUpperCase();
  const isContent = (t: Token): boolean => {
    if (!isWord(t)) return false;
    const k = tokens.indexOf(t);
    const previous = tokens.slice(0, k).reverse().find(isWord);
    return isContentWord(text.slice(t.start, t.end), previous?.text, shouting);
  };

  /** The cue starting at token i: how many tokens it takes, or 0. */
  const cueAt = (i: number): number => {
    const t = tokens[i]!;
    if (inRead(t)) return 0;
    for (const words of MULTI_WORD_CUES) {
      if (words.every((w, k) => tokens[i + k]?.text === w)) return words.length;
    }
    if (!ONE_WORD_CUES.has(t.text)) return 0;
    if (t.text === 'outside' && NOT_AFTER_OUTSIDE.test(tokens[i + 1]?.text ?? '')) return 0;
    return 1;
  };

  /**
   * A list going on after the comma at `comma` ("not in the US, UK or Canada", "excluding Germany,
   * France, and Spain"): short items, each starting with a content word, the last joined by "or" /
   * "and" / "nor", none opening another criterion. The index of the list's last token, or null.
   */
  const listEnd = (comma: number): number | null => {
    let k = comma + 1;
    let joined = false;
    let lastContent = -1;
    for (let items = 0; items < 8; items++) {
      let n = 0;
      let itemStart = true;
      for (; k < tokens.length; k++) {
        const w = tokens[k]!;
        if (w.text === ',' || SEPARATORS.test(w.text) || w.text === '.' || ENDERS.has(w.text)) break;
        if (inRead(w) || cueAt(k) > 0 || OPENERS.has(w.text) || HEAD_NOUNS.has(w.text)) return null;
        if (CONJUNCTIONS.has(w.text)) {
          if (n === 0 && !(items > 0 && itemStart)) return null;
          joined = true;
          itemStart = true;
          continue;
        }
        if (itemStart && !isContent(w)) return null;
        itemStart = false;
        if (++n > 3) return null;
        if (isContent(w)) lastContent = k;
      }
      if (n === 0 || itemStart) return null;
      if (joined) return lastContent;
      if (tokens[k]?.text !== ',') return null;
      k++;
    }
    return null;
  };

  const found: NegatedSpan[] = [];
  let i = 0;
  while (i < tokens.length) {
    const t = tokens[i]!;
    const idiomEnd = inRead(t) ? null : idiomAt(t.start);
    if (idiomEnd !== null) {
      while (i < tokens.length && tokens[i]!.start < idiomEnd) i++;
      continue;
    }
    const cueLength = cueAt(i);
    if (cueLength === 0) {
      i++;
      continue;
    }
    const cueEnd = tokens[i + cueLength - 1]!.end;
    let j = i + cueLength;
    // "excluding: Germany, France": a colon right after the cue introduces its scope
    const colon = tokens[j]?.text === ':' ? 1 : 0;
    j += colon;
    let last = -1;
    if (t.text === 'non' || t.text === 'ex') {
      // the one word joined to "non" / "ex": "non-US", "non US", "non-venture-backed", "ex-US"
      if (tokens[j]?.text === '-') j++;
      if (isWord(tokens[j]) && !inRead(tokens[j]!)) {
        last = j;
        while (
          tokens[last + 1]?.text === '-' &&
          isWord(tokens[last + 2]) &&
          tokens[last + 1]!.start === tokens[last]!.end &&
          tokens[last + 2]!.start === tokens[last + 1]!.end
        )
          last += 2;
      }
    } else {
      let content = false;
      for (; j < tokens.length; j++) {
        const w = tokens[j]!;
        // after "excluding:", commas separate the excluded items ("excluding: Germany, France")
        if (colon && w.text === ',' && content) continue;
        if (w.text === ',' && content) {
          const end = listEnd(j);
          if (end !== null) {
            last = end;
            j = end;
            continue;
          }
        }
        if (inRead(w) || SEPARATORS.test(w.text) || w.text === '.' || ENDERS.has(w.text)) break;
        if (cueAt(j) > 0 || idiomAt(w.start) !== null) break;
        if (content && (OPENERS.has(w.text) || HEAD_NOUNS.has(w.text))) break;
        if (CONJUNCTIONS.has(w.text)) {
          const next = tokens[j + 1];
          if (!next || OPENERS.has(next.text) || cueAt(j + 1) > 0) break;
          continue;
        }
        if (isContent(w)) content = true;
        if (isContent(w) || HEAD_NOUNS.has(w.text)) last = j;
        // "not US-based fintech": "based" closes the place it follows
        if (content && w.text === 'based' && tokens[j - 1]?.text === '-' && isWord(tokens[j + 1])) {
          last = j;
          break;
        }
      }
      if (!content) last = -1;
    }
    if (last < 0) {
      i += cueLength;
      continue;
    }
    const after = i + cueLength + colon;
    const first = tokens[after]!.text === '-' ? after + 1 : after;
    const scopeStart = tokens[first]!.start;
    const scopeEnd = tokens[last]!.end;
    found.push({
      start: t.start,
      end: scopeEnd,
      text: text.slice(t.start, scopeEnd),
      cue: text.slice(t.start, cueEnd),
      scopeStart,
      scopeEnd,
      scope: text.slice(scopeStart, scopeEnd),
    });
    i = last + 1;
  }
  return found;
}
