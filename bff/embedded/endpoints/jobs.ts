/**
 * Job listings (decisions section 15; docs/api.md): one page of the company's open listings, newest
 * first; `count` is every open listing of the company. Charged 0.1 per listing returned, at least 0.5
 * when any is returned, nothing for an empty page; an unknown company is a free 404.
 */
import { JobsQuery, type JobsResponse } from '../../contract/api';
import { jobsCost } from '../../contract/pricing';
import type { ServiceContext } from '../context';
import { parseOrThrow } from '../problem';
import { resolveSignalCompany, signalEnv } from '../signals/company';
import { jobsPage, jobsPlan } from '../signals/jobs';
import type { ApiKey } from '../store/keys';
import { chargeOrThrow } from './charge';

export function companyJobs(ctx: ServiceContext, key: ApiKey, query: Record<string, unknown>): JobsResponse {
  const q = parseOrThrow(JobsQuery, query);
  const company = resolveSignalCompany(ctx.db, q.company);
  const env = signalEnv(ctx.db);
  const plan = jobsPlan(company, env);
  const data = jobsPage(company, env, plan, q.offset, q.limit);
  const cost = jobsCost(data.length);
  chargeOrThrow(ctx, key, 'company.jobs', cost);
  return {
    status: 'success',
    data,
    count: plan.total,
    limit: q.limit,
    offset: q.offset,
    credits_consumed: cost,
  };
}
