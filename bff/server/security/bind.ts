/**
 * Local mode has no sign-in: it must only be reachable from this machine. A BFF that would listen on
 * any other address without team mode refuses to start.
 */
import { isIP } from 'node:net';
import type { BffMode } from '../../contract/bff';

export function isLoopbackHost(host: string): boolean {
  const h = host
    .trim()
    .toLowerCase()
    .replace(/^\[|\]$/g, '');
  if (h === 'localhost' || h.endsWith('.localhost')) return true;
  if (isIP(h) === 4) return h.startsWith('127.');
  if (isIP(h) === 6) return h === '::1' || /^::ffff:127\./.test(h);
  return false;
}

export function assertSafeBind(host: string, mode: BffMode): void {
  if (mode === 'team' || isLoopbackHost(host)) return;
  throw new Error(
    `Refusing to listen on ${host}: local mode has no sign-in, so it only listens on a loopback address (127.0.0.1, ::1, localhost). ` +
      'To serve a team, set BFF_MODE=team and add accounts with `npm run user:add`; otherwise leave HOST unset.',
  );
}
