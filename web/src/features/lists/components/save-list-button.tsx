/**
 * "Save list" in the list builder: a name, shared or private, a schedule; saves the list as it
 * stands (the caller gives the list request and columns of the builder's state at that moment).
 */
import type { ListRequest } from '@contract/api';
import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { Drawer } from '@/components/ui/drawer';
import { useCreateList } from '../api/change-list';
import { LIST_NAME_MAX } from '../list-form';
import type { SavedList } from '../types';
import { ListSettingsForm } from './list-settings-form';
import { SeedChoice } from './seed-choice';

type SaveListButtonProps = {
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
  // The list as it stands while the form is open (read once a render, not once per use).
  const shown = open ? current() : null;
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
        {shown && (
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
              request={shown.request}
              seeds={shown.seeds?.length ?? 0}
              keepSeeds={keepSeeds}
              onChange={setKeepSeeds}
            />
          </ListSettingsForm>
        )}
      </Drawer>
    </>
  );
}
