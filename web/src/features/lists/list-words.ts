/**
 * What the saved lists' pages say in words: who owns a list and whether the user may change it,
 * its schedule, why a company left it, what a run found, and when a list is too broad to see whole.
 */

import type { SessionInfo } from '@contract/bff';
import { LIST_TOTAL_CAP } from '@contract/list-params';
import { formatCount, formatDateTime } from '@/lib/format';
import type { ListOwner, RemovalReason, RunSummary, SavedList, Schedule } from './types';

const SCHEDULE_LABELS: Record<Schedule | 'none', string> = {
  none: 'Not checked',
  daily: 'Checked daily',
  weekly: 'Checked weekly',
};

export function scheduleWords(schedule: Schedule | null): string {
  return SCHEDULE_LABELS[schedule ?? 'none'];
}

/**
 * The last scheduled check of a list in a line, when it did not run: failed or skipped, when, why,
 * and what comes next (a retry within its day or week, or the next check); null when it ran or none
 * was made. `now` tells a retry to come from one that is due (any instance's next tick takes it).
 */
export function lastCheckWords(
  list: Pick<SavedList, 'last_check' | 'next_check_at'>,
  now: Date = new Date(),
): string | null {
  const check = list.last_check;
  if (!check || check.outcome === 'ran') return null;
  const detail = check.detail?.trim();
  const why = detail ? `: ${detail}${/[.!?]$/.test(detail) ? '' : '.'}` : '.';
  const retry = check.retry_at;
  const then = retry
    ? Date.parse(retry) > now.getTime()
      ? ` It will be tried again after ${formatDateTime(retry)}.`
      : ' It will be tried again shortly.'
    : list.next_check_at
      ? ` Next check ${formatDateTime(list.next_check_at)}.`
      : '';
  return `Last scheduled check ${check.outcome} at ${formatDateTime(check.at)}${why}${then}`;
}

export function ownerName(owner: ListOwner): string {
  return owner.name;
}

/** Whether the signed-in user owns the list (local mode's one user owns every list). */
export function isOwner(list: Pick<SavedList, 'owner'>, session: SessionInfo | undefined): boolean {
  const user = session?.user;
  return !user || list.owner.id === user.id;
}

/** Why a company left the list, as the service lets us know. */
const REASON_WORDS: Record<RemovalReason, string> = {
  no_longer_matching: 'No longer matches the filters',
  no_longer_found: 'No longer found in the data set',
};

export function reasonWords(reason: string): string {
  return REASON_WORDS[reason as RemovalReason] ?? 'Left the list';
}

/** "12 new, 3 left" / "Nothing new": what a run changed for this user. */
export function changeWords(added: number, removed: number): string {
  const parts: string[] = [];
  if (added > 0) parts.push(`${formatCount(added)} new`);
  if (removed > 0) parts.push(`${formatCount(removed)} left`);
  return parts.length > 0 ? parts.join(', ') : 'Nothing new';
}

/**
 * The note for a list that reaches what a run sees (its first 500 in the list's order; the service
 * counts no further), or null: companies below them are neither members nor new, so the user should
 * narrow the filters.
 */
export function broadListNote(run: Pick<RunSummary, 'total_count' | 'size'>): string | null {
  if (run.total_count < LIST_TOTAL_CAP && run.size < LIST_TOTAL_CAP) return null;
  const cap = formatCount(LIST_TOTAL_CAP);
  const matches = run.total_count > LIST_TOTAL_CAP ? formatCount(run.total_count) : `${cap} or more`;
  return `${matches} companies match, and a saved list follows only its top ${cap} in its order: a new company below them is not seen. Narrow the filters (a country, a size, an industry) to follow the whole list.`;
}

/**
 * The seeds of a list of lookalikes in a line: "Acme", "Acme and Beta", "Acme, Beta and Gamma",
 * "Acme, Beta, Gamma and 2 more".
 */
export function seedNamesWords(seeds: readonly { name: string }[], shown = 3): string {
  const names = seeds.map((s) => s.name);
  if (names.length <= shown) {
    return names.length <= 1 ? (names[0] ?? '') : `${names.slice(0, -1).join(', ')} and ${names.at(-1)}`;
  }
  return `${names.slice(0, shown).join(', ')} and ${formatCount(names.length - shown)} more`;
}

/** What "Save list" keeps of the lookalikes' seeds, in words (`ranks`: the plan has sections in lists). */
export function seededListWords(seeds: number, ranks: boolean): string {
  const what = seeds === 1 ? 'its seed company' : `its ${formatCount(seeds)} seed companies`;
  return ranks
    ? `${what}: each run leaves ${seeds === 1 ? 'it' : 'them'} out and ranks the rest by similarity to ${seeds === 1 ? 'it' : 'them'}`
    : `${what}: each run leaves ${seeds === 1 ? 'it' : 'them'} out (ranking by similarity needs a plan with sections)`;
}

/** What a list is, in a rep's words: a search saved to run again, or companies picked by hand. */
export function listKindWords(list: Pick<SavedList, 'kind'>): string {
  return list.kind === 'static' ? 'Picked companies' : 'Saved search';
}

/** "1 company" / "12 companies". */
export function companiesWords(n: number): string {
  return `${formatCount(n)} ${n === 1 ? 'company' : 'companies'}`;
}
