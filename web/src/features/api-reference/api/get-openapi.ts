/** GET /api/openapi.json: the document of everything the BFF serves (free, public). */
import type { OpenApiDocument } from '@contract/openapi';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '@/lib/api-client';

const openApiQueryOptions = queryOptions({
  queryKey: ['bff', 'openapi'],
  queryFn: async ({ signal }) => (await call('bff.openapi', undefined, { signal })) as OpenApiDocument,
  staleTime: Number.POSITIVE_INFINITY,
});

export function useOpenApi() {
  return useQuery(openApiQueryOptions);
}
