import { defineConfig } from '@playwright/test';
import { e2eConfig } from './e2e/fixtures/env';
import { DOUBLE_BFF_PORT, DOUBLE_DATA_DIR, DOUBLE_PORT } from './e2e/fixtures/real-double';
import { TEAM_DATA_DIR, TEAM_PORT } from './e2e/fixtures/team';

// Its knobs (E2E_*, CHROMIUM_PATH, CI) are e2e/fixtures/env.ts's, with docs/configuration.md.
const env = e2eConfig();
const port = env.E2E_PORT;
const chromium = env.CHROMIUM_PATH;

/**
 * The projects named with `--project` (several, comma-separated, `*` wildcards), or undefined when
 * none is: only the web servers of the projects that run are started.
 */
function selectedProjects(argv: readonly string[]): RegExp[] | undefined {
  const names: string[] = [];
  argv.forEach((arg, i) => {
    if (arg === '--project' && argv[i + 1]) names.push(argv[i + 1]!);
    else if (arg.startsWith('--project=')) names.push(arg.slice('--project='.length));
  });
  if (names.length === 0) return undefined;
  return names
    .flatMap((n) => n.split(','))
    .map(
      (n) =>
        new RegExp(
          `^${n
            .trim()
            .replace(/[.+?^${}()|[\]\\]/g, '\\$&')
            .replace(/\*/g, '.*')}$`,
          'i',
        ),
    );
}
const selected = selectedProjects(process.argv);
const runs = (project: string) => !selected || selected.some((p) => p.test(project));

type WebServer = NonNullable<Exclude<Parameters<typeof defineConfig>[0]['webServer'], unknown[]>>;

// In order: the first server builds dist/ when the sources changed, the others only serve it.
const LOCAL_SERVER: WebServer = {
  command: 'npm start',
  url: `http://127.0.0.1:${port}/healthz`,
  timeout: 600_000,
  reuseExistingServer: !env.CI,
  env: {
    PORT: String(port),
    DATA_DIR: env.E2E_DATA_DIR,
    COMPANIES: String(env.E2E_COMPANIES),
    // Company additions complete (or fail) within seconds, so a journey can watch one to the end.
    ADDITION_DELAY_MS: String(env.E2E_ADDITION_DELAY_MS),
    // Saved lists' daily and weekly checks looked for every second: a journey that makes one due
    // sees it run at once.
    BFF_LIST_CHECK_INTERVAL_MS: '1000',
  },
  stdout: 'pipe',
  stderr: 'pipe',
};

const TEAM_SERVER: WebServer = {
  command: 'npm start',
  url: `http://127.0.0.1:${TEAM_PORT}/healthz`,
  timeout: 120_000,
  reuseExistingServer: !env.CI,
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
};

const DOUBLE_URL = `http://127.0.0.1:${DOUBLE_PORT}`;
/**
 * The real-service double in front of its own embedded service, then a BFF in remote mode on it,
 * with the webhook secret the double's start registered for this BFF's receiver (README, "Webhooks
 * with a remote upstream"), so live events work as they would on the real service.
 */
const REAL_DOUBLE_SERVERS: WebServer[] = [
  {
    command: 'npx tsx bff/testing/real-service-double-cli.ts',
    url: `${DOUBLE_URL}/healthz`,
    timeout: 120_000,
    reuseExistingServer: !env.CI,
    env: {
      DOUBLE_PORT: String(DOUBLE_PORT),
      DATA_DIR: DOUBLE_DATA_DIR,
      COMPANIES: '2000',
      // Longer than the local server's 1.5 s: with two more processes on the machine, the app's event
      // stream (opened when a request is shown) must be open before the request completes, or a
      // journey cannot see it being followed live.
      ADDITION_DELAY_MS: '4000',
      DOUBLE_WEBHOOK_URL: `http://127.0.0.1:${DOUBLE_BFF_PORT}/bff/webhooks/company-addition`,
    },
    stdout: 'pipe',
    stderr: 'pipe',
  },
  {
    command: `WEBHOOK_SECRET="$(cat ${DOUBLE_DATA_DIR}/webhook-secret)" npm start`,
    url: `http://127.0.0.1:${DOUBLE_BFF_PORT}/healthz`,
    timeout: 600_000,
    reuseExistingServer: !env.CI,
    env: {
      PORT: String(DOUBLE_BFF_PORT),
      DATA_DIR: `${DOUBLE_DATA_DIR}-bff`,
      UPSTREAM_URL: DOUBLE_URL,
      UPSTREAM_API_KEY: 'dev-enterprise-key',
      // Built by the first server when it runs too; alone, this one builds dist/ if it is stale.
      ...(runs('local') ? { SKIP_WEB_BUILD: '1' } : {}),
    },
    stdout: 'pipe',
    stderr: 'pipe',
  },
];

/**
 * Browser journeys in Debian's Chromium (never a downloaded browser) against `npm start` on the
 * embedded service, with its own data directory and a smaller data set so a fresh run seeds fast.
 * `team*.spec.ts` run against a second `npm start` in team mode (its own port and data directory,
 * a tiny data set, an account made by the global setup). `real-double` runs the main journeys again
 * against a BFF in remote mode on the real service's double. `--project <name>` starts only that
 * project's servers.
 */
export default defineConfig({
  testDir: 'e2e',
  timeout: 60_000,
  expect: { timeout: 10_000 },
  fullyParallel: false,
  // One worker per server: a project's journeys share its server's data (the one local user's
  // lists, spend, additions), so they run one after another (each project's `workers: 1`), while
  // the other projects' journeys, on servers of their own, run beside them. Two at once is what
  // two cores carry: a journey waits on its server and the browser as much as it computes.
  workers: 2,
  retries: 0,
  reporter: env.CI ? [['list']] : [['list']],
  // Runs after the servers are up (Playwright starts them in order, then the global setup).
  ...(runs('team') ? { globalSetup: './e2e/fixtures/team-setup.ts' } : {}),
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
    { name: 'local', testIgnore: /team[^/]*\.spec\.ts$/, workers: 1 },
    {
      name: 'team',
      testMatch: /team[^/]*\.spec\.ts$/,
      use: { baseURL: `http://127.0.0.1:${TEAM_PORT}` },
      workers: 1,
    },
    {
      // The journeys that matter on the real service's double (bff/testing/real-service-double.ts):
      // the BFF in remote mode, adapting its requests and answers.
      name: 'real-double',
      testMatch: /(?:smoke|list-builder-results|list-builder-filters|company|additions)\.spec\.ts$/,
      use: { baseURL: `http://127.0.0.1:${DOUBLE_BFF_PORT}` },
      workers: 1,
    },
  ],
  webServer: [
    ...(runs('local') ? [LOCAL_SERVER] : []),
    ...(runs('team') ? [TEAM_SERVER] : []),
    ...(runs('real-double') ? REAL_DOUBLE_SERVERS : []),
  ],
});
