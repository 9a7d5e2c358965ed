/**
 * The filterable values of one company, extracted from its sections by the filter catalog's field
 * paths (docs/product-rules.md, section 4: a filter key names the field it tests). Stored with the company so the
 * query index can be rebuilt without re-reading every section.
 */
import { FILTER_CATALOG, type FilterKey, valuesAt } from '../../contract/filters';
import type { Sections } from '../../contract/sections';

export type FacetValue = string | number | boolean;

export type RoundFacet = {
  round: string;
  date: string;
  amount_usd: number | null;
  investors: { uuid: string; lead: boolean }[];
};

export type Facets = {
  values: Partial<Record<FilterKey, FacetValue[]>>;
  rounds: RoundFacet[];
};

export function extractFacets(sections: Pick<Sections, (typeof FILTER_CATALOG)[number]['group']>): Facets {
  const values: Facets['values'] = {};
  for (const f of FILTER_CATALOG) {
    if (f.kind === 'funding_rounds') continue;
    const found = valuesAt(sections[f.group], f.field);
    if (found.length > 0) values[f.key] = [...new Set(found)];
  }
  const rounds = sections.funding_detail.funding_rounds.map((r) => ({
    round: r.round.code,
    date: r.date,
    amount_usd: r.amount_usd,
    investors: r.investors.map((i) => ({ uuid: i.uuid, lead: i.lead_investor })),
  }));
  return { values, rounds };
}
