/**
 * The app's routes, in one typed table (TanStack Router, code-based: decision record 0006).
 * Search params are JSON-encoded by the router and validated by each route's zod schema.
 */
import {
  createRootRoute,
  createRoute,
  createRouter,
  lazyRouteComponent,
  Outlet,
} from '@tanstack/react-router';
import { SignInPage } from '@/features/auth/components/sign-in-page';
import { SignInSearch } from '@/features/auth/sign-in-search';
import { CompanyPageSearch } from '@/features/company/company-tabs';
import { ListSearch } from '@/features/list-builder/list-search';
import { trackListLocation } from '@/lib/last-list';
import { trackRouteFocus } from './route-focus';
import { ListPage } from './routes/list-page';
import { NotFoundPage } from './routes/not-found-page';
import { AppShell } from './shell';

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
  component: ListPage,
});

export const companyRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/companies/$companyId',
  validateSearch: CompanyPageSearch,
  // Loaded on first visit: the company page is not part of the list builder's first load.
  component: lazyRouteComponent(() => import('./routes/company-page'), 'CompanyPage'),
});

export const requestsRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/requests',
  component: lazyRouteComponent(() => import('./routes/requests-page'), 'RequestsPage'),
});

export const apiReferenceRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/api-reference',
  component: lazyRouteComponent(() => import('./routes/api-reference-page'), 'ApiReferencePage'),
});

export const adminRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/admin',
  // Loaded on first visit, and only ever by admins in practice: not part of anyone's first load.
  component: lazyRouteComponent(() => import('./routes/admin-page'), 'AdminPage'),
});

export const signInRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/sign-in',
  validateSearch: SignInSearch,
  component: SignInPage,
});

const routeTree = rootRoute.addChildren([
  listRoute,
  companyRoute,
  requestsRoute,
  apiReferenceRoute,
  adminRoute,
  signInRoute,
]);

export const router = createRouter({ routeTree, defaultPreload: false, scrollRestoration: true });
trackListLocation(router);
trackRouteFocus(router);

declare module '@tanstack/react-router' {
  interface Register {
    router: typeof router;
  }
}
