/** Query keys of the Admin page: every admin change refreshes what it can have changed. */
import type { QueryClient } from '@tanstack/react-query';

const ADMIN_QUERY_KEY = ['bff', 'admin'] as const;
export const ADMIN_USERS_KEY = [...ADMIN_QUERY_KEY, 'users'] as const;
export const ADMIN_TEAM_KEY = [...ADMIN_QUERY_KEY, 'team'] as const;
export const ADMIN_AUDIT_KEY = [...ADMIN_QUERY_KEY, 'audit'] as const;
export const ADMIN_SPEND_KEY = [...ADMIN_QUERY_KEY, 'spend'] as const;

/** After an admin action: the users, the team and the audit log (which has a new entry) again. */
export function invalidateAdmin(queryClient: QueryClient): Promise<void> {
  return queryClient.invalidateQueries({ queryKey: ADMIN_QUERY_KEY });
}
