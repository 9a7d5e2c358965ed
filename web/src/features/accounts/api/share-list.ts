/** `PATCH /bff/accounts/lists/{id}` `{shared}`: the owner shares a list with the team, or stops. */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ACCOUNT_LISTS_QUERY_KEY, type AccountList } from '@/lib/account-lists';
import { call } from '@/lib/api-client';

export function setListShared(id: string, shared: boolean): Promise<AccountList> {
  return call('bff.accounts.updateList', { id, shared });
}

export function useShareList() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, shared }: { id: string; shared: boolean }) => setListShared(id, shared),
    onSettled: () => queryClient.invalidateQueries({ queryKey: ACCOUNT_LISTS_QUERY_KEY }),
  });
}
