import { type SessionInfo, SessionInfo as SessionSchema } from '@contract/bff';
import { type QueryClient, queryOptions, useQuery } from '@tanstack/react-query';
import { ApiError, call } from '@/lib/api-client';

export const SESSION_QUERY_KEY = ['bff', 'session'] as const;

/** A BFF that predates sessions serves one implicit local user. */
const LOCAL: SessionInfo = { mode: 'local', user: null };

/** Who is signed in (`GET /bff/session`). */
async function getSession(): Promise<SessionInfo> {
  try {
    const parsed = SessionSchema.safeParse(await call('bff.session'));
    return parsed.success ? parsed.data : LOCAL;
  } catch (e) {
    // Not served (404, or the app's HTML from a static fallback): local mode.
    if (e instanceof SyntaxError || (e instanceof ApiError && e.status === 404)) return LOCAL;
    throw e;
  }
}

export const sessionQueryOptions = queryOptions({
  queryKey: SESSION_QUERY_KEY,
  queryFn: getSession,
  staleTime: 5 * 60_000,
});

/** Team mode with nobody signed in: every page but sign-in waits (its calls could only answer 401). */
export function mustSignIn(session: SessionInfo | undefined): boolean {
  return session?.mode === 'team' && session.user === null;
}

/** Marks the cached session signed out: every page and the header stop asking (their calls would answer 401). */
export function markSignedOut(queryClient: QueryClient): void {
  queryClient.setQueryData(SESSION_QUERY_KEY, (s: SessionInfo | undefined) => (s ? { ...s, user: null } : s));
}

export function useSession() {
  return useQuery(sessionQueryOptions);
}
