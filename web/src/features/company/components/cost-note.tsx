import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { Button } from '@/components/ui/button';
import { errorMessage } from '@/lib/errors';
import { formatAsOf, formatCredits } from '@/lib/format';
import { offersRefresh } from '@/lib/store-note';
import { invalidateUsage } from '@/lib/usage';

/** A panel's way to buy its data afresh: its price, and the mutation's state. */
export type Refresh = { price: number; onRefresh: () => void; pending: boolean; error: Error | null };

/** What an answer cost, in a rep's words. */
export function costWords(credits: number, cached: boolean, saved: number): string {
  if (cached) return 'From cache, no charge';
  if (credits === 0 && saved > 0) return 'Already stored, no charge';
  return `Cost ${formatCredits(credits)}`;
}

/**
 * What a panel's data cost: "Cost 2.5 credits", "Already stored, no charge" when the team's company
 * store held it, or "From cache, no charge" when the BFF answered from its cache; then when the data
 * was fetched ("as of Nov 3") and, for data more than a day old, "Refresh (N credits)". A fresh
 * charge refreshes the header's spend.
 */
export function CostNote({
  credits,
  cached,
  saved = 0,
  asOf = null,
  refresh,
  updatedAt,
}: {
  credits: number;
  cached: boolean;
  saved?: number;
  asOf?: string | null;
  refresh?: Refresh | undefined;
  /** When the data arrived (`dataUpdatedAt`): each new answer is a new charge. */
  updatedAt: number;
}) {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (!cached && (credits > 0 || saved > 0) && updatedAt > 0) void invalidateUsage(queryClient);
  }, [cached, credits, saved, updatedAt, queryClient]);
  const when = formatAsOf(asOf);
  return (
    <span className="inline-flex flex-wrap items-center justify-end gap-x-1.5 text-xs text-slate-500 tabular-nums">
      <span data-testid="cost-note">{costWords(credits, cached, saved)}</span>
      {when && (
        <>
          <span aria-hidden="true">·</span>
          <span data-testid="as-of">as of {when}</span>
        </>
      )}
      {refresh && offersRefresh(asOf) && (
        <Button variant="link" size="sm" onClick={refresh.onRefresh} loading={refresh.pending}>
          Refresh ({formatCredits(refresh.price)})
        </Button>
      )}
      {refresh?.error && (
        <span role="alert" className="text-red-700">
          {errorMessage(refresh.error, 'The refresh failed. Try again.')}
        </span>
      )}
    </span>
  );
}

/** The price of a call before it is made. */
export function PriceNote({ credits, upTo = false }: { credits: number; upTo?: boolean }) {
  if (credits === 0) return <span className="text-xs text-emerald-700">Free</span>;
  return (
    <span className="text-xs text-slate-500 tabular-nums">
      {upTo ? 'up to ' : ''}
      {formatCredits(credits)}
    </span>
  );
}
