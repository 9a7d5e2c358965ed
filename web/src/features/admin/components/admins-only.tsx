import { Link } from '@tanstack/react-router';

/** `/admin` for a member: what the page is, and who to ask. */
export function AdminsOnly() {
  return (
    <div className="mx-auto max-w-xl px-6 py-16 text-center">
      <h1 className="text-2xl font-semibold text-slate-900">Admins only</h1>
      <p className="mt-2 text-slate-600">
        The Admin page is for your team's admins: users, budgets, the monthly cap and the spend. Ask an admin
        of your team if you need a change.
      </p>
      <Link to="/" className="mt-6 inline-block text-indigo-700 hover:underline">
        Go to the list builder
      </Link>
    </div>
  );
}
