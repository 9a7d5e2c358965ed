/**
 * `npm run dev`: the BFF (with the embedded service) plus Vite's dev server with hot reload,
 * which proxies /api, /bff and /healthz to the BFF.
 */
import { spawn } from 'node:child_process';

const children = [
  spawn('npx', ['tsx', 'watch', '--clear-screen=false', 'bff/scripts/start.ts'], {
    stdio: 'inherit',
    env: { ...process.env, SKIP_WEB_BUILD: '1' },
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
