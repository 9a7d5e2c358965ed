/** GET /bff/admin/users: the team's users with role, state, daily budget and today's spend. */
import { type AdminUser, AdminUsersResponse } from '@contract/admin';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '@/lib/api-client';
import { ADMIN_USERS_KEY } from './keys';

async function getAdminUsers(signal?: AbortSignal): Promise<AdminUser[]> {
  return AdminUsersResponse.parse(await call('bff.admin.users', undefined, { signal })).data;
}

const adminUsersQueryOptions = () =>
  queryOptions({
    queryKey: ADMIN_USERS_KEY,
    queryFn: ({ signal }) => getAdminUsers(signal),
    staleTime: 10_000,
    refetchInterval: 60_000,
  });

export function useAdminUsers() {
  return useQuery(adminUsersQueryOptions());
}
