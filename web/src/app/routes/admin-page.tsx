import { AdminPage as Admin } from '@/features/admin/components/admin-page';
import { AdminsOnly } from '@/features/admin/components/admins-only';
import { useSession } from '@/features/auth/api/get-session';

/** `/admin` (loaded lazily): the team's administration for an admin, "Admins only" for anyone else. */
export function AdminPage() {
  const session = useSession();
  const user = session.data?.user;
  if (!session.data) return null;
  return user?.role === 'admin' ? (
    <Admin currentUserId={user.id} localMode={session.data.mode === 'local'} />
  ) : (
    <AdminsOnly />
  );
}
