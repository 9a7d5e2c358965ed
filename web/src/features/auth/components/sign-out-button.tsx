import { useNavigate } from '@tanstack/react-router';
import { Button } from '@/components/ui/button';
import { useSession } from '../api/get-session';
import { useSignOut } from '../api/sign-out';

/** The signed-in user's name and "Sign out" (team mode only). */
export function SignOutButton() {
  const session = useSession();
  const signOut = useSignOut();
  const navigate = useNavigate();
  const user = session.data?.mode === 'team' ? session.data.user : null;
  if (!user) return null;
  return (
    <div className="flex items-center gap-2 border-l border-slate-200 pl-3">
      <span className="max-w-40 truncate text-sm text-slate-600" title={user.name}>
        {user.name}
      </span>
      <Button
        variant="ghost"
        size="sm"
        loading={signOut.isPending}
        onClick={() =>
          signOut.mutate(undefined, { onSuccess: () => navigate({ to: '/sign-in', search: {} }) })
        }
      >
        Sign out
      </Button>
    </div>
  );
}
