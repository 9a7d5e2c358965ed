import { useQueryClient } from '@tanstack/react-query';
import { useNavigate, useRouterState } from '@tanstack/react-router';
import { useEffect } from 'react';
import { ApiError } from '@/lib/api-client';
import { useSession } from './api/get-session';

function isUnauthorized(error: unknown): boolean {
  return error instanceof ApiError && error.status === 401;
}

/**
 * Sends the user to `/sign-in` (and back afterwards) when team mode has nobody signed in, or when
 * any call answers 401 (the session ran out). Listening to the query and mutation caches catches
 * every call without each feature having to care.
 */
export function useSignInGuard() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const location = useRouterState({ select: (s) => s.location });
  const onSignIn = location.pathname === '/sign-in';
  const here = location.href;
  const session = useSession();

  useEffect(() => {
    if (onSignIn) return;
    const toSignIn = () => {
      queryClient.setQueryData(['bff', 'session'], (s: unknown) =>
        s && typeof s === 'object' ? { ...s, user: null } : s,
      );
      void navigate({ to: '/sign-in', search: { redirect: here } });
    };
    const unsubQueries = queryClient.getQueryCache().subscribe((event) => {
      if (event.type === 'updated' && event.action.type === 'error' && isUnauthorized(event.action.error))
        toSignIn();
    });
    const unsubMutations = queryClient.getMutationCache().subscribe((event) => {
      if (event.type === 'updated' && event.action.type === 'error' && isUnauthorized(event.action.error))
        toSignIn();
    });
    return () => {
      unsubQueries();
      unsubMutations();
    };
  }, [queryClient, navigate, onSignIn, here]);

  const mustSignIn = session.data?.mode === 'team' && session.data.user === null;
  useEffect(() => {
    if (mustSignIn && !onSignIn) void navigate({ to: '/sign-in', search: { redirect: here }, replace: true });
  }, [mustSignIn, onSignIn, navigate, here]);

  return { signedOut: mustSignIn };
}
