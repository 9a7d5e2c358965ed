/**
 * Text relevance of a natural-language query (docs/product-rules.md, section 5: with a `query`, text relevance
 * first): the words the translator did not turn into filters are looked up in company names, product
 * categories and short descriptions (SQLite FTS5, BM25 weighted 2 : 1.5 : 1). Companies that match
 * rank first by score; the rest follow in the normal relevance order.
 */
import { normalizeText } from '../../contract/text';
import type { Db } from '../store/db';

/** How many scored companies to consider; only the first 500 matches are ever served. */
const MAX_SCORED = 5000;

export function textScores(db: Db, words: readonly string[]): Map<number, number> {
  const terms = [...new Set(words.flatMap((w) => normalizeText(w).split(' ')).filter((w) => w.length > 1))];
  if (terms.length === 0) return new Map();
  const match = terms.map((w) => `"${w}"*`).join(' OR ');
  const rows = db
    .prepare(
      `SELECT rowid AS idx, bm25(companies_fts, 2.0, 1.5, 1.0) AS rank FROM companies_fts
       WHERE companies_fts MATCH ? ORDER BY rank LIMIT ?`,
    )
    .all(match, MAX_SCORED) as { idx: number; rank: number }[];
  // BM25 in SQLite is lower-is-better (negative); flip it so higher is better.
  return new Map(rows.map((r) => [r.idx, -r.rank]));
}
