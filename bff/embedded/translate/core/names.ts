/**
 * Names after a trigger word ("led by Accel and Index", "partners of SAP"): investors, partners,
 * customers. A name is up to four words; up to five names, split by "," "and" "or" "&" "/".
 */
import { placeLexicon } from '../lexicon';
import { NAME_STOP } from '../tables/words';
import { BARRIER_CHAR, replaceTriggered, type Step, WORD_START } from './runner';
import type { State } from './state';

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
