/**
 * A TCP relay on a loopback port in front of a real server (the BFF's PostgreSQL), that can stop
 * passing bytes on: a database that neither answers nor fails, for the tests of the BFF's deadline
 * on store calls. Frozen, it holds what either side sends (and connections opened meanwhile); thawed,
 * it passes everything held on in order, as a network that came back would.
 */

import type { AddressInfo } from 'node:net';
import { createConnection, createServer, type Socket } from 'node:net';

export type TcpProxy = {
  port: number;
  /** Stops passing bytes on (both ways, new connections too) until `thaw`. */
  freeze: () => void;
  thaw: () => void;
  close: () => Promise<void>;
};

export async function startTcpProxy(target: { host: string; port: number }): Promise<TcpProxy> {
  let frozen = false;
  let held: (() => void)[] = [];
  const sockets = new Set<Socket>();
  const whenThawed = (action: () => void) => {
    if (frozen) held.push(action);
    else action();
  };
  const server = createServer((client) => {
    sockets.add(client);
    const early: Buffer[] = [];
    let upstream: Socket | undefined;
    const end = () => {
      client.destroy();
      upstream?.destroy();
    };
    client.on('data', (chunk: Buffer) => {
      if (upstream) whenThawed(() => upstream?.write(chunk));
      else early.push(chunk);
    });
    client.on('close', end);
    client.on('error', end);
    whenThawed(() => {
      if (client.destroyed) return;
      const up = createConnection(target);
      upstream = up;
      sockets.add(up);
      // Written before the connection is up: the socket sends them first, in order.
      for (const chunk of early) up.write(chunk);
      early.length = 0;
      up.on('data', (chunk: Buffer) => whenThawed(() => client.write(chunk)));
      up.on('close', end);
      up.on('error', end);
    });
  });
  server.listen(0, '127.0.0.1');
  await new Promise<void>((resolve) => server.once('listening', () => resolve()));
  return {
    port: (server.address() as AddressInfo).port,
    freeze: () => {
      frozen = true;
    },
    thaw: () => {
      frozen = false;
      const actions = held;
      held = [];
      for (const action of actions) action();
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const s of sockets) s.destroy();
        server.close(() => resolve());
      }),
  };
}
