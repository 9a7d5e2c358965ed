/**
 * The list's size beside its title. Under 500: "312 found", what the service counts. At 500 the
 * service stops counting, so the line says so plainly ("More than 500 companies match") and offers
 * an exact count at its price (issue 33; the BFF counts by slices, docs/decisions/0026): nothing is
 * spent before the click, the count can be cancelled while it runs, and once counted the line
 * shows the exact number ("12,431 companies"), kept in the URL with the list.
 */
import type { ListCountEstimate, ListCountProgress } from '@contract/bff-lists';
import { LIST_TOTAL_CAP } from '@contract/list-params';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { formatCount, formatCredits } from '@/lib/format';
import type { ExactCount } from '../../use-exact-count';

/** The words of the list's size: what the title line shows (and the grid's screen reader hears). */
export function countWords(servable: number, capped: boolean, exact: number | null): string {
  if (!capped) return `${formatCount(servable)} found`;
  if (exact !== null) return `${formatCount(exact)} ${exact === 1 ? 'company' : 'companies'}`;
  return `More than ${formatCount(LIST_TOTAL_CAP)} companies match`;
}

/**
 * The offer's tooltip: the most the count may cost and why (with hidden account lists, the reading of
 * the list's companies too: decision 0035); nothing once counted.
 */
export function countOfferTitle(
  e: Pick<ListCountEstimate, 'credits_max' | 'counted' | 'credits_membership_max'>,
): string | undefined {
  if (e.counted) return undefined;
  const members = e.credits_membership_max
    ? `, and up to ${formatCredits(e.credits_membership_max)} to read its companies and leave out your hidden account lists' (0.2 a company)`
    : '';
  return `At most ${formatCredits(e.credits_max)}: about 2 credits per ${formatCount(LIST_TOTAL_CAP)} companies, plus 20${members}`;
}

/** "Count exactly (~120 credits)": the most it may cost (an upper bound, as `~` says in prices here). */
export function countOfferWords(creditsMax: number | undefined, counted: boolean): string {
  if (counted) return 'Count exactly (free: counted a moment ago)';
  return creditsMax === undefined ? 'Count exactly' : `Count exactly (~${formatCredits(creditsMax)})`;
}

/**
 * A count under way in words: "Counting every match…" until the BFF tells its first slice, then
 * "Counting: 12 slices, 5,123 companies, 23.4 credits so far".
 */
export function countProgressWords(progress: ListCountProgress | undefined): string {
  if (!progress) return 'Counting every match…';
  const slices = `${formatCount(progress.slices)} ${progress.slices === 1 ? 'slice' : 'slices'}`;
  const companies = `${formatCount(progress.counted)} ${progress.counted === 1 ? 'company' : 'companies'}`;
  return `Counting: ${slices}, ${companies}, ${formatCredits(progress.credits)} so far`;
}

/** The offer (or the count under way) inline after the size: a button, or its progress and Cancel. */
export function CountAction({ exact }: { exact: ExactCount }) {
  const { run, estimate } = exact;
  if (run.state === 'counting')
    return (
      <span className="inline-flex items-center gap-1.5 text-sm text-slate-600" data-testid="count-running">
        <Spinner className="h-3 w-3" />
        <span role="status">{countProgressWords(run.progress)}</span>
        <Button variant="link" size="sm" onClick={exact.cancel}>
          Cancel count
        </Button>
      </span>
    );
  if (!exact.offered) return null;
  const e = estimate.data;
  const overBudget = e !== undefined && !e.within_budget;
  return (
    <Button
      variant="link"
      size="sm"
      onClick={exact.start}
      disabled={overBudget}
      title={e ? countOfferTitle(e) : undefined}
    >
      {countOfferWords(e?.credits_max, e?.counted ?? false)}
    </Button>
  );
}

/**
 * What the count has to say past its button, on a line of its own (it may wrap): over the budget,
 * cancelled (what it spent stays spent), failed, or why this list cannot be counted.
 */
export function CountNote({ exact }: { exact: ExactCount }) {
  const e = exact.estimate.data;
  let text: string | null = null;
  let alert = false;
  if (exact.run.state === 'cancelled')
    text =
      'Count cancelled. The credits it spent before you cancelled stay spent (see your usage); count again at any time.';
  else if (exact.run.state === 'failed') {
    text = `The count did not finish: ${exact.run.message}`;
    alert = true;
  } else if (exact.offered && e && !e.within_budget)
    text = `Counting exactly may cost up to ${formatCredits(e.credits_max)}, more than the ${formatCredits(e.budget_remaining ?? 0)} you have left today.`;
  else if (exact.unavailable && exact.count === null) text = exact.unavailable;
  if (text === null) return null;
  return (
    <p
      role={alert ? 'alert' : undefined}
      data-testid="count-note"
      className={alert ? 'text-xs text-red-700' : 'text-xs text-slate-500'}
    >
      {text}
    </p>
  );
}

/**
 * Why the last page of a capped list is the last: the service serves the first 500 matches in the
 * list's order, whatever the list's size.
 */
export function cappedEndWords(exactTotal: number | null): string {
  return exactTotal !== null
    ? `The service serves the first ${formatCount(LIST_TOTAL_CAP)} of ${formatCount(exactTotal)}; export all to get every company.`
    : `The service serves the first ${formatCount(LIST_TOTAL_CAP)} matches in the list’s order; count the list exactly, or export all of it, to reach every company.`;
}
