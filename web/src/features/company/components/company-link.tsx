import { Link } from '@tanstack/react-router';
import type { ReactNode } from 'react';

/** A company's name, linked to its page when the data set knows it (`uuid` not null). */
export function CompanyLink({ uuid, children }: { uuid: string | null | undefined; children: ReactNode }) {
  if (!uuid) return <span>{children}</span>;
  return (
    <Link
      to="/companies/$companyId"
      params={{ companyId: uuid }}
      search={{}}
      className="text-indigo-700 hover:underline focus-visible:outline-2 focus-visible:outline-indigo-600"
    >
      {children}
    </Link>
  );
}
