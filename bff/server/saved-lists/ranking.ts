/**
 * A run of a list with seeds, ranked by similarity to them (docs/decisions/0016-saved-lists.md,
 * "Lists with seeds"): the members in the lookalikes' order, each with its score, reasons and the
 * lookalikes' columns. The scoring is the lookalikes' own (`lookalikes/rank.ts`). Pure.
 */
import type { CompanyListItem } from '../../contract/api';
import { COLUMN_BY_ID } from '../../contract/columns';
import { type MemberScore, RANKED_COLUMNS } from '../../contract/saved-lists';
import type { Facts } from '../lookalikes/facts';
import { rankBySimilarity } from '../lookalikes/rank';

/** Score to keep: four decimals (the score itself has three). */
const round = (n: number) => Math.round(n * 10_000) / 10_000;

/** The text of the lookalikes' columns a row has a value for. */
function cellsOf(row: Record<string, unknown>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const id of RANKED_COLUMNS) {
    const text = COLUMN_BY_ID.get(id)?.text(row as CompanyListItem) ?? '';
    if (text !== '') out[id] = text;
  }
  return out;
}

/**
 * The members (`rows`, in the list's order, with the score's sections) ranked by similarity to
 * the seeds: their ids most similar first, and each one's score.
 */
export function rankMembers(
  seeds: readonly Facts[],
  rows: readonly ({ uuid: string } & Record<string, unknown>)[],
): { members: string[]; scores: Record<string, MemberScore> } {
  const ranked = rankBySimilarity(seeds, rows);
  const scores: Record<string, MemberScore> = {};
  for (const r of ranked)
    scores[r.row.uuid] = { score: round(r.score), reasons: r.reasons, cells: cellsOf(r.row) };
  return { members: ranked.map((r) => r.row.uuid), scores };
}
