/**
 * Whether a list of lookalikes keeps its seeds: each run then ranks its members by similarity to
 * them, which reads the score's sections for every member and costs far more than a run in the
 * list's order. Both runs' prices are shown, so the choice is made knowing them. Shown only where the
 * plan has sections in lists (elsewhere a run keeps the list's order anyway).
 */
import type { ListRequest } from '@contract/api';
import { formatCredits } from '@/lib/format';
import { FALLBACK_PRICING, usePricing } from '@/lib/pricing';
import { estimateRun } from '../run-cost';

export function SeedChoice({
  request,
  seeds,
  keepSeeds,
  onChange,
  dropped = 'the seeds are not kept',
}: {
  request: ListRequest;
  /** How many seeds the list has (0: nothing to choose). */
  seeds: number;
  keepSeeds: boolean;
  onChange: (keep: boolean) => void;
  /** What choosing the list's order does to the seeds, in words. */
  dropped?: string;
}) {
  const pricing = usePricing().data ?? FALLBACK_PRICING;
  if (seeds === 0 || !pricing.rules.listSections) return null;
  const ranked = estimateRun(request, pricing.plan, seeds).credits;
  const plain = estimateRun(request, pricing.plan, 0).credits;
  const choices = [
    {
      keep: true,
      label: 'Ranked by similarity to its seeds',
      hint: `up to ${formatCredits(ranked)} a run: the score's sections for each of up to 500 companies`,
    },
    { keep: false, label: "In the list's order", hint: `up to ${formatCredits(plain)} a run; ${dropped}` },
  ];
  return (
    <fieldset>
      <legend className="mb-1 text-sm font-medium text-slate-700">Its runs</legend>
      <div className="space-y-1.5">
        {choices.map((c) => (
          <label key={String(c.keep)} className="flex items-start gap-2 text-sm text-slate-700">
            <input
              type="radio"
              name="seed-ranking"
              checked={keepSeeds === c.keep}
              onChange={() => onChange(c.keep)}
              className="mt-0.5 accent-indigo-600"
            />
            <span>
              {c.label} <span className="text-slate-500">{c.hint}</span>
            </span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}
