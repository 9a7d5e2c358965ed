import type { SessionInfo, SignInRequest } from '@contract/bff';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '@/lib/api-client';
import { SESSION_QUERY_KEY } from './get-session';

/** Signs in (`POST /bff/session`); the BFF sets the session cookie. */
export function signIn(body: SignInRequest): Promise<SessionInfo | undefined> {
  return call('bff.signIn', body);
}

export function useSignIn() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: signIn,
    // Everything cached belonged to nobody (or someone else): start afresh as the new user.
    onSuccess: async () => {
      queryClient.removeQueries({ predicate: (q) => q.queryKey[0] !== SESSION_QUERY_KEY[0] });
      await queryClient.invalidateQueries({ queryKey: SESSION_QUERY_KEY });
    },
  });
}
