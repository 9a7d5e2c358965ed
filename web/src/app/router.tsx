/**
 * The app's routes, in one typed table (TanStack Router, code-based: decision record 0006).
 * Search params are JSON-encoded by the router and validated by each route's zod schema.
 */
import { createRootRoute, createRoute, createRouter, Outlet } from '@tanstack/react-router';
import { ListBuilderPage } from '@/features/list-builder/components/list-builder-page';
import { ListSearch } from '@/features/list-builder/list-search';
import { CompanyPage } from './routes/company-page';
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
  component: ListBuilderPage,
});

export const companyRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/companies/$companyId',
  component: CompanyPage,
});

const routeTree = rootRoute.addChildren([listRoute, companyRoute]);

export const router = createRouter({ routeTree, defaultPreload: false, scrollRestoration: true });

declare module '@tanstack/react-router' {
  interface Register {
    router: typeof router;
  }
}
