/**
 * "More like these" on an account list (issue 16): the seeds are the list's best-matched companies,
 * at most 20: by the import's match confidence (5 first), then in the file's order; a list without an
 * import (or with fewer matched rows) fills up with its members in list order.
 */
import { LOOKALIKE_MAX_SEEDS } from '@contract/lookalike-cost';

export function bestMatched(
  rows: readonly { uuid: string | null; confidence: number | null; line: number }[],
  members: readonly { uuid: string }[],
  n: number = LOOKALIKE_MAX_SEEDS,
): string[] {
  const inList = new Set(members.map((m) => m.uuid));
  const out: string[] = [];
  const seen = new Set<string>();
  const take = (uuid: string) => {
    if (out.length >= n || seen.has(uuid) || !inList.has(uuid)) return;
    seen.add(uuid);
    out.push(uuid);
  };
  const ranked = rows
    .filter((r): r is typeof r & { uuid: string } => r.uuid !== null && (r.confidence ?? 0) >= 2)
    .sort((a, b) => (b.confidence ?? 0) - (a.confidence ?? 0) || a.line - b.line);
  for (const r of ranked) take(r.uuid);
  for (const m of members) take(m.uuid);
  return out;
}
