/**
 * Investors named the ways reps write them, beyond "led by" / "backed by" / "funded by" (read in
 * `rules/funding.ts`): "where Sequoia led a round", "Accel-led", "the a16z portfolio", "with Index
 * Ventures on the cap table", "with Insight Partners as an investor", "Lightspeed money", "companies
 * Earlybird invested in", "that Tiger Global has backed", "Lightspeed or Accel backed", and the distinctive short forms on their own
 * ("YC fintechs", "a16z SaaS").
 *
 * Decisions:
 * - A name is the words just before (or after) the phrase, up to four, resolved by
 *   `ctx.resolveInvestor` (a short form by the name it stands for, `tables/investors.ts`). Outside
 *   "led by" / "backed by", a name counts only when written with a capital letter or as a known short
 *   form: "seed funding" is no investor named Seed Capital, "index" no Index Ventures.
 * - "where X led a round" is a round X led (`investors.lead_investor`); every other phrase a round X
 *   joined. All of them are the one round of the description (`rules/funding.ts` gathers it).
 * - A name that resolves to nothing is left to the other rules (and reported if none reads it).
 */
import type { RuleGroup } from '../core/groups';
import { display, isPlace, lookupInvestor } from '../core/names';
import { BARRIER, type Rule, rx, step } from '../core/runner';
import type { State } from '../core/state';
import { INVESTOR_ALIASES, investorName } from '../tables/investors';
import { NAME_STOP, STOPWORDS } from '../tables/words';
import { investorUuids } from './funding';

const NAME = "[a-z0-9][a-z0-9.'+-]*(?: [a-z0-9][a-z0-9.'+-]*){0,3}";

/** Whether `name` may be an investor's: a known short form, or written with a capital letter. */
function nameLike(st: State, name: string): boolean {
  if (Object.hasOwn(INVESTOR_ALIASES, name)) return true;
  const words = name.split(' ');
  if (words.some((w) => NAME_STOP.has(w)) || STOPWORDS.has(words[0]!) || isPlace(name)) return false;
  return /[A-Z]/.test(display(st, name));
}

/** The investor at the end of `words` (the longest that resolves), and how many words it took. */
function trailingInvestor(st: State, words: readonly string[]): { name: string; taken: number } | null {
  for (let k = Math.min(4, words.length); k >= 1; k--) {
    const name = words.slice(words.length - k).join(' ');
    if (!nameLike(st, name)) continue;
    const written = Object.hasOwn(INVESTOR_ALIASES, name) ? investorName(name) : display(st, name);
    if (lookupInvestor(st.ctx.resolveInvestor, written).length > 0) return { name, taken: k };
  }
  return null;
}

/** The investor starting `words` (the longest that resolves). */
function leadingInvestor(st: State, words: readonly string[]): { name: string; taken: number } | null {
  for (let k = Math.min(4, words.length); k >= 1; k--) {
    const name = words.slice(0, k).join(' ');
    if (!nameLike(st, name)) continue;
    const written = Object.hasOwn(INVESTOR_ALIASES, name) ? investorName(name) : display(st, name);
    if (lookupInvestor(st.ctx.resolveInvestor, written).length > 0) return { name, taken: k };
  }
  return null;
}

/** "<words> <phrase>": the investor just before the phrase; the words before it stay. */
function before(phrase: string, lead: boolean): Rule {
  return {
    re: rx(`(${NAME}) (?:${phrase})`),
    apply: (m, st) => {
      // "Accel has invested in": the auxiliary is the phrase's, not the name's
      const words = m[1]!.split(' ');
      if (words.length > 1 && /^(?:has|have)$/.test(words[words.length - 1]!)) words.pop();
      const found = trailingInvestor(st, words);
      if (!found) return false;
      investorUuids(st, [found.name], m[0]!, lead);
      const kept = words.slice(0, words.length - found.taken).join(' ');
      return kept ? `${kept}${BARRIER}` : true;
    },
  };
}

/** "<phrase> <words> <closing>": the investor just after the phrase. */
function after(phrase: string, closing: string): Rule {
  return {
    re: rx(`(?:${phrase}) (${NAME}) (?:${closing})`),
    apply: (m, st) => {
      const words = m[1]!.split(' ');
      const found = leadingInvestor(st, words);
      if (!found || found.taken !== words.length) return false;
      investorUuids(st, [found.name], m[0]!, false);
      return true;
    },
  };
}

/** "Lightspeed or Accel backed": every name of the list resolves. */
const listBacked: Rule = {
  re: rx(`(${NAME}(?: (?:or|and|/|,) ${NAME})+) (?:backed|funded)`),
  apply: (m, st) => {
    const names = m[1]!.split(/ (?:or|and|\/|,) /);
    const first = trailingInvestor(st, names[0]!.split(' '));
    if (!first) return false;
    const rest = names.slice(1);
    if (!rest.every((n) => leadingInvestor(st, n.split(' '))?.taken === n.split(' ').length)) return false;
    investorUuids(st, [first.name, ...rest], m[0]!, false);
    const words = names[0]!.split(' ');
    const kept = words.slice(0, words.length - first.taken).join(' ');
    return kept ? `${kept}${BARRIER}` : true;
  },
};

const BARE = Object.entries(INVESTOR_ALIASES)
  .filter(([, a]) => a.bare)
  .map(([k]) => k)
  .sort((a, b) => b.length - a.length)
  .join('|');

export const investorsGroup: RuleGroup = {
  name: 'investors',
  steps: {
    names: [
      step(before('led(?! by)(?: (?:a|the|their|its))?(?: (?:funding |financing )?rounds?)?', true)),
      step(listBacked),
      step(
        before(
          '(?:s )?portfolio(?: compan(?:y|ies))?|invested in|(?:has|have) (?:backed|funded)|alumni|money|funding|backing|investment',
          false,
        ),
      ),
      step(
        after(
          'with',
          'on (?:the |their |its )?cap table|as an? (?:investor|backer|shareholder)|participating',
        ),
      ),
    ],
    words: [
      step({
        re: rx(`(?:(?:in )?the )?(${BARE})(?: (?:backed|funded|portfolio))?`),
        apply: (m, st) => investorUuids(st, [m[1]!], m[0]!, false),
      }),
    ],
  },
};
