/**
 * The code of the two pages a visit usually opens, each its own chunk (`router.tsx` shows them with
 * `lazyRouteComponent`). Imported first by `main.tsx`, so this module runs before the rest of the
 * app's code does: the chunk of the page in the address starts loading as soon as the first load's
 * code has arrived, instead of after all of it has run (about 100 ms of a slow machine's time).
 * The router asks for the same module later and finds it loading or loaded.
 */
/** The `/` route's page: the list builder, or the lookalikes of the companies in `like`. */
export const listBuilderPageCode = () => import('./routes/list-page');
export const companyPageCode = () => import('./routes/company-page');

/** The paths of the two pages, as the router's table writes them (`/`, `/companies/$companyId`). */
function pageCodeFor(pathname: string): (() => Promise<unknown>) | undefined {
  if (pathname === '/') return listBuilderPageCode;
  if (/^\/companies\/[^/]+$/.test(pathname)) return companyPageCode;
  return undefined;
}

if (typeof window !== 'undefined') void pageCodeFor(window.location.pathname)?.();
