/** `PATCH /bff/accounts/lists/{id}` `{shared}`: the owner shares a list with the team, or stops. */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ACCOUNT_LISTS_QUERY_KEY, type AccountList } from '@/lib/account-lists';
import { apiFetch } from '@/lib/api-client';

export function setListShared(id: string, shared: boolean): Promise<AccountList> {
  return apiFetch<AccountList>(`/bff/accounts/lists/${encodeURIComponent(id)}`, {
    method: 'PATCH',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ shared }),
  });
}

export function useShareList() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, shared }: { id: string; shared: boolean }) => setListShared(id, shared),
    onSettled: () => queryClient.invalidateQueries({ queryKey: ACCOUNT_LISTS_QUERY_KEY }),
  });
}
