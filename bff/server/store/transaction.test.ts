/**
 * The store's transactions on the project's engine: `transaction(fn)` commits what `fn` wrote when
 * it resolves and undoes all of it when it throws; transactions running at once do not mix.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { testStore } from '../../testing/test-store';
import type { BffStore } from './store';

let store: BffStore;
beforeEach(async () => {
  store = await testStore();
});
afterEach(async () => {
  await store.close();
});

const ADD = 'INSERT INTO webhook_endpoints (endpoint_id, url, secret, created_at) VALUES (?, ?, ?, ?)';
const endpoint = (id: string) => [id, `https://example.test/${id}`, 'secret', '2026-01-01T00:00:00.000Z'];
const ids = async () =>
  (
    await store.sql.all<{ endpoint_id: string }>(
      'SELECT endpoint_id FROM webhook_endpoints ORDER BY endpoint_id',
    )
  ).map((r) => r.endpoint_id);

describe('store transactions', () => {
  it('commit what fn wrote and answer what it answered', async () => {
    const out = await store.transaction(async (sql) => {
      await sql.run(ADD, endpoint('a'));
      await sql.run(ADD, endpoint('b'));
      return (await sql.get<{ n: number }>('SELECT COUNT(*) AS n FROM webhook_endpoints'))?.n;
    });
    expect(out).toBe(2);
    expect(await ids()).toEqual(['a', 'b']);
  });

  it('roll back everything fn wrote when it throws, and pass the error on', async () => {
    await store.sql.run(ADD, endpoint('kept'));
    await expect(
      store.transaction(async (sql) => {
        await sql.run(ADD, endpoint('x'));
        await sql.run('DELETE FROM webhook_endpoints WHERE endpoint_id = ?', ['kept']);
        throw new Error('changed my mind');
      }),
    ).rejects.toThrow('changed my mind');
    expect(await ids()).toEqual(['kept']);
  });

  it('roll back when a statement fails (a duplicate key), leaving the store usable', async () => {
    await expect(
      store.transaction(async (sql) => {
        await sql.run(ADD, endpoint('y'));
        await sql.run(ADD, endpoint('y'));
      }),
    ).rejects.toThrow();
    expect(await ids()).toEqual([]);
    await store.transaction(async (sql) => {
      await sql.run(ADD, endpoint('z'));
    });
    expect(await ids()).toEqual(['z']);
  });

  it('do not mix when several run at once: a failing one undoes only its own writes', async () => {
    const results = await Promise.allSettled(
      Array.from({ length: 6 }, (_, i) =>
        store.transaction(async (sql) => {
          await sql.run(ADD, endpoint(`t${i}-1`));
          await sql.run(ADD, endpoint(`t${i}-2`));
          if (i % 2 === 1) throw new Error(`odd ${i}`);
          return i;
        }),
      ),
    );
    expect(results.map((r) => r.status)).toEqual([
      'fulfilled',
      'rejected',
      'fulfilled',
      'rejected',
      'fulfilled',
      'rejected',
    ]);
    expect(await ids()).toEqual(['t0-1', 't0-2', 't2-1', 't2-2', 't4-1', 't4-2']);
  });

  it("keep store.sql's statements out of an open transaction (they are not undone by its rollback)", async () => {
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    let entered = () => {};
    const inside = new Promise<void>((resolve) => {
      entered = resolve;
    });
    const failing = store.transaction(async (sql) => {
      await sql.run(ADD, endpoint('inner'));
      entered();
      await held;
      throw new Error('rolled back');
    });
    await inside;
    const outside = store.sql.run(ADD, endpoint('outer'));
    release();
    await expect(failing).rejects.toThrow('rolled back');
    await outside;
    expect(await ids()).toEqual(['outer']);
  });
});
