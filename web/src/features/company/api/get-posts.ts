/** GET /api/v1/company/posts: the company's social posts, a page at a time. */
import type { PostsResponse } from '@contract/api';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { PAID_QUERY_DEFAULTS, type Paid, paidGet } from './paid-call';

type PostsPage = Pick<z.infer<typeof PostsResponse>, 'count' | 'limit' | 'offset'> & {
  posts: z.infer<typeof PostsResponse>['data']['posts'];
};

export const POSTS_PAGE = 10;

async function getPosts(company: string, offset: number, signal?: AbortSignal): Promise<Paid<PostsPage>> {
  const res = await paidGet('company.posts', { company, limit: POSTS_PAGE, offset }, signal);
  const { count, limit, offset: off, data } = res.body;
  return { ...res, body: { count, limit, offset: off, posts: data.posts } };
}

const postsQueryOptions = (company: string, offset: number) =>
  queryOptions({
    queryKey: ['company', company, 'posts', offset],
    queryFn: ({ signal }) => getPosts(company, offset, signal),
    placeholderData: keepPreviousData,
    ...PAID_QUERY_DEFAULTS,
  });

export function usePosts(company: string, offset: number) {
  return useQuery(postsQueryOptions(company, offset));
}
