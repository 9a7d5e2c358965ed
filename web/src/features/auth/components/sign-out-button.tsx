import { Button } from '@/components/ui/button';
import { useSession } from '../api/get-session';
import { useSignOut } from '../api/sign-out';

/** The signed-in user's name and "Sign out" (team mode only). */
export function SignOutButton() {
  const session = useSession();
  const signOut = useSignOut();
  const user = session.data?.mode === 'team' ? session.data.user : null;
  if (!user) return null;
  return (
    <div className="flex items-center gap-2 border-l border-slate-200 pl-3">
      <span className="hidden max-w-40 truncate text-sm text-slate-600 sm:block" title={user.name}>
        {user.name}
      </span>
      <Button
        variant="ghost"
        size="sm"
        loading={signOut.isPending}
        // Signing out marks the session signed out at once, and the sign-in guard takes the page
        // to /sign-in (this button is gone by then).
        onClick={() => signOut.mutate()}
      >
        {/* An icon where the header is narrow (below `sm`); its name is "Sign out" at every width. */}
        <svg viewBox="0 0 16 16" className="h-4 w-4 sm:hidden" aria-hidden="true">
          <path
            d="M6 2.5H3.5a1 1 0 0 0-1 1v9a1 1 0 0 0 1 1H6M10.5 5l3 3-3 3M13.5 8H6"
            fill="none"
            stroke="currentColor"
            strokeWidth="1.5"
            strokeLinecap="round"
            strokeLinejoin="round"
          />
        </svg>
        <span className="sr-only sm:not-sr-only">Sign out</span>
      </Button>
    </div>
  );
}
