/**
 * POST /bff/lists/screen/estimate: what screening a list by its signal filters may cost at most,
 * before anything is spent (docs/decisions/0028-signal-filters-by-screening.md). Free to ask; asked
 * while a signal draft waits for Apply.
 */
import type { ListRequest } from '@contract/api';
import type { ScreenEstimate } from '@contract/signal-filters';
import { useQuery } from '@tanstack/react-query';
import { call } from '@/lib/api-client';

export function useScreenEstimate(body: ListRequest, enabled: boolean) {
  return useQuery({
    queryKey: ['bff', 'lists', 'screen', 'estimate', body],
    queryFn: ({ signal }): Promise<ScreenEstimate> => call('bff.lists.screen.estimate', body, { signal }),
    staleTime: 30_000,
    retry: false,
    enabled,
  });
}
