/**
 * A real BFF in the test's own process, in front of a real embedded service, with the project's
 * store (SQLite or PostgreSQL by Vitest project): what a web component test renders against. The
 * app's `fetch` is handed to the BFF as the browser would send it from its own page (same origin,
 * the app's CSRF header).
 */
import { CSRF_HEADER, CSRF_HEADER_VALUE } from '../contract/bff';
import { type Service, startService } from '../embedded/service';
import { type BffApp, createBffApp } from '../server/app';
import type { BffStore } from '../server/store/store';
import { embeddedUpstream } from '../server/upstream/upstream';
import { testStore } from './test-store';

export const IN_PROCESS_ORIGIN = 'http://app.test';

export type InProcessBff = {
  service: Service;
  bff: BffApp;
  store: BffStore;
  /** A call to the BFF as the app makes it (relative paths, the page's origin and CSRF header). */
  fetch: (path: string | URL, init?: RequestInit) => Promise<Response>;
  /** Points `globalThis.fetch` at the BFF (undone by `close`). */
  install: (onCall?: (url: URL, init: RequestInit | undefined) => void) => void;
  close: () => Promise<void>;
};

export async function startInProcessBff(opts: { companies: number; seed: number }): Promise<InProcessBff> {
  const service = await startService({ dataDir: ':memory:', companies: opts.companies, seed: opts.seed });
  const store = await testStore();
  const bff = createBffApp({
    upstream: embeddedUpstream(service),
    store,
    staticDir: 'does-not-exist',
    // The page's host, as an operator names the host people open (BFF_ALLOWED_HOSTS).
    allowedHosts: [new URL(IN_PROCESS_ORIGIN).host],
    log: () => {},
  });
  const realFetch = globalThis.fetch;
  const toBff = (input: string | URL, init?: RequestInit): Promise<Response> => {
    const url = new URL(String(input), IN_PROCESS_ORIGIN);
    const headers = new Headers(init?.headers);
    headers.set('origin', IN_PROCESS_ORIGIN);
    headers.set(CSRF_HEADER, CSRF_HEADER_VALUE);
    return Promise.resolve(
      bff.fetch(new Request(url, { method: init?.method ?? 'GET', headers, body: init?.body ?? null })),
    );
  };
  return {
    service,
    bff,
    store,
    fetch: toBff,
    install: (onCall) => {
      globalThis.fetch = async (input: RequestInfo | URL, init?: RequestInit) => {
        onCall?.(new URL(String(input), IN_PROCESS_ORIGIN), init);
        return toBff(String(input), init);
      };
    },
    close: async () => {
      globalThis.fetch = realFetch;
      await bff.close();
      await store.close();
      service.close();
    },
  };
}
