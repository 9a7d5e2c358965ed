/**
 * An investor named before a negated backing verb ("SaaS in Germany that a16z hasn't backed",
 * "fintechs Accel never funded", "where Sequoia did not invest"): the negation is the investor's,
 * so the phrase is the negated criterion "backed by <investor>" (investor X excluded, nothing else:
 * docs/product-rules.md, section 14), never the investor as a positive filter and never "no
 * funding" (which "never funded" alone means).
 *
 * The investor's words, up to four: those between a relative word ("that", "which", "where",
 * "whom") and the verb; else the run of words written with a capital letter just before the verb
 * ("Sequoia Capital hasn't backed"); else the one word before it ("fintechs accel never funded").
 * A passive verb ("never backed by Tiger Global") is the negation's own: its investor follows.
 * Whether the words are an investor is the translator's to say: a name it cannot resolve is
 * reported unmatched, and the words are out of the positive description either way.
 */
import { FUNCTION_WORDS } from '../../contract/function-words';
import { lowerShadow } from '../../contract/text';

export type NegatedBacker = {
  start: number;
  end: number;
  /** The phrase as written, for the chip: "a16z hasn't backed". */
  text: string;
  /** What the translator reads: "backed by a16z". */
  scope: string;
};

const NOT =
  "(?:has\\s+not|hasn[’']?t|have\\s+not|haven[’']?t|did\\s+not|didn[’']?t|does\\s+not|doesn[’']?t|never)";
const VERB = '(?:backed|back|funded|fund|invested|invest|financed|finance|led\\s+(?:a\\s+|any\\s+)?rounds?)';
const NEGATED_VERB = new RegExp(
  `(?<![\\p{L}\\p{N}])${NOT}\\s+(?:yet\\s+|ever\\s+|previously\\s+)?${VERB}(?:\\s+in)?(?![\\p{L}\\p{N}])(?!\\s+by(?![\\p{L}\\p{N}]))`,
  'gu',
);
const RELATIVE = new Set(['that', 'which', 'where', 'whom', 'who']);
const WORD = /[\p{L}\p{N}][\p{L}\p{N}.&'+-]*/gu;

export function findNegatedBackers(text: string): NegatedBacker[] {
  const shadow = lowerShadow(text);
  const found: NegatedBacker[] = [];
  for (const m of shadow.matchAll(NEGATED_VERB)) {
    const verbStart = m.index ?? 0;
    const end = verbStart + m[0].length;
    // The words before the verb, back to the clause's start (a comma, semicolon or full stop).
    const clauseStart = Math.max(
      ...[',', ';', '. ', ':'].map((c) => shadow.lastIndexOf(c, verbStart - 1) + 1),
    );
    const words = [...text.slice(clauseStart, verbStart).matchAll(WORD)].map((w) => ({
      text: w[0],
      start: clauseStart + (w.index ?? 0),
    }));
    if (words.length === 0) continue;
    const relative = words.findLastIndex((w) => RELATIVE.has(w.text.toLowerCase()));
    let name: typeof words;
    if (relative >= 0 && words.length - relative - 1 >= 1 && words.length - relative - 1 <= 4)
      name = words.slice(relative + 1);
    else {
      let k = words.length;
      while (k > 0 && words.length - k < 4 && /^[\p{Lu}\p{N}]/u.test(words[k - 1]!.text)) k--;
      name = k < words.length ? words.slice(k) : words.slice(-1);
    }
    // "that were never funded", "that they haven't backed": no investor named (no funding at all,
    // or nothing to read), left to the other readers.
    const anchored = relative >= 0 && name[0] === words[relative + 1];
    while (name.length > 0 && FUNCTION_WORDS.has(name[0]!.text.toLowerCase())) name = name.slice(1);
    if (name.length === 0) continue;
    const start = anchored ? words[relative]!.start : name[0]!.start;
    const investor = name.map((w) => w.text).join(' ');
    found.push({
      start,
      end,
      text: text.slice(name[0]!.start, end),
      scope: `backed by ${investor}`,
    });
  }
  return found;
}
