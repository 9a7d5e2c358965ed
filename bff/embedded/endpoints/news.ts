/**
 * News (docs/product-rules.md, section 10; the real service's parameters, docs/real-service.md).
 *
 * Where the articles come from: `company` (or `primary_company`) reads that company's articles;
 * `industry` (comma-separated codes of industries or sectors, see industry search) the articles of
 * the industries' 40 most prominent companies; `query` and `title` alone look among the companies
 * whose name, category or description holds one of their words and the most prominent companies.
 * Given together, they narrow each other.
 *
 * What is kept: `query` every word in the title or the summary, `title` every word in the title,
 * `sentiment_list` those sentiments, `blacklisted` no article of those publishers' hosts,
 * `start_date`/`end_date` (or `from`/`to`) inclusive days, `unique_article` or `group_articles` one
 * copy per story. Every article here is about one company, its primary one, so `primary_company`
 * answers what `company` does. Parameters the articles give nothing to test (`countries`,
 * `news_score_list`, the entity, type and code lists) are accepted and named in `warnings`.
 * Charged 0.1 per call + 0.01 per article.
 */
import { type NewsArticle, NewsQuery, type NewsResponse, type Warning } from '../../contract/api';
import { newsCost } from '../../contract/pricing';
import { containsWords, normalizeText } from '../../contract/text';
import type { ServiceContext } from '../context';
import { INDUSTRIES, industryByCode } from '../dataset/taxonomy';
import { industrySectors, sectorByCode } from '../query/industry-search';
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
import { parseChecked, type ServiceCheck } from './validate';

/** How many of an industry's companies (most prominent first) its news is drawn from. */
const NEWS_INDUSTRY_COMPANIES = 40;
/** Companies a free-text query looks at: name/description matches, then the most prominent. */
const NEWS_QUERY_TEXT_COMPANIES = 60;
const NEWS_QUERY_PROMINENT_COMPANIES = 60;

const byNormalisedName = new Map<string, readonly string[]>([
  ...INDUSTRIES.map((i) => [normalizeText(i.name), [i.code]] as const),
  ...industrySectors().map((s) => [normalizeText(s.name), s.industries] as const),
]);

/** The industry codes one item of `industry` stands for: an industry, a sector's industries, or none. */
function industryCodesOf(item: string): readonly string[] | undefined {
  const code = item.toUpperCase();
  const industry = industryByCode(code);
  if (industry) return [industry.code];
  const sector = sectorByCode(code);
  if (sector) return sector.industries;
  return byNormalisedName.get(normalizeText(item));
}

/**
 * The industries an `industry` parameter names. The whole value is first read as one name, since
 * a few names hold commas ("Beer, Wine & Spirits"); otherwise each comma-separated item is a code
 * or a name. Unknown items are named in a 400 beside the schema's errors.
 */
function newsIndustries(value: string): { codes: string[]; unknown: string[] } {
  const whole = byNormalisedName.get(normalizeText(value));
  if (whole) return { codes: [...whole], unknown: [] };
  const codes = new Set<string>();
  const unknown: string[] = [];
  for (const item of value
    .split(',')
    .map((x) => x.trim())
    .filter(Boolean)) {
    const found = industryCodesOf(item);
    if (found) for (const c of found) codes.add(c);
    else unknown.push(item);
  }
  return { codes: [...codes], unknown };
}

/** The real service's parameters this service accepts but cannot apply, with the reason. */
const NOT_APPLIED: Readonly<Record<string, string>> = {
  countries: 'the articles carry no countries',
  news_score_list: 'the articles carry no news score',
  type_list: "the articles carry the service's own primary_tag, not the real service's types",
  entity_person_list: 'the articles carry no named entities',
  entity_location_list: 'the articles carry no named entities',
  entity_product_list: 'the articles carry no named entities',
  entity_event_list: 'the articles carry no named entities',
  naics_code_list: 'the articles carry no industry codes (industry selects by industry)',
  sic_code_list: 'the articles carry no industry codes (industry selects by industry)',
  iptc_code_list: 'the articles carry no IPTC media topics',
  iab_code_list: 'the articles carry no IAB categories',
};

function notApplied(q: NewsQuery): Warning[] {
  return Object.entries(NOT_APPLIED)
    .filter(([param]) => {
      const value = q[param as keyof NewsQuery];
      // Every score level selects everything: nothing was left unapplied.
      if (param === 'news_score_list') return Array.isArray(value) && value.length < 3;
      return value !== undefined;
    })
    .map(([param, why]) => ({
      code: 'parameter_ignored',
      message: `${param} was accepted but not applied: ${why}`,
    }));
}

/** The host a `blacklisted` item names, without a leading `www.`. */
function blockedHost(item: string): string {
  const host = new URL(/^https?:\/\//i.test(item) ? item : `https://${item}`).hostname;
  return host.replace(/^www\./, '');
}

function isBlocked(url: string, hosts: readonly string[]): boolean {
  const host = new URL(url).hostname;
  return hosts.some((h) => host === h || host.endsWith(`.${h}`));
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
  let industryCodes: string[] | undefined;
  const unknownIndustries: ServiceCheck = (raw, reported) => {
    if (typeof raw.industry !== 'string' || reported.has('industry')) return [];
    const { codes, unknown } = newsIndustries(raw.industry);
    industryCodes = codes;
    if (unknown.length === 0) return [];
    return [
      {
        path: 'industry',
        message: `unknown industry ${unknown.map((u) => `"${u}"`).join(', ')}: give industry codes such as IND-1001, or a sector's such as IND-10, comma-separated (see industry search)`,
      },
    ];
  };
  const q = parseChecked(NewsQuery, query, unknownIndustries);
  const words = q.query ? normalizeText(q.query).split(' ').filter(Boolean) : [];
  const titleWords = q.title ? normalizeText(q.title).split(' ').filter(Boolean) : [];
  const company = q.company ?? q.primary_company;
  const industries = industryCodes;

  const env = signalEnv(ctx.db);
  let articles: NewsArticle[];
  if (company !== undefined) {
    const c = resolveSignalCompany(ctx.db, company);
    const inIndustry = !industries || c.sections.industry.industry.some((i) => industries.includes(i.code));
    articles = inIndustry ? articlesOf(ctx, env, [c.idx], [c]) : [];
  } else if (industries) {
    articles = articlesOf(
      ctx,
      env,
      prominent(ctx, { 'industry.industry': industries }, NEWS_INDUSTRY_COMPANIES),
    );
  } else {
    const idxs = [
      ...new Set([
        ...textCandidates(ctx, [...words, ...titleWords]),
        ...prominent(ctx, {}, NEWS_QUERY_PROMINENT_COMPANIES),
      ]),
    ];
    articles = articlesOf(ctx, env, idxs);
  }

  const sentiments: readonly string[] | undefined = q.sentiment_list;
  const blocked = (q.blacklisted ?? []).map(blockedHost);
  const matches = (a: NewsArticle) =>
    words.every((w) => containsWords(`${a.title} ${a.ai_summary}`, w)) &&
    titleWords.every((w) => containsWords(a.title, w)) &&
    (!sentiments || sentiments.includes(a.sentiment)) &&
    (blocked.length === 0 || !isBlocked(a.url, blocked));
  const start = q.start_date ?? q.from;
  const end = q.end_date ?? q.to;
  const selected = selectArticles(
    articles,
    {
      ...(start ? { from: start } : {}),
      ...(end ? { to: end } : {}),
      unique: q.unique_article ?? q.group_articles ?? false,
    },
    matches,
  );
  const data = selected.slice(q.offset, q.offset + q.limit);
  const cost = newsCost(data.length);
  chargeOrThrow(ctx, key, 'news', cost);
  return { status: 'success', data, total: selected.length, warnings: notApplied(q), credits_consumed: cost };
}
