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

/**
 * Team mode on any other address serves the names it is reached by (BFF_ALLOWED_HOSTS or
 * BFF_PUBLIC_URL; security/hosts.ts): without one it would answer every request with 421, so it
 * refuses to start instead, saying what to set.
 */
export function assertSafeBind(host: string, mode: BffMode, allowedHosts: readonly string[] = []): void {
  if (isLoopbackHost(host)) return;
  if (mode === 'team') {
    if (allowedHosts.length > 0) return;
    throw new Error(
      `Refusing to listen on ${host} without the names the BFF is reached by: it answers only requests for the hosts it serves (a defence against DNS rebinding), and on ${host} those are yours to name. ` +
        'Set BFF_ALLOWED_HOSTS (host[:port], comma-separated, e.g. lists.example.com) or BFF_PUBLIC_URL (e.g. https://lists.example.com).',
    );
  }
  throw new Error(
    `Refusing to listen on ${host}: local mode has no sign-in, so it only listens on a loopback address (127.0.0.1, ::1, localhost). ` +
      'To serve a team, set BFF_MODE=team and add accounts with `npm run user:add`; otherwise leave HOST unset.',
  );
}
