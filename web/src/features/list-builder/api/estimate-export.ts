/**
 * POST /bff/exports/estimate with a list `request`: what an export would cost before it is made,
 * the team's company store counted (pages and sections it holds are free). Asking is free.
 */
import type { ExportRequest } from '@contract/bff-lists';
import type { ListExportEstimate } from '@contract/company-store';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { ApiError, call } from '@/lib/api-client';

async function estimateExport(body: ExportRequest, signal?: AbortSignal): Promise<ListExportEstimate> {
  const e = await call('bff.exports.estimate', body, { signal });
  // The endpoint prices account lists too; a list's estimate is the `list` kind.
  if ('account_list_id' in e) throw new ApiError(0, 'The estimate was of an account list, not of this list.');
  return e;
}

export const EXPORT_ESTIMATE_KEY = ['bff', 'exports', 'estimate'] as const;

export const exportEstimateQueryOptions = (body: ExportRequest) =>
  queryOptions({
    queryKey: [...EXPORT_ESTIMATE_KEY, body],
    queryFn: ({ signal }) => estimateExport(body, signal),
    staleTime: 10_000,
    retry: false,
  });

export function useExportEstimate(body: ExportRequest, enabled = true) {
  return useQuery({ ...exportEstimateQueryOptions(body), enabled });
}
