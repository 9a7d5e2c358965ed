/**
 * `PATCH /bff/accounts/lists/{id}` `{shared}`: the owner shares a list with the team, or stops. The
 * switch moves at once (the lists' cache is written before the answer) and moves back if the BFF
 * refuses.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ACCOUNT_LISTS_QUERY_KEY, type AccountList } from '@/lib/account-lists';
import { call } from '@/lib/api-client';

function setListShared(id: string, shared: boolean): Promise<AccountList> {
  return call('bff.accounts.updateList', { id, shared });
}

export function useShareList() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, shared }: { id: string; shared: boolean }) => setListShared(id, shared),
    onMutate: async ({ id, shared }) => {
      await queryClient.cancelQueries({ queryKey: ACCOUNT_LISTS_QUERY_KEY, exact: true });
      const before = queryClient.getQueryData<AccountList[]>(ACCOUNT_LISTS_QUERY_KEY);
      queryClient.setQueryData<AccountList[]>(ACCOUNT_LISTS_QUERY_KEY, (lists) =>
        lists?.map((l) => (l.id === id ? { ...l, shared } : l)),
      );
      return { before };
    },
    onError: (_err, _vars, context) => {
      if (context?.before) queryClient.setQueryData(ACCOUNT_LISTS_QUERY_KEY, context.before);
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: ACCOUNT_LISTS_QUERY_KEY }),
  });
}
