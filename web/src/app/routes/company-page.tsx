import { Link, useParams } from '@tanstack/react-router';

/** The company page (`/companies/:id`); its tabs arrive with the company feature. */
export function CompanyPage() {
  const { companyId } = useParams({ from: '/companies/$companyId' });
  return (
    <div className="mx-auto w-full max-w-6xl px-6 py-8">
      <Link to="/" className="text-sm text-indigo-700 hover:underline">
        ← Back to the list
      </Link>
      <h1 className="mt-4 text-2xl font-semibold">Company {companyId}</h1>
    </div>
  );
}
