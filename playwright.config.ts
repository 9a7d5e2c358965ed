import { defineConfig } from '@playwright/test';
import { TEAM_DATA_DIR, TEAM_PORT } from './e2e/fixtures/team';

const port = Number(process.env.E2E_PORT ?? 8799);
const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/**
 * Browser journeys in Debian's Chromium (never a downloaded browser) against `npm start` on the
 * embedded service, with its own data directory and a smaller data set so a fresh run seeds fast.
 * `team*.spec.ts` run against a second `npm start` in team mode (its own port and data directory,
 * a tiny data set, an account made by the global setup).
 */
export default defineConfig({
  testDir: 'e2e',
  timeout: 60_000,
  expect: { timeout: 10_000 },
  fullyParallel: false,
  workers: 1,
  retries: 0,
  reporter: process.env.CI ? [['list']] : [['list']],
  // Runs after both servers are up (Playwright starts them in order, then the global setup).
  globalSetup: './e2e/fixtures/team-setup.ts',
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    trace: 'retain-on-failure',
    viewport: { width: 1440, height: 900 },
    launchOptions: {
      executablePath: chromium,
      args: [
        '--headless',
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  projects: [
    { name: 'local', testIgnore: /team[^/]*\.spec\.ts$/ },
    { name: 'team', testMatch: /team[^/]*\.spec\.ts$/, use: { baseURL: `http://127.0.0.1:${TEAM_PORT}` } },
  ],
  // In order: the first server builds dist/ when the sources changed, the second only serves it.
  webServer: [
    {
      command: 'npm start',
      url: `http://127.0.0.1:${port}/healthz`,
      timeout: 600_000,
      reuseExistingServer: !process.env.CI,
      env: {
        PORT: String(port),
        DATA_DIR: process.env.E2E_DATA_DIR ?? 'data/e2e',
        COMPANIES: process.env.E2E_COMPANIES ?? '5000',
        // Company additions complete (or fail) within seconds, so a journey can watch one to the end.
        ADDITION_DELAY_MS: process.env.E2E_ADDITION_DELAY_MS ?? '1500',
      },
      stdout: 'pipe',
      stderr: 'pipe',
    },
    {
      command: 'npm start',
      url: `http://127.0.0.1:${TEAM_PORT}/healthz`,
      timeout: 120_000,
      reuseExistingServer: !process.env.CI,
      env: {
        PORT: String(TEAM_PORT),
        BFF_MODE: 'team',
        DATA_DIR: TEAM_DATA_DIR,
        // Sign-in journeys need a list to land on, not a large one: seeds in about a second.
        COMPANIES: '300',
        SKIP_WEB_BUILD: '1',
      },
      stdout: 'pipe',
      stderr: 'pipe',
    },
  ],
});
