/**
 * Test harness for the list builder's parts (filters, the results grid, the lookalikes): a real
 * router (memory history) opened at the list's URL, whose `/` route validates its search with
 * `ListSearch` and whose company route is where a grid's links lead, and a fresh QueryClient, so
 * components read and write the URL exactly as in the app.
 */
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import {
  createMemoryHistory,
  createRootRoute,
  createRoute,
  createRouter,
  defaultStringifySearch,
  Outlet,
  RouterProvider,
} from '@tanstack/react-router';
import { render } from '@testing-library/react';
import type { ComponentType } from 'react';
import { ListSearch } from '@/features/list-builder/list-search';

export function renderWithList(Component: ComponentType, initial: ListSearch = {}) {
  const root = createRootRoute({ component: () => <Outlet /> });
  const list = createRoute({
    getParentRoute: () => root,
    path: '/',
    validateSearch: ListSearch,
    component: () => <Component />,
  });
  const company = createRoute({
    getParentRoute: () => root,
    path: '/companies/$companyId',
    component: () => <h1>Company</h1>,
  });
  // Opened at the list's URL, as a link to it opens.
  const history = createMemoryHistory({ initialEntries: [`/${defaultStringifySearch(initial)}`] });
  const router = createRouter({ routeTree: root.addChildren([list, company]), history });
  const queryClient = new QueryClient({
    defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
  });
  const view = render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  /** The list state as the URL holds it now (parsed back through the route's schema). */
  const search = () => router.state.location.search as ListSearch;
  return { ...view, router, queryClient, search };
}

type Route = (url: URL, init: RequestInit | undefined) => unknown;

/** A fetch that answers JSON by path; anything unrouted fails the test loudly. */
export function stubFetch(routes: Record<string, Route>) {
  const calls: { url: URL; init: RequestInit | undefined }[] = [];
  const fetchStub = async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), 'http://localhost');
    calls.push({ url, init });
    const route = routes[url.pathname];
    if (!route) return new Response('{}', { status: 404, headers: { 'content-type': 'application/json' } });
    const body = route(url, init);
    if (body instanceof Response) return body;
    return new Response(JSON.stringify(body), {
      status: 200,
      headers: { 'content-type': 'application/json' },
    });
  };
  return { fetch: fetchStub, calls };
}
