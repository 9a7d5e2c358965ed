import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { normalizeText } from '../../contract/text';
import { type Service, startService } from '../service';
import { textScores } from './text-relevance';

let service: Service;
beforeAll(async () => {
  service = await startService({ dataDir: ':memory:', companies: 400, seed: 3 });
});
afterAll(() => service.close());

type Row = { idx: number; name: string; product_category: string | null; description: string };

describe('text relevance of leftover query words', () => {
  it('finds companies by words of their short description, not only names and categories', () => {
    const rows = service.ctx.db
      .prepare(
        "SELECT idx, name, product_category, json_extract(s_firmographic, '$.company_description_short') AS description FROM companies",
      )
      .all() as Row[];
    const row = rows.find((r) => r.description.length > 0)!;
    const elsewhere = normalizeText(`${row.name} ${row.product_category ?? ''}`).split(' ');
    const word = normalizeText(row.description)
      .split(' ')
      .filter((w) => w.length > 6 && !elsewhere.includes(w))
      .sort((a, b) => b.length - a.length)[0]!;
    expect(word).toBeDefined();
    const scores = textScores(service.ctx.db, [word]);
    expect(scores.has(row.idx)).toBe(true);
  });

  it('scores a name match above a description-only match', () => {
    const row = service.ctx.db.prepare('SELECT idx, name FROM companies ORDER BY idx LIMIT 1').get() as Row;
    const word = normalizeText(row.name).split(' ')[0]!;
    const scores = textScores(service.ctx.db, [word]);
    const best = [...scores.entries()].sort((a, b) => b[1] - a[1])[0]!;
    const bestName = normalizeText(
      (service.ctx.db.prepare('SELECT name FROM companies WHERE idx = ?').get(best[0]) as Row).name,
    );
    expect(bestName.split(' ')).toContain(word);
  });

  it('gives nothing for no words', () => {
    expect(textScores(service.ctx.db, []).size).toBe(0);
    expect(textScores(service.ctx.db, ['!!']).size).toBe(0);
  });
});
