/** POST /bff/admin/users: adds a user (a member unless the role says admin). */
import type { AdminUser, NewUserRequest } from '@contract/admin';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '@/lib/api-client';
import { invalidateAdmin } from './keys';

export function addUser(body: NewUserRequest): Promise<AdminUser> {
  return call('bff.admin.addUser', body);
}

export function useAddUser() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: addUser, onSuccess: () => invalidateAdmin(queryClient) });
}
