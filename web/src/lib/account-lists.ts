/**
 * The user's account lists (`GET /bff/accounts/lists`) and one list's members
 * (`GET /bff/accounts/lists/{id}`): read by the Accounts page and by the list builder, which marks
 * ("In CRM") or hides their companies. Shared here rather than in either feature (no imports between
 * features).
 */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from './api-client';

export type AccountListSource = 'import' | 'exports' | (string & {});

export type AccountList = {
  id: string;
  name: string;
  size: number;
  shared: boolean;
  source: AccountListSource;
  /** Whether the signed-in user owns the list (only the owner shares it); absent: the owner. */
  owned?: boolean;
};

export type AccountListMember = { uuid: string; name: string; domain: string | null };
export type AccountListDetail = AccountList & { members: AccountListMember[] };

export const ACCOUNT_LISTS_QUERY_KEY = ['bff', 'accounts', 'lists'] as const;

export async function getAccountLists(signal?: AbortSignal): Promise<AccountList[]> {
  const body = await apiFetch<{ data: AccountList[] }>('/bff/accounts/lists', signal ? { signal } : {});
  return body.data;
}

export async function getAccountList(id: string, signal?: AbortSignal): Promise<AccountListDetail> {
  return apiFetch<AccountListDetail>(
    `/bff/accounts/lists/${encodeURIComponent(id)}`,
    signal ? { signal } : {},
  );
}

export const accountListsQueryOptions = () =>
  queryOptions({
    queryKey: ACCOUNT_LISTS_QUERY_KEY,
    queryFn: ({ signal }) => getAccountLists(signal),
    staleTime: 30_000,
  });

export const accountListQueryOptions = (id: string) =>
  queryOptions({
    queryKey: [...ACCOUNT_LISTS_QUERY_KEY, id],
    queryFn: ({ signal }) => getAccountList(id, signal),
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
  if (source === 'import') return 'CSV import';
  if (source === 'exports' || source === 'export') return 'Your exports';
  return source.charAt(0).toUpperCase() + source.slice(1).replace(/_/g, ' ');
}
