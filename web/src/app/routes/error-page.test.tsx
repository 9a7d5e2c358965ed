// @vitest-environment jsdom
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
import { afterAll, afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '@/lib/api-client';
import { listBuilderPageCode } from '../page-code';
import { router as appRouter } from '../router';
import { ErrorPage } from './error-page';

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});
// Importing the app's router starts loading the list builder's page: it finishes before the file's
// environment goes (a load still under way then failed another file of the worker, in CI).
afterAll(async () => {
  await listBuilderPageCode();
});

/** A router as the app's, whose one page throws `failure()` while it returns something. */
function renderFailingPage(failure: () => unknown) {
  const root = createRootRoute({ component: () => <Outlet /> });
  const page = createRoute({
    getParentRoute: () => root,
    path: '/',
    component: () => {
      const thrown = failure();
      if (thrown !== undefined) throw thrown;
      return <p>The page</p>;
    },
  });
  const router = createRouter({
    routeTree: root.addChildren([page]),
    history: createMemoryHistory({ initialEntries: ['/'] }),
    defaultErrorComponent: appRouter.options.defaultErrorComponent,
  });
  return render(<RouterProvider router={router} />);
}

describe('the page shown when a page fails', () => {
  it("is the app router's default", () => {
    expect(appRouter.options.defaultErrorComponent).toBe(ErrorPage);
  });

  it('says a failed call in the BFF words, with a way back to the list builder', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    renderFailingPage(() => new ApiError(503, 'The Company Data Service is not answering.'));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('This page could not be shown');
    expect(alert.textContent).toContain('The Company Data Service is not answering.');
    expect(screen.queryByText('Details')).toBeNull();
    expect(screen.getByRole('link', { name: 'Go to the list builder' }).getAttribute('href')).toBe('/');
  });

  it('words any other error for people, keeps its message under Details, and tries again', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    let fail = true;
    renderFailingPage(() => (fail ? new TypeError('x is not a function') : undefined));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Something went wrong while showing it.');
    expect(screen.getByText('x is not a function')).toBeTruthy();
    fail = false;
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('The page')).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
