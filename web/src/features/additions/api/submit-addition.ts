/** POST /api/v1/company/addition-requests: submit a company that the data set lacks (free). */
import type { AdditionRequest, AdditionSubmitResponse } from '@contract/api';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '@/lib/api-client';
import { ADDITIONS_QUERY_KEY } from './get-additions';

export function submitAddition(req: AdditionRequest): Promise<AdditionSubmitResponse> {
  return call('additions.submit', req);
}

export function useSubmitAddition() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: submitAddition,
    // A new request belongs on the Requests page at once.
    onSuccess: (res) => {
      if (res.request_id) void queryClient.invalidateQueries({ queryKey: ADDITIONS_QUERY_KEY });
    },
  });
}
