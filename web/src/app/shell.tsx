import { Link, useRouterState } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { SignOutButton } from '@/features/auth/components/sign-out-button';
import { useSignInGuard } from '@/features/auth/use-sign-in-guard';
import { UsageMeter } from '@/features/usage/components/usage-meter';
import { HeaderCompanyTools } from './header-company-tools';
import { SkipLink } from './skip-link';

/**
 * The frame of every page: brand, navigation and the header's account area (usage, sign-out).
 * It also keeps the sign-in rule: team mode without a user, or any 401, leads to `/sign-in`.
 */
export function AppShell({ children }: { children: ReactNode }) {
  const { ready, showingSignIn } = useSignInGuard();
  // The list builder (`/`) is exactly the window from `lg` up: no room kept for a scrollbar
  // (index.css). Known from the address, before its page is drawn, so the header never moves.
  const fillsViewport = useRouterState({ select: (s) => s.location.pathname === '/' });
  return (
    <div className="flex min-h-screen flex-col">
      <SkipLink />
      <header className="sticky top-0 z-30 border-b border-slate-200 bg-white/95 backdrop-blur">
        {/* One row from `md` up; below it the search box wraps to a second (header-company-tools.tsx). */}
        <div className="flex flex-wrap items-center gap-x-3 px-4 md:h-14 md:flex-nowrap md:gap-x-4 lg:px-6">
          <Link to="/" className="flex h-14 items-center gap-2 font-semibold text-slate-900">
            <img src="/favicon.svg" alt="" className="h-6 w-6" />
            {/* The name said to screen readers at every width, shown from `sm` up. */}
            <span className="sr-only whitespace-nowrap sm:not-sr-only">List Builder</span>
          </Link>
          {ready && <HeaderCompanyTools />}
          <div className="flex-1" />
          <UsageMeter enabled={ready} />
          <SignOutButton />
        </div>
      </header>
      <main
        id="main-content"
        tabIndex={-1}
        data-fills-viewport={fillsViewport || undefined}
        className="flex min-h-0 flex-1 flex-col outline-none"
      >
        {ready || showingSignIn ? children : null}
      </main>
      {/* Help for engineers, out of a rep's navigation (docs/product-rules.md, section 18). The
          list builder fills the window, so it has none; the Admin page links there as well. */}
      {ready && !fillsViewport && (
        <footer className="border-t border-slate-200 px-4 py-3 text-xs text-slate-500 lg:px-6">
          Connecting other tools?{' '}
          <Link
            to="/api-reference"
            className="font-medium text-slate-700 underline hover:no-underline focus-visible:outline-2 focus-visible:outline-indigo-600"
          >
            API reference
          </Link>
        </footer>
      )}
    </div>
  );
}
