/**
 * Company size in words (docs/product-rules.md, section 14): a size phrase ("50-200 employees", "200+", "more than
 * 100 staff", "a 20-person agency", "small", "mid-market", "enterprise", "SMB") as a whole-number range
 * of employees, and that range as bands of `firmographic.headcount_range`. The BFF reads size phrases
 * in descriptions with `findSizePhrases`; the web app's Employees facet reads what a user types in its
 * box with `sizeBandsOf` ("50-200" selects 51-200).
 *
 * Ranges are whole numbers of employees: "fewer than / under / below N" is 1 to N-1, "up to / at most
 * / no more than N" 1 to N, "more than / over / above N" N+1 and up, "at least N" and "N+" N and up,
 * "N-M", "N to M", "between N and M" N to M, a lone number ("100 employees", "a 20-person agency")
 * that number.
 *
 * Bands: a band counts when the range covers at least half of it ("50-200" is 51-200, not 11-50:
 * it holds one of 11-50's forty numbers; "more than 100" is 51-200 and up: 100 of its 150). A range
 * narrower than half of every band it touches ("a 20-person agency", "60-100 employees") gives the
 * band holding its middle, so a size phrase never gives nothing.
 *
 * The open top band (10001+) has no size to take half of. Choice: for a bounded range it counts as
 * 10001-20000 (its lower bound doubled, as the bands below roughly double), so a range counts it
 * when it reaches 15000; a range without an upper bound ("more than 5000", "20000+") covers it.
 *
 * Vague words: small 1-50, mid-sized / medium-sized / mid-market 51-1000, large / big / enterprise
 * 1001+, SMB / SME / "small and medium-sized" 1-200. They are sizes only where they describe the
 * companies listed. Not sizes (decided on realistic phrasings, tested in size-words.test.ts):
 * - after a word that names whom the companies sell to: "selling to enterprises", "software for
 *   small businesses", "serving SMBs", "focused on the mid-market" (a go-to-market, which the
 *   translator reads where it can);
 * - before a word that says what is small or large other than the company: "small business
 *   customers", "SMB-focused", "mid-market clients", "large language models", "big data", "small
 *   cap", "large-scale";
 * - "enterprise" before anything but a company noun: "enterprise software", "enterprise SaaS",
 *   "enterprise field sales" (a motion). "enterprise companies" and "enterprises" are sizes.
 * A number of employees is not the companies' size after "customers with", "for companies with",
 * "selling to businesses with" ("software for companies with fewer than 50 employees").
 *
 * Pure: no imports outside the contract.
 */
import { HEADCOUNT_RANGES, type HeadcountRange, headcountRangeOf } from './enums';
import { lowerShadow } from './text';

/** A whole-number range of employees; `max` null = no upper bound. */
export type HeadcountSpan = { readonly min: number; readonly max: number | null };

function spanOfBand(band: HeadcountRange): HeadcountSpan {
  const m = /^(\d+)(?:-(\d+)|\+)$/.exec(band);
  if (!m) throw new Error(`not a headcount band: ${band}`);
  return { min: Number(m[1]), max: m[2] === undefined ? null : Number(m[2]) };
}

/** The employees each band holds. */
export const HEADCOUNT_SPANS: Readonly<Record<HeadcountRange, HeadcountSpan>> = Object.fromEntries(
  HEADCOUNT_RANGES.map((band) => [band, spanOfBand(band)]),
) as Record<HeadcountRange, HeadcountSpan>;

/** What the open top band counts as against a bounded range: 10001 to twice its lower bound. */
const OPEN_BAND_NOMINAL_MAX = 2 * (HEADCOUNT_SPANS['10001+'].min - 1);

/** The ranges of the vague size words. */
const SIZE_WORD_SPANS = {
  small: { min: 1, max: 50 },
  midSized: { min: 51, max: 1000 },
  large: { min: 1001, max: null },
  smb: { min: 1, max: 200 },
} as const satisfies Record<string, HeadcountSpan>;

/** Whether a range is one: whole numbers, at least 1, max not below min. */
function isHeadcountSpan(span: HeadcountSpan): boolean {
  return (
    Number.isInteger(span.min) &&
    span.min >= 1 &&
    (span.max === null || (Number.isInteger(span.max) && span.max >= span.min))
  );
}

/** Whether the range covers at least half of the band. */
export function coversHalf(span: HeadcountSpan, band: HeadcountRange): boolean {
  const b = HEADCOUNT_SPANS[band];
  if (b.max === null && span.max === null) return true;
  const top = b.max ?? OPEN_BAND_NOMINAL_MAX;
  const lo = Math.max(span.min, b.min);
  const hi = Math.min(span.max ?? Number.POSITIVE_INFINITY, top);
  return hi >= lo && 2 * (hi - lo + 1) >= top - b.min + 1;
}

/**
 * The bands of a range: those it covers at least half of, smallest first; when it covers half of
 * none, the band holding its middle. An invalid range gives none.
 */
export function bandsOfSpan(span: HeadcountSpan): HeadcountRange[] {
  if (!isHeadcountSpan(span)) return [];
  const covered = HEADCOUNT_RANGES.filter((band) => coversHalf(span, band));
  if (covered.length > 0) return covered;
  const middle = span.max === null ? span.min : Math.floor((span.min + span.max) / 2);
  return [headcountRangeOf(middle)];
}

// ---------------------------------------------------------------------------------------------
// Reading size phrases

const NUMBER_WORDS: Readonly<Record<string, number>> = {
  one: 1,
  two: 2,
  three: 3,
  four: 4,
  five: 5,
  six: 6,
  seven: 7,
  eight: 8,
  nine: 9,
  ten: 10,
  eleven: 11,
  twelve: 12,
  fifteen: 15,
  twenty: 20,
  thirty: 30,
  forty: 40,
  fifty: 50,
  hundred: 100,
  thousand: 1000,
};

/** A number: "50", "5,000", "10k", "1.5k", "fifty", "a hundred". */
const NUM =
  '(?:\\d{1,3}(?:,\\d{3})+|\\d+(?:\\.\\d+)?)(?:\\s?k(?![a-z]))?|(?:a |one )?(?:hundred|thousand)|' +
  Object.keys(NUMBER_WORDS)
    .filter((w) => w !== 'hundred' && w !== 'thousand')
    .join('|');
const N = `(${NUM})`;

function parseNumber(text: string): number | null {
  const t = text.trim().replace(/^(?:a|one) /, '');
  if (Object.hasOwn(NUMBER_WORDS, t)) return NUMBER_WORDS[t]!;
  const m = /^([\d,.]+)\s?(k?)$/.exec(t);
  if (!m) return null;
  const n = Number(m[1]!.replace(/,/g, '')) * (m[2] ? 1000 : 1);
  return Number.isFinite(n) ? Math.round(n) : null;
}

/** A form of a number of employees: its pattern (groups = numbers) and the range it says. */
type NumberForm = { re: string; span: (n: readonly number[]) => HeadcountSpan };
const NUMBER_FORMS: readonly NumberForm[] = [
  { re: `(?:between|from)\\s+${N}\\s*(?:and|to|-)\\s*${N}`, span: ([a, b]) => ({ min: a!, max: b! }) },
  { re: `${N}\\s*(?:-|to)\\s*${N}`, span: ([a, b]) => ({ min: a!, max: b! }) },
  {
    re: `(?:(?:more than|over|above|greater than|upwards of|in excess of|north of|larger than|bigger than)\\s+|>\\s*)${N}`,
    span: ([a]) => ({ min: a! + 1, max: null }),
  },
  {
    re: `(?:(?:at least|minimum(?: of)?|min\\.?|no fewer than|no less than|not fewer than|not less than)\\s+|(?:>=|\u2265)\\s*)${N}`,
    span: ([a]) => ({ min: a!, max: null }),
  },
  {
    re: `${N}\\s*(?:\\+|or more|and (?:up|above|over|more))`,
    span: ([a]) => ({ min: a!, max: null }),
  },
  {
    re: `(?:fewer than|less than|under|below|sub|smaller than|<)\\s*-?\\s*${N}`,
    span: ([a]) => ({ min: 1, max: a! - 1 }),
  },
  {
    re: `(?:(?:up to|at most|maximum(?: of)?|max\\.?|no more than|not more than)\\s+|(?:<=|\u2264)\\s*)${N}`,
    span: ([a]) => ({ min: 1, max: a! }),
  },
  { re: `${N}\\s+or\\s+(?:fewer|less)`, span: ([a]) => ({ min: 1, max: a! }) },
  {
    re: `(?:(?:about|around|approximately|approx\\.?|roughly|nearly|almost|circa|some|~)\\s*)?${N}`,
    span: ([a]) => ({ min: a!, max: a! }),
  },
];

/** Words after a number that make it a number of employees ("50 staff", "20-person", "500-strong"). */
const EMPLOYEE_NOUN =
  '(?:\\s*-?\\s*ish)?\\s*-?\\s*(?:full[- ]time\\s+)?(?:employees?|employes|emplyees|emps?|staff(?:ers)?|people|ppl|persons?|workers?|ftes?|team members|heads?|head ?count|man|strong)(?![a-z])';
/** Words before a number that make it a number of employees ("headcount of 50-200", "team of 5"). */
const EMPLOYEE_HEAD =
  '(?:head ?count|hc|emp(?:loyee)?s?(?=\\s*[:=])|size(?=\\s*[:=])|employee count|number of employees|employees|staff(?: count| size)?|team size|teams? of|workforce(?: of)?|company size)\\s*(?:of\\s+|:\\s*|=\\s*|is\\s+|at\\s+)?';

/** The companies' customers are described, not the companies ("for companies with 50 employees"). */
const CUSTOMERS_BEFORE = new RegExp(
  '(?:^|[^a-z])(?:' +
    '(?:to|(?<!(?:looking|searching|search|look|looks|hunting) )for|serving|serves|serve|targeting|targets|sells? to|selling to|helps?|helping)' +
    '\\s+(?:[a-z0-9-]+\\s+){0,2}(?:companies|businesses|firms|organi[sz]ations|teams|enterprises)' +
    '\\s+(?:with|of|that have|having|who have)' +
    '|(?:customers|clients|buyers|users)\\s+(?:with|of|that have|having|who have|have|has)' +
    ')\\s+(?:an?\\s+)?$',
);

/** `noun`: a head noun that is a size only on its own ("enterprises"; "large enterprises" is large). */
type VagueWord = { re: string; span: HeadcountSpan; noun?: boolean };
const COMPANY_NOUNS = '(?:companies|company|firms?|businesses|organi[sz]ations?|corporations|orgs)(?![a-z])';
const VAGUE_WORDS: readonly VagueWord[] = [
  {
    re: 'small(?:\\s+(?:and|to|or|&)\\s+|\\s*-\\s*to\\s*-\\s*|\\s*/\\s*)(?:medium|mid)(?:\\s*-?\\s*(?:sized?|market))?',
    span: SIZE_WORD_SPANS.smb,
  },
  { re: 'smbs?|smes?', span: SIZE_WORD_SPANS.smb },
  { re: 'mid\\s*-?\\s*market', span: SIZE_WORD_SPANS.midSized },
  { re: '(?:mid|medium)\\s*-?\\s*sized?|midsized?', span: SIZE_WORD_SPANS.midSized },
  { re: `medium(?=\\s+${COMPANY_NOUNS})`, span: SIZE_WORD_SPANS.midSized },
  { re: 'small(?:er)?(?:\\s*-?\\s*sized?)?', span: SIZE_WORD_SPANS.small },
  { re: '(?:large|big)(?:\\s*-?\\s*sized?)?|larger|bigger', span: SIZE_WORD_SPANS.large },
  {
    re: `enterprise(?:\\s*-?\\s*(?:size|sized|level|scale|grade))?(?=\\s+${COMPANY_NOUNS})`,
    span: SIZE_WORD_SPANS.large,
  },
  { re: 'enterprises', span: SIZE_WORD_SPANS.large, noun: true },
];

/** Typed on its own, "enterprise" is a size (in a description it needs a company noun after it). */
const STANDALONE_WORDS: readonly VagueWord[] = [
  { re: 'enterprise(?:\\s*-?\\s*(?:size|sized|level|scale|grade))?', span: SIZE_WORD_SPANS.large },
];

/** Whom the companies sell to, just before a vague word ("selling to enterprises", "for SMBs"). */
const SOLD_TO_BEFORE =
  /(?:^|[^a-z])(?:to|(?<!(?:looking|searching|search|look|looks|hunting) )for|serving|serves|serve|served|target(?:s|ing)?|towards?|aimed at|focused on|focusing on|focus on|supplying|supplies|supply|help(?:s|ing)?|among)\s+(?:(?:the|mostly|mainly|primarily|other)\s+)*$/;
/** What is small or large is not the company, just after a vague word. */
const OTHER_THING_AFTER =
  /^[\s-]*(?:business\s+(?!(?:in|with|that|which|who|based|and|or|from|across)(?![a-z]))[a-z]|(?:customers?|clients?|buyers?|accounts?|users?|markets?|segments?|deals?|contracts?|sales|teams?|language|caps?|data|scale|print|batch|volumes?|tickets?|orders?|budgets?|purchases?|focused|focus|oriented|owners?|loans?|lending)(?![a-z]))/;

/** A size phrase found in a description: where, the words as written, the range and its bands. */
export type SizePhrase = {
  start: number;
  end: number;
  text: string;
  span: HeadcountSpan;
  bands: HeadcountRange[];
};

const WORD_START = '(?<![a-z0-9$\u20ac\u00a3.,])';
const WORD_END = '(?![a-z0-9])';

/** `rejected`: a reading that is no size of the companies but still hides the shorter ones inside it. */
type Candidate = { start: number; end: number; span: HeadcountSpan; noun?: boolean; rejected?: boolean };

/** What a band's label is not a headcount before: a unit, a percentage or another count. */
const NOT_A_HEADCOUNT_AFTER =
  '\\s*(?:%|percent|years?|yrs?|months?|days?|rounds?|countries|markets|offices|locations|stores|sites|customers|clients|users|k|m|mm|mn|b|bn|million|billion|thousand|usd|eur|dollars|euros|[$\u20ac\u00a3])(?![a-z])';
/** Each number form after a word of employees' count or before one, compiled once. */
const NUMBER_PATTERNS: readonly { form: NumberForm; re: RegExp }[] = [
  ...NUMBER_FORMS.flatMap((form) => [
    { form, re: new RegExp(`${WORD_START}(${form.re})${EMPLOYEE_NOUN}`, 'g') },
    { form, re: new RegExp(`${WORD_START}${EMPLOYEE_HEAD}(${form.re})${WORD_END}`, 'g') },
  ]),
  // A headcount band's own label on its own ("saas fr 11-50", "fintech, 51-200"): the catalog's band,
  // unless a unit or another noun follows ("11-50 countries", "1-10 years", "201-500m").
  {
    form: { re: '', span: ([a, b]) => ({ min: a!, max: b ?? null }) },
    re: new RegExp(
      `${WORD_START}((?:(1)\\s*-\\s*(10)|(11)\\s*-\\s*(50)|(51)\\s*-\\s*(200)|(201)\\s*-\\s*(500)|(501)\\s*-\\s*(1000)|(1001)\\s*-\\s*(5000)|(5001)\\s*-\\s*(10000)|(10001)\\s*\\+))(?![a-z0-9%+-])(?!${NOT_A_HEADCOUNT_AFTER})`,
      'g',
    ),
  },
];

function numberCandidates(shadow: string): Candidate[] {
  const out: Candidate[] = [];
  for (const { form, re } of NUMBER_PATTERNS) {
    for (const m of shadow.matchAll(re)) {
      const numbers = m
        .slice(2)
        .filter((g): g is string => g !== undefined)
        .map(parseNumber);
      if (numbers.some((n) => n === null)) continue;
      const raw = form.span(numbers as number[]);
      const span: HeadcountSpan = { min: Math.max(1, raw.min), max: raw.max };
      if (!isHeadcountSpan(span)) continue;
      const start = m.index ?? 0;
      const rejected = CUSTOMERS_BEFORE.test(shadow.slice(0, start));
      out.push({ start, end: start + m[0].length, span, ...(rejected ? { rejected } : {}) });
    }
  }
  return out;
}

const VAGUE_PATTERNS: readonly { word: VagueWord; re: RegExp }[] = VAGUE_WORDS.map((word) => ({
  word,
  re: new RegExp(`${WORD_START}(?:${word.re})${WORD_END}`, 'g'),
}));

function vagueCandidates(shadow: string): Candidate[] {
  const out: Candidate[] = [];
  for (const { word, re } of VAGUE_PATTERNS) {
    for (const m of shadow.matchAll(re)) {
      const start = m.index ?? 0;
      const end = start + m[0].length;
      if (SOLD_TO_BEFORE.test(shadow.slice(0, start))) continue;
      if (OTHER_THING_AFTER.test(shadow.slice(end))) continue;
      out.push({ start, end, span: word.span, ...(word.noun ? { noun: true } : {}) });
    }
  }
  return out;
}

/** The hull of two ranges (adjacent size words: "large enterprises"). */
function hull(a: HeadcountSpan, b: HeadcountSpan): HeadcountSpan {
  return {
    min: Math.min(a.min, b.min),
    max: a.max === null || b.max === null ? null : Math.max(a.max, b.max),
  };
}

/**
 * The size phrases of a description, in order: numbers of employees and vague size words where
 * they describe the companies listed. Overlapping readings keep the longest; size words next to each
 * other are one phrase ("large enterprises").
 */
export function findSizePhrases(text: string): SizePhrase[] {
  const shadow = lowerShadow(text);
  const candidates = [...numberCandidates(shadow), ...vagueCandidates(shadow)].sort(
    (a, b) => a.start - b.start || b.end - a.end,
  );
  const taken: Candidate[] = [];
  for (const c of candidates) {
    const last = taken[taken.length - 1];
    if (last && c.start < last.end) continue;
    if (last && !last.rejected && !c.rejected && /^[\s-]*$/.test(shadow.slice(last.end, c.start))) {
      // "small and medium-sized enterprises": the noun after a size word is the companies, not a size
      const span = c.noun ? last.span : hull(last.span, c.span);
      taken[taken.length - 1] = { start: last.start, end: c.end, span };
    } else taken.push(c);
  }
  return taken
    .filter((c) => !c.rejected)
    .map((c) => ({
      start: c.start,
      end: c.end,
      text: text.slice(c.start, c.end),
      span: c.span,
      bands: bandsOfSpan(c.span),
    }));
}

/**
 * A size typed on its own (the Employees facet's box): "50-200", "200+", "more than 100", "fewer
 * than 50 staff", "1,001-5,000", "small", "mid-market companies". Null when it is not one.
 */
export function parseSizeRange(text: string): HeadcountSpan | null {
  const shadow = lowerShadow(text).trim().replace(/\s+/g, ' ');
  if (shadow === '') return null;
  for (const form of NUMBER_FORMS) {
    const m = new RegExp(`^(?:${EMPLOYEE_HEAD})?(${form.re})(?:${EMPLOYEE_NOUN})?$`).exec(shadow);
    if (!m) continue;
    const numbers = m
      .slice(2)
      .filter((g): g is string => g !== undefined)
      .map(parseNumber);
    if (numbers.some((n) => n === null)) continue;
    const raw = form.span(numbers as number[]);
    const span: HeadcountSpan = { min: Math.max(1, raw.min), max: raw.max };
    return isHeadcountSpan(span) ? span : null;
  }
  for (const word of [...VAGUE_WORDS, ...STANDALONE_WORDS]) {
    if (new RegExp(`^(?:${word.re})(?:\\s+${COMPANY_NOUNS})?$`).test(shadow)) return word.span;
  }
  return null;
}

/** The bands of a size typed on its own; null when it is not a size. */
export function sizeBandsOf(text: string): HeadcountRange[] | null {
  const span = parseSizeRange(text);
  return span ? bandsOfSpan(span) : null;
}
