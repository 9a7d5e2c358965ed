/**
 * Plain language to list filters (spec endpoint 2): a lexicon-and-grammar translator over the filter
 * catalog. No network, no model, no lookup of known sentences.
 *
 * How it works: the text is normalised (lower case, accents and most punctuation dropped, hyphens
 * between words become spaces, number words become digits, a few common typos fixed). An ordered list
 * of rules then runs over it; each rule that recognises a phrase writes filters, records a `match` and
 * replaces the phrase with a barrier so no later rule reads it again. Order = priority (specific
 * before general: "pe backed" before "private", "series a of $10m in 2023" before "series a").
 * What is left is split at barriers and stopwords; the remaining word runs go to industry search
 * (`searchIndustries`), and words nothing used are reported in `unmatched`.
 *
 * Decisions (documented here and in the tests):
 * - "public"/"listed"/"publicly traded" -> company_type public; "private"/"privately held"/"not public"
 *   -> company_type private. Ownership words (family owned, PE backed, VC backed, bootstrapped,
 *   founder led, state owned, non-profit, employee owned, corporate owned) -> ownership_category; two
 *   ownership words in one query give both values (any-of): "PE-backed family firms" ->
 *   [private_equity_controlled, family_owned].
 * - "AI-native" -> [4]; "AI-first" -> [4, 5]; "AI foundational"/"foundation model" -> [5];
 *   "no AI" -> [0]; "AI-powered"/"uses AI"/"AI" -> [2, 3, 4, 5].
 * - "pre-IPO"/"late stage" -> series_c .. series_j; "early stage" -> pre_seed, seed, series_a;
 *   "growth stage" -> series_b .. series_d; "series b+" -> series_b .. series_j.
 * - A stage followed by an amount, a date or "led by" is one round (`funding_rounds`), otherwise it is
 *   the company's current funding stage.
 * - Money: revenue and valuation ranges map onto every band they overlap; an exact amount gives the
 *   band holding it; a bare amount with no context word is revenue. "raised $20M" reads as at least
 *   $20M total funding. "unicorns" -> valuation >= $1B, "decacorns" -> >= $10B.
 * - "marketplace" -> revenue_model marketplace_commission ("marketplace listing" -> gtm motion).
 *   "SaaS" -> offering software + revenue model subscription_recurring.
 * - "recently raised" -> last funding date within 12 months of ctx.today.
 * - Places: after "office(s) in" -> location.offices.*, after "selling into/serving/customers in" ->
 *   location.market_served.markets (regions expanded to their countries), otherwise HQ: countries ->
 *   location.hq.country, M49 regions -> location.hq.region, groupings M49 lacks -> country lists.
 * - Partnerships. How a company sells is a go-to-market motion; with what kind of partner it works is
 *   strategic_signal.partnership.type. The rule: a partner-kind word before "partner(s)", "partnership(s)",
 *   "alliance(s)", "deal(s)" or "agreement(s)" gives the type ("reseller partners", "integration
 *   partnerships", "SI partners", "OEM partners", "white-label deals", "co-marketing partners"), and so
 *   do the nouns "resellers", "distributors", "VARs" and "systems integrators" on their own
 *   (channel_reseller_distributor / implementation_si_consulting). "Channel" is not a partner kind:
 *   "channel partners", "channel sales", "indirect sales", "sell through channel partners" stay
 *   business_model.gtm_motion channel_partners only. Selling through resellers is both: "sold through
 *   distributors", "via resellers" give gtm_motion channel_partners and the type. Bare "OEM",
 *   "white label" (no partner word) stay gtm_motion oem_embedded. Kinds may be listed ("SI and
 *   consulting partners"). Type `others` has no words.
 * - Partner tiers: a tier word before a partner word gives strategic_signal.partnership.strategic_tier
 *   as the capitalised word (the data holds "Gold Partner", "Premier"; the text filter matches words):
 *   "premier partners" -> ["Premier"], "gold or platinum partners" -> ["Gold", "Platinum"]. Tier words:
 *   premier, gold, platinum, silver, bronze, diamond, elite, strategic, registered, certified,
 *   authorized, preferred. With "of"/"with" names follow: "strategic partners of SAP" -> tier
 *   ["Strategic"] and partnership.name ["SAP"]; "technology partners of Salesforce" -> type and name.
 */

import { type Band, REVENUE_BANDS, VALUATION_BANDS } from '../../contract/enums';
import {
  type Filters,
  type FundingRoundsCondition,
  hasRoundCondition,
  type Range,
} from '../../contract/filters';
import { countriesInRegion } from '../../contract/geo';
import { normalizeText } from '../../contract/text';
import { isNaicsCode } from '../dataset/reference/naics';
import { isSicCode } from '../dataset/reference/sic';
import { searchIndustries } from '../query/industry-search';
import {
  cityLexicon,
  editDistance,
  industryVocabulary,
  type Place,
  placeLexicon,
  protectedIndustryPhrases,
} from './lexicon';
import { ASSESSMENT_PHRASES } from './tables/assessment';
import { BUSINESS_MODEL_PHRASES, GTM_TYPE_PHRASES } from './tables/business-model';
import { COMPANY_TYPE_PHRASES, OWNERSHIP_PHRASES, STATUS_PHRASES } from './tables/firmographic';
import { STAGE_PHRASES, seriesFrom } from './tables/funding-stages';
import { PARTNER_KINDS, PARTNER_TIERS, TIER_SPELLINGS } from './tables/partners';
import type { Phrase } from './tables/phrase';
import { TECHNOLOGY_PHRASES } from './tables/technology';

export type TranslateContext = { today: Date; resolveInvestor?: (name: string) => string[] };
export type TranslateMatch = { text: string; key: string; values: unknown };
export type TranslateResult = { filters: Filters; matches: TranslateMatch[]; unmatched: string[] };

const BAR = ' \u00a6 ';
const B = '(?<![a-z0-9])';
const E = '(?![a-z0-9])';

// ---------------------------------------------------------------------------------------------
// Normalisation

const NUMBER_WORDS: Record<string, string> = {
  one: '1',
  two: '2',
  three: '3',
  four: '4',
  five: '5',
  six: '6',
  seven: '7',
  eight: '8',
  nine: '9',
  ten: '10',
  eleven: '11',
  twelve: '12',
  fifteen: '15',
  twenty: '20',
  thirty: '30',
  fifty: '50',
  hundred: '100',
};

const TYPOS: Record<string, string> = {
  compnaies: 'companies',
  comapnies: 'companies',
  compaines: 'companies',
  companys: 'companies',
  compnay: 'company',
  germnay: 'germany',
  gemany: 'germany',
  grmany: 'germany',
  frnace: 'france',
  sofware: 'software',
  sotware: 'software',
  softwares: 'software',
  bootstraped: 'bootstrapped',
  privatly: 'privately',
  privatley: 'privately',
  fouded: 'founded',
  foudned: 'founded',
  founed: 'founded',
  fonded: 'founded',
  beween: 'between',
  betwen: 'between',
  revenu: 'revenue',
  revnue: 'revenue',
  reveune: 'revenue',
  revenew: 'revenue',
  valuaton: 'valuation',
  valutation: 'valuation',
  seris: 'series',
  serie: 'series',
  backd: 'backed',
  bakced: 'backed',
  subscripton: 'subscription',
  europ: 'europe',
  euope: 'europe',
  nordic: 'nordics',
  fintec: 'fintech',
  finetch: 'fintech',
  fintechs: 'fintech',
  unicorn: 'unicorns',
  startps: 'startups',
  statups: 'startups',
  raisd: 'raised',
  rasied: 'raised',
  acquird: 'acquired',
  aquired: 'acquired',
  offcies: 'offices',
  ofices: 'offices',
  offfices: 'offices',
  publically: 'publicly',
  lsited: 'listed',
  familiy: 'family',
  famliy: 'family',
  sequioa: 'sequoia',
  switzerand: 'switzerland',
  custmers: 'customers',
  cusotmers: 'customers',
  customres: 'customers',
  partnes: 'partners',
  millon: 'million',
  milion: 'million',
  billon: 'billion',
  bilion: 'billion',
};

/** Words the rules read, for typo correction (places and industry words are added on first use). */
const RULE_WORDS =
  'founded established incorporated revenue revenues valuation valued bootstrapped privately private public publicly ' +
  'listed family owned acquired series raised funded funding backed subscription subscriptions marketplace freemium ' +
  'customers clients partners partnered offices office headquartered based between before after since million ' +
  'billion unicorns decacorns software hardware services manufacturers manufacturing operating companies startups ' +
  'nonprofit government venture equity enterprise consumers businesses selling serving licensing advertising ' +
  'transaction professional managed community switching network effects concentration customer recurring usage ' +
  'commerce ecommerce founder integrates integration worldwide global international technology focused native ' +
  'powered mobile rounds months years older younger closed defunct still seed angel stage growth early later ' +
  'channel product self serve inside sales direct consumer affiliate donations royalties proprietary brand costs ' +
  'integrators resellers distributors partnerships platinum premier';

let knownWords: Set<string> | undefined;
let correctable: string[] | undefined;
const wordFixes = new Map<string, string>();

/** A misspelt rule or place word ("swizterland", "bootstraped") to the word it most likely is. */
function correctWord(w: string): string {
  if (w.length < 7) return w;
  const cached = wordFixes.get(w);
  if (cached !== undefined) return cached;
  if (!knownWords || !correctable) {
    const vocab = new Set(RULE_WORDS.split(' '));
    for (const key of placeLexicon().keys()) for (const p of key.split(' ')) if (p.length >= 5) vocab.add(p);
    correctable = [...vocab];
    // every word the rule patterns spell out counts as known (never "corrected")
    const patternText = [
      ...PHRASES.map((p) => p.reads),
      FOUNDED,
      STAGE_WORD,
      OFFICE_TRIG,
      MARKET_TRIG,
      HQ_TRIG,
      RAISE,
      REVENUE_CTX,
      VALUATION_CTX,
      FUNDING_CTX,
      GTE_WORDS,
      LTE_WORDS,
    ].join(' ');
    const fromPatterns = patternText.match(/[a-z]{3,}/g) ?? [];
    knownWords = new Set([
      ...vocab,
      ...fromPatterns,
      ...industryVocabulary(),
      // words of known city names are never "corrected" ("antiguo cuscatlan" is not "antigua")
      ...[...cityLexicon().keys()].flatMap((k) => k.split(' ')),
      ...STOPWORDS,
      ...Object.keys(NUMBER_WORDS),
    ]);
  }
  let out = w;
  const stem = w.replace(/(?:s|es|ed|ing)$/, '');
  if (!knownWords.has(w) && !knownWords.has(stem)) {
    const max = w.length >= 8 ? 2 : 1;
    let bestD = max + 1;
    for (const v of correctable) {
      const d = editDistance(w, v, max);
      if (d < bestD) {
        bestD = d;
        out = v;
      }
    }
  }
  wordFixes.set(w, out);
  return out;
}

function normalize(text: string): string {
  let s = ` ${text} `
    .replace(/[\u2018\u2019`]/g, "'")
    .replace(/[\u2013\u2014]/g, '-')
    .replace(/\bU\.S\.A\.?|\bU\.S\.(?=[\s,;]|$)|\bUS\b/g, ' usa ')
    .replace(/\bu\.s\.(?:a\.?)?/gi, ' usa ')
    .replace(/\bu\.k\.?/gi, ' uk ');
  s = s
    .normalize('NFKD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase();
  s = s.replace(/[^a-z0-9$\u20ac\u00a3.,+%&/\-<>= ]+/g, ' ');
  s = s.replace(/([a-z])-(?=[a-z])/g, '$1 ').replace(/([a-z0-9])'s\b/g, '$1');
  s = s.replace(/(?<!\d),|,(?!\d{3})/g, ' , ').replace(/(?<!\d)\.|\.(?!\d)/g, ' ');
  s = s.replace(/\//g, ' / ').replace(/&/g, ' & ');
  s = s.replace(/[a-z]+/g, (w) => TYPOS[w] ?? NUMBER_WORDS[w] ?? w);
  // names follow "by", "of", "with", "include", "like": never correct those ("nvidia" is not "india")
  s = s.replace(/(^|\s)([a-z]+)(?=\s)/g, (whole, sp: string, w: string, offset: number, all: string) =>
    /(?:^|\s)(?:by|of|with|include|includes|including|like|as|and|or)\s$/.test(
      all.slice(0, offset + sp.length),
    )
      ? whole
      : `${sp}${correctWord(w)}`,
  );
  s = s.replace(/\b(in|into|across|from|serving|throughout|to) us\b/g, '$1 usa');
  s = s.replace(/\b(an?|one) (billion|million|bn)\b/g, '1 $2');
  s = s.replace(/\bfound (?=(?:after|before|in|since|between|post|pre) )/g, 'founded ');
  return ` ${s.replace(/\s+/g, ' ').trim()} `;
}

// ---------------------------------------------------------------------------------------------
// State

type State = {
  s: string;
  ctx: TranslateContext;
  filters: Record<string, unknown>;
  matches: TranslateMatch[];
  unmatched: string[];
  round: FundingRoundsCondition;
  roundText: string[];
  casing: Map<string, string>;
};

function addValues(st: State, key: string, values: unknown[], text: string): void {
  if (values.length === 0) return;
  const prev = (st.filters[key] as unknown[] | undefined) ?? [];
  st.filters[key] = [...new Set([...prev, ...values])];
  st.matches.push({ text: text.trim(), key, values });
}

function setValue(st: State, key: string, value: unknown, text: string): void {
  st.filters[key] = value;
  st.matches.push({ text: text.trim(), key, values: value });
}

function setRange<T extends number | string>(st: State, key: string, r: Range<T>, text: string): void {
  const prev = (st.filters[key] as Range<T> | undefined) ?? {};
  const merged: Range<T> = { ...prev };
  if (r.gte !== undefined) merged.gte = merged.gte !== undefined && merged.gte > r.gte ? merged.gte : r.gte;
  if (r.lte !== undefined) merged.lte = merged.lte !== undefined && merged.lte < r.lte ? merged.lte : r.lte;
  if (merged.gte !== undefined && merged.lte !== undefined && merged.gte > merged.lte) return;
  st.filters[key] = merged;
  st.matches.push({ text: text.trim(), key, values: r });
}

type Rule = { re: RegExp; apply: (m: (string | undefined)[], st: State) => boolean | string };

/** Runs a rule over the text; a match the rule accepts becomes a barrier (or the string returned). */
function run(st: State, rule: Rule): void {
  st.s = st.s.replace(rule.re, (...args: unknown[]) => {
    const m = args.slice(0, args.length - 2).map((a) => (typeof a === 'string' ? a : undefined));
    const out = rule.apply(m, st);
    if (out === false) return m[0]!;
    return out === true ? BAR : out;
  });
}

function rx(source: string): RegExp {
  return new RegExp(`${B}(?:${source})${E}`, 'g');
}

// ---------------------------------------------------------------------------------------------
// Numbers, money, dates

const YEAR = '((?:18|19|20)\\d{2})';
const N = '(\\d{1,3})';
const NUM = '\\d+(?:,\\d{3})*(?:\\.\\d+)?';
const UNIT = '(?:k|thousand|m|mm|mn|mil|mio|million|millions|b|bn|billion|billions)';
const CUR = '[$\\u20ac\\u00a3]';
const AMT = `(?:${CUR}\\s*${NUM}\\s*${UNIT}?|${NUM}\\s*${UNIT})(?:\\s*(?:usd|dollars|eur|euros))?`;
const AMT_LOOSE = `(?:${CUR}\\s*)?${NUM}\\s*${UNIT}?`;
const GTE_WORDS =
  'over|more than|above|greater than|at least|min|minimum|minimum of|north of|exceeding|upwards of|in excess of|beyond|>|>=|bigger than|larger than|plus';
const LTE_WORDS =
  'under|less than|below|up to|at most|max|maximum|maximum of|no more than|<|<=|sub|south of|fewer than|smaller than|lower than';
const MONEY = `(?:(?:between|from)\\s+)?${AMT_LOOSE}\\s*(?:-|to|and)\\s*${AMT}|(?:${GTE_WORDS}|${LTE_WORDS})\\s+${AMT}|${AMT}\\s*(?:\\+|or more|and above|and up|or above|plus|or less|and below|or under)?`;

function unitOf(u: string | undefined): number | undefined {
  if (!u) return undefined;
  if (/^(k|thousand)$/.test(u)) return 1e3;
  if (/^(m|mm|mn|mil|mio|millions?)$/.test(u)) return 1e6;
  if (/^(b|bn|billions?)$/.test(u)) return 1e9;
  return undefined;
}

function parseMoney(text: string): Range<number> | undefined {
  const amounts: { n: number; unit: number | undefined }[] = [];
  const re = new RegExp(`(${NUM})\\s*(${UNIT})?${E}`, 'g');
  for (const m of text.matchAll(re)) {
    amounts.push({ n: Number(m[1]!.replace(/,/g, '')), unit: unitOf(m[2]) });
  }
  if (amounts.length === 0) return undefined;
  const lastUnit = amounts[amounts.length - 1]!.unit ?? 1;
  const usd = amounts.map((a) => Math.round(a.n * (a.unit ?? lastUnit)));
  if (usd.length >= 2) return { gte: Math.min(usd[0]!, usd[1]!), lte: Math.max(usd[0]!, usd[1]!) };
  const v = usd[0]!;
  if (new RegExp(`^(?:${LTE_WORDS})\\s`).test(text) || /(or less|and below|or under)$/.test(text))
    return { lte: v };
  if (
    new RegExp(`^(?:${GTE_WORDS})\\s`).test(text) ||
    /(\+|or more|and above|and up|or above|plus)$/.test(text)
  )
    return { gte: v };
  return { gte: v, lte: v };
}

function bandsFor(list: readonly Band[], r: Range<number>): string[] {
  if (r.gte !== undefined && r.lte !== undefined && r.gte === r.lte) {
    return list.filter((b) => r.gte! >= b.min && (b.max === null || r.gte! < b.max)).map((b) => b.code);
  }
  return list
    .filter(
      (b) =>
        (r.gte === undefined || b.max === null || b.max > r.gte) && (r.lte === undefined || b.min < r.lte),
    )
    .map((b) => b.code);
}

function isoDay(d: Date): string {
  return d.toISOString().slice(0, 10);
}

function minus(today: Date, n: number, unit: string): string {
  const d = new Date(Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), today.getUTCDate()));
  if (unit.startsWith('day')) d.setUTCDate(d.getUTCDate() - n);
  else if (unit.startsWith('week')) d.setUTCDate(d.getUTCDate() - 7 * n);
  else if (unit.startsWith('month')) d.setUTCMonth(d.getUTCMonth() - n);
  else d.setUTCFullYear(d.getUTCFullYear() - n);
  return isoDay(d);
}

/** A date phrase (in 2024 / since 2023 / in the last 6 months / this year / last year) as a range. */
const DATE_PHRASE = `(?:in|during)\\s+${YEAR}|(?:since|after|from)\\s+${YEAR}|before\\s+${YEAR}|(?:in|within|during|over)\\s+the\\s+(?:last|past)\\s+(?:${N}\\s+)?(days?|weeks?|months?|years?|yrs?)|(?:this|last)\\s+year`;

function parseDate(text: string, today: Date): Range<string> | undefined {
  let m = /^(?:in|during) (\d{4})$/.exec(text);
  if (m) return { gte: `${m[1]}-01-01`, lte: `${m[1]}-12-31` };
  m = /^(since|after|from) (\d{4})$/.exec(text);
  if (m) return { gte: m[1] === 'after' ? `${Number(m[2]) + 1}-01-01` : `${m[2]}-01-01` };
  m = /^before (\d{4})$/.exec(text);
  if (m) return { lte: `${Number(m[1]) - 1}-12-31` };
  m = /the (?:last|past) (?:(\d+) )?([a-z]+)$/.exec(text);
  if (m) return { gte: minus(today, Number(m[1] ?? 1), m[2]!.replace(/^yrs?$/, 'year')) };
  const y = today.getUTCFullYear();
  if (/this year$/.test(text)) return { gte: `${y}-01-01` };
  if (/last year$/.test(text)) return { gte: `${y - 1}-01-01`, lte: `${y - 1}-12-31` };
  return undefined;
}

// ---------------------------------------------------------------------------------------------
// Names (investors, partners, customers)

const NAME_STOP = new Set(
  (
    'and or in with that which who whose founded series based from since after before over under above below ' +
    'raised valued making selling sell sells serving are is have has a an the of for to by on at as ' +
    'companies company firms startups businesses revenue funding round rounds led backed founded'
  ).split(' '),
);
const SEPARATORS = new Set([',', 'and', 'or', '&', '/']);

/** Names following a trigger: up to 5 names of up to 4 words, split by , and or & /. */
function takeNames(rest: string): { names: string[]; consumed: string } {
  const tokens = rest.trim().split(' ');
  const names: string[] = [];
  let current: string[] = [];
  let i = 0;
  for (; i < tokens.length; i++) {
    const t = tokens[i]!;
    if (t === '\u00a6' || t === '') break;
    if (SEPARATORS.has(t)) {
      if (current.length === 0) break;
      const next = tokens[i + 1];
      if (!next || NAME_STOP.has(next) || next === '\u00a6') break;
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

function display(st: State, name: string): string {
  return name
    .split(' ')
    .map((w) => st.casing.get(w) ?? w)
    .join(' ');
}

function isPlace(name: string): boolean {
  return placeLexicon().has(name);
}

const INVESTOR_CLASSES: Record<string, [string, string]> = {
  'private equity': ['firmographic.ownership_category', 'private_equity_controlled'],
  pe: ['firmographic.ownership_category', 'private_equity_controlled'],
  vc: ['firmographic.ownership_category', 'venture_growth_investor_backed'],
  vcs: ['firmographic.ownership_category', 'venture_growth_investor_backed'],
  'venture capital': ['firmographic.ownership_category', 'venture_growth_investor_backed'],
  'venture capitalists': ['firmographic.ownership_category', 'venture_growth_investor_backed'],
  angels: ['funding_detail.funding_overview.funding_stage', 'angel'],
  donations: ['business_model.revenue_model', 'grants_donations'],
  donors: ['business_model.revenue_model', 'grants_donations'],
  grants: ['business_model.revenue_model', 'grants_donations'],
  'angel investors': ['funding_detail.funding_overview.funding_stage', 'angel'],
};

/** Handles "<trigger> NAME, NAME or NAME" with a callback per group of names; the names are consumed. */
/**
 * Runs a trigger regex over the text; for each match (right to left, so earlier indices stay valid)
 * `fn` reads the words after it up to the next barrier and says how many characters it used, or null.
 */
function replaceTriggered(
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
    const bar = tail.indexOf('\u00a6');
    const raw = bar === -1 ? tail : tail.slice(0, bar);
    const rest = raw.trimStart();
    const used = fn(m, rest);
    if (used === null) continue;
    st.s = st.s.slice(0, start) + BAR + st.s.slice(after + (raw.length - rest.length) + used);
  }
}

/** Handles "<trigger> NAME, NAME or NAME" with a callback per group of names; the names are consumed. */
function nameRule(
  trigger: string,
  onNames: (names: string[], st: State, text: string) => boolean,
): (st: State) => void {
  const re = new RegExp(`${B}(?:${trigger})(?= )`, 'g');
  return (st) =>
    replaceTriggered(st, re, (m, rest) => {
      const { names, consumed } = takeNames(rest);
      if (names.length === 0) return null;
      if (!onNames(names, st, `${m[0]} ${consumed}`)) return null;
      return consumed.length;
    });
}

function investorUuids(st: State, names: string[], text: string, lead: boolean): boolean {
  const uuids: string[] = [];
  let any = false;
  for (const n of names) {
    const cls = INVESTOR_CLASSES[n];
    if (cls) {
      addValues(st, cls[0], [cls[1]], text);
      any = true;
      continue;
    }
    const found = st.ctx.resolveInvestor?.(display(st, n)) ?? [];
    if (found.length) uuids.push(...found);
    else st.unmatched.push(n);
    any = true;
  }
  if (uuids.length || lead) {
    const inv = st.round;
    if (uuids.length) inv['investors.uuid'] = [...new Set([...(inv['investors.uuid'] ?? []), ...uuids])];
    if (lead && uuids.length) inv['investors.lead_investor'] = true;
    if (uuids.length) st.roundText.push(text.trim());
  }
  return any;
}

// ---------------------------------------------------------------------------------------------
// Funding stages

const SERIES_WORD = 'series [a-j](?: ?\\+| and (?:later|beyond|above)| or later)?';
const STAGE_WORD = [SERIES_WORD, ...STAGE_PHRASES.map((p) => p.reads)].join('|');
const STAGE_LIST = `(?:${STAGE_WORD})(?:\\s*(?:,|or|and|/|-|to|through)\\s*(?:(?:series\\s+)?[a-j](?![a-z0-9])|seed|pre ?seed|${STAGE_WORD}))*`;
const STAGE_READS = STAGE_PHRASES.map((p) => ({ re: new RegExp(`${B}(?:${p.reads})${E}`), codes: p.codes }));

function stagesOf(text: string): string[] {
  const out: string[] = [];
  const t = text;
  const letters: string[] = [];
  const range = /series ([a-j])\s*(?:-|to|through)\s*(?:series )?([a-j])(?![a-z])/.exec(t);
  if (range) {
    for (let c = range[1]!.charCodeAt(0); c <= range[2]!.charCodeAt(0); c++)
      letters.push(String.fromCharCode(c));
  }
  for (const m of t.matchAll(
    /(?:series |(?<=(?:,|or|and|\/) ))([a-j])(?![a-z0-9])( ?\+| and (?:later|beyond|above)| or later)?/g,
  )) {
    if (m[2]) out.push(...seriesFrom(m[1]!));
    else letters.push(m[1]!);
  }
  out.push(...letters.map((l) => `series_${l}`));
  for (const p of STAGE_READS) if (p.re.test(t)) out.push(...p.codes);
  return [...new Set(out)];
}

// ---------------------------------------------------------------------------------------------
// Phrase tables (tables/*.ts, shared with render.ts)

const PHRASES: readonly Phrase[] = [
  ...STATUS_PHRASES,
  ...OWNERSHIP_PHRASES,
  ...COMPANY_TYPE_PHRASES,
  ...GTM_TYPE_PHRASES,
  ...BUSINESS_MODEL_PHRASES,
  ...TECHNOLOGY_PHRASES,
  ...ASSESSMENT_PHRASES,
];

const PHRASE_RULES: Rule[] = PHRASES.map((p) => ({
  re: rx(p.reads),
  apply: (m, st) => {
    if (Array.isArray(p.values)) addValues(st, p.key, p.values, m[0]!);
    else setValue(st, p.key, p.values, m[0]!);
    return p.alsoNext ? m[0]! : true;
  },
}));

/** Status and ownership entries come first in PHRASES; they run before "<name> backed" and places. */
const FIRST_NON_OWNERSHIP = STATUS_PHRASES.length + OWNERSHIP_PHRASES.length;

// ---------------------------------------------------------------------------------------------
// Rules

function yearNow(st: State): number {
  return st.ctx.today.getUTCFullYear();
}

const FOUNDED = '(?:founded|established|started|incorporated|created|launched|formed|est|born|set up)';
const FY = 'firmographic.founded_year';

const FOUNDING_RULES: Rule[] = [
  {
    re: rx(
      `(?:${FOUNDED} )?(?:between|from) ${YEAR} ?(?:and|to|-|through) ?${YEAR}|${FOUNDED} (?:in )?${YEAR} ?(?:-|to) ?${YEAR}`,
    ),
    apply: (m, st) => {
      const a = Number(m[1] ?? m[3]);
      const b = Number(m[2] ?? m[4]);
      setRange(st, FY, { gte: Math.min(a, b), lte: Math.max(a, b) }, m[0]!);
      return true;
    },
  },
  {
    re: rx(`(?:${FOUNDED} )?(?:in )?(?:the )?(?:(?:18|19|20)(\\d)0|'?(\\d)0)s`),
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
      `(?:${FOUNDED} )?(?:(?:in )?or after|post|after) ${YEAR}|(?:${FOUNDED} )?${YEAR} (?:or later|onwards|and later|or after|and after|\\+)`,
    ),
    apply: (m, st) => {
      const y = Number(m[1] ?? m[2]);
      const inclusive = /or after|or later|onwards|and later|and after|\+/.test(m[0]!);
      setRange(st, FY, { gte: inclusive ? y : y + 1 }, m[0]!);
      return true;
    },
  },
  {
    re: rx(`(?:${FOUNDED} )?(?:since|from) ${YEAR}`),
    apply: (m, st) => {
      setRange(st, FY, { gte: Number(m[1]) }, m[0]!);
      return true;
    },
  },
  {
    re: rx(
      `(?:${FOUNDED} )?(?:(?:in )?or before|before|prior to|pre) ${YEAR}|(?:${FOUNDED} )?${YEAR} (?:or earlier|or before|and earlier)`,
    ),
    apply: (m, st) => {
      const y = Number(m[1] ?? m[2]);
      setRange(st, FY, { lte: /or before|or earlier|and earlier/.test(m[0]!) ? y : y - 1 }, m[0]!);
      return true;
    },
  },
  {
    re: rx(`${FOUNDED} (?:in )?${YEAR}`),
    apply: (m, st) => {
      setRange(st, FY, { gte: Number(m[1]), lte: Number(m[1]) }, m[0]!);
      return true;
    },
  },
  {
    re: rx(
      `(?:${FOUNDED} )?(?:in|within|during|over) the (?:last|past) ${N} (?:years?|yrs?)|(?:less than|under|younger than|not older than|at most) ${N} (?:years?|yrs?)(?: old)?`,
    ),
    apply: (m, st) => {
      setRange(st, FY, { gte: yearNow(st) - Number(m[1] ?? m[2]) }, m[0]!);
      return true;
    },
  },
  {
    re: rx(`${FOUNDED} (?:about |around )?${N} (?:years?|yrs?) ago`),
    apply: (m, st) => {
      const y = yearNow(st) - Number(m[1]);
      setRange(st, FY, { gte: y, lte: y }, m[0]!);
      return true;
    },
  },
  {
    re: rx(
      `older than ${N} (?:years?|yrs?)|(?:more than|over|at least) ${N} (?:years?|yrs?) old|${N}\\+? (?:years?|yrs?) old|(?:been )?around (?:for )?(?:more than|over|at least) ${N} (?:years?|yrs?)`,
    ),
    apply: (m, st) => {
      const n = Number(m[1] ?? m[2] ?? m[3] ?? m[4]);
      setRange(st, FY, { lte: yearNow(st) - n }, m[0]!);
      return true;
    },
  },
];

const REVENUE_CTX =
  '(?:annual |yearly |recurring )?(?:revenue|revenues|sales|turnover|arr|top line)|making|earning|generating|doing';
const VALUATION_CTX =
  'valuation|valuations|valued|valued at|worth|market cap|market capitalization|post money';
const FUNDING_CTX =
  'raised|raising|has raised|have raised|total funding|funding|funded with|capital raised|funding raised';
const AFTER_CTX = `(?:\\s+(?:in|of|per year|a year|annually|annual|yearly|total))*\\s+(${'revenue|revenues|sales|turnover|arr|valuation|funding|raised|total funding'})`;

const MONEY_RULE: Rule = {
  re: new RegExp(
    `${B}(?:(${REVENUE_CTX}|${VALUATION_CTX}|${FUNDING_CTX})\\s+(?:(?:of|at|is|was|around|about|:)\\s+)?)?(${MONEY})(?:${AFTER_CTX})?${E}`,
    'g',
  ),
  apply: (m, st) => {
    const ctxWord = `${m[1] ?? ''} ${m[3] ?? ''}`.trim();
    const range = parseMoney(m[2]!.trim());
    if (!range) return false;
    let kind: 'revenue' | 'valuation' | 'funding' = 'revenue';
    if (/valu|worth|market cap|post money/.test(ctxWord)) kind = 'valuation';
    else if (/rais|fund/.test(ctxWord)) kind = 'funding';
    else if (!ctxWord && !/[$\u20ac\u00a3]|\d\s*(k|m|mm|mn|b|bn|million|billion|thousand)\b/.test(m[2]!))
      return false;
    if (kind === 'funding') {
      const r = range.gte !== undefined && range.gte === range.lte ? { gte: range.gte } : range;
      setRange(st, 'funding_detail.funding_overview.total_funding_usd', r, m[0]!);
      return true;
    }
    const key =
      kind === 'valuation' ? 'financial_estimate.valuation_estimate' : 'financial_estimate.revenue_estimate';
    addValues(st, key, bandsFor(kind === 'valuation' ? VALUATION_BANDS : REVENUE_BANDS, range), m[0]!);
    return true;
  },
};

const RAISE =
  '(?:last )?(?:raised|funded|fundraised|raising|closed (?:a )?(?:round|funding)|got funding|received funding|(?:last )?funding(?: round)?|new funding|funding activity|announced (?:a )?round)';

function roundRules(): Rule[] {
  return [
    // A stage with round conditions: "a series a of at least $10m in 2023"
    {
      re: new RegExp(
        `${B}(?:(?:closed|raised|raising|completed|announced|secured|landed|got|received) )?(?:an? |their |its )?(?:(${AMT}) )?(${STAGE_LIST})(?: rounds?)?(?:\\s+(?:of|worth|sized|raising|for|totall?ing)?\\s*(${MONEY}))?(?:\\s+((?:${DATE_PHRASE})))?(\\s+led by)?${E}`,
        'g',
      ),
      apply: (m, st) => {
        const stages = stagesOf(m[2]!);
        if (stages.length === 0) return false;
        const ledBy = / led by$/.test(m[0]!);
        const amount = m[1] ?? m[3];
        if (!amount && !m[4] && !ledBy) {
          addValues(st, 'funding_detail.funding_overview.funding_stage', stages, m[0]!);
          return true;
        }
        st.round.round = [...new Set([...(st.round.round ?? []), ...stages])];
        if (amount) {
          const r = parseMoney(amount.trim());
          if (r) st.round.amount_usd = r.gte !== undefined && r.gte === r.lte ? { gte: r.gte } : r;
        }
        if (m[4]) {
          const d = parseDate(m[4].trim(), st.ctx.today);
          if (d) st.round.date = d;
        }
        st.roundText.push(m[0]!.replace(/ led by$/, '').trim());
        return ledBy ? `${BAR}led by ` : true;
      },
    },
    {
      re: new RegExp(`${B}(${RAISE}(?:\\s+[^\\s\\u00a6]+){0,6}?)\\s+(${DATE_PHRASE})${E}`, 'g'),
      apply: (m, st) => {
        const d = parseDate(findDate(m), st.ctx.today);
        if (!d) return false;
        setRange(st, 'funding_detail.funding_overview.last_funding_date', d, m[0]!);
        const head = m[1]!;
        // keep the words before the date (they may hold an amount: "raised over $20m in 2024")
        const rest = head.replace(new RegExp(`^${RAISE}`), '').trim();
        return rest ? ` raised ${rest}${BAR}` : BAR;
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
const ROUND_COUNT_RULES: Rule[] = [
  {
    re: rx(
      `(?:(?:at least|more than|over|min) ${N}|${N} ?\\+|${N} or more) (?:funding |financing )?rounds?(?: of funding)?`,
    ),
    apply: (m, st) => {
      const n = Number(m[1] ?? m[2] ?? m[3]);
      setRange(st, ROUNDS_KEY, { gte: /more than|over/.test(m[0]!) ? n + 1 : n }, m[0]!);
      return true;
    },
  },
  {
    re: rx(`(?:at most|fewer than|less than|up to|no more than) ${N} (?:funding |financing )?rounds?`),
    apply: (m, st) => {
      const n = Number(m[1]);
      setRange(st, ROUNDS_KEY, { lte: /fewer|less/.test(m[0]!) ? n - 1 : n }, m[0]!);
      return true;
    },
  },
  {
    re: rx(
      `(?:exactly |only )?(?:${N}|a single|single) (?:funding |financing )?rounds?(?: of funding)?|multiple (?:funding )?rounds`,
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

const SPECIAL_RULES: Rule[] = [
  {
    // "naics 5112", "naics codes 5112, 5415 or 54"
    re: rx('naics(?: codes?)? (\\d{2,6}(?: ?(?:,|or|and|/) ?\\d{2,6})*)'),
    apply: (m, st) => {
      const codes = m[1]!.match(/\d+/g) ?? [];
      if (codes.some((c) => !isNaicsCode(c) && c.length > 2)) return false;
      addValues(st, 'industry.naics', codes, m[0]!);
      return true;
    },
  },
  {
    // "sic 7372", "sic codes 7372 or 73"
    re: rx('sic(?: codes?)? (\\d{2,4}(?: ?(?:,|or|and|/) ?\\d{2,4})*)'),
    apply: (m, st) => {
      const codes = m[1]!.match(/\d+/g) ?? [];
      if (codes.some((c) => !isSicCode(c) && c.length > 2)) return false;
      addValues(st, 'industry.sic', codes, m[0]!);
      return true;
    },
  },
  {
    re: rx('decacorns?'),
    apply: (m, st) => {
      addValues(st, 'financial_estimate.valuation_estimate', bandsFor(VALUATION_BANDS, { gte: 10e9 }), m[0]!);
      return true;
    },
  },
  {
    re: rx('unicorns?'),
    apply: (m, st) => {
      addValues(st, 'financial_estimate.valuation_estimate', bandsFor(VALUATION_BANDS, { gte: 1e9 }), m[0]!);
      return true;
    },
  },
  {
    re: rx('pre revenue|no revenue|zero revenue|not yet generating revenue'),
    apply: (m, st) => {
      addValues(st, 'financial_estimate.revenue_estimate', ['pre_revenue'], m[0]!);
      return true;
    },
  },
  {
    re: rx('global(?:ly)?|worldwide|international(?:ly)?|multinationals?|serving the (?:whole )?world'),
    apply: (m, st) => {
      setValue(st, 'location.market_served.is_global', true, m[0]!);
      return true;
    },
  },
];

// ---------------------------------------------------------------------------------------------
// Places and cities

let placeRe: RegExp | undefined;
const OFFICE_TRIG =
  '(?:with |having |that have |has |have )?(?:an? |their )?(?:offices?|presence|locations?|branch(?:es)?|subsidiar(?:y|ies)|operations|teams?|sites?) (?:in|across|throughout)';
const MARKET_TRIG =
  '(?:selling|sells?|sold|expanding|expand|exporting|exports?) (?:in)?to|(?:selling|sells?) (?:in|across)|serv(?:e|es|ing)(?: customers in| the)?|customers (?:in|across)|clients (?:in|across)|(?:active|operating) (?:in|across)|targeting|market(?:s)? (?:in|like)';
const HQ_TRIG =
  '(?:based|headquartered|hq|hq d|located|incorporated|registered|domiciled) (?:in|out of)|headquarters in|(?:from|in|out of|across)';

function placeRegex(): RegExp {
  if (placeRe) return placeRe;
  const keys = [...placeLexicon().keys()].sort((a, b) => b.length - a.length);
  const alt = keys.map((k) => k.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('|');
  const one = `(?:the )?(?:${alt})`;
  placeRe = new RegExp(
    `${B}(?:(${OFFICE_TRIG})|(${MARKET_TRIG})|(?:${HQ_TRIG}))?\\s*(${one}(?:\\s*(?:,|or|and|&|/|and/or)\\s*${one})*)${E}(\\s+based${E})?`,
    'g',
  );
  return placeRe;
}

function placesIn(list: string): Place[] {
  const lex = placeLexicon();
  const out: Place[] = [];
  const tokens = list
    .replace(/\s*(,|\/|&)\s*/g, ' $1 ')
    .split(' ')
    .filter(Boolean);
  let i = 0;
  while (i < tokens.length) {
    let found = false;
    for (let len = Math.min(6, tokens.length - i); len >= 1; len--) {
      const phrase = tokens.slice(i, i + len).join(' ');
      const p = lex.get(phrase) ?? (phrase.startsWith('the ') ? lex.get(phrase.slice(4)) : undefined);
      if (p) {
        out.push(p);
        i += len;
        found = true;
        break;
      }
    }
    if (!found) i++;
  }
  return out;
}

function expand(p: Place): string[] {
  return [...(p.countries ?? []), ...(p.regions ?? []).flatMap((r) => countriesInRegion(r))];
}

const PLACE_RULE_FN = (st: State) => {
  st.s = st.s.replace(placeRegex(), (whole: string, office?: string, market?: string, list?: string) => {
    const ps = placesIn(list ?? '');
    if (ps.length === 0) return whole;
    if (office) addValues(st, 'location.offices.country', [...new Set(ps.flatMap(expand))], whole);
    else if (market) addValues(st, 'location.market_served.markets', [...new Set(ps.flatMap(expand))], whole);
    else {
      const countries = ps.flatMap((p) => p.countries ?? []);
      const regions = ps.flatMap((p) => p.regions ?? []);
      if (countries.length) addValues(st, 'location.hq.country', countries, whole);
      if (regions.length) addValues(st, 'location.hq.region', regions, whole);
    }
    return BAR;
  });
};

const CITY_RULE_FN = (st: State) => {
  if (!/(?:^| )(?:in|from|out of|across|based)(?: |$)/.test(st.s)) return;
  const re = new RegExp(`${B}(?:(${OFFICE_TRIG})|(?:${HQ_TRIG}))(?= )`, 'g');
  const based = /(?:^| )([a-z][a-z ]{2,30}?) based(?= |$)/g;
  const lex = cityLexicon();
  const takeCities = (rest: string): { names: string[]; used: number } => {
    const tokens = rest.split(' ').filter(Boolean);
    const names: string[] = [];
    let i = 0;
    let used = 0;
    while (i < tokens.length) {
      let hit = false;
      for (let len = Math.min(4, tokens.length - i); len >= 1; len--) {
        const name = lex.get(tokens.slice(i, i + len).join(' '));
        if (name) {
          names.push(name);
          i += len;
          used = i;
          hit = true;
          break;
        }
      }
      if (!hit) break;
      if (tokens[i] && SEPARATORS.has(tokens[i]!)) i++;
      else break;
    }
    return { names, used: used === 0 ? 0 : tokens.slice(0, used).join(' ').length };
  };
  replaceTriggered(st, re, (m, rest) => {
    const { names, used } = takeCities(rest);
    if (names.length === 0) return null;
    addValues(
      st,
      m[1] ? 'location.offices.city' : 'location.hq.city',
      names,
      `${m[0]} ${rest.slice(0, used)}`,
    );
    return used;
  });
  st.s = st.s.replace(based, (whole: string, name: string) => {
    const words = name.trim().split(' ');
    for (let k = Math.min(4, words.length); k >= 1; k--) {
      const c = lex.get(words.slice(-k).join(' '));
      if (c) {
        addValues(st, 'location.hq.city', [c], `${words.slice(-k).join(' ')} based`);
        return ` ${words.slice(0, -k).join(' ')}${BAR}`;
      }
    }
    return whole;
  });
};

// ---------------------------------------------------------------------------------------------
// Leftovers: industries and unmatched words

const STOPWORDS = new Set(
  (
    'a an the and or of in on at to for from with without by as is are was were be been being that which who whose ' +
    'what where when how than then also any all some such only just very more most less other their its it they them ' +
    'i me my we our us you your show find list give get looking look want need search searching for please can could would ' +
    'companies company firms firm businesses business startups startup orgs organisations organizations organization ' +
    'players vendors providers provider ones like similar kind type types sort based located headquartered hq ' +
    'have has having do does doing operate operating make makes making sell sells selling serve serves serving ' +
    'not no but about around approx approximately roughly over under above below between after before since ' + // comparison words
    'founded established started incorporated created launched year years old new young small large big mid sized ' +
    'round rounds funding funded raised money capital led backed by stage , / & + - ; $ % < > = . ' +
    'ideally maybe mostly mainly especially e g eg etc include including includes focus focused focusing space sector ' +
    'industry industries market markets area areas segment segments offering offer offers products product solutions solution ' +
    'help helps helping good great best top cool nice interesting series employees employee staff people motion motions gtm strategy pricing price prices model models makers maker apps app ago there here these those this both either each every same into onto across throughout within via through'
  ).split(' '),
);
const GENERIC_INDUSTRY_WORDS = new Set([
  'software',
  'tech',
  'technology',
  'services',
  'platform',
  'platforms',
  'data',
  'digital',
  'online',
  'app',
  'apps',
]);

const industryCache = new Map<string, { code: string; similarity: number }[]>();
function industries(phrase: string): { code: string; similarity: number }[] {
  let r = industryCache.get(phrase);
  if (!r) {
    r = searchIndustries(phrase, 5);
    if (industryCache.size > 5000) industryCache.clear();
    industryCache.set(phrase, r);
  }
  return r;
}

/**
 * Industry codes for a phrase: the top match(es) of industry search with similarity >= 0.8, at most
 * two tied. A single word must equal an industry name or keyword (>= 0.95): a word merely occurring
 * in several names ("first", "garden", "hiring") scores 0.9 and says too little.
 */
function acceptIndustry(phrase: string): string[] {
  const r = industries(phrase);
  const top = r[0];
  const min = phrase.includes(' ') ? 0.8 : 0.95;
  if (!top || top.similarity < min) return [];
  const best = r.filter((x) => x.similarity >= top.similarity - 0.001);
  if (best.length > 2) return [];
  return best.map((x) => x.code);
}

/** The industry word a misspelt word most likely stands for (one edit, two for long words). */
const correctionCache = new Map<string, string | null>();
function correctIndustryWord(w: string): string | null {
  if (w.length < 5) return null;
  const cached = correctionCache.get(w);
  if (cached !== undefined) return cached;
  const max = w.length >= 8 ? 2 : 1;
  let best: string | null = null;
  let bestD = max + 1;
  for (const v of industryVocabulary()) {
    if (v === w) {
      best = null;
      break;
    }
    const d = editDistance(w, v, max);
    if (d < bestD) {
      bestD = d;
      best = v;
    }
  }
  correctionCache.set(w, best);
  return best;
}

function industryRun(st: State, run: string[]): void {
  let i = 0;
  while (i < run.length) {
    let took = 0;
    for (let len = Math.min(4, run.length - i); len >= 1; len--) {
      const phrase = run.slice(i, i + len).join(' ');
      if (len === 1 && GENERIC_INDUSTRY_WORDS.has(phrase)) continue;
      const codes = acceptIndustry(phrase);
      if (codes.length) {
        addValues(st, 'industry.industry', codes, phrase);
        took = len;
        break;
      }
    }
    if (took === 0) {
      const fixed = correctIndustryWord(run[i]!);
      const codes = fixed ? acceptIndustry(fixed) : [];
      if (codes.length) addValues(st, 'industry.industry', codes, run[i]!);
      else st.unmatched.push(run[i]!);
      i++;
    } else i += took;
  }
}

function leftovers(st: State): void {
  for (const chunk of st.s.split('\u00a6')) {
    const words = chunk.split(' ').filter(Boolean);
    const content = (w: string | undefined) => w !== undefined && !STOPWORDS.has(w) && /[a-z]/.test(w);
    // "food and beverage": two content words around "and"/"&" read as one industry name
    for (let k = 1; k + 1 < words.length; k++) {
      if ((words[k] === 'and' || words[k] === '&') && content(words[k - 1]) && content(words[k + 1])) {
        const phrase = `${words[k - 1]} ${words[k + 1]}`;
        const top = industries(phrase)[0];
        if (top && top.similarity >= 0.95) {
          addValues(st, 'industry.industry', [top.code], `${words[k - 1]} ${words[k]} ${words[k + 1]}`);
          words.splice(k - 1, 3, ',');
        }
      }
    }
    const runs: string[][] = [];
    let cur: string[] = [];
    for (const w of words) {
      if (!content(w)) {
        if (cur.length) runs.push(cur);
        cur = [];
      } else cur.push(w);
    }
    if (cur.length) runs.push(cur);
    for (const run of runs) {
      // a word industry search knows nothing about (and cannot correct) splits the run: cheaper
      // windows, and it cannot help a neighbour anyway
      let part: string[] = [];
      for (const w of run) {
        if (industries(w).length === 0 && !correctIndustryWord(w)) {
          if (part.length) industryRun(st, part);
          part = [];
          st.unmatched.push(w);
        } else part.push(w);
      }
      if (part.length) industryRun(st, part);
    }
  }
}

// ---------------------------------------------------------------------------------------------

// Partnerships: kinds (strategic_signal.partnership.type) and tiers (strategic_tier); see the header.
const PTYPE = 'strategic_signal.partnership.type';
const PTIER = 'strategic_signal.partnership.strategic_tier';
const TIER_ALT = [...PARTNER_TIERS.map((t) => t.toLowerCase()), ...Object.keys(TIER_SPELLINGS)].join('|');
const KIND_ALT = PARTNER_KINDS.map((k) => k.reads).join('|');
const LIST_SEP = '(?: ?,| and| or| ?/)(?: and| or)? ';
const TIER_LIST = `(?:${TIER_ALT})(?:${LIST_SEP}(?:${TIER_ALT}))*`;
const KIND_LIST = `(?:${KIND_ALT})(?:${LIST_SEP}(?:${KIND_ALT}))*`;
const PARTNER_WORD = 'partners?|partnerships?|alliances?|deals?|agreements?';
/** "gold reseller", "strategic", "si and consulting": the words before a partner word. */
const QUALIFIERS = `(?:(${TIER_LIST}) )?(?:(${KIND_LIST}) )?`;

function listItems(text: string | undefined): string[] {
  if (!text) return [];
  return text
    .split(/\s*(?:,|\/|\band\b|\bor\b)\s*/)
    .map((x) => x.trim())
    .filter(Boolean);
}

function kindCode(word: string): string | undefined {
  return PARTNER_KINDS.find((k) => new RegExp(`^(?:${k.reads})$`).test(word))?.code;
}

function tierName(word: string): string {
  return TIER_SPELLINGS[word] ?? word.charAt(0).toUpperCase() + word.slice(1);
}

/** Writes the tier and kind filters named by the qualifier groups; false if they name nothing. */
function partnerQualifiers(
  st: State,
  tiers: string | undefined,
  kinds: string | undefined,
  text: string,
): boolean {
  const tierValues = listItems(tiers).map(tierName);
  const kindValues = listItems(kinds)
    .map(kindCode)
    .filter((k): k is string => k !== undefined);
  if (!tierValues.length && !kindValues.length) return false;
  addValues(st, PTIER, tierValues, text);
  addValues(st, PTYPE, kindValues, text);
  return true;
}

const PARTNER_RULES: Rule[] = [
  {
    // "sold through distributors", "via reseller partners": a selling motion and a partner kind
    re: rx(
      `(?:(?:sell|sells|sold|selling) )?(?:through|via) (?:(${TIER_LIST}) )?((?:value added )?resellers|distributors|vars|(?:reseller|distribution|distributor) (?:partners|partnerships))`,
    ),
    apply: (m, st) => {
      addValues(st, 'business_model.gtm_motion', ['channel_partners'], m[0]!);
      addValues(st, PTYPE, ['channel_reseller_distributor'], m[0]!);
      addValues(st, PTIER, listItems(m[1]).map(tierName), m[0]!);
      return true;
    },
  },
  {
    // "reseller partners", "gold partners", "si and consulting partnerships", "white label deals"
    re: rx(`(?:with |has |have |having )?${QUALIFIERS}(?:${PARTNER_WORD})`),
    apply: (m, st) => partnerQualifiers(st, m[1], m[2], m[0]!),
  },
  {
    // the partner nouns on their own
    re: rx(
      '(?:with |has |have |using |uses )?(?:value added resellers|resellers|distributors|vars|systems? integrators)',
    ),
    apply: (m, st) => {
      const code = /integrator/.test(m[0]!) ? 'implementation_si_consulting' : 'channel_reseller_distributor';
      addValues(st, PTYPE, [code], m[0]!);
      return true;
    },
  },
];

const NOT_PARTNER_NAMES = new Set(
  'channel technology tech integration strategic implementation reseller solution solutions key global our their trusted certified official preferred premier gold silver platinum'.split(
    ' ',
  ),
);

let rules: ((st: State) => void)[] | undefined;

function pipeline(): ((st: State) => void)[] {
  if (rules) return rules;
  const r = (rule: Rule) => (st: State) => run(st, rule);
  rules = [
    ...SPECIAL_RULES.map(r),
    r({
      re: rx(
        [...protectedIndustryPhrases().keys()]
          .sort((a, b) => b.length - a.length)
          .map((k) => k.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))
          .join('|'),
      ),
      apply: (m, st) => {
        addValues(st, 'industry.industry', protectedIndustryPhrases().get(m[0]!) ?? [], m[0]!);
        return true;
      },
    }),
    ...roundRules().map(r),
    nameRule('(?:a |the )?(?:round|rounds|funding) led by|led by', (names, st, text) =>
      investorUuids(st, names, text, true),
    ),
    nameRule(
      'backed by|funded by|invested in by|investment from|investors include|investors including|in the portfolio of|portfolio compan(?:y|ies) of',
      (names, st, text) => investorUuids(st, names, text, false),
    ),
    nameRule(
      `(?:channel )?${QUALIFIERS}(?:partners?|partnerships?) (?:of|with)|partnered with|partnering with|(?:in )?partnerships? with|integrat(?:e|es|ed|ing|ions?) with|(?:resellers?|distributors?) (?:of|for)`,
      (names, st, text) => {
        const real = names.filter((n) => !isPlace(n));
        if (!real.length) return false;
        // "strategic partners of SAP", "technology partners of Salesforce": the qualifiers count too
        const q = new RegExp(`^(?:channel )?${QUALIFIERS}(?:partners?|partnerships?) (?:of|with)`).exec(text);
        if (q) partnerQualifiers(st, q[1], q[2], q[0]);
        addValues(
          st,
          'strategic_signal.partnership.name',
          real.map((n) => display(st, n)),
          text,
        );
        return true;
      },
    ),
    nameRule(
      '(?:whose |with |their )?(?:customers|clients) (?:include|including|like|such as|are)|(?:customers|clients) of|(?:suppliers?|vendors?) (?:to|of)|used by|trusted by|customer logos? (?:like|include)',
      (names, st, text) => {
        const real = names.filter((n) => !isPlace(n));
        if (!real.length) return false;
        addValues(
          st,
          'customer_profile.select_customer.name',
          real.map((n) => display(st, n)),
          text,
        );
        return true;
      },
    ),
    ...PARTNER_RULES.map(r),
    r(MONEY_RULE),
    ...FOUNDING_RULES.map(r),
    ...ROUND_COUNT_RULES.map(r),
    // "sequoia backed": a name followed by backed, once ownership words have been read
    ...PHRASE_RULES.slice(0, FIRST_NON_OWNERSHIP).map(r),
    r({
      re: rx('([a-z0-9]+(?: [a-z0-9]+)?) backed'),
      apply: (m, st) => {
        const name = m[1]!.replace(/^(?:a|an|the|and|or|are|is|that|which|by)\s+/, '');
        if (STOPWORDS.has(name) || /^\d+$/.test(name)) return false;
        return investorUuids(st, [name], m[0]!, false);
      },
    }),
    PLACE_RULE_FN,
    CITY_RULE_FN,
    ...PHRASE_RULES.slice(FIRST_NON_OWNERSHIP).map(r),
    // "salesforce partners": a name before "partners", once "channel partners" and the like are read
    r({
      re: rx(
        '([a-z0-9][a-z0-9.]+) (?:partners?|partner companies|(?:consulting|implementation) partners|resellers)',
      ),
      apply: (m, st) => {
        const name = m[1]!;
        if (STOPWORDS.has(name) || NOT_PARTNER_NAMES.has(name) || isPlace(name)) return false;
        addValues(st, 'strategic_signal.partnership.name', [display(st, name)], m[0]!);
        return true;
      },
    }),
  ];
  return rules;
}

function casingOf(text: string): Map<string, string> {
  const map = new Map<string, string>();
  for (const w of text.split(/[\s,;/&()]+/)) {
    const key = normalizeText(w);
    if (key && !key.includes(' ') && w !== key && /[A-Z]/.test(w) && !map.has(key))
      map.set(key, w.replace(/[.,!?]+$/, ''));
  }
  return map;
}

/** Translates a plain-language description of target companies into list filters. */
export function translate(text: string, ctx: TranslateContext): TranslateResult {
  const st: State = {
    s: normalize(text),
    ctx,
    filters: {},
    matches: [],
    unmatched: [],
    round: {},
    roundText: [],
    casing: casingOf(text),
  };
  for (const step of pipeline()) step(st);
  if (Object.keys(st.round).length > 0) {
    const r = st.round;
    if (hasRoundCondition(r)) {
      st.filters['funding_detail.funding_rounds'] = r;
      st.matches.push({ text: st.roundText.join(' '), key: 'funding_detail.funding_rounds', values: r });
    }
  }
  leftovers(st);
  return { filters: st.filters as Filters, matches: st.matches, unmatched: [...new Set(st.unmatched)] };
}
