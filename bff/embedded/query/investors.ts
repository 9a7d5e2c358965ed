/**
 * Investors by name ("backed by Sequoia"): companies of an investor industry (venture capital,
 * private equity, ...) whose name starts with the given words, most prominent first.
 */
import { normalizeText } from '../../contract/text';
import { INDUSTRIES } from '../dataset/taxonomy';
import type { Db } from '../store/db';

const INVESTOR_INDUSTRIES = new Set(INDUSTRIES.filter((i) => i.investorKind).map((i) => i.code));

export function investorUuidsByName(db: Db, name: string, limit = 5): string[] {
  const norm = normalizeText(name);
  if (norm === '') return [];
  const match = `name : (${norm
    .split(' ')
    .map((w) => `"${w}"`)
    .join(' ')})`;
  const rows = db
    .prepare(
      `SELECT c.uuid, c.search_name, c.s_industry FROM companies_fts f JOIN companies c ON c.idx = f.rowid
       WHERE companies_fts MATCH ? ORDER BY c.prominence DESC LIMIT 200`,
    )
    .all(match) as { uuid: string; search_name: string; s_industry: string }[];
  return rows
    .filter((r) => r.search_name === norm || r.search_name.startsWith(`${norm} `))
    .filter((r) =>
      (JSON.parse(r.s_industry) as { industry: { code: string }[] }).industry.some((i) =>
        INVESTOR_INDUSTRIES.has(i.code),
      ),
    )
    .slice(0, limit)
    .map((r) => r.uuid);
}
