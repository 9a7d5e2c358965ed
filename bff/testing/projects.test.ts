/**
 * Every test that opens a BFF store runs on both stores: its file name puts it in the `postgres`
 * Vitest project too (POSTGRES_TESTS in vite.config.ts says how), and a test that opens none is not
 * run there for nothing.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { POSTGRES_TESTS } from '../../vite.config';

/** A test opens a store through these: the harnesses, the app, or a store of its own. */
const OPENS_A_STORE =
  /from '[^']*(?:testing\/(?:test-store|bff-server)|server\/app|server\/store\/(?:sqlite|postgres|open))'/;

/** A glob of POSTGRES_TESTS as a RegExp: `**` any folders, `*` any name, `{a,b}` either. */
function globRegExp(glob: string): RegExp {
  let re = '';
  for (let i = 0; i < glob.length; i++) {
    const c = glob[i] as string;
    if (glob.startsWith('**/', i)) {
      re += '(?:[^/]+/)*';
      i += 2;
    } else if (c === '*') re += '[^/]*';
    else if (c === '{') re += '(?:';
    else if (c === '}') re += ')';
    else if (c === ',') re += '|';
    else re += c.replace(/[.+?^$()|[\]\\]/g, '\\$&');
  }
  return new RegExp(`^${re}$`);
}

const onPostgres = POSTGRES_TESTS.map(globRegExp);
const testFiles = ['bff', 'web']
  .flatMap((dir) => readdirSync(dir, { recursive: true, encoding: 'utf8' }).map((f) => path.join(dir, f)))
  .filter((f) => /\.test\.tsx?$/.test(f) && !f.includes('node_modules'))
  .map((f) => f.split(path.sep).join('/'))
  .sort();

describe('the postgres project', () => {
  it('reads globs the way Vitest does', () => {
    expect(globRegExp('bff/server/**/*.http.test.ts').test('bff/server/a/b/c.http.test.ts')).toBe(true);
    expect(globRegExp('bff/server/**/*.http.test.ts').test('bff/server/c.http.test.ts')).toBe(true);
    expect(globRegExp('bff/server/**/*.http.test.ts').test('bff/embedded/c.http.test.ts')).toBe(false);
    expect(globRegExp('bff/server/store/*.test.ts').test('bff/server/store/a/b.test.ts')).toBe(false);
    expect(globRegExp('web/**/*.{ts,tsx}').test('web/a.tsx')).toBe(true);
  });

  it('runs every test that opens a store, and none that does not', () => {
    expect(testFiles.length).toBeGreaterThan(50);
    // *.pg.test.ts: BFF processes on the run's PostgreSQL (DATABASE_URL).
    const opens = testFiles.filter(
      (f) => f.endsWith('.pg.test.ts') || OPENS_A_STORE.test(readFileSync(f, 'utf8')),
    );
    const runs = testFiles.filter((f) => onPostgres.some((re) => re.test(f)));
    expect(opens.length).toBeGreaterThan(30);
    // A test missing here: name it *.http.test.ts (it starts a BFF), *.store.test.ts (it opens a
    // store itself) or, under web, *.bff.test.tsx (it builds a BFF in-process).
    expect(opens.filter((f) => !runs.includes(f))).toEqual([]);
    // A test here that opens no store: give it a plain *.test.ts name.
    expect(runs.filter((f) => !opens.includes(f))).toEqual([]);
  });
});
