/**
 * Words of a description that name a company's signals, which the BFF writes as signal filters
 * itself (decisions section 15; docs/product-rules.md, "Signal filters"): the service's translator
 * has no such filters, and the service never sees them. Read before negation, like the phrases with a
 * meaning of their own (./own-meaning.ts), and taken out of what the translator reads.
 *
 * - Hiring: "hiring", "actively hiring", "with open roles", "hiring SDRs", "hiring engineers and
 *   designers" -> `signals.hiring` (with `functions` when the roles are named; a place after them stays
 *   the company's: "hiring SDRs in Germany" is a German company hiring sales people).
 * - Growth with a number: "growing headcount 20%+ in the last year", "headcount up 30% in six months",
 *   "25% headcount growth" -> `signals.headcount_growth` {period, gte} (12 months unless six are named).
 * - Vague growth: "fast-growing", "high-growth", "rapidly growing", "hypergrowth": 12-month growth of
 *   20% or more; "growing companies", "growing headcount", "growing teams": 10% or more.
 * - Traffic: "high-traffic", "heavily visited", "lots of web traffic": 100,000 monthly visits or more;
 *   "over 50k monthly visits", "1M+ visits a month": that many or more.
 *
 * Negated ("not hiring", "not fast-growing", "without much traffic"): a growth or traffic threshold
 * becomes its complement (the negation rule for ranges); hiring has none in its filter (no "at most"
 * openings), so "not hiring" is reported as not used, as a negated funding-round condition is.
 */

import {
  HEADCOUNT_GROWTH_KEY,
  HIRING_KEY,
  MONTHLY_VISITS_KEY,
  type SignalFilters,
} from '../../contract/signal-filters';
import type { JobFunction } from '../../contract/signal-values';
import { lowerShadow } from '../../contract/text';

/** "fast-growing", "high-growth": 12-month headcount growth at least this (percent). */
export const FAST_GROWTH_PCT = 20;
/** "growing companies": 12-month headcount growth at least this (percent). */
export const GROWING_PCT = 10;
/** "high-traffic": the latest month's website visits at least this. */
export const HIGH_TRAFFIC_VISITS = 100_000;

export type SignalPhrase = {
  start: number;
  end: number;
  /** The words as written: a chip. */
  text: string;
  filters: SignalFilters;
  /** Negated words with no filter to write: reported as not used. */
  unread?: true;
};

/** Role words to functions (plural and singular, the abbreviations reps use). */
const ROLE_WORDS: readonly [string, JobFunction][] = [
  [
    'sdrs?|bdrs?|aes?|account executives?|account managers?|sales ?(?:reps?|people|persons?|staff|team|roles?|development reps?)?|salespeople|sellers',
    'sales',
  ],
  [
    '(?:software |backend |frontend |full[- ]stack |devops )?engineers?|engineering(?: roles?| team)?|developers?|devs|programmers?',
    'engineering',
  ],
  ['marketers?|marketing(?: roles?| team)?|growth marketers?', 'marketing'],
  ['designers?|design(?: roles?)?', 'design'],
  ['data scientists?|data engineers?|data analysts?|analysts?', 'data'],
  ['product managers?|pms|product(?: roles?| people)?', 'product'],
  ['recruiters?|hr(?: roles?| people)?|people ops|talent acquisition', 'hr'],
  [
    'customer success(?: managers?)?|customer support|support (?:agents?|staff|roles?)|csms?',
    'customer_support',
  ],
  ['accountants?|finance(?: roles?| people)?|controllers?', 'finance'],
  ['lawyers?|legal(?: roles?| counsel)?|counsel', 'legal'],
  ['it (?:staff|roles?|people|admins?)|sysadmins?', 'it'],
  ['researchers?|scientists?|research(?: roles?)?', 'research'],
  ['operations(?: roles?| people| staff)?|ops(?: roles?| people)?', 'operations'],
];
const ROLE = `(?:${ROLE_WORDS.map(([w]) => w).join('|')})`;
const ROLE_RES = ROLE_WORDS.map(([w, f]) => [new RegExp(`^(?:${w})$`, 'u'), f] as const);

const B = '(?<![\\p{L}\\p{N}])';
const E = '(?![\\p{L}\\p{N}])';
/** A negation cue right before the phrase: it belongs to the phrase (the negation step leaves it). */
const CUE =
  "(?<cue>(?:not|no|non|never|without|isn't|aren't|isnt|arent|excluding|except)[\\s-]+(?:(?:currently|actively|yet|really|much|any|a lot of)\\s+)?)?";

// Each its own expression: Node 20 has no named groups repeated across alternatives.
const HIRING = [
  new RegExp(
    `${B}${CUE}(?:(?:actively|currently|aggressively)\\s+)?hiring` +
      `(?<roles>\\s+(?:for\\s+)?(?:(?:their|its|a|an|new|more)\\s+)?(?:first\\s+)?${ROLE}(?:\\s*(?:,|\\/|&|\\band\\b|\\bor\\b)\\s*(?:(?:their|a|new)\\s+)?${ROLE})*)?${E}`,
    'giu',
  ),
  new RegExp(
    `${B}${CUE}with\\s+(?:open\\s+(?:roles|positions|jobs|reqs)|job\\s+(?:openings|postings|listings|ads)|openings)${E}`,
    'giu',
  ),
];

const NUMBER = '(?<n>\\d+(?:\\.\\d+)?)\\s*(?:%|percent|pct)';
const PERIOD =
  '(?:\\s+(?:in|over|during|within)\\s+(?:the\\s+)?(?:(?:last|past)\\s+)?(?<period>year|12\\s+months|twelve\\s+months|6\\s+months|six\\s+months|half[\\s-]year)|\\s+(?<yoy>year[\\s-]over[\\s-]year|yoy|annually|a\\s+year))?';
const MORE = '(?:\\s*\\+|\\s+or\\s+more|\\s+plus|\\s+and\\s+up)?';
const AT_LEAST = '(?:at\\s+least\\s+|over\\s+|more\\s+than\\s+)?';
const GROWTH_NUMBER = [
  `(?:growing|grown|grew|increased|increasing)\\s+(?:(?:their|its)\\s+)?(?:headcount|team|teams|staff|workforce|employees)?\\s*(?:by\\s+)?${AT_LEAST}${NUMBER}${MORE}`,
  `(?:headcount|team|staff|workforce|employees?)\\s+(?:growth|growing|grew|up|increase)\\s+(?:of\\s+|by\\s+)?${AT_LEAST}${NUMBER}${MORE}`,
  `${NUMBER}${MORE}\\s+(?:headcount|employee|team|staff|workforce)\\s+growth`,
].map((body) => new RegExp(`${B}${CUE}(?:${body})${PERIOD}${E}`, 'giu'));
const FAST_GROWING = new RegExp(
  `${B}${CUE}(?:fast(?:est)?[\\s-]+growing|rapidly[\\s-]+growing|quickly[\\s-]+growing|high[\\s-]+growth|hyper[\\s-]?growth|scaling[\\s-]+fast)${E}`,
  'giu',
);
const GROWING = new RegExp(
  `${B}${CUE}(?:growing\\s+(?:(?:their|its)\\s+)?(?:headcount|teams?|workforce|staff)|growing(?=\\s+(?:companies|firms|businesses|startups|orgs)${E})|(?:headcount|team)\\s+(?:is\\s+)?growing)${E}`,
  'giu',
);
const VISITS_NUMBER = new RegExp(
  `${B}${CUE}(?:(?:over|more\\s+than|above|at\\s+least)\\s+)?(?<n>\\d+(?:[.,]\\d+)?)\\s*(?<unit>k|m|thousand|million)?\\s*\\+?\\s+(?:monthly\\s+)?(?:web(?:site)?\\s+)?(?:visits|visitors)(?:\\s+(?:a|per|each)\\s+month|\\s+monthly)?${E}`,
  'giu',
);
const HIGH_TRAFFIC = new RegExp(
  `${B}${CUE}(?:high[\\s-]+(?:web(?:site)?[\\s-]+)?traffic|heavily[\\s-]+visited|(?:lots\\s+of|a\\s+lot\\s+of|much|heavy)\\s+(?:web(?:site)?\\s+)?traffic|popular\\s+websites?)${E}`,
  'giu',
);

function functionsOf(roles: string): JobFunction[] {
  const out: JobFunction[] = [];
  const parts = roles
    .replace(/^\s*(?:for\s+)?/i, '')
    .split(/\s*(?:,|\/|&|\band\b|\bor\b)\s*/i)
    .map((p) =>
      p
        .trim()
        .replace(/^(?:their|its|a|an|new|more)\s+/i, '')
        .replace(/^first\s+/i, ''),
    );
  for (const p of parts) {
    const hit = ROLE_RES.find(([re]) => re.test(p));
    if (hit && !out.includes(hit[1])) out.push(hit[1]);
  }
  return out;
}

function visitsOf(n: string, unit: string | undefined): number {
  const v = Number(n.replace(',', '.'));
  const u = unit?.toLowerCase();
  return Math.round(
    v * (u === 'k' || u === 'thousand' ? 1_000 : u === 'm' || u === 'million' ? 1_000_000 : 1),
  );
}

/** "at least `gte`" negated: below it (percents have one decimal, visits are whole). */
function growthFilter(period: '6m' | '12m', gte: number, negated: boolean): SignalFilters {
  return {
    [HEADCOUNT_GROWTH_KEY]: negated ? { period, lte: Math.round((gte - 0.1) * 10) / 10 } : { period, gte },
  };
}

function visitsFilter(gte: number, negated: boolean): SignalFilters {
  return { [MONTHLY_VISITS_KEY]: negated ? { lte: Math.max(0, gte - 1) } : { gte } };
}

/** The signal phrases of a description, in order, none overlapping. */
export function findSignalPhrases(text: string): SignalPhrase[] {
  const shadow = lowerShadow(text);
  const found: SignalPhrase[] = [];
  const add = (m: RegExpMatchArray, make: (negated: boolean) => SignalFilters | null) => {
    const start = m.index ?? 0;
    const end = start + m[0].length;
    if (found.some((f) => start < f.end && end > f.start)) return;
    const negated = m.groups?.cue !== undefined;
    const filters = make(negated);
    found.push({
      start,
      end,
      text: text.slice(start, end),
      filters: filters ?? {},
      ...(filters === null ? { unread: true as const } : {}),
    });
  };
  for (const re of GROWTH_NUMBER)
    for (const m of shadow.matchAll(re)) {
      const g = m.groups ?? {};
      const six = /^(?:6|six)\s+months$|^half/.test(g.period ?? '');
      add(m, (negated) => growthFilter(six ? '6m' : '12m', Number(g.n), negated));
    }
  for (const m of shadow.matchAll(FAST_GROWING)) add(m, (n) => growthFilter('12m', FAST_GROWTH_PCT, n));
  for (const m of shadow.matchAll(GROWING)) add(m, (n) => growthFilter('12m', GROWING_PCT, n));
  for (const m of shadow.matchAll(VISITS_NUMBER))
    add(m, (n) => visitsFilter(visitsOf(m.groups!.n!, m.groups?.unit), n));
  for (const m of shadow.matchAll(HIGH_TRAFFIC)) add(m, (n) => visitsFilter(HIGH_TRAFFIC_VISITS, n));
  for (const re of HIRING)
    for (const m of shadow.matchAll(re)) {
      const roles = m.groups?.roles;
      add(m, (negated) => {
        if (negated) return null;
        const functions = roles ? functionsOf(roles) : [];
        return { [HIRING_KEY]: functions.length > 0 ? { functions } : {} };
      });
    }
  return found.sort((a, b) => a.start - b.start);
}
