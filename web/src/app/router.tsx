/**
 * The app's routes, in one typed table (TanStack Router, code-based: decision record 0006).
 * Search params are JSON-encoded by the router and validated by each route's zod schema.
 *
 * Every page loads as its own chunk (`lazyRouteComponent`): the first load is the frame (header,
 * router, the URL's schemas), and a visit starts the chunk of its page (`page-code.ts`) beside the
 * calls the page waits for (`first-visit.ts`). The router shows a page once its chunk is there, so
 * none shows half. A link's page loads when the pointer rests on it or it gets the focus
 * (`defaultPreload: 'intent'`: no route here has a loader, so that loads code and nothing else).
 */
import {
  createRootRoute,
  createRoute,
  createRouter,
  lazyRouteComponent,
  Outlet,
} from '@tanstack/react-router';
import { AccountsSearch } from '@/features/accounts/accounts-search';
import { SignInSearch } from '@/features/auth/sign-in-search';
import { CompanyPageSearch } from '@/features/company/company-tabs';
import { ListSearch } from '@/features/list-builder/list-search';
import { trackListLocation } from '@/lib/last-list';
import { companyPageCode, listBuilderPageCode } from './page-code';
import { trackRouteFocus } from './route-focus';
import { ErrorPage } from './routes/error-page';
import { NotFoundPage } from './routes/not-found-page';
import { AppShell } from './shell';

/**
 * What a page's part of the frame shows while the page's code loads: nothing, as it shows nothing
 * until the session is known. Shown at once (`pendingMs: 0`, kept no longer than needed), so the
 * frame paints without waiting for the page.
 */
const pagePending = { pendingComponent: () => null, pendingMs: 0, pendingMinMs: 0 } as const;

const rootRoute = createRootRoute({
  component: () => (
    <AppShell>
      <Outlet />
    </AppShell>
  ),
  notFoundComponent: NotFoundPage,
});

export const listRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/',
  validateSearch: ListSearch,
  ...pagePending,
  component: lazyRouteComponent(listBuilderPageCode, 'ListPage'),
});

export const companyRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/companies/$companyId',
  validateSearch: CompanyPageSearch,
  ...pagePending,
  component: lazyRouteComponent(companyPageCode, 'CompanyPage'),
});

const requestsRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/requests',
  component: lazyRouteComponent(() => import('./routes/requests-page'), 'RequestsPage'),
});

const listsRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/lists',
  component: lazyRouteComponent(() => import('./routes/lists-page'), 'ListsPage'),
});

const savedListRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/lists/$listId',
  component: lazyRouteComponent(() => import('./routes/saved-list-page'), 'SavedListPage'),
});

const accountsRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/accounts',
  validateSearch: AccountsSearch,
  component: lazyRouteComponent(() => import('./routes/accounts-page'), 'AccountsPage'),
});

const apiReferenceRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/api-reference',
  component: lazyRouteComponent(() => import('./routes/api-reference-page'), 'ApiReferencePage'),
});

const adminRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/admin',
  // Loaded on first visit, and only ever by admins in practice: not part of anyone's first load.
  component: lazyRouteComponent(() => import('./routes/admin-page'), 'AdminPage'),
});

const signInRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/sign-in',
  validateSearch: SignInSearch,
  component: lazyRouteComponent(() => import('@/features/auth/components/sign-in-page'), 'SignInPage'),
});

const routeTree = rootRoute.addChildren([
  listRoute,
  companyRoute,
  requestsRoute,
  listsRoute,
  savedListRoute,
  accountsRoute,
  apiReferenceRoute,
  adminRoute,
  signInRoute,
]);

// A page that fails to render, or whose code cannot be loaded, shows one finished page in its place.
export const router = createRouter({
  routeTree,
  defaultPreload: 'intent',
  scrollRestoration: true,
  defaultErrorComponent: ErrorPage,
});
trackListLocation(router);
trackRouteFocus(router);

declare module '@tanstack/react-router' {
  interface Register {
    router: typeof router;
  }
}
