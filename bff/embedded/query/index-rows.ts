/**
 * The row the query index is built from, made from a company record exactly as the store writes it
 * (`companyRowValues` in store/companies.ts: the sort columns and `extractFacets`). For tests and the
 * benchmark, which build indexes from generated companies without a database.
 */
import type { CompanyRecord, IndexSourceRow } from '../store/companies';
import { extractFacets } from './facets';

export function indexSourceRow(idx: number, c: CompanyRecord): IndexSourceRow {
  const s = c.sections;
  return {
    idx,
    uuid: c.uuid,
    prominence: c.prominence,
    revenue_usd: s.financial_estimate.revenue_usd,
    valuation_usd: s.financial_estimate.valuation_usd,
    employee_count: s.headcount.employee_count,
    total_funding_usd: s.funding_detail.funding_overview.total_funding_usd,
    founded_year: s.firmographic.founded_year,
    facets: JSON.stringify(extractFacets(s)),
  };
}
