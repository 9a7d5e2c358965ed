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
      // Underlined: it sits in running text (a partner among their type and tier), where colour
      // alone would not tell it apart (WCAG 1.4.1).
      className="text-indigo-700 underline decoration-indigo-300 underline-offset-2 hover:decoration-indigo-700 focus-visible:outline-2 focus-visible:outline-indigo-600"
    >
      {children}
    </Link>
  );
}
