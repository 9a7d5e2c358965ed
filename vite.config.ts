import { availableParallelism } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';
import { bffVariables, devConfigFromEnv } from './bff/server/config.ts';
import { precompressDir } from './bff/server/static/precompress.ts';

// The BFF's port and Vite's own, as `npm start` and `npm run dev` read them (bff/server/config.ts).
const bffPort = bffVariables(['PORT']).PORT;
const vitePort = devConfigFromEnv().vitePort;

/**
 * The tests that run on PostgreSQL too (the `postgres` project), chosen by file name; every test runs
 * on SQLite (the `sqlite` project). A test that touches what the BFF keeps (users and sessions, the
 * ledger and budgets, the team's cap and audit log, rate limits, additions, webhooks, live events,
 * saved and account lists) runs on both stores, and says so in its name:
 * - `*.http.test.ts` under bff/server: starts a BFF (`startBff`, bff/testing/bff-server.ts);
 * - `*.store.test.ts` under bff/server, and every test in bff/server/store/: opens a store itself;
 * - `*.bff.test.tsx` under web: renders against the BFF in-process (`startInProcessBff`, ibid.);
 * - `*.pg.test.ts`: several BFF processes on one database, PostgreSQL only.
 * Such a test takes its store from bff/testing/test-store.ts (`testStore()`, which the harness uses
 * when a test gives none), never `new SqliteStore(...)` unless it tests SQLite itself. A test that
 * opens no store (the contract, parsers and planners, the embedded service, components on fixtures)
 * keeps a plain `*.test.ts(x)` name and runs once. bff/testing/projects.test.ts fails when a test
 * that opens a store is not named so.
 */
export const POSTGRES_TESTS = [
  'bff/server/**/*.http.test.ts',
  'bff/server/**/*.store.test.ts',
  'bff/server/store/*.test.ts',
  'web/**/*.bff.test.tsx',
];

export default defineConfig({
  plugins: [
    react(),
    tailwindcss(),
    (() => {
      // Brotli and gzip copies of every text asset, served by the BFF as they are (no per-request CPU).
      let outDir = '';
      return {
        name: 'precompress',
        apply: 'build' as const,
        configResolved(config: { root: string; build: { outDir: string } }) {
          outDir = path.resolve(config.root, config.build.outDir);
        },
        closeBundle() {
          precompressDir(outDir);
        },
      };
    })(),
  ],
  resolve: {
    alias: {
      '@contract': fileURLToPath(new URL('./bff/contract', import.meta.url)),
      '@': fileURLToPath(new URL('./web/src', import.meta.url)),
    },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: true,
    // The budget that matters is the first load as sent, compressed (npm run bench: < 150 KB of JS);
    // its one chunk is ~520 KB before compression, so Vite's 500 KB raw warning would only be noise.
    chunkSizeWarningLimit: 800,
    rolldownOptions: {
      output: {
        // The first load in one chunk: every module the entry imports statically, also those a lazy
        // page shares (React, the router, the query client, zod). Left to itself the bundler splits
        // what pages share into chunks of their own, five more requests the first paint waits for
        // and evaluates one after the other; the pages' own chunks import from this one.
        // docs/decisions/0012-first-load-budget.md.
        codeSplitting: { groups: [{ name: 'index', tags: ['$initial'] }] },
      },
    },
  },
  server: {
    port: vitePort,
    // The BFF answers only the hosts it serves (bff/server/security/hosts.ts): the proxy names the
    // BFF's own (`changeOrigin` sets Host to 127.0.0.1:PORT), not Vite's localhost:5173. Vite's own
    // check of Host (`server.allowedHosts`) keeps a DNS-rebinding page off this server; the page's
    // Origin stays Vite's, which the BFF accepts in development (bff/server/cli/dev.ts).
    proxy: {
      '/api': { target: `http://127.0.0.1:${bffPort}`, changeOrigin: true },
      '/bff': { target: `http://127.0.0.1:${bffPort}`, changeOrigin: true },
      '/healthz': { target: `http://127.0.0.1:${bffPort}`, changeOrigin: true },
    },
  },
  test: {
    setupFiles: ['web/src/testing/setup.ts'],
    environment: 'node',
    testTimeout: 60_000,
    hookTimeout: 120_000,
    pool: 'forks',
    projects: [
      // Every test, the BFF's store on SQLite (in memory, or a data file where a test says so).
      {
        extends: true,
        test: {
          name: 'sqlite',
          include: ['bff/**/*.test.ts', 'web/**/*.test.{ts,tsx}'],
          // Its files share a worker's modules rather than each loading them afresh (loading was
          // most of a file's time: the project runs in well under half the time it took isolated). So
          // a test file leaves the process as it found it: it closes the servers and stores it
          // opens, restores what it replaces on globalThis (`vi.unstubAllGlobals`, fetch put
          // back), and never writes process.env (bff/testing/env.ts is how a test names a database).
          isolate: false,
          // One file per core, not Vitest's default of one fewer (one file at a time on two cores):
          // a file's servers, child processes and timers leave a core idle often enough that two
          // at once finish the project in about three quarters of the time, even on a busy machine.
          maxWorkers: availableParallelism(),
          // Several BFF processes on one database: PostgreSQL only.
          exclude: ['**/*.pg.test.ts', '**/node_modules/**'],
        },
      },
      // Every test that opens a BFF store (POSTGRES_TESTS), again on PostgreSQL: one embedded
      // cluster for the run (globalSetup), a database per test file (its DATABASE_URL for BFF
      // processes it starts), a fresh schema per store it opens (bff/testing/test-store.ts).
      // Without per-file isolation, as the sqlite project (the same files, leaving the process as
      // they found it): the setup file still runs before each file, so each still has its own
      // database, and TEST_DATABASE_URL is the one setting a file writes (read when a store opens).
      {
        extends: true,
        test: {
          name: 'postgres',
          include: POSTGRES_TESTS,
          globalSetup: ['bff/testing/postgres-global.ts'],
          setupFiles: ['web/src/testing/setup.ts', 'bff/testing/postgres-file.ts'],
          isolate: false,
          // Its files wait on the database server as much as they compute: one per core. After the
          // sqlite project, in a group of its own, so that a file never runs on both stores at once.
          maxWorkers: availableParallelism(),
          sequence: { groupOrder: 1 },
        },
      },
    ],
  },
});
