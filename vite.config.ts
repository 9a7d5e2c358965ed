import path from 'node:path';
import { fileURLToPath } from 'node:url';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';
import { precompressDir } from './bff/server/static/precompress.ts';

const bffPort = Number(process.env.PORT ?? 8787);

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
    port: Number(process.env.VITE_PORT ?? 5173),
    proxy: {
      '/api': `http://127.0.0.1:${bffPort}`,
      '/bff': `http://127.0.0.1:${bffPort}`,
      '/healthz': `http://127.0.0.1:${bffPort}`,
    },
  },
  test: {
    include: ['bff/**/*.test.ts', 'web/**/*.test.{ts,tsx}'],
    setupFiles: ['web/src/testing/setup.ts'],
    environment: 'node',
    testTimeout: 60_000,
    hookTimeout: 120_000,
    pool: 'forks',
  },
});
