/**
 * Money: revenue, valuation and total funding amounts; unicorns; pre-revenue.
 *
 * Decisions:
 * - Revenue and valuation ranges map onto every band they overlap; an exact amount gives the band
 *   holding it. A bare amount with no context word is revenue ("$10m-$50m companies").
 * - "raised $20M" reads as at least $20M total funding (an exact amount of funding is a floor).
 * - "unicorns" -> valuation >= $1B, "decacorns" -> >= $10B. "pre-revenue" -> the pre_revenue band.
 */
import { REVENUE_BANDS, VALUATION_BANDS } from '../../../contract/enums';
import type { RuleGroup } from '../core/groups';
import { bandsFor, GTE_WORDS, LTE_WORDS, MONEY, parseMoney } from '../core/quantities';
import { rx, step, WORD_END, WORD_START } from '../core/runner';
import { addValues, setRange } from '../core/state';

const REVENUE_CTX =
  '(?:annual |yearly |recurring )?(?:revenue|revenues|sales|turnover|arr|top line)|making|earning|generating|doing';
const VALUATION_CTX =
  'valuation|valuations|valued|valued at|worth|market cap|market capitalization|post money';
const FUNDING_CTX =
  'raised|raising|has raised|have raised|total funding|funding|funded with|capital raised|funding raised';
const AFTER_CTX = `(?:\\s+(?:in|of|per year|a year|annually|annual|yearly|total))*\\s+(${'revenue|revenues|sales|turnover|arr|valuation|funding|raised|total funding'})`;

/** "over $10m revenue", "valued at $1-5b", "raised $5-10m", "$20m+ in funding". */
const moneyStep = step({
  re: new RegExp(
    `${WORD_START}(?:(${REVENUE_CTX}|${VALUATION_CTX}|${FUNDING_CTX})\\s+(?:(?:of|at|is|was|around|about|:)\\s+)?)?(${MONEY})(?:${AFTER_CTX})?${WORD_END}`,
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
        re: rx('pre revenue|no revenue|zero revenue|not yet generating revenue'),
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
