/**
 * POST /bff/lists (save), PATCH /bff/lists/{id} (rename, share, schedule), DELETE /bff/lists/{id}.
 * Each refreshes the lists it changed.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ListChanges, NewList, SavedList } from '../types';
import { listsApi } from './endpoints';
import { LISTS_QUERY_KEY, listQueryKey } from './get-lists';

export function useCreateList() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: NewList) => listsApi.create(body),
    onSuccess: (list) => {
      queryClient.setQueryData(listQueryKey(list.id), list);
      void queryClient.invalidateQueries({ queryKey: LISTS_QUERY_KEY, exact: true });
    },
  });
}

export function useUpdateList() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, ...changes }: ListChanges & { id: string }) => listsApi.update(id, changes),
    onSuccess: (list) => {
      queryClient.setQueryData(listQueryKey(list.id), list);
      queryClient.setQueryData<SavedList[]>(LISTS_QUERY_KEY, (all) =>
        all?.map((l) => (l.id === list.id ? { ...l, ...list } : l)),
      );
    },
  });
}

export function useDeleteList() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => listsApi.remove(id),
    onSuccess: (_, id) => {
      queryClient.setQueryData<SavedList[]>(LISTS_QUERY_KEY, (all) => all?.filter((l) => l.id !== id));
      queryClient.removeQueries({ queryKey: listQueryKey(id) });
    },
  });
}
