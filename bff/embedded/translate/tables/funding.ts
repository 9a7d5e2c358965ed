/**
 * Funding: stages named by words (series letters are grammar: see `rules/funding.ts`), and classes of
 * investor named where an investor's name would stand ("backed by VCs"). Stage decisions:
 * "pre-IPO"/"late stage" -> series_c .. series_j; "early stage" -> pre_seed, seed, series_a; "growth
 * stage" -> series_b .. series_d; "series b+" -> series_b .. series_j; "pre-series b" -> pre_seed, seed,
 * series_a (every stage before the series named).
 */
import { FUNDING_STAGES } from '../../../contract/enums';
import type { FilterKey } from '../../../contract/filters';

/** Series stages from `series_<from>` to series_j. */
export function seriesFrom(from: string): string[] {
  const codes = FUNDING_STAGES.map((s) => s.code).filter((c) => /^series_[a-j]$/.test(c));
  return codes.filter((c) => c >= `series_${from}`);
}

type StagePhrase = { reads: string; codes: readonly string[]; says?: string };

/**
 * "pre-series a" .. "pre-series j": every stage before that series in the stages' order (pre-seed,
 * seed, then the series), never the series named: the company has not raised it yet.
 */
const PRE_SERIES: readonly StagePhrase[] = 'abcdefghij'.split('').map((letter) => ({
  reads: `pre ?series ?${letter}(?![a-z0-9])`,
  codes: ['pre_seed', 'seed', ...seriesFrom('a').filter((c) => c < `series_${letter}`)],
  says: `pre-series ${letter.toUpperCase()}`,
}));

/** In reading order, which is also the order the codes are listed in. */
export const STAGE_PHRASES: readonly StagePhrase[] = [
  ...PRE_SERIES,
  { reads: 'pre ?seed', codes: ['pre_seed'], says: 'pre-seed' },
  { reads: '(?<!pre ?)seed', codes: ['seed'], says: 'seed' },
  { reads: 'angel', codes: ['angel'], says: 'angel' },
  { reads: 'pre ?ipo|late stage|later stage', codes: seriesFrom('c') },
  { reads: 'early stage', codes: ['pre_seed', 'seed', 'series_a'] },
  { reads: 'growth stage', codes: ['series_b', 'series_c', 'series_d'] },
  { reads: 'post ipo', codes: ['post_ipo_equity', 'post_ipo_debt'] },
  { reads: 'crowdfunded|crowd funded', codes: ['crowdfunded'], says: 'crowdfunded' },
  { reads: 'debt funded', codes: ['debt_funded'], says: 'debt funded' },
  { reads: 'ico', codes: ['initial_coin_offering'], says: 'ICO' },
];

/** An investor class after "backed by" / "funded by" -> the filter it means (not an investor name). */
export const INVESTOR_CLASSES: Readonly<Record<string, readonly [FilterKey, string]>> = {
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
