/**
 * Funding: stages, single rounds, raise dates, numbers of rounds, investors.
 *
 * Decisions:
 * - A stage followed by an amount, a date or "led by" is one round (`funding_detail.funding_rounds`,
 *   every condition on the same round); otherwise it is the company's current funding stage. Stage
 *   words and their codes are in `tables/funding.ts`.
 * - A round given by its amount is one round with no stage: "a single round of $10M", "one round of
 *   $20M", "a $30M round in 2024", "raised $50M in a single round", "a funding round between $5M and
 *   $15M" -> funding_rounds amount_usd (and date, and a lead investor after "led by"). "A single" says
 *   the amount came in one round, not that the company raised only one round; without an amount it
 *   stays a count ("raised only a single round" -> num_funding_rounds 1). Total funding is in
 *   `rules/money.ts`.
 * - An amount of a round is a floor unless said to be exact: "a $20m series b" -> amount_usd
 *   {gte: 20m}; "a round of exactly $3m" -> {gte: 3m, lte: 3m}.
 * - "raised in 2024", "last funded in the past 6 months" -> last funding date; "recently raised" ->
 *   within 12 months of ctx.today. Between the raise words and the date there is no founding verb: in
 *   "at least 3 funding rounds founded after 2018" the year is the founding year.
 * - "at least 3 rounds", "3+ rounds" -> num_funding_rounds {gte: 3}; "more than 3" -> {gte: 4};
 *   "a single round" -> {gte: 1, lte: 1}; "multiple rounds" -> {gte: 2}.
 * - Investors after "led by" (the round's lead), "backed by", "funded by", or before "backed"
 *   ("sequoia backed") are resolved by ctx.resolveInvestor to round investors; a class of investor
 *   ("backed by VCs") is an ownership category instead. A name that does not resolve is unmatched.
 */
import type { FundingRoundsCondition } from '../../../contract/filters';
import { hasRoundCondition } from '../../../contract/filters';
import type { RuleGroup } from '../core/groups';
import { display, lookupInvestor, nameRule } from '../core/names';
import {
  AMOUNT,
  atLeastUnlessExact,
  COUNT,
  DATE_PHRASE,
  MONEY,
  minus,
  parseDate,
  YEAR,
} from '../core/quantities';
import { BARRIER, type Rule, rx, step, WORD_END, WORD_START } from '../core/runner';
import { addValues, type State, scratch, setRange } from '../core/state';
import { FOUNDING_VERBS } from '../tables/founding';
import { INVESTOR_CLASSES, STAGE_PHRASES, seriesFrom } from '../tables/funding';
import { INVESTOR_ALIASES, investorName } from '../tables/investors';
import { STOPWORDS } from '../tables/words';

/** The one round the conditions of a query describe, gathered across rules. */
const roundOf = scratch(() => ({ round: {} as FundingRoundsCondition, text: [] as string[] }));

/**
 * Investor names (or classes: "backed by VCs") to round investors, a short form by the name it
 * stands for ("a16z": Andreessen Horowitz, `tables/investors.ts`); false if none was a name.
 */
export function investorUuids(st: State, names: string[], text: string, lead: boolean): boolean {
  const uuids: string[] = [];
  let any = false;
  for (const n of names) {
    const cls = Object.hasOwn(INVESTOR_CLASSES, n) ? INVESTOR_CLASSES[n] : undefined;
    if (cls) {
      addValues(st, cls[0], [cls[1]], text);
      any = true;
      continue;
    }
    const found = investorsNamed(st, n);
    if (found.length) uuids.push(...found);
    else st.unmatched.push(n);
    any = true;
  }
  if (uuids.length || lead) {
    const draft = roundOf(st);
    const inv = draft.round;
    if (uuids.length) inv['investors.uuid'] = [...new Set([...(inv['investors.uuid'] ?? []), ...uuids])];
    if (lead && uuids.length) inv['investors.lead_investor'] = true;
    if (uuids.length) draft.text.push(text.trim());
  }
  return any;
}

/** The investors `name` names: a short form by the name it stands for, else the name as written. */
function investorsNamed(st: State, name: string): string[] {
  let found = Object.hasOwn(INVESTOR_ALIASES, name)
    ? (st.ctx.resolveInvestor?.(display(st, name)) ?? [])
    : [];
  if (found.length === 0 && Object.hasOwn(INVESTOR_ALIASES, name))
    found = st.ctx.resolveInvestor?.(investorName(name)) ?? [];
  if (found.length === 0) found = lookupInvestor(st.ctx.resolveInvestor, display(st, name));
  return found;
}

/** Whether `name` is an investor (or a class of them) as `investorUuids` reads it. */
function resolvesAsInvestor(st: State, name: string): boolean {
  return Object.hasOwn(INVESTOR_CLASSES, name) || investorsNamed(st, name).length > 0;
}

/** After a stage: it and every later one ("Series B and up", "Series C or higher", "Series A onwards"). */
const LATER =
  ' ?\\+| and (?:later|beyond|above|up|higher|onwards?|after)| or (?:later|higher|above|beyond|after)| onwards?| plus';
const SERIES_WORD = `series [a-j](?:${LATER})?`;
const STAGE_WORD = [SERIES_WORD, ...STAGE_PHRASES.map((p) => p.reads)].join('|');
const STAGE_LIST = `(?:(?:between|from) )?(?:${STAGE_WORD})(?:\\s*(?:,|or|and|/|-|to|through|until|up to)\\s*(?:(?:series\\s+)?[a-j](?![a-z0-9])|seed|pre ?seed|${STAGE_WORD}))*`;
const STAGE_READS = STAGE_PHRASES.map((p) => ({
  re: new RegExp(`${WORD_START}(?:${p.reads})${WORD_END}`),
  codes: p.codes,
}));

/** Stages in the order a company goes through them: a range of stages is a stretch of it. */
const STAGE_ORDER = ['pre_seed', 'seed', ...seriesFrom('a')];
const STAGE_ITEM = '(pre ?seed|seed|series [a-j]|[a-j])';
const STAGE_RANGE = new RegExp(
  `(?:(between) )?${STAGE_ITEM}\\s*(?:-|to|through|until|up to|(and))\\s*${STAGE_ITEM}(?![a-z0-9])`,
  'g',
);
const stageAt = (item: string) =>
  STAGE_ORDER.indexOf(
    /seed/.test(item) ? item.replace(/ ?seed/, '_seed').replace(/^_/, '') : `series_${item.slice(-1)}`,
  );

/**
 * The stages of a range ("pre-seed through Series A", "seed to B", "between seed and Series B"):
 * every stage from the first to the last, the middle included. "and" is a range only after "between".
 */
function stageRanges(text: string): string[] {
  const out: string[] = [];
  for (const m of text.matchAll(STAGE_RANGE)) {
    if (m[3] && !m[1]) continue;
    const from = stageAt(m[2]!);
    const to = stageAt(m[4]!);
    if (from < 0 || to <= from) continue;
    out.push(...STAGE_ORDER.slice(from, to + 1));
  }
  return out;
}

function stagesOf(text: string): string[] {
  const out: string[] = [...stageRanges(text)];
  const t = text;
  const letters: string[] = [];
  for (const m of t.matchAll(
    new RegExp(`(?:(?<!pre ?)series |(?<=(?:,|or|and|\\/) ))([a-j])(?![a-z0-9])(${LATER})?`, 'g'),
  )) {
    if (m[2]) out.push(...seriesFrom(m[1]!));
    else letters.push(m[1]!);
  }
  out.push(...letters.map((l) => `series_${l}`));
  for (const p of STAGE_READS) if (p.re.test(t)) out.push(...p.codes);
  return [...new Set(out)];
}

const ROUND_VERB = '(?:closed|raised|raising|completed|announced|secured|landed|got|received|with)';
const ROUND_ARTICLE = '(?:an? |1 |a single |single |1 single |their |its )';
const ROUND_NOUN = '(?:(?:funding|financing|investment|equity|venture) )?round';

/**
 * One round given by its amount (and perhaps a date and a lead investor): a round condition, with no
 * stage. Without an amount the words are left to the other readings ("a single round": a count).
 */
function singleRound(
  st: State,
  text: string,
  amount: string | undefined,
  date: string | undefined,
): boolean | string {
  const r = amount ? atLeastUnlessExact(amount) : undefined;
  const ledBy = / led by$/.test(text);
  // without an amount, a round is one only with its date and its lead ("a round in 2022 led by
  // Accel"); "a single round" alone is a count, "raised a round in 2024" the last funding date
  if (!r && !(date && ledBy)) return false;
  const draft = roundOf(st);
  if (r) draft.round.amount_usd = r;
  if (date) {
    const d = parseDate(date.trim(), st.ctx.today);
    if (d) draft.round.date = d;
  }
  draft.text.push(text.replace(/ led by$/, '').trim());
  return ledBy ? `${BARRIER}led by ` : true;
}

const RAISE =
  '(?:last )?(?:raised|funded|fundraised|raising|closed (?:a )?(?:round|funding)|got funding|received funding|(?:last )?funding(?: round)?|new funding|funding activity|announced (?:a )?round)';

/** The group of an amount after the date in the stage rule (the date phrase has groups of its own). */
const AMOUNT_AFTER_DATE = 5 + (new RegExp(`${DATE_PHRASE}|`).exec('')!.length - 1);

/**
 * Word orders of one round that the round rules read in one order: "a 2024 Series B" (a Series B in
 * 2024), "a round led by Tiger in 2021" (a round in 2021 led by Tiger; "a Series B led by a16z in
 * 2022" alike), "whose Series C was led by".
 */
const ROUND_ORDERS: Rule[] = [
  {
    re: new RegExp(
      `${WORD_START}(an? |their |its )((?:${AMOUNT})\\s*\\+? )?${YEAR} (${STAGE_WORD}|(?:funding |financing )?round)${WORD_END}`,
      'g',
    ),
    apply: (m) => ` ${m[1]}${m[2] ?? ''}${m[4]} in ${m[3]} `,
  },
  {
    re: new RegExp(
      `${WORD_START}((?:an? |the |their |its )?(?:(?:funding |financing )?round|${SERIES_WORD}) led by) ([a-z0-9][a-z0-9.'+-]*(?: [a-z0-9][a-z0-9.'+-]*){0,3}?) ((?:in|during) (?:(?:18|19|20)\\d{2} ?(?:or|and|to|-) ?)?${YEAR})${WORD_END}`,
      'g',
    ),
    apply: (m) => ` ${m[1]!.replace(/ led by$/, '')} ${m[3]} led by ${m[2]} `,
  },
  {
    re: new RegExp(`${WORD_START}(${STAGE_WORD})(?: round)? (?:was|were) led by${WORD_END}`, 'g'),
    apply: (m) => ` ${m[1]} led by `,
  },
];

function roundRules(): Rule[] {
  return [
    ...ROUND_ORDERS,
    // A stage with round conditions: "a series a of at least $10m in 2023"
    {
      re: new RegExp(
        `${WORD_START}(?:(?:closed|raised|raising|completed|announced|secured|landed|got|received) )?(?:an? |their |its )?(?:(${AMOUNT})\\s*\\+? )?(${STAGE_LIST})(?: (?:rounds?|stages?))?(?:\\s+(?:of|worth|sized|raising|for|totall?ing)?\\s*(${MONEY}))?(?:\\s+((?:${DATE_PHRASE})))?(?:\\s+(?:of|worth|sized|raising|for|totall?ing)\\s*(${MONEY}))?(\\s+led by)?${WORD_END}`,
        'g',
      ),
      apply: (m, st) => {
        const stages = stagesOf(m[2]!);
        if (stages.length === 0) return false;
        const ledBy = / led by$/.test(m[0]!);
        const amount = m[1] ?? m[3] ?? m[AMOUNT_AFTER_DATE];
        if (!amount && !m[4] && !ledBy) {
          addValues(st, 'funding_detail.funding_overview.funding_stage', stages, m[0]!);
          return true;
        }
        const draft = roundOf(st);
        draft.round.round = [...new Set([...(draft.round.round ?? []), ...stages])];
        if (amount) {
          const r = atLeastUnlessExact(amount);
          if (r) draft.round.amount_usd = r;
        }
        if (m[4]) {
          const d = parseDate(m[4].trim(), st.ctx.today);
          if (d) draft.round.date = d;
        }
        draft.text.push(m[0]!.replace(/ led by$/, '').trim());
        return ledBy ? `${BARRIER}led by ` : true;
      },
    },
    {
      // One round by its amount: "a single round of $10m", "1 round of $20m or more", "a $30m round in
      // 2024", "a funding round between $5m and $15m", "a $40m round led by accel"
      re: new RegExp(
        `${WORD_START}(?:${ROUND_VERB} )?${ROUND_ARTICLE}?(?:(${AMOUNT})\\s*\\+? )?${ROUND_NOUN}(?:\\s+(?:of|worth|sized|totall?ing)?\\s*(${MONEY}))?(?:\\s+(${DATE_PHRASE}))?(\\s+led by)?${WORD_END}`,
        'g',
      ),
      apply: (m, st) => singleRound(st, m[0]!, m[1] ?? m[2], m[3]),
    },
    {
      // "raised $50m in a single round", "$20m in 1 round"
      re: new RegExp(
        `${WORD_START}(?:${ROUND_VERB} )?(${MONEY}) in ${ROUND_ARTICLE}${ROUND_NOUN}(?:\\s+(${DATE_PHRASE}))?(\\s+led by)?${WORD_END}`,
        'g',
      ),
      apply: (m, st) => singleRound(st, m[0]!, m[1], m[2]),
    },
    {
      re: new RegExp(
        `${WORD_START}(${RAISE}(?:\\s+(?!${FOUNDING_VERBS}${WORD_END})[^\\s\\u00a6]+){0,6}?)\\s+(${DATE_PHRASE})${WORD_END}`,
        'g',
      ),
      // the words between the raise and the date never hold a founding verb: in "3 funding rounds
      // founded after 2018" the year is the founding year
      apply: (m, st) => {
        const d = parseDate(findDate(m), st.ctx.today);
        if (!d) return false;
        setRange(st, 'funding_detail.funding_overview.last_funding_date', d, m[0]!);
        const head = m[1]!;
        // keep the words before the date (they may hold an amount: "raised over $20m in 2024")
        const rest = head.replace(new RegExp(`^${RAISE}`), '').trim();
        return rest ? ` raised ${rest}${BARRIER}` : BARRIER;
      },
    },
    {
      re: rx('recently (?:raised|funded)|raised recently|fresh(?:ly)? funded|new(?:ly)? funded'),
      apply: (m, st) => {
        setRange(
          st,
          'funding_detail.funding_overview.last_funding_date',
          { gte: minus(st.ctx.today, 12, 'months') },
          m[0]!,
        );
        return true;
      },
    },
  ];
}

function findDate(m: (string | undefined)[]): string {
  const re = new RegExp(`^(?:${DATE_PHRASE})$`);
  for (let i = m.length - 1; i > 0; i--) if (m[i] && re.test(m[i]!.trim())) return m[i]!.trim();
  return '';
}

const ROUNDS_KEY = 'funding_detail.funding_overview.num_funding_rounds';
const roundCountRules: Rule[] = [
  // upper bounds first: "no more than 3 rounds" holds "more than 3 rounds"
  {
    re: rx(`(?:at most|fewer than|less than|up to|no more than) ${COUNT} (?:funding |financing )?rounds?`),
    apply: (m, st) => {
      const n = Number(m[1]);
      setRange(st, ROUNDS_KEY, { lte: /fewer|less/.test(m[0]!) ? n - 1 : n }, m[0]!);
      return true;
    },
  },
  {
    re: rx(
      `(?:(?:at least|more than|over|min) ${COUNT}|${COUNT} ?\\+|${COUNT} or more) (?:funding |financing )?rounds?(?: of funding)?`,
    ),
    apply: (m, st) => {
      const n = Number(m[1] ?? m[2] ?? m[3]);
      setRange(st, ROUNDS_KEY, { gte: /more than|over/.test(m[0]!) ? n + 1 : n }, m[0]!);
      return true;
    },
  },
  {
    re: rx(
      `(?:exactly |only )?(?:${COUNT}|a single|single) (?:funding |financing )?rounds?(?: of funding)?|multiple (?:funding )?rounds`,
    ),
    apply: (m, st) => {
      if (/multiple/.test(m[0]!)) setRange(st, ROUNDS_KEY, { gte: 2 }, m[0]!);
      else {
        const n = m[1] ? Number(m[1]) : 1;
        setRange(st, ROUNDS_KEY, { gte: n, lte: n }, m[0]!);
      }
      return true;
    },
  },
];

export const fundingGroup: RuleGroup = {
  name: 'funding',
  steps: {
    rounds: roundRules().map(step),
    names: [
      nameRule('(?:a |the )?(?:round|rounds|funding) led by|led by', (names, st, text) =>
        investorUuids(st, names, text, true),
      ),
      nameRule(
        'backed by|funded by|invested in by|investment from|investors include|investors including|in the portfolio of|portfolio compan(?:y|ies) of',
        (names, st, text) => investorUuids(st, names, text, false),
      ),
    ],
    numbers: roundCountRules.map(step),
    ownership: [
      // "sequoia backed": a name followed by backed, once ownership words have been read
      step({
        re: rx('([a-z0-9]+(?: [a-z0-9]+)?) backed'),
        apply: (m, st) => {
          const name = m[1]!.replace(/^(?:a|an|the|and|or|are|is|that|which|by)\s+/, '');
          if (STOPWORDS.has(name) || /^\d+$/.test(name)) return false;
          // "medtech startups YC backed": the last word is the name when the two are none
          const [first, last] = name.split(' ');
          if (last && !resolvesAsInvestor(st, name) && resolvesAsInvestor(st, last)) {
            investorUuids(st, [last], `${last} backed`, false);
            return `${first}${BARRIER}`;
          }
          return investorUuids(st, [name], m[0]!, false);
        },
      }),
    ],
  },
  vocabulary: [STAGE_WORD, RAISE],
  finish: (st) => {
    const { round, text } = roundOf(st);
    if (Object.keys(round).length > 0 && hasRoundCondition(round)) {
      st.filters['funding_detail.funding_rounds'] = round;
      st.matches.push({ text: text.join(' '), key: 'funding_detail.funding_rounds', values: round });
    }
  },
};
