/**
 * The BFF's own work per request, in one process and with little noise: what to compare before and
 * after a change to the hot path, where the overhead bench (bff-overhead.ts) moves with whatever
 * else the machine runs.
 *
 * The upstream's answers are canned (read once from the embedded service, then handed back from
 * memory at once), so no upstream socket or service CPU is counted. The BFF runs as a team deploys
 * it (team mode, a signed-in session, CSRF checked, the ledger and a daily budget on; cache and rate
 * limit off), on a loopback port, and one keep-alive client in the same process sends the same
 * request bytes each time and reads each answer whole before the next. The figure is the process's
 * CPU time per request (client included), beside the same loop against a bare Hono app that answers
 * the canned bytes: the difference is what the BFF's own layers cost. Below that floor, node:http
 * alone answering the same bytes: what Hono and its Node adapter add is the gap between the two.
 *
 *   BENCH=bffwork npm run bench        (BENCH_DATABASE=postgres for the PostgreSQL store)
 *
 * BENCH_WORK_REQUESTS (default 4000) per round, BENCH_WORK_ROUNDS (default 7; the first warms up),
 * BENCH_WORK_CASE (`enrichment` or `list`) one case only; BENCH_WORK_PROFILE=FILE.cpuprofile writes a V8
 * profile of the BFF's rounds alone (not the floor's, nor the dataset's setup), for cpuprofile-summary.ts.
 */
import { EventEmitter } from 'node:events';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { Session } from 'node:inspector/promises';
import net, { type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Hono } from 'hono';
import { CSRF_HEADER, CSRF_HEADER_VALUE } from '../contract/bff';
import { startService } from '../embedded/service';
import { createBffApp } from '../server/app';
import { addUser } from '../server/auth/users';
import { startEmbeddedPostgres } from '../server/store/embedded-postgres';
import { openStore } from '../server/store/open';
import { remoteUpstream, type Upstream, type UpstreamAnswer } from '../server/upstream/upstream';
import { benchSession, ensureBenchDataset, KEY, listen, listenBff, USER } from './bff-overhead';
import { benchConfig } from './config';

const LIST_BODY = JSON.stringify({
  filters: { 'location.hq.country': ['USA', 'DEU', 'GBR'], 'business_model.offering_type': ['software'] },
  limit: 50,
  offset: 0,
});

/** An upstream that answers each path with the bytes the real one gave it the first time. */
function cannedUpstream(real: Upstream): Upstream {
  const answers = new Map<string, Promise<UpstreamAnswer>>();
  return {
    ...real,
    send: async (call) => {
      const key = `${call.method} ${call.pathAndQuery.split('?')[0]}`;
      let known = answers.get(key);
      if (!known) {
        known = real
          .send(call)
          .then((a) => ({ status: a.status, headers: a.headers, bytes: a.bytes, text: a.text }));
        answers.set(key, known);
      }
      const a = await known;
      const { bytes } = a;
      return bytes
        ? {
            status: a.status,
            headers: a.headers,
            bytes,
            get text() {
              return bytes.toString('utf8');
            },
          }
        : a;
    },
  };
}

/** One keep-alive connection; each request's answer read whole (by its content-length). */
async function client(port: number) {
  const socket = net.connect(port, '127.0.0.1');
  await new Promise((resolve) => socket.once('connect', resolve));
  socket.setNoDelay(true);
  let buffered: Buffer = Buffer.alloc(0);
  let waiting: ((answer: Buffer) => void) | undefined;
  const settle = () => {
    const head = buffered.indexOf('\r\n\r\n');
    if (head < 0 || !waiting) return;
    const length = /content-length: *(\d+)/i.exec(buffered.subarray(0, head).toString('latin1'));
    if (!length) throw new Error(`no content-length: ${buffered.subarray(0, head)}`);
    const end = head + 4 + Number(length[1]);
    if (buffered.length < end) return;
    const answer = buffered.subarray(0, end);
    buffered = buffered.subarray(end);
    const done = waiting;
    waiting = undefined;
    done(answer);
  };
  socket.on('data', (chunk: Buffer) => {
    buffered = buffered.length === 0 ? chunk : Buffer.concat([buffered, chunk]);
    settle();
  });
  return {
    ask: (request: Buffer) =>
      new Promise<Buffer>((resolve) => {
        waiting = resolve;
        socket.write(request);
        settle();
      }),
    close: () => socket.destroy(),
  };
}

/** Median CPU µs per request over the rounds after the first. */
async function measure(port: number, request: Buffer, requests: number, rounds: number): Promise<number> {
  const c = await client(port);
  try {
    const first = (await c.ask(request)).toString('latin1');
    if (!first.startsWith('HTTP/1.1 200'))
      throw new Error(`the bench's request failed: ${first.slice(0, 400)}`);
    const perRound: number[] = [];
    for (let round = 0; round < rounds; round++) {
      const before = process.cpuUsage();
      for (let i = 0; i < requests; i++) await c.ask(request);
      const used = process.cpuUsage(before);
      if (round > 0) perRound.push((used.user + used.system) / requests);
    }
    perRound.sort((a, b) => a - b);
    return perRound[Math.floor(perRound.length / 2)]!;
  } finally {
    c.close();
  }
}

export async function bffWorkBench(benchDir: string): Promise<void> {
  const cfg = benchConfig();
  const requests = cfg.BENCH_WORK_REQUESTS;
  const rounds = cfg.BENCH_WORK_ROUNDS;
  const dataDir = path.join(benchDir, '25000');
  await ensureBenchDataset(dataDir);
  const service = await startService({ dataDir });
  const uuid = (
    service.ctx.db.prepare('SELECT uuid FROM companies ORDER BY idx LIMIT 1').get() as { uuid: string }
  ).uuid;
  const serviceServer = await listen(service.fetch);
  const real = remoteUpstream(`http://127.0.0.1:${serviceServer.port}`, KEY);
  const onPostgres = cfg.BENCH_DATABASE === 'postgres';
  const cluster = onPostgres ? await startEmbeddedPostgres() : undefined;
  const bffDataDir = mkdtempSync(path.join(tmpdir(), 'bff-work-'));
  const store = await openStore({
    dataDir: bffDataDir,
    ...(cluster ? { databaseUrl: await cluster.createDatabase('work') } : {}),
  });
  await addUser(store, { ...USER, dailyBudget: 1e12 }, { replace: true });
  const bff = createBffApp({
    upstream: cannedUpstream(real),
    mode: 'team',
    store,
    staticDir: 'does-not-exist',
    cacheTtlMs: 0,
    rateLimitPerMinute: 0,
    log: () => {},
  });
  const enrichPath = `/api/v1/company/enrichment?company=${uuid}&sections=firmographic`;
  const cannedBytes = new Map<string, Buffer>();
  for (const [method, p, body] of [
    ['GET', enrichPath, undefined],
    ['POST', '/api/v1/list/generate/companies', LIST_BODY],
  ] as const) {
    const a = await real.send({
      method,
      pathAndQuery: p,
      headers: { 'x-api-key': KEY, ...(body ? { 'content-type': 'application/json' } : {}) },
      ...(body ? { body } : {}),
      abort: new EventEmitter(),
    });
    cannedBytes.set(p.split('?')[0]!, a.bytes ?? Buffer.from(a.text));
  }
  // The floor: Hono on the same server, answering the canned bytes and nothing else.
  const bare = new Hono();
  bare.all('/api/v1/*', (c) => {
    const bytes = cannedBytes.get(c.req.path)!;
    return new Response(bytes as Uint8Array<ArrayBuffer>, {
      headers: { 'content-type': 'application/json' },
    });
  });
  // Below it: node:http alone answering the same bytes (what Hono and its Node adapter add is the gap).
  const bareNode = createServer((req, res) => {
    const bytes = cannedBytes.get((req.url ?? '').split('?')[0]!)!;
    req.resume();
    req.once('end', () => {
      res.writeHead(200, { 'content-type': 'application/json', 'content-length': bytes.length });
      res.end(bytes);
    });
  });
  bareNode.listen(0, '127.0.0.1');
  await new Promise((resolve) => bareNode.once('listening', resolve));
  const servers = {
    bff: await listenBff(bff),
    bare: await listen(bare.fetch),
    node: { port: (bareNode.address() as AddressInfo).port, close: () => bareNode.close() },
  };
  try {
    const cookie = await benchSession(`http://127.0.0.1:${servers.bff.port}`);
    const requestOf = (port: number) => ({
      'enrichment (GET)': Buffer.from(
        `GET ${enrichPath} HTTP/1.1\r\nhost: 127.0.0.1:${port}\r\ncookie: ${cookie}\r\n\r\n`,
      ),
      'list generation (POST, limit 50)': Buffer.from(
        `POST /api/v1/list/generate/companies HTTP/1.1\r\nhost: 127.0.0.1:${port}\r\ncookie: ${cookie}\r\n` +
          `origin: http://127.0.0.1:${port}\r\n${CSRF_HEADER}: ${CSRF_HEADER_VALUE}\r\n` +
          `content-type: application/json\r\ncontent-length: ${Buffer.byteLength(LIST_BODY)}\r\n\r\n${LIST_BODY}`,
      ),
    });
    console.log(
      `\n== The BFF's own work (in process, upstream answers canned; ${onPostgres ? 'PostgreSQL' : 'SQLite'} store; ` +
        `median of ${rounds - 1} rounds of ${requests} requests; CPU µs per request, client included)`,
    );
    const bffRequests = requestOf(servers.bff.port);
    const bareRequests = requestOf(servers.bare.port);
    const only = cfg.BENCH_WORK_CASE; // 'enrichment' or 'list': one case (to profile it)
    for (const name of Object.keys(bffRequests) as (keyof typeof bffRequests)[]) {
      if (only && !name.startsWith(only)) continue;
      const floor = await measure(servers.bare.port, bareRequests[name], requests, rounds);
      const nodeFloor = await measure(
        servers.node.port,
        requestOf(servers.node.port)[name],
        requests,
        rounds,
      );
      const profileTo = cfg.BENCH_WORK_PROFILE;
      const profiler = profileTo ? new Session() : undefined;
      if (profiler) {
        profiler.connect();
        await profiler.post('Profiler.enable');
        await profiler.post('Profiler.setSamplingInterval', { interval: 100 });
        await profiler.post('Profiler.start');
      }
      const own = await measure(servers.bff.port, bffRequests[name], requests, rounds);
      if (profiler && profileTo) {
        const { profile } = await profiler.post('Profiler.stop');
        writeFileSync(profileTo, JSON.stringify(profile));
        profiler.disconnect();
      }
      console.log(
        `${name.padEnd(34)} BFF ${own.toFixed(1).padStart(6)}   bare Hono ${floor.toFixed(1).padStart(6)}   ` +
          `the BFF's layers ${(own - floor).toFixed(1).padStart(6)}   (node:http alone ${nodeFloor.toFixed(1).padStart(6)})`,
      );
    }
  } finally {
    servers.bff.close();
    servers.bare.close();
    servers.node.close();
    serviceServer.close();
    real.close();
    await store.close();
    await cluster?.stop();
    service.close();
    rmSync(bffDataDir, { recursive: true, force: true });
  }
}
