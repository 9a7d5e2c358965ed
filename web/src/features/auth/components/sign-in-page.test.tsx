// @vitest-environment jsdom
import { QueryClient, QueryClientProvider, useQuery } from '@tanstack/react-query';
import {
  createMemoryHistory,
  createRootRoute,
  createRoute,
  createRouter,
  Outlet,
  RouterProvider,
} from '@tanstack/react-router';
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { apiFetch } from '@/lib/api-client';
import { SignInSearch } from '../sign-in-search';
import { useSignInGuard } from '../use-sign-in-guard';
import { SignInPage } from './sign-in-page';

type Answer = { status: number; body?: unknown };

/** A BFF in team mode: the session answers as `session()` says; sign-in checks one account. */
function stubBff(opts: { signedIn: boolean; listStatus?: number }) {
  let signedIn = opts.signedIn;
  const answer = ({ status, body }: Answer) =>
    new Response(body === undefined ? null : JSON.stringify(body), {
      status,
      headers: { 'content-type': status >= 400 ? 'application/problem+json' : 'application/json' },
    });
  const problem = (status: number, detail: string) =>
    answer({ status, body: { type: 'about:blank', title: 'x', status, detail } });
  vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), 'http://localhost');
    if (url.pathname === '/bff/session' && (init?.method ?? 'GET') === 'GET') {
      return answer({
        status: 200,
        body: { mode: 'team', user: signedIn ? { id: 'u1', name: 'Ada', role: 'member' } : null },
      });
    }
    if (url.pathname === '/bff/session' && init?.method === 'POST') {
      const { username, password } = JSON.parse(String(init.body)) as { username: string; password: string };
      if (username !== 'ada' || password !== 'secret')
        return problem(401, 'The user name or the password is wrong.');
      signedIn = true;
      return answer({ status: 200, body: { mode: 'team', user: { id: 'u1', name: 'Ada', role: 'member' } } });
    }
    if (url.pathname === '/api/v1/things') {
      return signedIn && !opts.listStatus
        ? answer({ status: 200, body: { ok: true } })
        : problem(opts.listStatus ?? 401, 'Sign in first.');
    }
    return problem(404, 'No such endpoint.');
  });
}

function Home() {
  const things = useQuery({
    queryKey: ['things'],
    queryFn: () => apiFetch<{ ok: boolean }>('/api/v1/things'),
    retry: false,
  });
  return <p>{things.data?.ok ? 'Home with data' : 'Home'}</p>;
}

function renderApp(start: string) {
  const root = createRootRoute({
    component: function Root() {
      useSignInGuard();
      return <Outlet />;
    },
  });
  const home = createRoute({ getParentRoute: () => root, path: '/', component: Home });
  const signIn = createRoute({
    getParentRoute: () => root,
    path: '/sign-in',
    validateSearch: SignInSearch,
    component: SignInPage,
  });
  const router = createRouter({
    routeTree: root.addChildren([home, signIn]),
    history: createMemoryHistory({ initialEntries: [start] }),
  });
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return router;
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('sign-in', () => {
  it('sends a signed-out team user to sign in, then back where they were', async () => {
    stubBff({ signedIn: false });
    const user = userEvent.setup();
    const router = renderApp('/?page=2');
    await screen.findByRole('heading', { name: 'Sign in' });
    expect(router.state.location.pathname).toBe('/sign-in');
    expect(router.state.location.search).toEqual({ redirect: '/?page=2' });

    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByText('Enter your user name')).toBeTruthy();
    expect(screen.getByText('Enter your password')).toBeTruthy();

    await user.type(screen.getByLabelText('User name'), 'ada');
    await user.type(screen.getByLabelText('Password'), 'wrong');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'That user name and password do not match an account.',
    );

    await user.clear(screen.getByLabelText('Password'));
    await user.type(screen.getByLabelText('Password'), 'secret');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    await screen.findByText('Home with data');
    expect(router.state.location.href).toBe('/?page=2');
  });

  it('goes to sign in when any call answers 401', async () => {
    // The session says signed in, but the session has ended at the service.
    stubBff({ signedIn: true, listStatus: 401 });
    const router = renderApp('/');
    await screen.findByRole('heading', { name: 'Sign in' });
    expect(router.state.location.search).toEqual({ redirect: '/' });
  });

  it('leaves other failures to the page that made the call', async () => {
    stubBff({ signedIn: true, listStatus: 500 });
    const router = renderApp('/');
    await screen.findByText('Home');
    await new Promise((r) => setTimeout(r, 50));
    expect(router.state.location.pathname).toBe('/');
  });
});
