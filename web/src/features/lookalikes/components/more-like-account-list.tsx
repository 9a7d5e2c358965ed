import {
  estimateLookalikeCost,
  LOOKALIKE_DEFAULT_LIMIT,
  LOOKALIKE_MAX_SEEDS,
} from '@contract/lookalike-cost';
import { useNavigate } from '@tanstack/react-router';
import { useId, useState } from 'react';
import { Button } from '@/components/ui/button';
import type { AccountList } from '@/lib/account-lists';
import { call } from '@/lib/api-client';
import { formatCredits } from '@/lib/format';
import { FALLBACK_PRICING, usePricing } from '@/lib/pricing';
import { bestMatched } from '../best-matched';
import { lookalikeRequestOf, requestKey } from '../lookalike-request';
import { askRun } from '../run-memory';

/** How many of an import's matched rows are read to find its best-matched companies. */
const ROWS_READ = 1000;

/**
 * "More like these" on an account list: the lookalikes of its best-matched companies (at most 20,
 * by match confidence), with what the run may cost said beside the button.
 */
export function MoreLikeAccountList({ list }: { list: AccountList }) {
  const navigate = useNavigate();
  const pricing = usePricing().data ?? FALLBACK_PRICING;
  const costId = useId();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const seeds = Math.min(list.size, LOOKALIKE_MAX_SEEDS);
  const estimate = estimateLookalikeCost(
    { seeds: Math.max(1, seeds), limit: LOOKALIKE_DEFAULT_LIMIT, derive_filters: true },
    pricing.plan,
  );
  const open = async () => {
    setBusy(true);
    setError(null);
    try {
      const [rows, detail] = await Promise.all([
        list.import_id
          ? call('bff.accounts.rows', { id: list.import_id, filter: 'matched', limit: ROWS_READ })
          : Promise.resolve({ data: [] }),
        call('bff.accounts.list', { id: list.id, limit: ROWS_READ }),
      ]);
      const like = bestMatched(rows.data, detail.members);
      if (like.length === 0) {
        setError('No companies in this list yet.');
        return;
      }
      const req = lookalikeRequestOf({ like });
      if (req) askRun(requestKey(req));
      void navigate({ to: '/', search: { like } });
    } catch {
      setError('The list’s companies could not be read; try again.');
    } finally {
      setBusy(false);
    }
  };
  return (
    <span className="inline-flex items-center gap-2">
      <Button
        size="sm"
        variant="secondary"
        onClick={() => void open()}
        disabled={busy || list.size === 0}
        aria-describedby={costId}
        aria-label={`More like ${list.name}`}
      >
        More like these
      </Button>
      <span id={costId} className="text-xs whitespace-nowrap text-slate-500 tabular-nums">
        {error ??
          (seeds === 0 ? 'no companies yet' : `best ${seeds} · up to ~${formatCredits(estimate.credits)}`)}
      </span>
    </span>
  );
}
