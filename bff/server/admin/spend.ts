/**
 * The spend dashboard's figures from the ledger's rows summed by day, user and endpoint: every day
 * of the window (zero when nothing was spent, so a chart has no holes), by user name, by endpoint,
 * and the biggest spenders. Each figure is a sum of ledger entries rounded as credits are, so it
 * equals what the ledger (and its CSV) adds up to.
 */
import { type SpendResponse, TOP_SPENDERS } from '../../contract/admin';
import { credits } from '../../contract/pricing';
import type { SpendRow } from '../store/store';

/** The `days` UTC days ending with the day of `today`, oldest first (YYYY-MM-DD). */
export function windowDays(today: Date, days: number): string[] {
  const end = Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), today.getUTCDate());
  return Array.from({ length: days }, (_, i) =>
    new Date(end - (days - 1 - i) * 86_400_000).toISOString().slice(0, 10),
  );
}

function add(into: Map<string, number>, key: string, value: number): void {
  into.set(key, (into.get(key) ?? 0) + value);
}

/** Rounded, positive, largest first. */
function spent(totals: Map<string, number>): [string, number][] {
  return [...totals]
    .map(([k, v]): [string, number] => [k, credits(v)])
    .filter(([, v]) => v > 0)
    .sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]));
}

/** What the company store saved a user on a day (bff/server/companies/queries.ts). */
export type SavedRow = { user_id: string; name: string | null; day: string; credits: number };

export function buildSpend(
  rows: readonly SpendRow[],
  days: readonly string[],
  nameOf: (row: { user_id: string; name: string | null }) => string,
  savedRows: readonly SavedRow[] = [],
): SpendResponse {
  const byDay = new Map<string, { total: number; byUser: Map<string, number> }>(
    days.map((d) => [d, { total: 0, byUser: new Map() }]),
  );
  const byEndpoint = new Map<string, number>();
  const byUser = new Map<string, number>();
  for (const row of rows) {
    const day = byDay.get(row.day);
    if (!day) continue;
    const name = nameOf(row);
    day.total += row.credits;
    add(day.byUser, name, row.credits);
    add(byEndpoint, row.endpoint, row.credits);
    add(byUser, name, row.credits);
  }
  const savedByDay = new Map<string, { total: number; byUser: Map<string, number> }>(
    days.map((d) => [d, { total: 0, byUser: new Map() }]),
  );
  let savedTotal = 0;
  for (const row of savedRows) {
    const day = savedByDay.get(row.day);
    if (!day) continue;
    day.total += row.credits;
    savedTotal += row.credits;
    add(day.byUser, nameOf(row), row.credits);
  }
  return {
    days: days.map((date) => {
      const d = byDay.get(date)!;
      const sv = savedByDay.get(date)!;
      return {
        date,
        credits: credits(d.total),
        by_user: Object.fromEntries(spent(d.byUser)),
        saved: credits(sv.total),
        saved_by_user: Object.fromEntries(spent(sv.byUser)),
      };
    }),
    saved: credits(savedTotal),
    by_endpoint: Object.fromEntries(spent(byEndpoint)),
    top_spenders: spent(byUser)
      .slice(0, TOP_SPENDERS)
      .map(([name, c]) => ({ name, credits: c })),
  };
}
