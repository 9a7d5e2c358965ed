/**
 * Serves a BFF app on a port: node:http with the app's own listener (`BffApp.listener`: the service
 * proxy's hot requests below Hono's Node adapter, the rest through it), where `serve` of
 * `@hono/node-server` would put every request through the adapter.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { BffApp } from './app';

export function serveBff(
  bff: Pick<BffApp, 'listener'>,
  opts: { port: number; hostname: string },
  onListening?: (info: AddressInfo) => void,
): Server {
  const server = createServer(bff.listener(opts.hostname));
  server.listen(opts.port, opts.hostname, () => onListening?.(server.address() as AddressInfo));
  return server;
}
