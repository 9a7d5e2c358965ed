import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { startService } from './service';
import { countCompanies } from './store/companies';
import { getMeta, setMeta } from './store/db';

const dirs: string[] = [];
function tempDir(): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'service-'));
  dirs.push(dir);
  return dir;
}
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

describe('starting the embedded service', () => {
  it('seeds on first start, and reuses the data on the next start', async () => {
    const dir = tempDir();
    const first = await startService({ dataDir: dir, companies: 300, seed: 5 });
    const firstIds = first.ctx.db.prepare('SELECT uuid FROM companies ORDER BY idx').all();
    first.close();
    const second = await startService({ dataDir: dir, companies: 999, seed: 6 });
    expect(countCompanies(second.ctx.db)).toBe(300);
    expect(second.ctx.db.prepare('SELECT uuid FROM companies ORDER BY idx').all()).toEqual(firstIds);
    expect(second.ctx.index.size).toBe(300);
    second.close();
  });

  it('never serves a half-written data set: an interrupted seed is done again', async () => {
    const dir = tempDir();
    const first = await startService({ dataDir: dir, companies: 300, seed: 5 });
    // What a crash mid-seed leaves behind: some rows and no completion mark.
    first.ctx.db.exec('DELETE FROM companies WHERE idx >= 120');
    setMeta(first.ctx.db, 'dataset.complete', '0');
    first.close();
    const again = await startService({ dataDir: dir, companies: 300, seed: 5 });
    expect(countCompanies(again.ctx.db)).toBe(300);
    expect(getMeta(again.ctx.db, 'dataset.complete')).toBe('1');
    expect(again.ctx.index.size).toBe(300);
    again.close();
  });
});
