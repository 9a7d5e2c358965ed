/** GET /api/v1/news?company=: news about the company, optionally one article per story. */
import type { NewsResponse } from '@contract/api';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { PAID_QUERY_DEFAULTS, type Paid, paidGet } from './paid-call';

type NewsPage = Pick<z.infer<typeof NewsResponse>, 'data' | 'total'>;

export const NEWS_PAGE = 10;

async function getNews(
  company: string,
  unique: boolean,
  offset: number,
  signal?: AbortSignal,
): Promise<Paid<NewsPage>> {
  const res = await paidGet(
    'news',
    { company, unique_article: unique ? 'true' : 'false', limit: NEWS_PAGE, offset },
    signal,
  );
  return { ...res, body: { data: res.body.data, total: res.body.total } };
}

const newsQueryOptions = (company: string, unique: boolean, offset: number) =>
  queryOptions({
    queryKey: ['company', company, 'news', unique, offset],
    queryFn: ({ signal }) => getNews(company, unique, offset, signal),
    placeholderData: keepPreviousData,
    ...PAID_QUERY_DEFAULTS,
  });

export function useNews(company: string, unique: boolean, offset: number) {
  return useQuery(newsQueryOptions(company, unique, offset));
}
