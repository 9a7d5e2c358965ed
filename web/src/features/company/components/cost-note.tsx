import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { formatCredits } from '@/lib/format';
import { invalidateUsage } from '@/lib/usage';

/**
 * What a panel's data cost: "Cost 2.5 credits", or "From cache, no charge" when the BFF answered
 * from its cache. A fresh charge refreshes the header's spend.
 */
export function CostNote({
  credits,
  cached,
  updatedAt,
}: {
  credits: number;
  cached: boolean;
  /** When the data arrived (`dataUpdatedAt`): each new answer is a new charge. */
  updatedAt: number;
}) {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (!cached && credits > 0 && updatedAt > 0) void invalidateUsage(queryClient);
  }, [cached, credits, updatedAt, queryClient]);
  return (
    <span className="text-xs text-slate-500 tabular-nums" data-testid="cost-note">
      {cached ? 'From cache, no charge' : `Cost ${formatCredits(credits)}`}
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
