/**
 * POST /bff/exports/estimate with a list `request`: what an export would cost before it is made,
 * the team's company store counted (pages and sections it holds are free). Asking is free.
 */
import type { AllExportEstimate, ExportRequest } from '@contract/bff-lists';
import type { ListExportEstimate } from '@contract/company-store';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { ApiError, call } from '@/lib/api-client';

async function estimateExport(body: ExportRequest, signal?: AbortSignal): Promise<ListExportEstimate> {
  const e = await call('bff.exports.estimate', body, { signal });
  // The endpoint prices account lists and files of every match too; a list's estimate is the `list` kind.
  if ('account_list_id' in e || e.kind !== 'list')
    throw new ApiError(0, 'The estimate was of an account list, not of this list.');
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

/** With `all: true`: the file of every match (issue 33), its count's price included. */
async function estimateAllExport(body: ExportRequest, signal?: AbortSignal): Promise<AllExportEstimate> {
  const e = await call('bff.exports.estimate', { ...body, all: true }, { signal });
  if ('account_list_id' in e || e.kind !== 'all')
    throw new ApiError(0, 'The estimate was not of a file of every match.');
  return e;
}

export const allExportEstimateQueryOptions = (body: ExportRequest) =>
  queryOptions({
    queryKey: [...EXPORT_ESTIMATE_KEY, 'all', body],
    queryFn: ({ signal }) => estimateAllExport(body, signal),
    staleTime: 10_000,
    retry: false,
  });

export function useAllExportEstimate(body: ExportRequest, enabled = true) {
  return useQuery({ ...allExportEstimateQueryOptions(body), enabled });
}
