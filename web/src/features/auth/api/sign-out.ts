import { matchQuery, type Query, useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '@/lib/api-client';
import { markSignedOut, SESSION_QUERY_KEY } from './get-session';

/** Signs out (`DELETE /bff/session`). */
export function signOut(): Promise<unknown> {
  return call('bff.signOut');
}

const notSession = (q: Query) => !matchQuery({ queryKey: SESSION_QUERY_KEY, exact: true }, q);

export function useSignOut() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: signOut,
    // Signed out before the call leaves, so no page and not the header's usage asks anything while
    // it is on its way (each would answer 401 after it).
    onMutate: async () => {
      await queryClient.cancelQueries({ predicate: notSession });
      markSignedOut(queryClient);
    },
    onSuccess: () => {
      // Forget what the user was shown, their usage too: the next user starts from nothing.
      queryClient.removeQueries({ predicate: notSession });
    },
    // Whatever the answer, the server says who is signed in now.
    onSettled: () => queryClient.invalidateQueries({ queryKey: SESSION_QUERY_KEY }),
  });
}
