/**
 * News (decisions section 10). `company` reads that company's articles; `industry` (a service
 * taxonomy code such as `IND-1001`, or an industry's exact name) the articles of the industry's
 * most prominent companies; `query` keeps articles whose title or summary holds every word, looked
 * for among the companies whose name, category or description matches a word and the most prominent
 * companies. Given together, they narrow each other. Charged 0.1 per call + 0.01 per article.
 */
import { type NewsArticle, NewsQuery, type NewsResponse } from '../../contract/api';
import { newsCost } from '../../contract/pricing';
import { containsWords, normalizeText } from '../../contract/text';
import type { ServiceContext } from '../context';
import { INDUSTRIES, industryByCode } from '../dataset/taxonomy';
import { invalid, parseOrThrow } from '../problem';
import { loadSignalCompanies, resolveSignalCompany, type SignalCompany, signalEnv } from '../signals/company';
import { companyArticles, selectArticles } from '../signals/news';
import type { ApiKey } from '../store/keys';
import { chargeOrThrow } from './signal-charge';

/** How many of an industry's companies (most prominent first) its news is drawn from. */
export const NEWS_INDUSTRY_COMPANIES = 40;
/** Companies a free-text query looks at: name/description matches, then the most prominent. */
const NEWS_QUERY_TEXT_COMPANIES = 60;
const NEWS_QUERY_PROMINENT_COMPANIES = 60;

function industryCodeOf(given: string): string {
  const byCode = industryByCode(given.toUpperCase());
  if (byCode) return byCode.code;
  const name = normalizeText(given);
  const byName = INDUSTRIES.find((i) => normalizeText(i.name) === name);
  if (byName) return byName.code;
  throw invalid([
    {
      path: 'industry',
      message: `unknown industry "${given}": give an industry code such as IND-1001 or an exact industry name (see industry search)`,
    },
  ]);
}

function prominent(ctx: ServiceContext, filters: Record<string, unknown>, limit: number): number[] {
  return ctx.index.search(filters, { by: 'relevance', order: 'desc' }, { offset: 0, limit }).positions;
}

function textCandidates(ctx: ServiceContext, words: readonly string[]): number[] {
  const terms = words.filter((w) => w.length > 1);
  if (terms.length === 0) return [];
  const rows = ctx.db
    .prepare(
      `SELECT f.rowid AS idx FROM companies_fts f JOIN companies c ON c.idx = f.rowid
       WHERE companies_fts MATCH ? ORDER BY c.prominence DESC LIMIT ?`,
    )
    .all(terms.map((w) => `"${w}"`).join(' OR '), NEWS_QUERY_TEXT_COMPANIES) as { idx: number }[];
  return rows.map((r) => r.idx);
}

export function news(ctx: ServiceContext, key: ApiKey, query: Record<string, unknown>): NewsResponse {
  const q = parseOrThrow(NewsQuery, query);
  const industry = q.industry === undefined ? undefined : industryCodeOf(q.industry);
  const words = q.query ? normalizeText(q.query).split(' ').filter(Boolean) : [];

  let companies: SignalCompany[];
  if (q.company !== undefined) {
    const c = resolveSignalCompany(ctx.db, q.company);
    const inIndustry = !industry || c.sections.industry.industry.some((i) => i.code === industry);
    companies = inIndustry ? [c] : [];
  } else if (industry) {
    companies = loadSignalCompanies(
      ctx.db,
      prominent(ctx, { 'industry.industry': [industry] }, NEWS_INDUSTRY_COMPANIES),
    );
  } else {
    const idxs = [
      ...new Set([...textCandidates(ctx, words), ...prominent(ctx, {}, NEWS_QUERY_PROMINENT_COMPANIES)]),
    ];
    companies = loadSignalCompanies(ctx.db, idxs);
  }

  const env = signalEnv(ctx.db);
  const matches = (a: NewsArticle) => {
    if (words.length === 0) return true;
    const text = `${a.title} ${a.ai_summary}`;
    return words.every((w) => containsWords(text, w));
  };
  const selected = selectArticles(
    companies.flatMap((c) => companyArticles(c, env)),
    { ...(q.from ? { from: q.from } : {}), ...(q.to ? { to: q.to } : {}), unique: q.unique_article },
    matches,
  );
  const data = selected.slice(q.offset, q.offset + q.limit);
  const cost = newsCost(data.length);
  chargeOrThrow(ctx, key, 'news', cost);
  return { status: 'success', data, total: selected.length, credits_consumed: cost };
}
