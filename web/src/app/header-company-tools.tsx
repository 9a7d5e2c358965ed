/**
 * The header's company tools: "Search companies", an "Add company" button and the main navigation
 * (the user's saved lists with their unread count, requests, accounts, Admin). The API reference is
 * for engineers, not a rep's navigation: the Admin page and the shell's footer link to it.
 * It lives in the app layer because it joins two features (search offers to add a company it
 * cannot find). The add-company drawer (with its form library) loads on first use.
 *
 * They are flex items of the header's row (`shell.tsx`), drawn once and laid out by width: from
 * `lg` up everything sits in the one row; below it the navigation folds behind a "Menu" button
 * (a disclosure at the row's end), and below `md` the search box takes a row of its own under it.
 * So the header reflows down to 320 px (WCAG 1.4.10) without a second copy of any control.
 */
import { Link, useRouterState } from '@tanstack/react-router';
import { lazy, Suspense, useCallback, useId, useRef, useState } from 'react';
import { createPortal } from 'react-dom';
import { Button } from '@/components/ui/button';
import { cn } from '@/components/ui/cn';
import { useDismiss } from '@/components/ui/use-dismiss';
import { useSession } from '@/features/auth/api/get-session';
import { CompanySearchBox } from '@/features/company-search/components/company-search-box';
import { ListsNavLink } from '@/features/lists/components/lists-nav-link';

/** A link of the navigation: a row of the folded menu, a word of the header's row from `lg` up. */
const NAV_LINK =
  'rounded-md px-3 py-2 text-sm text-slate-600 hover:bg-slate-50 hover:text-slate-900 focus-visible:outline-2 focus-visible:outline-indigo-600 lg:rounded-sm lg:p-0 lg:hover:bg-transparent [&.active]:font-medium [&.active]:text-indigo-700';

const AddCompanyDrawer = lazy(() =>
  import('@/features/additions/components/add-company-drawer').then((m) => ({ default: m.AddCompanyDrawer })),
);

type Prefill = { company_name?: string; website?: string };

export function HeaderCompanyTools() {
  const [adding, setAdding] = useState<Prefill | null>(null);
  // The Admin page is offered to admins only (the BFF refuses its API to anyone else).
  const isAdmin = useSession().data?.user?.role === 'admin';
  const menu = useFoldedMenu();
  return (
    <>
      {/* Below `md`, a row of its own under the others (`order-2`, the whole width). */}
      <div className="order-2 w-full pb-3 md:order-none md:w-72 md:pb-0 xl:w-96">
        <CompanySearchBox onAddCompany={setAdding} />
      </div>
      <div ref={menu.root} className="relative order-1 lg:order-none">
        <Button
          variant="ghost"
          size="compact"
          className="lg:hidden"
          aria-expanded={menu.open}
          aria-controls={menu.id}
          aria-label="Menu"
          onClick={menu.toggle}
        >
          <svg viewBox="0 0 16 16" className="h-4 w-4" aria-hidden="true">
            <path d="M2 4h12M2 8h12M2 12h12" stroke="currentColor" strokeWidth="1.5" strokeLinecap="round" />
          </svg>
          <span className="hidden sm:inline" aria-hidden="true">
            Menu
          </span>
        </Button>
        <nav
          id={menu.id}
          aria-label="Main"
          className={cn(
            menu.open
              ? 'absolute top-full right-0 z-40 mt-2 flex w-56 flex-col gap-0.5 rounded-lg border border-slate-200 bg-white p-2 shadow-lg'
              : 'hidden',
            'lg:static lg:mt-0 lg:flex lg:w-auto lg:flex-row lg:items-center lg:gap-3 lg:border-0 lg:bg-transparent lg:p-0 lg:shadow-none',
          )}
        >
          <Button
            size="compact"
            className="mb-1 lg:mb-0"
            onClick={() => {
              menu.close();
              setAdding({});
            }}
          >
            Add company
          </Button>
          <ListsNavLink className={NAV_LINK} />
          <Link to="/requests" className={NAV_LINK}>
            Requests
          </Link>
          <Link to="/accounts" className={NAV_LINK}>
            Accounts
          </Link>
          {isAdmin && (
            <Link to="/admin" className={NAV_LINK}>
              Admin
            </Link>
          )}
        </nav>
      </div>
      {/* In a portal: the sticky header's backdrop filter would otherwise confine the fixed drawer. */}
      {adding &&
        createPortal(
          <Suspense fallback={null}>
            <AddCompanyDrawer open onClose={() => setAdding(null)} defaultValues={adding} />
          </Suspense>,
          document.body,
        )}
    </>
  );
}

/**
 * The folded navigation's state: open or not, and how it closes. Escape closes it with the focus
 * back on its button; a press outside it, the focus moving elsewhere, or a new page closes it as
 * well. From `lg` up the navigation is always shown and this state changes nothing.
 */
function useFoldedMenu() {
  const [open, setOpen] = useState(false);
  const id = useId();
  const root = useRef<HTMLDivElement>(null);
  const pathname = useRouterState({ select: (s) => s.location.pathname });
  const [shownOn, setShownOn] = useState(pathname);
  // A link followed: the menu is done (set while rendering, as React advises for derived state).
  if (shownOn !== pathname) {
    setShownOn(pathname);
    setOpen(false);
  }
  const close = useCallback(() => setOpen(false), []);
  const closeToButton = useCallback(() => {
    setOpen(false);
    root.current?.querySelector<HTMLElement>('[aria-controls]')?.focus();
  }, []);
  useDismiss(open, root, close, closeToButton);
  return { open, id, root, toggle: () => setOpen((o) => !o), close };
}
