/**
 * Names after a trigger word ("led by Accel and Index", "partners of SAP"): investors, partners,
 * customers. A name is up to four words; up to five names, split by "," "and" "or" "&" "/".
 */
import { normalizeText } from '../../../contract/text';
import { INVESTORS } from '../../dataset/investors';
import { editDistance, placeLexicon } from '../lexicon';
import { NAME_STOP } from '../tables/words';
import { BARRIER_CHAR, replaceTriggered, type Step, WORD_START } from './runner';
import type { State } from './state';

/** Words that end an investor firm's name and are often written differently ("Lightspeed Ventures"). */
const FIRM_SUFFIX =
  /^(.+?) (?:ventures?|venture partners|venture capital|capital|partners|vc|fund|management|group|investments?|holdings)$/;

const DIGIT_WORDS = ['zero', 'one', 'two', 'three', 'four', 'five', 'six', 'seven', 'eight', 'nine', 'ten'];
const GENERIC_FIRM_WORDS = new Set(
  'capital ventures venture partners global fund funds group management growth equity investments holdings angels angel'.split(
    ' ',
  ),
);
let firmNames: string[] | undefined;
/**
 * An investor as written to the data's investors (`resolve`: the service's lookup by the first
 * words of a name): as written; else without a firm word at its end the name in the data may lack
 * or spell otherwise ("Lightspeed Ventures", "Point Nine Capital", "Insight Venture Partners");
 * else, for a name of letters whose first word has five or more and is no firm word ("capital"),
 * the one real investor firm starting with the same letter whose name (or first word) is one edit
 * away, two for nine letters or more ("Andreesen Horowitz", "Sequioa"), never one of two equally
 * close. Number words the normaliser wrote as digits are tried spelt out ("Point Nine").
 */
export function lookupInvestor(resolve: ((name: string) => string[]) | undefined, written: string): string[] {
  if (!resolve) return [];
  // the normaliser wrote number words as digits: "Point Nine" came as "point 9"
  const spelt = written.trim().replace(/\b(\d)\b/g, (d) => DIGIT_WORDS[Number(d)] ?? d);
  for (const start of spelt === written.trim() ? [spelt] : [written.trim(), spelt]) {
    let name = start;
    for (;;) {
      const found = resolve(name);
      if (found.length) return found;
      const m = FIRM_SUFFIX.exec(normalizeText(name));
      if (!m) break;
      name = m[1]!;
    }
  }
  const norm = normalizeText(written);
  // a misspelling: a name of letters only whose first word is no firm word ("capital", "global")
  const first = norm.split(' ')[0]!;
  if (first.length < 5 || /\d/.test(norm) || GENERIC_FIRM_WORDS.has(first)) return [];
  firmNames ??= INVESTORS.flatMap((i) => {
    const n = normalizeText(i.name);
    const first = n.split(' ')[0]!;
    return first.length >= 5 && first !== n ? [n, first] : [n];
  });
  const max = norm.length >= 9 ? 2 : 1;
  let best: string | undefined;
  let bestD = max + 1;
  let tie = false;
  for (const n of firmNames) {
    if (n[0] !== norm[0]) continue;
    const d = editDistance(norm, n, max);
    if (d < bestD) {
      best = n;
      bestD = d;
      tie = false;
    } else if (d === bestD && best !== undefined && !n.startsWith(`${best} `) && !best.startsWith(`${n} `))
      tie = true;
  }
  return best && bestD > 0 && bestD <= max && !tie ? resolve(best) : [];
}

/** Words between names in a list. */
export const SEPARATORS: ReadonlySet<string> = new Set([',', 'and', 'or', '&', '/']);

/** Names following a trigger: up to 5 names of up to 4 words, split by , and or & /. */
function takeNames(rest: string): { names: string[]; consumed: string } {
  const tokens = rest.trim().split(' ');
  const names: string[] = [];
  let current: string[] = [];
  let i = 0;
  for (; i < tokens.length; i++) {
    const t = tokens[i]!;
    if (t === BARRIER_CHAR || t === '') break;
    if (SEPARATORS.has(t)) {
      if (current.length === 0) break;
      const next = tokens[i + 1];
      if (!next || NAME_STOP.has(next) || next === BARRIER_CHAR) break;
      names.push(current.join(' '));
      current = [];
      continue;
    }
    if (NAME_STOP.has(t) || current.length >= 4 || !/^[a-z0-9][a-z0-9.'+-]*$/.test(t)) break;
    current.push(t);
  }
  if (current.length) names.push(current.join(' '));
  const consumed = tokens.slice(0, SEPARATORS.has(tokens[i - 1] ?? '') ? i - 1 : i).join(' ');
  return { names: names.slice(0, 5), consumed };
}

/** A name as typed ("SAP", "Deutsche Telekom"), from its normalised words. */
export function display(st: State, name: string): string {
  return name
    .split(' ')
    .map((w) => st.casing.get(w) ?? w)
    .join(' ');
}

export function isPlace(name: string): boolean {
  return placeLexicon().has(name);
}

/** Handles "<trigger> NAME, NAME or NAME" with a callback per group of names; the names are consumed. */
export function nameRule(
  trigger: string,
  onNames: (names: string[], st: State, text: string) => boolean,
): Step {
  const re = new RegExp(`${WORD_START}(?:${trigger})(?= )`, 'g');
  return (st) =>
    replaceTriggered(st, re, (m, rest) => {
      const { names, consumed } = takeNames(rest);
      if (names.length === 0) return null;
      if (!onNames(names, st, `${m[0]} ${consumed}`)) return null;
      return consumed.length;
    });
}
