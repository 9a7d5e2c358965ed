/**
 * "Save list" in the list builder: a name, shared or private, a schedule; saves the list as it
 * stands (the caller gives the list request and columns of the builder's state at that moment).
 */
import type { ListRequest } from '@contract/api';
import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { Drawer } from '@/components/ui/drawer';
import { formatCredits } from '@/lib/format';
import { FALLBACK_PRICING, usePricing } from '@/lib/pricing';
import { useCreateList } from '../api/change-list';
import { LIST_NAME_MAX } from '../list-form';
import { estimateRun } from '../run-cost';
import type { SavedList } from '../types';
import { ListSettingsForm } from './list-settings-form';

export type SaveListButtonProps = {
  /**
   * The list as it stands: the builder's list request (first page, its size) and visible columns;
   * the seed companies' ids when it lists lookalikes.
   */
  current: () => { request: ListRequest; columns: string[]; seeds?: readonly string[] | undefined };
  /** What is saved, in words (filters, sort, page size, columns). */
  summary: string;
  /** What is kept of the lookalikes' seeds, in words (shown while they are to be kept). */
  seedSummary?: string;
  /** The name offered (the description, or nothing). */
  suggestedName?: string;
};

export function SaveListButton({ current, summary, seedSummary, suggestedName = '' }: SaveListButtonProps) {
  const [open, setOpen] = useState(false);
  const [saved, setSaved] = useState<SavedList | null>(null);
  // A list of lookalikes: keep its seeds (each run ranked by similarity to them) or only its filters.
  const [keepSeeds, setKeepSeeds] = useState(true);
  const create = useCreateList();
  const pricing = usePricing().data ?? FALLBACK_PRICING;
  return (
    <>
      <Button variant="secondary" onClick={() => setOpen(true)} aria-haspopup="dialog">
        <svg viewBox="0 0 16 16" className="h-4 w-4" aria-hidden="true">
          <path
            d="M4 2.5h8v11l-4-3-4 3z"
            stroke="currentColor"
            strokeWidth="1.5"
            fill="none"
            strokeLinejoin="round"
          />
        </svg>
        Save list
      </Button>
      {saved && (
        <span role="status" className="text-sm text-emerald-700">
          Saved{' '}
          <Link
            to="/lists/$listId"
            params={{ listId: saved.id }}
            className="font-medium underline hover:text-emerald-900 focus-visible:outline-2 focus-visible:outline-indigo-600"
          >
            {saved.name}
          </Link>
        </span>
      )}
      <Drawer
        open={open}
        onClose={() => setOpen(false)}
        title="Save list"
        description="Come back to it for what is new since you last looked."
      >
        {open && (
          <ListSettingsForm
            label="Save list"
            submitLabel="Save list"
            defaultValues={{
              name: suggestedName.slice(0, LIST_NAME_MAX),
              visibility: 'private',
              schedule: 'none',
            }}
            onSubmit={async (settings) => {
              const { seeds, ...state } = current();
              const list = await create.mutateAsync({
                ...state,
                ...(keepSeeds && seeds && seeds.length > 0 ? { seeds: [...seeds] } : {}),
                ...settings,
              });
              setSaved(list);
              setOpen(false);
            }}
          >
            <p className="rounded-md bg-slate-50 px-3 py-2 text-xs text-slate-600">
              <span className="font-medium text-slate-700">Saved with it:</span> {summary}
              {seedSummary && keepSeeds ? `; ${seedSummary}` : ''}
            </p>
            <SeedChoice
              current={current}
              plan={pricing.plan}
              listSections={pricing.rules.listSections}
              keepSeeds={keepSeeds}
              onChange={setKeepSeeds}
            />
          </ListSettingsForm>
        )}
      </Drawer>
    </>
  );
}

/**
 * Whether a list of lookalikes keeps its seeds: each run then ranks its members by similarity to
 * them, which reads the score's sections for every member and costs far more than a run in the
 * list's order. Both runs' prices are shown, so the choice is made knowing them.
 */
function SeedChoice({
  current,
  plan,
  listSections,
  keepSeeds,
  onChange,
}: {
  current: SaveListButtonProps['current'];
  plan: Parameters<typeof estimateRun>[1];
  listSections: boolean;
  keepSeeds: boolean;
  onChange: (keep: boolean) => void;
}) {
  const { request, seeds } = current();
  if (!seeds || seeds.length === 0 || !listSections) return null;
  const ranked = estimateRun(request, plan, seeds.length).credits;
  const plain = estimateRun(request, plan, 0).credits;
  const choices = [
    {
      keep: true,
      label: 'Ranked by similarity to its seeds',
      hint: `up to ${formatCredits(ranked)} a run: the score's sections for each of up to 500 companies`,
    },
    {
      keep: false,
      label: "In the list's order",
      hint: `up to ${formatCredits(plain)} a run; the seeds are not kept`,
    },
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
