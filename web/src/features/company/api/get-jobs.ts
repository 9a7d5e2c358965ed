/**
 * GET /api/v1/company/jobs: the company's open roles, newest first, loaded 50 at a time (the most a
 * call returns) and kept together, so the tab's filters and counts read every role loaded so far.
 */
import type { JobsResponse } from '@contract/api';
import { JOBS_MAX_LIMIT } from '@contract/signal-values';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { PAID_QUERY_DEFAULTS, type Paid, paidGet } from './paid-call';

export type JobsPage = Pick<JobsResponse, 'data' | 'count' | 'limit' | 'offset'>;

/** Roles a call asks for: the API's maximum, at most 5 credits (0.1 a listing returned). */
export const JOBS_PAGE = JOBS_MAX_LIMIT;

async function getJobs(company: string, offset: number, signal?: AbortSignal): Promise<Paid<JobsPage>> {
  const res = await paidGet('company.jobs', { company, limit: JOBS_PAGE, offset }, signal);
  const { data, count, limit, offset: off } = res.body;
  return { ...res, body: { data, count, limit, offset: off } };
}

/** The offset of the page after `last`, or undefined when every role is loaded. */
export function nextJobsOffset(last: JobsPage): number | undefined {
  const next = last.offset + last.data.length;
  return last.data.length > 0 && next < last.count ? next : undefined;
}

const jobsQueryOptions = (company: string) =>
  infiniteQueryOptions({
    queryKey: ['company', company, 'jobs'],
    queryFn: ({ pageParam, signal }) => getJobs(company, pageParam, signal),
    initialPageParam: 0,
    getNextPageParam: (last: Paid<JobsPage>) => nextJobsOffset(last.body),
    ...PAID_QUERY_DEFAULTS,
  });

export function useJobs(company: string) {
  return useInfiniteQuery(jobsQueryOptions(company));
}
