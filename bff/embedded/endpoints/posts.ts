/**
 * Social posts (service endpoint 6, docs/api.md): one page of the company's posts, newest first; `count` is every
 * post of the company (the spec names no filters for posts). Charged 1 per started block of 10
 * posts returned.
 */
import { PostsQuery, type PostsResponse } from '../../contract/api';
import { postsCost } from '../../contract/pricing';
import type { ServiceContext } from '../context';
import { parseOrThrow } from '../problem';
import { resolveSignalCompany, signalEnv } from '../signals/company';
import { postsPage, postsPlan } from '../signals/posts';
import type { ApiKey } from '../store/keys';
import { chargeOrThrow } from './charge';

export function companyPosts(
  ctx: ServiceContext,
  key: ApiKey,
  query: Record<string, unknown>,
): PostsResponse {
  const q = parseOrThrow(PostsQuery, query);
  const company = resolveSignalCompany(ctx.db, q.company);
  const env = signalEnv(ctx.db);
  const plan = postsPlan(company, env);
  const posts = postsPage(company, env, plan, q.offset, q.limit);
  const cost = postsCost(posts.length);
  chargeOrThrow(ctx, key, 'company.posts', cost);
  return {
    count: plan.total,
    limit: q.limit,
    offset: q.offset,
    data: { uuid: company.uuid, posts },
    credits_consumed: cost,
  };
}
