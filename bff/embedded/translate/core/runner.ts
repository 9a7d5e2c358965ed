/**
 * The rule runner. A rule is a regular expression over the normalised text and a function that
 * writes filters for a match; a match the rule accepts is replaced by a barrier, so no later rule
 * reads those words again and the words either side are never read as one phrase.
 */
import type { Phrase } from '../tables/phrase';
import { addValues, type State, setValue } from './state';

/** The barrier character, and the barrier as it stands in the text (spaced, so words stay words). */
export const BARRIER_CHAR = '\u00a6';
export const BARRIER = ` ${BARRIER_CHAR} `;
/** Word boundaries for the normalised text (letters and digits only). */
export const WORD_START = '(?<![a-z0-9])';
export const WORD_END = '(?![a-z0-9])';

/** One step of the pipeline: reads the text, writes filters, consumes what it read. */
export type Step = (st: State) => void;

/**
 * `apply` gets the match and its groups; it returns false to leave the text as it was, true to put a
 * barrier in its place, or the text to put there instead (to leave words for a later rule).
 */
export type Rule = { re: RegExp; apply: (m: (string | undefined)[], st: State) => boolean | string };

/** Runs a rule over the text; a match the rule accepts becomes a barrier (or the string returned). */
export function run(st: State, rule: Rule): void {
  st.s = st.s.replace(rule.re, (...args: unknown[]) => {
    const m = args.slice(0, args.length - 2).map((a) => (typeof a === 'string' ? a : undefined));
    const out = rule.apply(m, st);
    if (out === false) return m[0]!;
    return out === true ? BARRIER : out;
  });
}

/** A whole-word, global regular expression. */
export function rx(source: string): RegExp {
  return new RegExp(`${WORD_START}(?:${source})${WORD_END}`, 'g');
}

export function step(rule: Rule): Step {
  return (st) => run(st, rule);
}

/** A step whose rule is built on first use (rules over the lexicons, which are built lazily). */
export function lazyStep(build: () => Rule): Step {
  let rule: Rule | undefined;
  return (st) => {
    rule ??= build();
    run(st, rule);
  };
}

/** One step per entry of a phrase table, in table order. */
export function phraseSteps(table: readonly Phrase[]): Step[] {
  return table.map((p) =>
    step({
      re: rx(p.reads),
      apply: (m, st) => {
        if (Array.isArray(p.values)) addValues(st, p.key, p.values, m[0]!);
        else setValue(st, p.key, p.values, m[0]!);
        return p.alsoNext ? m[0]! : true;
      },
    }),
  );
}

/**
 * Runs a trigger regex over the text; for each match (right to left, so earlier indices stay valid)
 * `fn` reads the words after it up to the next barrier and says how many characters it used, or null.
 */
export function replaceTriggered(
  st: State,
  re: RegExp,
  fn: (m: RegExpMatchArray, rest: string) => number | null,
): void {
  const found = [...st.s.matchAll(re)];
  for (let k = found.length - 1; k >= 0; k--) {
    const m = found[k]!;
    const start = m.index ?? 0;
    const after = start + m[0].length;
    const tail = st.s.slice(after);
    const bar = tail.indexOf(BARRIER_CHAR);
    const raw = bar === -1 ? tail : tail.slice(0, bar);
    const rest = raw.trimStart();
    const used = fn(m, rest);
    if (used === null) continue;
    st.s = st.s.slice(0, start) + BARRIER + st.s.slice(after + (raw.length - rest.length) + used);
  }
}
