/**
 * The line under the list's title: what the page will cost before it comes, what it cost once it
 * came (and what the team's company store saved on it), and, when its oldest data is more than a
 * day old, a "Refresh" that buys it afresh at the price shown.
 */
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { errorMessage } from '@/lib/errors';
import { formatAsOf, formatCreditAmount, formatCredits } from '@/lib/format';
import { offersRefresh, oldestOf, type StoreNote } from '@/lib/store-note';
import type { ListRunEstimate } from '../../list-cost-estimate';

type Answer = StoreNote & { credits_consumed: number };

/** What the page cost, in a rep's words. */
export function pageCostText(estimate: ListRunEstimate, answer: Answer | null, loading: boolean): string {
  if (loading || answer === null) {
    // Before the run: the estimate, a most where the BFF's part varies (probes, exclusion reads)
    // and where the team's store may already hold the page.
    // Company size past the 500 served either way is gathered slice by slice, known only once
    // probed: the usual most, and the most with the gathering (issue 33).
    if (estimate.gathering)
      return `This page: up to ~${formatCredits(estimate.credits - estimate.gathering)}; up to ~${formatCredits(estimate.credits)} if the sizes are gathered slice by slice`;
    return `This page: ${estimate.upTo ? 'up to ' : ''}~${formatCredits(estimate.credits)}`;
  }
  if (answer.cached) return 'This page: cached, no credits spent';
  const spent = answer.credits_consumed;
  if (answer.saved > 0)
    return spent > 0
      ? `This page: ${formatCredits(spent)} spent, ${formatCreditAmount(answer.saved)} saved`
      : 'This page: already stored, no credits spent';
  return `This page: ${formatCredits(spent)} spent`;
}

export function PageCostNote({
  estimate,
  loading,
  answer,
  refreshPrice,
  onRefresh,
  refreshing,
  refreshError,
}: {
  estimate: ListRunEstimate;
  loading: boolean;
  /** The page's answer, once it is the one on screen; null before. */
  answer: Answer | null;
  refreshPrice: number;
  onRefresh: () => void;
  refreshing: boolean;
  refreshError: Error | null;
}) {
  const oldest = answer ? oldestOf(answer.asOf) : null;
  const stale = !loading && offersRefresh(oldest);
  return (
    // One line where there is room; on a phone the freshness wraps below the cost rather than
    // pushing the page wider than the window.
    <span className="inline-flex min-h-5 flex-wrap items-center gap-x-2 text-sm text-slate-500 tabular-nums">
      <span
        className="inline-flex items-center gap-1 whitespace-nowrap"
        aria-live="polite"
        title={
          estimate.parts.length > 1
            ? estimate.parts.map((p) => `${p.what}: ${formatCredits(p.credits)}`).join('\n')
            : undefined
        }
      >
        {loading && <Spinner className="h-3 w-3" />}
        {pageCostText(estimate, answer, loading)}
      </span>
      {stale && (
        <span className="inline-flex items-center gap-1.5 whitespace-nowrap" data-testid="page-freshness">
          <span aria-hidden="true">·</span>
          <span>Data from {formatAsOf(oldest)}</span>
          <Button variant="link" onClick={onRefresh} loading={refreshing}>
            Refresh ({formatCredits(refreshPrice)})
          </Button>
        </span>
      )}
      {refreshError && (
        <span role="alert" className="text-xs text-red-700">
          {errorMessage(refreshError, 'The refresh failed. Try again.')}
        </span>
      )}
    </span>
  );
}
