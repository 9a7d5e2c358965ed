/**
 * Money: revenue, valuation and total funding amounts; unicorns; pre-revenue.
 *
 * Decisions:
 * - Revenue and valuation ranges map onto every band they overlap; an exact amount gives the band
 *   holding it. A bare amount with no context word is revenue ("$10m-$50m companies").
 * - Total funding. An amount after a raise verb alone is a floor: "raised $20M", "has raised $20M",
 *   "$20M raised" -> total funding >= $20M (the documented reading: a prospecting query names a
 *   threshold). An amount said to be exact, or the total, or stated as what the company has, is exact
 *   (gte = lte): "raised exactly $20M", "precisely", "raised $20M in total", "a total of $20M", "$20M in
 *   total funding", "total funding of $100M", "with $5M in funding", "funding of $2M". Comparisons
 *   and ranges say their own bounds ("raised over $20M", "$5-10M in funding"). Approximations ("about
 *   $20M") read as the amount's floor after a raise verb, as the amount otherwise. A round's amount is
 *   in `rules/funding.ts` (a floor unless said to be exact).
 * - "unicorns" -> valuation >= $1B, "decacorns" -> >= $10B. "pre-revenue" -> the pre_revenue band.
 */
import { REVENUE_BANDS, VALUATION_BANDS } from '../../../contract/enums';
import type { RuleGroup } from '../core/groups';
import { bandsFor, GTE_WORDS, isExactAmount, LTE_WORDS, MONEY, parseMoney } from '../core/quantities';
import { rx, step, WORD_END, WORD_START } from '../core/runner';
import { addValues, setRange } from '../core/state';

const REVENUE_CTX =
  '(?:annual |yearly |recurring )?(?:revenue|revenues|sales|turnover|arr|top line)|making|earning|generating|doing';
const VALUATION_CTX =
  'valuation|valuations|valued|valued at|worth|market cap|market capitalization|post money';
const FUNDING_CTX =
  'raised|raising|has raised|have raised|total funding|funding|funded with|capital raised|funding raised';
const AFTER_CTX = `(?:\\s+(?:in|of|per year|a year|annually|annual|yearly|total))*\\s+(${'revenue|revenues|sales|turnover|arr|valuation|funding|raised|total funding'})`;

/** A raise verb: an amount after it alone is a floor ("raised $20M": at least $20M). */
const RAISE_VERB = /^(?:raised|raising|has raised|have raised|funded with)$/;

/**
 * "over $10m revenue", "valued at $1-5b", "raised $5-10m", "$20m+ in funding", "with $5m in funding",
 * "raised a total of $20m", "raised $20m in total".
 */
const moneyStep = step({
  re: new RegExp(
    `${WORD_START}(?:(${REVENUE_CTX}|${VALUATION_CTX}|${FUNDING_CTX})\\s+(?:(?:of|at|is|was|around|about|a total of|:)\\s+)?)?(?:a total of\\s+)?(${MONEY})(?:${AFTER_CTX})?(?:\\s+in total)?${WORD_END}`,
    'g',
  ),
  apply: (m, st) => {
    const [, before, money, after] = m;
    const ctxWord = `${before ?? ''} ${after ?? ''}`.trim();
    const range = parseMoney(money!.trim());
    if (!range) return false;
    let kind: 'revenue' | 'valuation' | 'funding' = 'revenue';
    if (/valu|worth|market cap|post money/.test(ctxWord)) kind = 'valuation';
    else if (/rais|fund/.test(ctxWord)) kind = 'funding';
    else if (!ctxWord && !/[$\u20ac\u00a3]|\d\s*(m|mm|mn|b|bn|million|billion)\b/.test(money!))
      // no currency, no money word, thousands at most ("500-1k", "2k+"): a count of people more
      // likely than revenue, so not read as money
      return false;
    if (kind === 'funding') {
      // "in total", "a total of", "total funding": the amount is the total
      const total = /\btotal\b/.test(m[0]!);
      const verb = RAISE_VERB.test(before ?? '') || after === 'raised';
      const exact = isExactAmount(money!) || total || !verb;
      const r = range.gte !== undefined && range.gte === range.lte && !exact ? { gte: range.gte } : range;
      setRange(st, 'funding_detail.funding_overview.total_funding_usd', r, m[0]!);
      return true;
    }
    const key =
      kind === 'valuation' ? 'financial_estimate.valuation_estimate' : 'financial_estimate.revenue_estimate';
    addValues(st, key, bandsFor(kind === 'valuation' ? VALUATION_BANDS : REVENUE_BANDS, range), m[0]!);
    return true;
  },
});

export const moneyGroup: RuleGroup = {
  name: 'money',
  steps: {
    codes: [
      step({
        re: rx('decacorns?'),
        apply: (m, st) => {
          addValues(
            st,
            'financial_estimate.valuation_estimate',
            bandsFor(VALUATION_BANDS, { gte: 10e9 }),
            m[0]!,
          );
          return true;
        },
      }),
      step({
        re: rx('unicorns?'),
        apply: (m, st) => {
          addValues(
            st,
            'financial_estimate.valuation_estimate',
            bandsFor(VALUATION_BANDS, { gte: 1e9 }),
            m[0]!,
          );
          return true;
        },
      }),
      step({
        re: rx(
          'pre revenue|(?:no|zero) revenue(?! (?:under|below|less|fewer|over|above|more|greater|of|between|from|up|<|>|[$\u20ac\u00a3]|\\d))|not yet generating revenue',
        ),
        apply: (m, st) => {
          addValues(st, 'financial_estimate.revenue_estimate', ['pre_revenue'], m[0]!);
          return true;
        },
      }),
    ],
    numbers: [moneyStep],
  },
  vocabulary: [REVENUE_CTX, VALUATION_CTX, FUNDING_CTX, GTE_WORDS, LTE_WORDS],
};
