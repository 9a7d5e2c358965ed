import { useQueryClient } from '@tanstack/react-query';
import { useNavigate, useRouterState } from '@tanstack/react-router';
import { useEffect } from 'react';
import { ApiError } from '@/lib/api-client';
import { markSignedOut, mustSignIn as signInNeeded, useSession } from './api/get-session';

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
      markSignedOut(queryClient);
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

  const mustSignIn = signInNeeded(session.data);
  useEffect(() => {
    if (mustSignIn && !onSignIn) void navigate({ to: '/sign-in', search: { redirect: here }, replace: true });
  }, [mustSignIn, onSignIn, navigate, here]);

  // Data calls wait until the session is known: in team mode a signed-out visit would otherwise
  // fire pricing, usage and list calls that can only answer 401. A failed session lookup lets the
  // pages load and show their own errors.
  const ready = (session.data !== undefined && !mustSignIn) || session.isError;
  // The route on screen, not the location: while the router moves to /sign-in the location changes
  // first and the outlet still shows the previous page for a moment.
  const showingSignIn = useRouterState({ select: (s) => s.matches.some((m) => m.routeId === '/sign-in') });
  return { signedOut: mustSignIn, ready, showingSignIn };
}
