/**
 * The user's account lists (`GET /bff/accounts/lists`) and one list's members
 * (`GET /bff/accounts/lists/{id}`): read by the Accounts page and by the list builder, which marks
 * ("In CRM") or hides their companies. Shared here rather than in either feature (no imports between
 * features).
 */
import type { AccountListDetail, AccountListSource, AccountListSummary } from '@contract/accounts';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from './api-client';

export type AccountList = AccountListSummary;
export type { AccountListDetail };

export const ACCOUNT_LISTS_QUERY_KEY = ['bff', 'accounts', 'lists'] as const;

const accountListsQueryOptions = () =>
  queryOptions({
    queryKey: ACCOUNT_LISTS_QUERY_KEY,
    queryFn: async ({ signal }) => (await call('bff.accounts.lists', undefined, { signal })).data,
    staleTime: 30_000,
  });

const accountListQueryOptions = (id: string) =>
  queryOptions({
    queryKey: [...ACCOUNT_LISTS_QUERY_KEY, id],
    queryFn: ({ signal }) => call('bff.accounts.list', { id }, { signal }),
    staleTime: 30_000,
  });

export function useAccountLists(opts: { enabled?: boolean } = {}) {
  return useQuery({ ...accountListsQueryOptions(), enabled: opts.enabled ?? true });
}

export function useAccountList(id: string | null) {
  return useQuery({ ...accountListQueryOptions(id ?? ''), enabled: id !== null });
}

/** How a list came to be, in words. */
export function accountListSourceLabel(source: AccountListSource): string {
  return source === 'exported' ? 'Your exports' : source === 'hidden' ? 'Hidden by you' : 'CSV import';
}

/**
 * "Hide": the companies go to the user's own "Hidden companies" account list (made when missing);
 * the answer is that list, which a list then leaves out like any account list.
 */
export function useHideCompanies() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (companies: readonly string[]) => call('bff.accounts.hide', { companies: [...companies] }),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: ACCOUNT_LISTS_QUERY_KEY }),
  });
}
