/**
 * Function words of a description (docs/product-rules.md, section 14, "nothing silent"): the words that carry no
 * criterion of their own, so a word left unread that is one of them is not reported as unmatched.
 * Every other word that became no filter is reported: numbers, "employees", "small", "startups",
 * "funded", "profitable", "hiring", "remote".
 *
 * What counts: articles, pronouns, prepositions, conjunctions, auxiliaries, the words of asking
 * ("show me", "looking for"), hedges ("mostly", "ideally"), praise ("best", "top"), and the glue a description is built
 * with: the generic nouns that name what every result is ("companies", "firms", "businesses",
 * "players"), nouns that frame a criterion without being one ("sector", "space", "market",
 * "solutions", "model"), and verbs that link one ("based", "operating", "selling", "offering",
 * "employing"). "startups" is not glue: it says something (young, early stage) that no filter reads.
 *
 * One list for both servers: the embedded translator's leftovers and the BFF's description step
 * (which sends nothing upstream when only these words are left).
 */
export const FUNCTION_WORDS: ReadonlySet<string> = new Set(
  [
    // articles, determiners, quantifiers
    'a an the any all some such this that these those each every both either neither other another own same anything everything',
    // pronouns
    'i me my we our us you your they them their its it he she his her who whom whose which what where when how there here one ones',
    // prepositions
    'of in on at to for from with w without by as into onto across throughout within via through about around over under above below between after before since than per like near among amongst towards toward upon inside ago',
    // conjunctions
    'and or but nor yet so if then also plus',
    // auxiliaries and copulas
    'is are was were be been being am have has having had do does did doing can could would should will may might must',
    // negation and degree (the words around a criterion, never one)
    'not no only just very more most less least quite rather really too',
    // asking
    'show find list give get looking look want need search searching please help helps helping',
    // wanting and seeing: "rather not see anything in retail", "not interested in consumer apps"
    'see seeing wanted interested interest keen',
    // the tails of contractions: "I'd", "we're", "you'll", "they've"
    'd re ll ve',
    // hedges, and praise (the asker's taste, no property of a company: "the best companies")
    'ideally maybe mostly mainly primarily especially typically e g eg etc include including includes approx approximately roughly',
    'good great best top cool nice interesting',
    // linking verbs
    'operate operates operating make makes making sell sells selling serve serves serving offer offers offering employ employs employing',
    // generic nouns: what every result is
    'companies company cos firms firm businesses business orgs organisations organizations organization organisation players vendors vendor providers provider kind type types sort',
    // framing nouns
    'space sector sectors industry industries market markets area areas segment segments products product solutions solution focus focused focusing motion motions gtm strategy model models',
    // place glue (the place itself is read)
    'based located headquartered hq',
  ]
    .join(' ')
    .split(' '),
);

/** After these, "us" is the country, not the pronoun ("in the us", "non-us", "outside the us"). */
const BEFORE_US: ReadonlySet<string> = new Set([
  'the',
  'in',
  'from',
  'to',
  'into',
  'across',
  'throughout',
  'outside',
  'non',
  'excluding',
  'except',
  'than',
]);

/**
 * Whether a word says something (is no function word). A function word written in capitals is an
 * abbreviation and counts ("US", "IT"), unless the whole text is in capitals (`shouting`); "us"
 * after "the", "in", "non", ... is the country however it is written; a letter after "series" is
 * the round's.
 */
export function isContentWord(written: string, previous: string | undefined, shouting: boolean): boolean {
  const lower = written.toLowerCase();
  if (!FUNCTION_WORDS.has(lower)) return true;
  if (lower === 'us' && previous !== undefined && BEFORE_US.has(previous.toLowerCase())) return true;
  // "series a": the letter of a round
  if (previous?.toLowerCase() === 'series') return true;
  return !shouting && written.length >= 2 && written === written.toUpperCase() && /\p{L}/u.test(written);
}

/**
 * The words of a text that say something, as written (`isContentWord`); `shouting` is by default
 * whether this text is all capitals (a part of a description passes the whole description's).
 */
export function contentWords(text: string, shouting = text === text.toUpperCase()): string[] {
  const words = text.match(/[\p{L}\p{N}]+/gu) ?? [];
  return words.filter((w, i) => isContentWord(w, words[i - 1], shouting));
}
