/**
 * PATCH /bff/admin/users/{id}: a user's role, daily budget, password, or disabled state. The BFF
 * ends a disabled user's sessions, and every session after a password reset; it refuses (409) to
 * demote or disable the last enabled admin.
 */
import type { AdminUser, UserPatch } from '@contract/admin';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '@/lib/api-client';
import { invalidateAdmin } from './keys';

export function updateUser({ id, ...patch }: UserPatch & { id: string }): Promise<AdminUser> {
  return call('bff.admin.updateUser', { id, ...patch });
}

export function useUpdateUser() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: updateUser, onSettled: () => invalidateAdmin(queryClient) });
}
