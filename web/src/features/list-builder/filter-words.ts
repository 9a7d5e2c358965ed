/**
 * Active filters in words, for the summary line and the Describe chips: "HQ in Germany, France",
 * "Founded 2015–2020", "Funding stage: Series A, Series B", "Employees: 51–200"; exclusions as
 * "HQ not in United States", "Ownership: not Venture / growth investor backed". Labels come from
 * the list builder's catalog.
 */

import {
  type FilterDef,
  type FundingRoundsCondition,
  INVESTOR_EXCLUSION_KEY,
  LIST_FILTER_BY_KEY,
  type Range,
} from '@contract/filters';
import { formatCount, formatDate, formatMoneyExact } from '@/lib/format';
import { compactExclude, compactFilters, type FilterValues } from './filter-values';
import { groupBySector, type IndustrySector, sectorText } from './industry-tree';
import { signalsOf, signalWords } from './signal-filters';

export type NameLookup = {
  industry: (code: string) => string | undefined;
  company: (uuid: string) => string | undefined;
  naics?: (code: string) => string | undefined;
  sic?: (code: string) => string | undefined;
  /** The industry tree, once loaded: a whole sector reads "Financial Services (45 industries)". */
  sectors?: readonly IndustrySector[];
};

/** The words for each value of a list, an industry list with whole sectors as one phrase each. */
function valuesWords(f: FilterDef, values: readonly unknown[], names: NameLookup): string[] {
  if (f.kind !== 'industry' || !names.sectors) return values.map((v) => valueWords(f, v, names));
  const { sectors, rest } = groupBySector(names.sectors, values.map(String));
  return [...sectors.map(sectorText), ...rest.map((v) => valueWords(f, v, names))];
}

export type FilterPhrase = {
  key: string;
  text: string;
  /** An exclusion (`exclude`), not a filter. */
  excluded?: boolean;
};

const PLACE_PREFIX: Readonly<Record<string, string>> = {
  'location.hq.region': 'HQ in',
  'location.hq.country': 'HQ in',
  'location.hq.city': 'HQ in',
  'location.market_served.markets': 'Serves',
  'location.offices.country': 'Office in',
  'location.offices.city': 'Office in',
};

/** The same places, left out: "HQ not in United States", "No office in Spain". */
const NOT_PLACE_PREFIX: Readonly<Record<string, string>> = {
  'location.hq.region': 'HQ not in',
  'location.hq.country': 'HQ not in',
  'location.hq.city': 'HQ not in',
  'location.market_served.markets': 'Does not serve',
  'location.offices.country': 'No office in',
  'location.offices.city': 'No office in',
};

/** An industry code whose name the app has not learnt (a link from another browser): no code shown. */
export const UNNAMED_INDUSTRY = 'Unnamed industry';

function optionLabel(f: FilterDef, code: unknown): string {
  const found = f.values?.find((v) => v.code === code || String(v.code) === String(code));
  return found ? found.label : String(code);
}

/** A value of a list-valued filter in words: "Germany", "Fintech", "5112 Software Publishers". */
export function valueWords(f: FilterDef, value: unknown, names: NameLookup): string {
  const code = String(value);
  switch (f.kind) {
    case 'industry':
      // Never the service's code (IND-…) on a rep's screen: a name not learnt yet reads so.
      return names.industry(code) ?? UNNAMED_INDUSTRY;
    case 'naics': {
      const title = names.naics?.(code);
      return title ? `${code} ${title}` : `NAICS ${code}`;
    }
    case 'sic': {
      const title = names.sic?.(code);
      return title ? `${code} ${title}` : `SIC ${code}`;
    }
    case 'text':
      return code;
    default:
      return optionLabel(f, value);
  }
}

function boundWords(kind: FilterDef['kind'], v: number | string): string {
  // Bounds are the user's own figures: written exactly, never rounded like data.
  if (kind === 'usd_range') return formatMoneyExact(Number(v));
  if (kind === 'int_range') return formatCount(Number(v));
  if (kind === 'date_range') return formatDate(String(v)) ?? String(v);
  return String(v);
}

/** A range in words: "2015–2020", "2016 or later", "up to $10M". */
export function rangeWords(kind: FilterDef['kind'], r: Range<number | string>): string {
  const later = kind === 'year_range' || kind === 'date_range';
  if (r.gte !== undefined && r.lte !== undefined) {
    return r.gte === r.lte
      ? boundWords(kind, r.gte)
      : `${boundWords(kind, r.gte)}–${boundWords(kind, r.lte)}`;
  }
  if (r.gte !== undefined)
    return later ? `${boundWords(kind, r.gte)} or later` : `${boundWords(kind, r.gte)} or more`;
  if (r.lte !== undefined)
    return later ? `${boundWords(kind, r.lte)} or earlier` : `up to ${boundWords(kind, r.lte)}`;
  return '';
}

function fundingRoundWords(c: FundingRoundsCondition, names: NameLookup): string {
  const parts: string[] = [];
  const stage = LIST_FILTER_BY_KEY.get('funding_detail.funding_overview.funding_stage');
  if (c.round?.length && stage) parts.push(c.round.map((r) => optionLabel(stage, r)).join(' or '));
  if (c.amount_usd) parts.push(rangeWords('usd_range', c.amount_usd));
  if (c.date) parts.push(`dated ${rangeWords('date_range', c.date)}`);
  const investors = c['investors.uuid']?.map((u) => names.company(u) ?? 'an investor') ?? [];
  if (investors.length > 0) {
    parts.push(`${c['investors.lead_investor'] ? 'led by' : 'with'} ${investors.join(' or ')}`);
  } else if (c['investors.lead_investor'] === true) {
    parts.push('with a lead investor');
  } else if (c['investors.lead_investor'] === false) {
    parts.push('without a lead investor');
  }
  return `A round: ${parts.join(', ')}`;
}

/** One filter in words. */
export function filterWords(key: string, value: unknown, names: NameLookup): string {
  const f = LIST_FILTER_BY_KEY.get(key);
  if (!f) return key;
  if (f.kind === 'funding_rounds') return fundingRoundWords(value as FundingRoundsCondition, names);
  if (f.kind === 'boolean')
    return value ? f.label : `Not: ${f.label.charAt(0).toLowerCase()}${f.label.slice(1)}`;
  if (f.kind.endsWith('_range')) {
    const words = rangeWords(f.kind, value as Range<number | string>);
    return `${f.label} ${words}`;
  }
  const list = valuesWords(f, Array.isArray(value) ? value : [value], names).join(', ');
  const prefix = PLACE_PREFIX[key];
  return prefix ? `${prefix} ${list}` : `${f.label}: ${list}`;
}

/** "A", "A or B", "A, B or C": the values an exclusion leaves out (a company has none of them). */
function orList(words: readonly string[]): string {
  return words.length <= 1 ? (words[0] ?? '') : `${words.slice(0, -1).join(', ')} or ${words.at(-1)}`;
}

/**
 * Investors left out in words: "Not backed by Sequoia Capital or Accel". Names not learnt yet (a
 * shared link, before company search answers) are counted rather than shown as ids.
 */
export function notBackedByWords(uuids: readonly string[], names: NameLookup): string {
  const known = uuids.map((u) => names.company(u)).filter((n): n is string => n !== undefined);
  const unnamed = uuids.length - known.length;
  if (known.length === 0)
    return unnamed === 1 ? 'Not backed by the investor picked' : `Not backed by ${unnamed} investors picked`;
  const rest = unnamed === 0 ? [] : [`${unnamed} more ${unnamed === 1 ? 'investor' : 'investors'}`];
  return `Not backed by ${orList([...known, ...rest])}`;
}

/**
 * One exclusion in words: "HQ not in United States or Canada", "Ownership: not Public",
 * "Has a public API: not yes" (a yes/no is excluded as a one-value list), "Not backed by Sequoia
 * Capital" (investors no round may name).
 */
export function exclusionWords(key: string, values: unknown, names: NameLookup): string {
  if (key === INVESTOR_EXCLUSION_KEY)
    return notBackedByWords((Array.isArray(values) ? values : [values]).map(String), names);
  const f = LIST_FILTER_BY_KEY.get(key);
  if (!f) return `not ${key}`;
  const list = Array.isArray(values) ? values : [values];
  if (f.kind === 'boolean') return `${f.label}: not ${list.map((v) => (v ? 'yes' : 'no')).join(' or ')}`;
  const words = orList(valuesWords(f, list, names));
  const prefix = NOT_PLACE_PREFIX[key];
  return prefix ? `${prefix} ${words}` : `${f.label}: not ${words}`;
}

/** Every active filter in words, in catalog order, then every exclusion. */
export function describeFilters(
  filters: FilterValues | undefined,
  names: NameLookup,
  exclude?: FilterValues | undefined,
): FilterPhrase[] {
  const compact = compactFilters(filters);
  const phrases: FilterPhrase[] = Object.entries(compact).map(([key, value]) => ({
    key,
    text: filterWords(key, value, names),
  }));
  // The signal filters (the Signals facets'), after the catalog's.
  for (const [key, value] of Object.entries(signalsOf(filters)))
    phrases.push({ key, text: signalWords(key, value) });
  for (const [key, value] of Object.entries(compactExclude(exclude))) {
    phrases.push({ key, text: exclusionWords(key, value, names), excluded: true });
  }
  return phrases;
}
