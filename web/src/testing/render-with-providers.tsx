/**
 * Renders a component inside the app's providers for a component test: a fresh query client, and a
 * memory-history router (links need one) whose company route records where a link led.
 */
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import {
  createMemoryHistory,
  createRootRoute,
  createRoute,
  createRouter,
  Outlet,
  RouterProvider,
} from '@tanstack/react-router';
import { render } from '@testing-library/react';
import type { ReactNode } from 'react';

export function renderWithProviders(ui: ReactNode) {
  const root = createRootRoute({ component: () => <Outlet /> });
  const home = createRoute({ getParentRoute: () => root, path: '/', component: () => <>{ui}</> });
  const company = createRoute({
    getParentRoute: () => root,
    path: '/companies/$companyId',
    component: () => <p>company page</p>,
  });
  const router = createRouter({
    routeTree: root.addChildren([home, company]),
    history: createMemoryHistory({ initialEntries: ['/'] }),
  });
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const result = render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return { ...result, router, queryClient };
}
