/**
 * The header's company tools: "Search companies", an "Add company" button and the links to the
 * user's saved lists (with their unread count) and requests. It lives in the app layer because it joins two features (search offers to add
 * a company it cannot find). The add-company drawer (with its form library) loads on first use.
 */
import { Link } from '@tanstack/react-router';
import { lazy, Suspense, useState } from 'react';
import { createPortal } from 'react-dom';
import { Button } from '@/components/ui/button';
import { useSession } from '@/features/auth/api/get-session';
import { CompanySearchBox } from '@/features/company-search/components/company-search-box';
import { ListsNavLink } from '@/features/lists/components/lists-nav-link';

const NAV_LINK =
  'text-sm text-slate-600 hover:text-slate-900 focus-visible:outline-2 focus-visible:outline-indigo-600 [&.active]:font-medium [&.active]:text-indigo-700';

const AddCompanyDrawer = lazy(() =>
  import('@/features/additions/components/add-company-drawer').then((m) => ({ default: m.AddCompanyDrawer })),
);

type Prefill = { company_name?: string; website?: string };

export function HeaderCompanyTools() {
  const [adding, setAdding] = useState<Prefill | null>(null);
  // The Admin page is offered to admins only (the BFF refuses its API to anyone else).
  const isAdmin = useSession().data?.user?.role === 'admin';
  return (
    <div className="flex min-w-0 items-center gap-3">
      <CompanySearchBox onAddCompany={setAdding} />
      <Button size="compact" onClick={() => setAdding({})}>
        Add company
      </Button>
      <ListsNavLink className={NAV_LINK} />
      <Link
        to="/requests"
        className="text-sm text-slate-600 hover:text-slate-900 focus-visible:outline-2 focus-visible:outline-indigo-600 [&.active]:font-medium [&.active]:text-indigo-700"
      >
        Requests
      </Link>
      <Link
        to="/accounts"
        className="text-sm text-slate-600 hover:text-slate-900 focus-visible:outline-2 focus-visible:outline-indigo-600 [&.active]:font-medium [&.active]:text-indigo-700"
      >
        Accounts
      </Link>
      <Link
        to="/api-reference"
        className="text-sm text-slate-600 hover:text-slate-900 focus-visible:outline-2 focus-visible:outline-indigo-600 [&.active]:font-medium [&.active]:text-indigo-700"
      >
        API
      </Link>
      {isAdmin && (
        <Link
          to="/admin"
          className="text-sm text-slate-600 hover:text-slate-900 focus-visible:outline-2 focus-visible:outline-indigo-600 [&.active]:font-medium [&.active]:text-indigo-700"
        >
          Admin
        </Link>
      )}
      {/* In a portal: the sticky header's backdrop filter would otherwise confine the fixed drawer. */}
      {adding &&
        createPortal(
          <Suspense fallback={null}>
            <AddCompanyDrawer open onClose={() => setAdding(null)} defaultValues={adding} />
          </Suspense>,
          document.body,
        )}
    </div>
  );
}
