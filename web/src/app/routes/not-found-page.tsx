import { Link } from '@tanstack/react-router';

export function NotFoundPage() {
  return (
    <div className="mx-auto max-w-xl px-6 py-16 text-center">
      <h1 className="text-2xl font-semibold">Page not found</h1>
      <p className="mt-2 text-slate-600">The address does not match any page of the List Builder.</p>
      <Link to="/" className="mt-6 inline-block text-indigo-700 hover:underline">
        Go to the list builder
      </Link>
    </div>
  );
}
