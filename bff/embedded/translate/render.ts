/**
 * One filter as the words a sales user would type: the inverse of `translate` for a single key.
 * `renderFilter('location.hq.country', ['DEU', 'FRA'])` -> "companies headquartered in Germany or France".
 *
 * The phrases are the translator's own: each entry of the phrase tables (`tables/*.ts`) holds the words
 * `translate` reads and, in `says`, the words written here for the same values, so `translate` reads
 * them back to the same filter (the round-trip property of `roundtrip.test.ts`). Values a phrase cannot
 * say exactly are still rendered as the nearest words, but only the forms listed below round-trip.
 *
 * Keys not rendered (`renderFilter` throws `UnrenderableFilterError`):
 * - `industry.industry`: service taxonomy codes are found by fuzzy industry search over names and
 *   keywords; a code's name can read back as a neighbouring or tied code, so words cannot name a code.
 * - `location.market_served.is_global: false`: there is no phrase for "not global".
 * - `funding_detail.funding_rounds.investors`: investor UUIDs need an investor directory to name them.
 *
 * Values that round-trip (anything else is rendered on a best-effort basis):
 * - enums: the codes with a `says` in the tables (ownership `public` reads as company type;
 *   gtm motion `others`, funding stages acquired / corporate_funded / non_equity_assistance /
 *   private_equity / public / venture_funded and a lone post-IPO stage have no phrase).
 * - revenue and valuation bands: a contiguous run of bands ("with revenue between $10M and $50M").
 * - AI maturity: [0], [1], [4], [5], [4, 5], [2, 3, 4, 5].
 * - year, count and USD ranges: any (an exact amount as "exactly $20M"); dates: whole calendar years ("in
 *   2024", "since 2023", "before 2025").
 * - funding rounds: a stage with an amount and/or a date ("a Series B of at least $20M in 2024"), or an
 *   amount with or without a date and no stage ("a funding round of at least $20M").
 * - text names: names of up to four words that are not place names or stop words.
 * - partnership type: every code but `others` ("companies with reseller partners or OEM partners").
 * - partnership tier: the tier words of `PARTNER_TIERS` as the translator writes them ("Gold",
 *   "Premier"): "companies with Gold or Platinum partners". Other free text renders but need not read back.
 */
import { type Band, FUNDING_STAGES, REVENUE_BANDS, VALUATION_BANDS } from '../../contract/enums';
import type { FundingRoundsCondition, Range } from '../../contract/filters';
import { countryByCode, regionByCode } from '../../contract/geo';
import { ASSESSMENT_PHRASES } from './tables/assessment';
import { BUSINESS_MODEL_PHRASES, GTM_TYPE_PHRASES } from './tables/business-model';
import { COMPANY_TYPE_PHRASES, OWNERSHIP_PHRASES, STATUS_PHRASES } from './tables/firmographic';
import { STAGE_PHRASES } from './tables/funding';
import { PARTNER_KINDS, PARTNER_TIERS } from './tables/partners';
import type { Phrase } from './tables/phrase';
import { TECHNOLOGY_PHRASES } from './tables/technology';

class UnrenderableFilterError extends Error {
  constructor(key: string, why: string) {
    super(`cannot render ${key}: ${why}`);
    this.name = 'UnrenderableFilterError';
  }
}

/** Partner tiers the translator reads, as it writes them (`strategic_signal.partnership.strategic_tier`). */
export { PARTNER_TIERS };

/** Every phrase table of the translator, in its reading order. */
const PHRASE_TABLES: readonly Phrase[] = [
  ...STATUS_PHRASES,
  ...OWNERSHIP_PHRASES,
  ...COMPANY_TYPE_PHRASES,
  ...GTM_TYPE_PHRASES,
  ...BUSINESS_MODEL_PHRASES,
  ...TECHNOLOGY_PHRASES,
  ...ASSESSMENT_PHRASES,
];

function enumPhrases(): Record<string, Record<string, string>> {
  const out: Record<string, Record<string, string>> = {};
  for (const p of PHRASE_TABLES) {
    const code = Array.isArray(p.values) && p.values.length === 1 ? p.values[0] : undefined;
    if (p.says !== undefined && typeof code === 'string') out[p.key] = { ...out[p.key], [code]: p.says };
  }
  out['strategic_signal.partnership.type'] = Object.fromEntries(PARTNER_KINDS.map((k) => [k.code, k.says]));
  out['funding_detail.funding_overview.funding_stage'] = {
    ...Object.fromEntries(
      STAGE_PHRASES.flatMap((p) =>
        p.says !== undefined && p.codes.length === 1 ? [[p.codes[0], p.says]] : [],
      ),
    ),
    ...Object.fromEntries(
      FUNDING_STAGES.filter((s) => /^series_[a-j]$/.test(s.code)).map((s) => [s.code, s.label]),
    ),
  };
  return out;
}

/** Code -> phrase, per enum key: the `says` of the translator's tables, so each reads back as that code. */
export const ENUM_PHRASES: Readonly<Record<string, Readonly<Record<string, string>>>> = enumPhrases();

/** AI maturity level sets with a phrase of their own. */
export const AI_PHRASES: readonly [readonly number[], string][] = TECHNOLOGY_PHRASES.flatMap((p) =>
  p.key === 'technology.ai_maturity.scale' && p.says !== undefined && Array.isArray(p.values)
    ? [[p.values as readonly number[], p.says] as [readonly number[], string]]
    : [],
);

/** Boolean key -> [phrase for true, phrase for false]. */
const BOOLEAN_PHRASES: Readonly<Record<string, readonly [string, string]>> = (() => {
  const out: Record<string, [string, string]> = {};
  for (const p of TECHNOLOGY_PHRASES) {
    if (typeof p.values !== 'boolean' || p.says === undefined) continue;
    const pair = out[p.key] ?? ['', ''];
    pair[p.values ? 0 : 1] = p.says;
    out[p.key] = pair;
  }
  return out;
})();

function anyOf(words: readonly string[]): string {
  if (words.length <= 1) return words[0] ?? '';
  return `${words.slice(0, -1).join(', ')} or ${words[words.length - 1]}`;
}

/** $250M, $1.5B, $20K, $750. */
export function usd(n: number): string {
  const fmt = (x: number) => String(Number(x.toFixed(3)));
  if (n >= 1e9 && n % 1e7 === 0) return `$${fmt(n / 1e9)}B`;
  if (n >= 1e6 && n % 1e4 === 0) return `$${fmt(n / 1e6)}M`;
  if (n >= 1e3 && n % 10 === 0) return `$${fmt(n / 1e3)}K`;
  return `$${n}`;
}

function moneyRange(r: Range<number>): string {
  if (r.gte !== undefined && r.lte !== undefined) {
    return r.gte === r.lte ? `exactly ${usd(r.gte)}` : `between ${usd(r.gte)} and ${usd(r.lte)}`;
  }
  if (r.gte !== undefined) return `at least ${usd(r.gte)}`;
  return `at most ${usd(r.lte ?? 0)}`;
}

/** Bands as a money range: the lowest band's minimum to the highest band's maximum. */
function bandWords(list: readonly Band[], codes: readonly string[]): string {
  const idx = codes.map((c) => list.findIndex((b) => b.code === c)).filter((i) => i >= 0);
  if (idx.length === 0) return '';
  const lo = list[Math.min(...idx)]!;
  const hi = list[Math.max(...idx)]!;
  if (lo.code === 'pre_revenue' && hi.code === 'pre_revenue') return 'pre-revenue';
  // under_1m starts at $1: "$1K" is the lowest amount the bands below it do not reach
  const min = lo.code === 'under_1m' ? 1000 : lo.min;
  if (hi.max === null) return `over ${usd(min === 0 ? 0 : min)}`;
  if (min === 0) return `under ${usd(hi.max)}`;
  return `between ${usd(min)} and ${usd(hi.max)}`;
}

function countryNames(codes: readonly string[]): string {
  return anyOf(codes.map((c) => countryByCode(c)?.name ?? c));
}

/** "in 2024", "since 2023", "before 2025", or words for any other date range. */
function dateWords(r: Range<string>): string {
  const year = (d: string | undefined, md: string) => (d?.endsWith(md) ? Number(d.slice(0, 4)) : undefined);
  const from = year(r.gte, '-01-01');
  const to = year(r.lte, '-12-31');
  if (from !== undefined && to !== undefined && from === to) return `in ${from}`;
  if (from !== undefined && r.lte === undefined) return `since ${from}`;
  if (to !== undefined && r.gte === undefined) return `before ${to + 1}`;
  const parts = [r.gte ? `on or after ${r.gte}` : '', r.lte ? `on or before ${r.lte}` : ''];
  return parts.filter(Boolean).join(' and ');
}

function enumWords(key: string, codes: readonly string[]): string {
  const table = ENUM_PHRASES[key] ?? {};
  return anyOf(codes.map((c) => table[c] ?? c.replace(/_/g, ' ')));
}

function roundWords(r: FundingRoundsCondition): string {
  if (r['investors.uuid']?.length) {
    throw new UnrenderableFilterError('funding_detail.funding_rounds', 'investor UUIDs have no names here');
  }
  const stages = r.round?.length
    ? enumWords('funding_detail.funding_overview.funding_stage', r.round)
    : 'a funding round';
  const parts = [`that raised ${r.round?.length ? `a ${stages}` : stages}`];
  if (r.amount_usd) parts.push(`of ${moneyRange(r.amount_usd)}`);
  if (r.date) parts.push(dateWords(r.date));
  return parts.join(' ');
}

/** One filter as plain words. Throws `UnrenderableFilterError` for the keys listed in the header. */
export function renderFilter(key: string, value: unknown): string {
  const arr = Array.isArray(value) ? (value as (string | number)[]).map(String) : [];
  switch (key) {
    case 'firmographic.company_type':
    case 'firmographic.ownership_category':
    case 'firmographic.operating_status':
    case 'business_model.gtm_type':
    case 'business_model.offering_type':
      return `${enumWords(key, arr)} companies`;
    case 'business_model.gtm_motion':
    case 'business_model.revenue_model': {
      const w = enumWords(key, arr);
      if (w.startsWith('selling through')) return `companies ${w}`;
      return `companies with ${/^[aeiouAEIOU]/.test(w) ? 'an' : 'a'} ${w} model`;
    }
    case 'company_assessment.customer_concentration.classification':
    case 'company_assessment.competitive_moat':
      return `companies with ${enumWords(key, arr)}`;
    case 'funding_detail.funding_overview.funding_stage':
      return `${enumWords(key, arr)} companies`;
    case 'financial_estimate.revenue_estimate': {
      const w = bandWords(REVENUE_BANDS, arr);
      return w === 'pre-revenue' ? 'pre-revenue companies' : `with revenue ${w}`;
    }
    case 'financial_estimate.valuation_estimate':
      return `valued ${bandWords(VALUATION_BANDS, arr)}`;
    case 'firmographic.founded_year': {
      const r = value as Range<number>;
      if (r.gte !== undefined && r.lte !== undefined)
        return r.gte === r.lte ? `founded in ${r.gte}` : `founded between ${r.gte} and ${r.lte}`;
      if (r.gte !== undefined) return `founded after ${r.gte - 1}`;
      return `founded before ${(r.lte ?? 0) + 1}`;
    }
    case 'location.hq.region':
      return `companies headquartered in ${anyOf(arr.map((c) => regionByCode(c)?.name ?? c))}`;
    case 'location.hq.country':
      return `companies headquartered in ${countryNames(arr)}`;
    case 'location.hq.city':
      return `companies headquartered in ${anyOf(arr)}`;
    case 'location.offices.country':
      return `companies with offices in ${countryNames(arr)}`;
    case 'location.offices.city':
      return `companies with offices in ${anyOf(arr)}`;
    case 'location.market_served.markets':
      return `companies selling into ${countryNames(arr)}`;
    case 'location.market_served.is_global':
      if (value === true) return 'companies selling globally';
      throw new UnrenderableFilterError(key, 'there is no phrase for "not global"');
    case 'strategic_signal.partnership.name':
      return `companies partnered with ${anyOf(arr)}`;
    case 'customer_profile.select_customer.name':
      return `companies whose customers include ${anyOf(arr)}`;
    case 'industry.naics':
      return `companies in NAICS ${anyOf(arr)}`;
    case 'industry.sic':
      return `companies in SIC ${anyOf(arr)}`;
    case 'technology.ai_maturity.scale': {
      const levels = [...new Set((value as number[]).map(Number))].sort((a, b) => a - b).join(',');
      const hit = AI_PHRASES.find(([set]) => set.join(',') === levels);
      return `${hit ? hit[1] : `AI maturity ${levels}`} companies`;
    }
    case 'technology.api_detail.has_api':
    case 'technology.app_detail.has_app':
    case 'technology.is_technology_focussed': {
      const said = BOOLEAN_PHRASES[key]![value === true ? 0 : 1];
      return said.endsWith('companies') ? said : `companies ${said}`;
    }
    case 'funding_detail.funding_overview.total_funding_usd':
      return `companies that raised ${moneyRange(value as Range<number>).replace(/^at most/, 'under')}`;
    case 'funding_detail.funding_overview.num_funding_rounds': {
      const r = value as Range<number>;
      const n = (k: number) => `${k} funding ${k === 1 ? 'round' : 'rounds'}`;
      if (r.gte !== undefined && r.lte !== undefined)
        return r.gte === r.lte
          ? `with exactly ${n(r.gte)}`
          : `with at least ${n(r.gte)} and at most ${n(r.lte)}`;
      if (r.gte !== undefined) return `with at least ${n(r.gte)}`;
      return `with at most ${n(r.lte ?? 0)}`;
    }
    case 'funding_detail.funding_overview.last_funding_date':
      return `companies that last raised ${dateWords(value as Range<string>)}`;
    case 'funding_detail.funding_rounds':
      return `companies ${roundWords(value as FundingRoundsCondition)}`;
    case 'industry.industry':
      throw new UnrenderableFilterError(
        key,
        'industry codes are found by fuzzy search; words cannot name one',
      );
    case 'strategic_signal.partnership.type':
      return `companies with ${enumWords(key, arr)}`;
    case 'strategic_signal.partnership.strategic_tier':
      return `companies with ${anyOf(arr)} partners`;
    default:
      throw new UnrenderableFilterError(key, 'not a catalog key');
  }
}
