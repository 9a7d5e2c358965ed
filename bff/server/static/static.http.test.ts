/**
 * The built web app as the BFF serves it: pre-compressed copies chosen by Accept-Encoding (brotli
 * first, then gzip, else the file itself), each byte-identical to the asset once decoded, with
 * `Vary: Accept-Encoding`, and hashed assets cached for a year as immutable.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Service } from '../../embedded/service';
import { type RunningBff, startBff, startEmbedded } from '../../testing/bff-server';
import { embeddedUpstream } from '../upstream/upstream';
import { precompressDir } from './precompress';

let service: Service;
let bff: RunningBff;
let dir: string;
const script = `export const rows = [${Array.from({ length: 400 }, (_, i) => `{id:${i},name:"company ${i}"}`).join(',')}];\n`;

beforeAll(async () => {
  dir = mkdtempSync(path.join(tmpdir(), 'bff-static-'));
  mkdirSync(path.join(dir, 'assets'));
  writeFileSync(
    path.join(dir, 'index.html'),
    `<!doctype html><title>x</title>${'<p>filler</p>'.repeat(200)}`,
  );
  writeFileSync(path.join(dir, 'assets', 'index-abc123.js'), script);
  writeFileSync(path.join(dir, 'assets', 'tiny-abc123.js'), 'export{};');
  const made = precompressDir(dir);
  expect(made.files).toBe(2); // the tiny file is not worth compressing
  service = await startEmbedded(50, { seed: 1 });
  bff = await startBff({ upstream: embeddedUpstream(service), staticDir: dir });
});
afterAll(async () => {
  await bff.close();
  service.close();
  rmSync(dir, { recursive: true, force: true });
});

/** A raw GET (fetch would decode the body and hide the encoding). */
function get(
  p: string,
  acceptEncoding?: string,
): Promise<{ status: number; headers: Record<string, string>; body: Buffer }> {
  return new Promise((resolve, reject) => {
    const req = request(
      `${bff.url}${p}`,
      { headers: acceptEncoding ? { 'accept-encoding': acceptEncoding } : {} },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () =>
          resolve({
            status: res.statusCode ?? 0,
            headers: res.headers as Record<string, string>,
            body: Buffer.concat(chunks),
          }),
        );
      },
    );
    req.on('error', reject);
    req.end();
  });
}

describe('the web app, compressed', () => {
  it('sends brotli to a browser that takes it, the same bytes once decoded, cached as immutable', async () => {
    const r = await get('/assets/index-abc123.js', 'gzip, deflate, br, zstd');
    expect(r.status).toBe(200);
    expect(r.headers['content-encoding']).toBe('br');
    expect(r.headers.vary).toMatch(/accept-encoding/i);
    expect(r.headers['content-type']).toMatch(/javascript/);
    expect(r.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(brotliDecompressSync(r.body).toString()).toBe(script);
    expect(r.body.length).toBeLessThan(script.length / 4);
  });

  it('sends gzip without brotli, and the file itself without either', async () => {
    const gz = await get('/assets/index-abc123.js', 'gzip');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.body).toString()).toBe(script);
    const plain = await get('/assets/index-abc123.js');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.toString()).toBe(script);
  });

  it('compresses the entry page of client-side routes too, never cached as immutable', async () => {
    const r = await get('/companies/some-company', 'br');
    expect(r.status).toBe(200);
    expect(r.headers['content-encoding']).toBe('br');
    expect(r.headers['cache-control']).toBe('no-cache');
    expect(brotliDecompressSync(r.body).toString()).toMatch(/^<!doctype html>/);
  });

  it('sends a file too small to compress as it is', async () => {
    const r = await get('/assets/tiny-abc123.js', 'br, gzip');
    expect(r.headers['content-encoding']).toBeUndefined();
    expect(r.body.toString()).toBe('export{};');
  });
});
