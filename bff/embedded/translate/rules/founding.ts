/**
 * Founding year (`firmographic.founded_year`): "founded after 2015", "since 2015", "before 2000",
 * "between 2010 and 2015", "in the 2010s", "in the last 5 years", "older than 20 years", "founded in
 * 2019". "after Y" excludes Y, "since Y" includes it. Relative phrases count from ctx.today.
 */
import type { RuleGroup } from '../core/groups';
import { COUNT, YEAR } from '../core/quantities';
import { type Rule, rx, step } from '../core/runner';
import { type State, setRange } from '../core/state';
import { FOUNDING_VERBS } from '../tables/founding';

function yearNow(st: State): number {
  return st.ctx.today.getUTCFullYear();
}

const FY = 'firmographic.founded_year';

const foundingRules: Rule[] = [
  {
    re: rx(
      `(?:${FOUNDING_VERBS} )?(?:between|from) ${YEAR} ?(?:and|to|-|through) ?${YEAR}|${FOUNDING_VERBS} (?:in )?${YEAR} ?(?:-|to) ?${YEAR}`,
    ),
    apply: (m, st) => {
      const a = Number(m[1] ?? m[3]);
      const b = Number(m[2] ?? m[4]);
      setRange(st, FY, { gte: Math.min(a, b), lte: Math.max(a, b) }, m[0]!);
      return true;
    },
  },
  {
    re: rx(`(?:${FOUNDING_VERBS} )?(?:in )?(?:the )?(?:(?:18|19|20)(\\d)0|'?(\\d)0)s`),
    apply: (m, st) => {
      const full = /((?:18|19|20)\d0)s/.exec(m[0]!);
      const d = full
        ? Number(full[1])
        : Number(m[2]) >= 3
          ? 1900 + Number(m[2]) * 10
          : 2000 + Number(m[2]) * 10;
      setRange(st, FY, { gte: d, lte: d + 9 }, m[0]!);
      return true;
    },
  },
  {
    re: rx(
      `(?:${FOUNDING_VERBS} )?(?:(?:in )?or after|after|later than|post(?: ?-)?) ?${YEAR}|(?:${FOUNDING_VERBS} )?${YEAR}(?: (?:or later|onwards|and later|or after|and after)| ?\\+)`,
    ),
    apply: (m, st) => {
      const y = Number(m[1] ?? m[2]);
      const inclusive = /or after|or later|onwards|and later|and after|\+/.test(m[0]!);
      setRange(st, FY, { gte: inclusive ? y : y + 1 }, m[0]!);
      return true;
    },
  },
  {
    re: rx(`(?:${FOUNDING_VERBS} )?(?:since|from) ${YEAR}`),
    apply: (m, st) => {
      setRange(st, FY, { gte: Number(m[1]) }, m[0]!);
      return true;
    },
  },
  {
    re: rx(
      `(?:${FOUNDING_VERBS} )?(?:(?:in )?or before|before|prior to|earlier than|pre(?: ?-)?) ?${YEAR}|(?:${FOUNDING_VERBS} )?${YEAR} (?:or earlier|or before|and earlier)`,
    ),
    apply: (m, st) => {
      const y = Number(m[1] ?? m[2]);
      setRange(st, FY, { lte: /or before|or earlier|and earlier/.test(m[0]!) ? y : y - 1 }, m[0]!);
      return true;
    },
  },
  {
    re: rx(`${FOUNDING_VERBS} (?:in )?${YEAR}`),
    apply: (m, st) => {
      setRange(st, FY, { gte: Number(m[1]), lte: Number(m[1]) }, m[0]!);
      return true;
    },
  },
  {
    re: rx(
      `(?:${FOUNDING_VERBS} )?(?:in|within|during|over) the (?:last|past) ${COUNT} (?:years?|yrs?)|(?:(?:less than|under|younger than|not older than|at most|fewer than|up to|sub) |<=? ?)${COUNT} (?:years?|yrs?)(?: old)?`,
    ),
    apply: (m, st) => {
      setRange(st, FY, { gte: yearNow(st) - Number(m[1] ?? m[2]) }, m[0]!);
      return true;
    },
  },
  {
    re: rx(`${FOUNDING_VERBS} (?:about |around )?${COUNT} (?:years?|yrs?) ago`),
    apply: (m, st) => {
      const y = yearNow(st) - Number(m[1]);
      setRange(st, FY, { gte: y, lte: y }, m[0]!);
      return true;
    },
  },
  {
    re: rx(
      `older than ${COUNT} (?:years?|yrs?)|(?:(?:more than|over|at least) |>=? ?)${COUNT} (?:years?|yrs?) old|${COUNT}\\+? (?:years?|yrs?) old|(?:been )?around (?:for )?(?:more than|over|at least) ${COUNT} (?:years?|yrs?)`,
    ),
    apply: (m, st) => {
      const n = Number(m[1] ?? m[2] ?? m[3] ?? m[4]);
      setRange(st, FY, { lte: yearNow(st) - n }, m[0]!);
      return true;
    },
  },
];

/**
 * "founded by ex-Apple engineers", "founded by women": who founded a company is no filter of the
 * catalog. The words are reported unmatched, never read as an industry ("engineers" is no
 * Engineering Services company) or a place. Stops before a place, a date or another criterion.
 */
const FOUNDERS_STOP =
  '(?:in|with|and|or|that|which|who|from|based|located|headquartered|since|after|before|between|founded|backed|funded|in|of)';
const foundedBy: Rule = {
  re: rx(`founded by((?: (?!${FOUNDERS_STOP} )[a-z][a-z'-]*){1,4})`),
  apply: (m, st) => {
    st.unmatched.push(m[0]!.trim());
    return true;
  },
};

export const foundingGroup: RuleGroup = {
  name: 'founding',
  steps: { names: [step(foundedBy)], numbers: foundingRules.map(step) },
  vocabulary: [FOUNDING_VERBS],
};
