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
import {
  loadSignalCompanies,
  resolveSignalCompany,
  type SignalCompany,
  type SignalEnv,
  signalEnv,
} from '../signals/company';
import { companyArticles, selectArticles } from '../signals/news';
import { getMeta } from '../store/db';
import type { ApiKey } from '../store/keys';
import { chargeOrThrow } from './charge';

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

/**
 * Companies whose generated articles are kept (most recently used). A call without `company` draws
 * on 60 to 120 companies, and generating their stories was nearly all of its time (about 65 ms warm
 * for 120); kept, a repeat or a neighbouring query reads them back. About 60 articles per company,
 * so the bound keeps this to a few tens of MB.
 */
export const NEWS_CACHE_COMPANIES = 500;

type ArticleCache = { stamp: string; byIdx: Map<number, NewsArticle[]> };
/** Per database: tests and tools may run several services with different data sets in one process. */
const articleCaches = new WeakMap<object, ArticleCache>();

/**
 * Each company's articles, generated once per data set. A company record never changes under its
 * index (an addition makes a new company), and the articles depend only on the record, the seed and
 * the dataset's today, so those stamp the cache.
 */
function articlesOf(
  ctx: ServiceContext,
  env: SignalEnv,
  idxs: readonly number[],
  loaded: SignalCompany[] = [],
) {
  const stamp = `${env.seed}|${env.today}|${getMeta(ctx.db, 'dataset.version') ?? ''}`;
  let cache = articleCaches.get(ctx.db);
  if (!cache || cache.stamp !== stamp) {
    cache = { stamp, byIdx: new Map() };
    articleCaches.set(ctx.db, cache);
  }
  const { byIdx } = cache;
  const given = new Map(loaded.map((c) => [c.idx, c]));
  const missing = idxs.filter((i) => !byIdx.has(i) && !given.has(i));
  const fresh = new Map([...given, ...loadSignalCompanies(ctx.db, missing).map((c) => [c.idx, c] as const)]);
  const out: NewsArticle[] = [];
  for (const idx of idxs) {
    let articles = byIdx.get(idx);
    if (articles) byIdx.delete(idx);
    else {
      const c = fresh.get(idx);
      if (!c) continue;
      articles = companyArticles(c, env);
    }
    // Re-inserted last: the Map's order is the use order, oldest first.
    byIdx.set(idx, articles);
    for (const a of articles) out.push(a);
  }
  while (byIdx.size > NEWS_CACHE_COMPANIES) {
    const oldest = byIdx.keys().next().value;
    if (oldest === undefined) break;
    byIdx.delete(oldest);
  }
  return out;
}

/** How many companies' articles are kept for this database (for tests of the bound). */
export function keptNewsCompanies(db: object): number {
  return articleCaches.get(db)?.byIdx.size ?? 0;
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

  const env = signalEnv(ctx.db);
  let articles: NewsArticle[];
  if (q.company !== undefined) {
    const c = resolveSignalCompany(ctx.db, q.company);
    const inIndustry = !industry || c.sections.industry.industry.some((i) => i.code === industry);
    articles = inIndustry ? articlesOf(ctx, env, [c.idx], [c]) : [];
  } else if (industry) {
    articles = articlesOf(
      ctx,
      env,
      prominent(ctx, { 'industry.industry': [industry] }, NEWS_INDUSTRY_COMPANIES),
    );
  } else {
    const idxs = [
      ...new Set([...textCandidates(ctx, words), ...prominent(ctx, {}, NEWS_QUERY_PROMINENT_COMPANIES)]),
    ];
    articles = articlesOf(ctx, env, idxs);
  }

  const matches = (a: NewsArticle) => {
    if (words.length === 0) return true;
    const text = `${a.title} ${a.ai_summary}`;
    return words.every((w) => containsWords(text, w));
  };
  const selected = selectArticles(
    articles,
    { ...(q.from ? { from: q.from } : {}), ...(q.to ? { to: q.to } : {}), unique: q.unique_article },
    matches,
  );
  const data = selected.slice(q.offset, q.offset + q.limit);
  const cost = newsCost(data.length);
  chargeOrThrow(ctx, key, 'news', cost);
  return { status: 'success', data, total: selected.length, credits_consumed: cost };
}
