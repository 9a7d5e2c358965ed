/**
 * The two free lookups (service endpoints 7 and 8, docs/api.md) as handlers like the others, `(ctx, key, query) =>
 * body`: company search (`query` resolves a company id, a website in any spelling or a name) and
 * industry search (`level` chooses sectors, industries or both; see `IndustrySearchQuery`).
 */
import type { z } from 'zod';
import {
  CompanySearchQuery,
  type CompanySearchResponse,
  IndustrySearchQuery,
  type IndustrySearchResponse,
} from '../../contract/api';
import type { ServiceContext } from '../context';
import { parseOrThrow } from '../problem';
import { searchCompanies } from '../query/company-search';
import { searchIndustries } from '../query/industry-search';
import type { ApiKey } from '../store/keys';

/** How many industries and sectors one answer lists at most. */
const INDUSTRY_SEARCH_LIMIT = 25;

export function companySearch(
  ctx: ServiceContext,
  _key: ApiKey,
  query: Record<string, unknown>,
): z.infer<typeof CompanySearchResponse> {
  const q = parseOrThrow(CompanySearchQuery, query);
  const data = searchCompanies(ctx.db, q);
  return { data, count: data.length, credits_consumed: 0 };
}

export function industrySearch(
  _ctx: ServiceContext,
  _key: ApiKey,
  query: Record<string, unknown>,
): z.infer<typeof IndustrySearchResponse> {
  const q = parseOrThrow(IndustrySearchQuery, query);
  const data = searchIndustries(q.query, INDUSTRY_SEARCH_LIMIT, q.level);
  return { data, count: data.length, credits_consumed: 0 };
}
