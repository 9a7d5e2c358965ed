/**
 * Test support for additions and webhooks: a real embedded service on a loopback port with the
 * background workers' knobs set (short delays), and waiting for a request to reach a state.
 */
import { AdditionStatusResponse } from '../contract/api';
import type { ServiceOptions } from '../embedded/service';
import { startTestServer, type TestServer } from './embedded-server';

export type OwnServer = TestServer;

/** The test server with the workers' knobs (and a smaller data set) this folder's tests set. */
export function startOwnServer({
  companies = 600,
  seed = 3,
  ...options
}: Partial<ServiceOptions> = {}): Promise<OwnServer> {
  return startTestServer(companies, seed, options);
}

/** Polls until `check` holds (no timing is asserted; the deadline only ends a hung test). */
export async function eventually<T>(
  probe: () => Promise<T>,
  check: (v: T) => boolean,
  what: string,
): Promise<T> {
  const deadline = Date.now() + 20_000;
  for (;;) {
    const v = await probe();
    if (check(v)) return v;
    if (Date.now() > deadline) throw new Error(`gave up waiting for ${what}; last: ${JSON.stringify(v)}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

/** Polls the status endpoint of `id` until the request is in one of `states`. */
export function statusUntil(
  base: string,
  key: string,
  id: string,
  states: readonly string[],
): Promise<AdditionStatusResponse> {
  return eventually(
    async () =>
      AdditionStatusResponse.parse(
        await (await fetch(`${base}/api/v1/status/${id}/`, { headers: { 'x-api-key': key } })).json(),
      ),
    (s) => states.includes(s.status),
    `request ${id} to be ${states.join(' or ')}`,
  );
}
