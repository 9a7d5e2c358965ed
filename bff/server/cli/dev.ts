/**
 * `npm run dev`: the BFF (with the embedded service) plus Vite's dev server with hot reload,
 * which proxies /api, /bff and /healthz to the BFF.
 */
import { spawn } from 'node:child_process';

// The page is served by Vite on its own port, so its unsafe requests carry Vite's origin; the BFF
// accepts that origin (its CSRF check) in development only.
const vitePort = process.env.VITE_PORT ?? '5173';
const devOrigins = [`http://localhost:${vitePort}`, `http://127.0.0.1:${vitePort}`];
const allowedOrigins = [process.env.BFF_ALLOWED_ORIGINS, ...devOrigins].filter(Boolean).join(',');

const children = [
  spawn('npx', ['tsx', 'watch', '--clear-screen=false', 'bff/server/cli/start.ts'], {
    stdio: 'inherit',
    env: { ...process.env, SKIP_WEB_BUILD: '1', BFF_ALLOWED_ORIGINS: allowedOrigins },
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
