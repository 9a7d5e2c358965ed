/**
 * A real webhook receiver for tests: a loopback HTTP server that records every request and answers
 * what the test tells it to (a status, or no answer at all).
 */
import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';

export type Received = { headers: Record<string, string>; body: string };

export type Receiver = {
  url: string;
  received: Received[];
  close: () => Promise<void>;
};

/** `answer(n)` gives the status of the n-th request (0-based), or null to never answer. */
export async function startReceiver(answer: (n: number) => number | null): Promise<Receiver> {
  const received: Received[] = [];
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const n = received.length;
      received.push({ headers: flat(req.headers), body: Buffer.concat(chunks).toString('utf8') });
      const status = answer(n);
      if (status === null) return; // hold the connection until the sender gives up
      res.writeHead(status, { 'content-type': 'text/plain' }).end(status < 300 ? 'ok' : 'not now');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/hooks`,
    received,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

function flat(headers: IncomingHttpHeaders): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(headers))
    if (v !== undefined) out[k] = Array.isArray(v) ? v.join(', ') : v;
  return out;
}
