/** GET /api/v1/company/employee-reviews: ratings by provider and dimension, and a page of reviews. */
import type { EmployeeReviewsResponse } from '@contract/api';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { PAID_QUERY_DEFAULTS, type Paid, paidGet } from './paid-call';

export type EmployeeReviewsData = z.infer<typeof EmployeeReviewsResponse>['data']['employee_reviews'];

export const EMPLOYEE_REVIEWS_PAGE = 10;

async function getEmployeeReviews(
  company: string,
  offset: number,
  signal?: AbortSignal,
): Promise<Paid<EmployeeReviewsData>> {
  const res = await paidGet(
    'company.employeeReviews',
    { company, limit: EMPLOYEE_REVIEWS_PAGE, offset },
    signal,
  );
  return { ...res, body: res.body.data.employee_reviews };
}

const employeeReviewsQueryOptions = (company: string, offset: number) =>
  queryOptions({
    queryKey: ['company', company, 'employee-reviews', offset],
    queryFn: ({ signal }) => getEmployeeReviews(company, offset, signal),
    placeholderData: keepPreviousData,
    ...PAID_QUERY_DEFAULTS,
  });

export function useEmployeeReviews(company: string, offset: number) {
  return useQuery(employeeReviewsQueryOptions(company, offset));
}
