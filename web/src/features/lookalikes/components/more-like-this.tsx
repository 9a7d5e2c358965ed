import {
  estimateLookalikeCost,
  LOOKALIKE_DEFAULT_LIMIT,
  LOOKALIKE_MAX_SEEDS,
} from '@contract/lookalike-cost';
import { useNavigate } from '@tanstack/react-router';
import { useId } from 'react';
import { Button } from '@/components/ui/button';
import { formatCredits } from '@/lib/format';
import { FALLBACK_PRICING, usePricing } from '@/lib/pricing';
import { lookalikeRequestOf, requestKey } from '../lookalike-request';
import { askRun } from '../run-memory';

function SimilarIcon({ small = false }: { small?: boolean }) {
  return (
    <svg viewBox="0 0 16 16" className={small ? 'h-3.5 w-3.5' : 'h-4 w-4'} aria-hidden="true">
      <circle cx="5" cy="8" r="3" fill="none" stroke="currentColor" strokeWidth="1.5" />
      <circle cx="11" cy="8" r="3" fill="none" stroke="currentColor" strokeWidth="1.5" />
    </svg>
  );
}

/**
 * "More like this": opens the list builder with the companies most like the seeds (1 to 20), with
 * what the run may cost said beside the button before it is pressed.
 */
export function MoreLikeThis({
  seeds,
  hideAccounts,
  compact = false,
  size = compact ? 'sm' : 'md',
}: {
  seeds: readonly string[];
  /** Account lists hidden in the list builder: the lookalikes leave their companies out too. */
  hideAccounts?: readonly string[] | undefined;
  /** A link-sized control for a line of text. */
  compact?: boolean;
  /** A small button (a bar of actions on a selection). */
  size?: 'sm' | 'md';
}) {
  const navigate = useNavigate();
  const pricing = usePricing().data ?? FALLBACK_PRICING;
  const costId = useId();
  const tooMany = seeds.length > LOOKALIKE_MAX_SEEDS;
  const estimate = estimateLookalikeCost(
    {
      seeds: Math.min(seeds.length, LOOKALIKE_MAX_SEEDS),
      limit: LOOKALIKE_DEFAULT_LIMIT,
      derive_filters: true,
    },
    pricing.plan,
  );
  const open = () => {
    const like = [...seeds];
    const hide_accounts = hideAccounts && hideAccounts.length > 0 ? [...hideAccounts] : undefined;
    const req = lookalikeRequestOf({ like, hide_accounts });
    if (req) askRun(requestKey(req));
    void navigate({ to: '/', search: { like, ...(hide_accounts ? { hide_accounts } : {}) } });
  };
  const label = seeds.length === 1 ? 'More like this' : 'More like these';
  return (
    <span className="inline-flex items-center gap-2">
      {compact && (
        <span aria-hidden="true" className="text-slate-400">
          ·
        </span>
      )}
      <Button
        variant={compact ? 'link' : 'secondary'}
        size={size}
        onClick={open}
        disabled={tooMany || seeds.length === 0}
        aria-describedby={costId}
      >
        {!compact && <SimilarIcon small={size === 'sm'} />}
        {label}
      </Button>
      <span id={costId} className="text-xs whitespace-nowrap text-slate-500 tabular-nums">
        {tooMany
          ? `select at most ${LOOKALIKE_MAX_SEEDS} companies`
          : `${compact || size === 'sm' ? '' : 'Costs '}up to ~${formatCredits(estimate.credits)}`}
      </span>
    </span>
  );
}
