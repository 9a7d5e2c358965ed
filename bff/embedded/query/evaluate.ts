/**
 * The naive evaluator: docs/product-rules.md, sections 4 and 5 written plainly over a company's full sections,
 * one company at a time. It is the oracle the query index is checked against (differential.test.ts),
 * so it shares nothing with the index but the contract: no facets, no stored region, no postings.
 */

import {
  FILTER_CATALOG,
  type FilterGroup,
  type Filters,
  type FundingRoundsCondition,
  type Range,
  valuesAt,
} from '../../contract/filters';
import { regionAncestors } from '../../contract/geo';
import type { SortBy } from '../../contract/list-params';
import type { FundingRound, Sections } from '../../contract/sections';
import { containsWords } from '../../contract/text';
import type { SortSpec } from './sort-orders';

/** The sections the filters read: one per filter group. */
export type FilterSections = Pick<Sections, FilterGroup>;

function inRange<T extends number | string>(v: T, r: Range<T>): boolean {
  return (r.gte === undefined || v >= r.gte) && (r.lte === undefined || v <= r.lte);
}

function roundMatches(round: FundingRound, c: FundingRoundsCondition): boolean {
  if (c.round?.length && !c.round.includes(round.round.code)) return false;
  if (c.date && !inRange(round.date, c.date)) return false;
  if (c.amount_usd && (round.amount_usd === null || !inRange(round.amount_usd, c.amount_usd))) return false;
  const uuids = c['investors.uuid']?.length ? c['investors.uuid'] : undefined;
  const lead = c['investors.lead_investor'];
  if (uuids) {
    return round.investors.some(
      (i) => uuids.includes(i.uuid) && (lead === undefined || i.lead_investor === lead),
    );
  }
  if (lead === true) return round.investors.some((i) => i.lead_investor);
  if (lead === false) return !round.investors.some((i) => i.lead_investor);
  return true;
}

function isEmptyRoundsCondition(c: FundingRoundsCondition): boolean {
  return (
    !c.round?.length &&
    !c.date &&
    !c.amount_usd &&
    !c['investors.uuid']?.length &&
    c['investors.lead_investor'] === undefined
  );
}

/** True when the company satisfies every filter (AND across keys, any value within a key). */
export function matchesFilters(sections: FilterSections, filters: Filters): boolean {
  for (const def of FILTER_CATALOG) {
    const wanted = (filters as Record<string, unknown>)[def.key];
    if (wanted === undefined || wanted === null) continue;
    if (Array.isArray(wanted) && wanted.length === 0) continue;
    const section = sections[def.group];
    let ok: boolean;
    switch (def.kind) {
      case 'region': {
        const regions = regionAncestors(sections.location.hq.country.code);
        ok = (wanted as string[]).some((r) => regions.includes(r));
        break;
      }
      case 'naics':
      case 'sic': {
        const codes = valuesAt(section, def.field).map(String);
        ok = (wanted as string[]).some((prefix) => codes.some((code) => code.startsWith(prefix)));
        break;
      }
      case 'text': {
        const names = valuesAt(section, def.field).map(String);
        ok = (wanted as string[]).some((phrase) => names.some((name) => containsWords(name, phrase)));
        break;
      }
      case 'boolean':
        ok = valuesAt(section, def.field).includes(wanted as boolean);
        break;
      case 'year_range':
      case 'int_range':
      case 'usd_range':
      case 'date_range': {
        const range = wanted as Range<number | string>;
        ok = valuesAt(section, def.field).some(
          (v) => (typeof v === 'number' || typeof v === 'string') && inRange(v, range),
        );
        break;
      }
      case 'funding_rounds': {
        const c = wanted as FundingRoundsCondition;
        if (isEmptyRoundsCondition(c)) continue;
        ok = sections.funding_detail.funding_rounds.some((r) => roundMatches(r, c));
        break;
      }
      default: {
        const have = valuesAt(section, def.field);
        ok = (wanted as (string | number)[]).some((w) => have.includes(w));
      }
    }
    if (!ok) return false;
  }
  return true;
}

/** What ordering reads of a company. */
export type SortableCompany = {
  uuid: string;
  prominence: number;
  sections: Pick<Sections, 'financial_estimate' | 'headcount' | 'funding_detail' | 'firmographic'>;
};

function sortValue(c: SortableCompany, by: SortBy): number | null {
  switch (by) {
    case 'relevance':
      return c.prominence;
    case 'revenue_estimate':
      return c.sections.financial_estimate.revenue_usd;
    case 'valuation_estimate':
      return c.sections.financial_estimate.valuation_usd;
    case 'employee_range':
      return c.sections.headcount.employee_count;
    case 'total_funding':
      return c.sections.funding_detail.funding_overview.total_funding_usd;
    case 'founded_year':
      return c.sections.firmographic.founded_year;
  }
}

/** The order of list generation: by the sort value, missing values last either way, then uuid. */
export function sortCompare(a: SortableCompany, b: SortableCompany, sort: SortSpec): number {
  const va = sortValue(a, sort.by);
  const vb = sortValue(b, sort.by);
  if (va === null && vb !== null) return 1;
  if (va !== null && vb === null) return -1;
  if (va !== null && vb !== null && va !== vb) {
    return sort.order === 'asc' ? va - vb : vb - va;
  }
  return a.uuid < b.uuid ? -1 : a.uuid > b.uuid ? 1 : 0;
}
