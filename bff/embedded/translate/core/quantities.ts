/**
 * Quantities in the normalised text: years, counts, amounts of money and date phrases, as
 * regular-expression sources for the rules and parsers from their words to ranges.
 *
 * Money: "$10m", "10 million", "€5-10m", "over $1b", "$5m+"; the last amount's unit applies to a bare
 * first one ("5-10m"). One amount with no comparison word is an exact amount (`{gte: v, lte: v}`);
 * what an exact amount means is the caller's decision.
 */
import type { Band } from '../../../contract/enums';
import type { Range } from '../../../contract/filters';
import { WORD_END } from './runner';

/** A year from 1800 to 2099, captured. */
export const YEAR = '((?:18|19|20)\\d{2})';
/** A small count (of years, months, rounds), captured. */
export const COUNT = '(\\d{1,3})';
/** A number as typed: 20, 1,500, 2.5. */
const NUMBER = '\\d+(?:,\\d{3})*(?:\\.\\d+)?';
/** Thousand, million, billion and their abbreviations. */
const UNIT = '(?:k|thousand|m|mm|mn|mil|mio|million|millions|b|bn|billion|billions)';
const CURRENCY = '[$\\u20ac\\u00a3]';
/** An amount of money: a currency sign or a unit is required ("$20", "20m", "$1.5 billion"). */
export const AMOUNT = `(?:${CURRENCY}\\s*${NUMBER}\\s*${UNIT}?|${NUMBER}\\s*${UNIT})(?:\\s*(?:usd|dollars|eur|euros))?`;
/** The first amount of a range, which may lean on the second's unit ("5-10m"). */
const AMOUNT_LOOSE = `(?:${CURRENCY}\\s*)?${NUMBER}\\s*${UNIT}?`;
/** Words before an amount that make it a floor. */
export const GTE_WORDS =
  'over|more than|above|greater than|at least|min|minimum|minimum of|north of|exceeding|upwards of|in excess of|beyond|>|>=|bigger than|larger than|plus';
/** Words before an amount that make it a ceiling. */
export const LTE_WORDS =
  'under|less than|below|up to|at most|max|maximum|maximum of|no more than|<|<=|sub|south of|fewer than|smaller than|lower than';
/** Words before an amount that say it is exact ("raised exactly $20M"). */
const EXACT_WORDS = 'exactly|precisely';
/** An amount, a range of amounts, or an amount with a comparison ("over $10m", "$5m+", "exactly $2m"). */
export const MONEY = `(?:(?:between|from)\\s+)?${AMOUNT_LOOSE}\\s*(?:-|to|and)\\s*${AMOUNT}|(?:${GTE_WORDS}|${LTE_WORDS})\\s+${AMOUNT}|(?:(?:${EXACT_WORDS})\\s+)?${AMOUNT}\\s*(?:\\+|or more|and above|and up|or above|plus|or less|and below|or under)?`;

function unitOf(u: string | undefined): number | undefined {
  if (!u) return undefined;
  if (/^(k|thousand)$/.test(u)) return 1e3;
  if (/^(m|mm|mn|mil|mio|millions?)$/.test(u)) return 1e6;
  if (/^(b|bn|billions?)$/.test(u)) return 1e9;
  return undefined;
}

/** The range of USD amounts a MONEY phrase means (an exact amount is `{gte: v, lte: v}`). */
export function parseMoney(text: string): Range<number> | undefined {
  const amounts: { n: number; unit: number | undefined }[] = [];
  const re = new RegExp(`(${NUMBER})\\s*(${UNIT})?${WORD_END}`, 'g');
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

/** Whether an amount phrase says it is exact ("exactly $20m"). */
export function isExactAmount(text: string): boolean {
  return new RegExp(`^(?:${EXACT_WORDS})\\s`).test(text.trim());
}

/**
 * An amount as a floor: what a single amount of funding means unless the words say it is exact ("a $20m
 * round" is at least $20m; "a round of exactly $20m" is $20m). Ranges and comparisons stay as they are.
 */
export function atLeastUnlessExact(text: string): Range<number> | undefined {
  const r = parseMoney(text.trim());
  if (!r || r.gte === undefined || r.gte !== r.lte || isExactAmount(text)) return r;
  return { gte: r.gte };
}

/** The bands a range overlaps; for an exact amount, the band holding it. */
export function bandsFor(list: readonly Band[], r: Range<number>): string[] {
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

export function isoDay(d: Date): string {
  return d.toISOString().slice(0, 10);
}

/** The day `n` days, weeks, months or years before today, as YYYY-MM-DD. */
export function minus(today: Date, n: number, unit: string): string {
  const d = new Date(Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), today.getUTCDate()));
  if (unit.startsWith('day')) d.setUTCDate(d.getUTCDate() - n);
  else if (unit.startsWith('week')) d.setUTCDate(d.getUTCDate() - 7 * n);
  else if (unit.startsWith('month')) d.setUTCMonth(d.getUTCMonth() - n);
  else d.setUTCFullYear(d.getUTCFullYear() - n);
  return isoDay(d);
}

/** A date phrase (in 2024 / in 2023 or 2024 / since 2023 / in the last 6 months / this year / last year) as a range. */
export const DATE_PHRASE = `(?:in|during|between)\\s+(?:18|19|20)\\d{2}\\s*(?:or|and|to|through|-)\\s*(?:18|19|20)\\d{2}|(?:in|during)\\s+${YEAR}|(?:since|after|from)\\s+${YEAR}|before\\s+${YEAR}|(?:in|within|during|over)\\s+the\\s+(?:last|past)\\s+(?:${COUNT}\\s+)?(days?|weeks?|months?|years?|yrs?)|(?:this|last)\\s+year`;

export function parseDate(text: string, today: Date): Range<string> | undefined {
  // "in 2023 or 2024", "between 2021 and 2023", "in 2022-2024": the stretch from the first year to
  // the last (a round is one date: two years are the years between them too)
  let m = /^(?:in|during|between) (\d{4}) ?(?:or|and|to|through|-) ?(\d{4})$/.exec(text);
  if (m) {
    const [a, b] = [Number(m[1]), Number(m[2])].sort((x, y) => x - y);
    return { gte: `${a}-01-01`, lte: `${b}-12-31` };
  }
  m = /^(?:in|during) (\d{4})$/.exec(text);
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
