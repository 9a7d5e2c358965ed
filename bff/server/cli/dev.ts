/**
 * `npm run dev`: the BFF (with the embedded service) plus Vite's dev server with hot reload,
 * which proxies /api, /bff and /healthz to the BFF.
 */
import { spawn } from 'node:child_process';
import { bffVariables, devConfigFromEnv, inheritedEnv } from '../config';

// The page is served by Vite on its own port, so its unsafe requests carry Vite's origin; the BFF
// accepts that origin (its CSRF check) in development only.
let allowedOrigins: string;
try {
  const { vitePort } = devConfigFromEnv();
  const devOrigins = [`http://localhost:${vitePort}`, `http://127.0.0.1:${vitePort}`];
  allowedOrigins = [...bffVariables(['BFF_ALLOWED_ORIGINS']).BFF_ALLOWED_ORIGINS, ...devOrigins].join(',');
} catch (err) {
  console.error(`Cannot start: ${(err as Error).message}`);
  process.exit(1);
}

const children = [
  spawn('npx', ['tsx', 'watch', '--clear-screen=false', 'bff/server/cli/start.ts'], {
    stdio: 'inherit',
    env: inheritedEnv({ SKIP_WEB_BUILD: '1', BFF_ALLOWED_ORIGINS: allowedOrigins }),
  }),
  spawn('npx', ['vite'], { stdio: 'inherit' }),
];
const stop = () => {
  for (const c of children) c.kill('SIGTERM');
  process.exit(0);
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
for (const c of children) c.on('exit', (code) => code && stop());
