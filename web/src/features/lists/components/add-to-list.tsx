/**
 * "Add to list" on selected companies: a small dialog that puts them in a new list of picked
 * companies (named there) or in one the user already has; the list it went to is a link after.
 */
import { STATIC_LIST_MAX_COMPANIES } from '@contract/list-params';
import { Link } from '@tanstack/react-router';
import { type FormEvent, useId, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Drawer } from '@/components/ui/drawer';
import { FormAlert, FormField } from '@/components/ui/form-field';
import { useSession } from '@/features/auth/api/get-session';
import { errorMessage, problemFields } from '@/lib/errors';
import { useSavedLists } from '../api/get-lists';
import { useChangeCompanies, useCreateStaticList } from '../api/static-lists';
import { LIST_NAME_MAX } from '../list-form';
import { companiesWords, isOwner } from '../list-words';
import type { SavedList } from '../types';

type Target = 'new' | 'existing';

/** Why nothing was added, in a rep's words (the BFF names each company it could not find by its id). */
function failureWords(err: unknown): string {
  const missing = problemFields(err).filter((f) => f.message.startsWith('no company found')).length;
  if (missing > 0)
    return `We could not find ${missing === 1 ? 'one of these companies' : `${missing} of these companies`} any more, so nothing was added. Reload the page and try again.`;
  return `Nothing was added: ${errorMessage(err, 'try again.')}`;
}

export function AddToListButton({
  companies,
  exceptList,
  onAdded,
}: {
  /** The selected companies' ids. */
  companies: readonly string[];
  /** A list not offered (the one the companies are shown from). */
  exceptList?: string | undefined;
  /** After they were added (the caller may clear its selection). */
  onAdded?: (list: SavedList) => void;
}) {
  const [open, setOpen] = useState(false);
  const [done, setDone] = useState<{ list: SavedList; added: number } | null>(null);
  return (
    <>
      <Button
        size="sm"
        variant="secondary"
        onClick={() => {
          setDone(null);
          setOpen(true);
        }}
        aria-haspopup="dialog"
        disabled={companies.length === 0}
      >
        <svg viewBox="0 0 16 16" className="h-3.5 w-3.5" aria-hidden="true">
          <path d="M8 3v10M3 8h10" stroke="currentColor" strokeWidth="1.6" strokeLinecap="round" />
        </svg>
        Add to list
      </Button>
      {done && (
        <span role="status" className="text-xs text-emerald-700">
          Added {companiesWords(done.added)} to{' '}
          <Link
            to="/lists/$listId"
            params={{ listId: done.list.id }}
            className="font-medium underline hover:text-emerald-900 focus-visible:outline-2 focus-visible:outline-indigo-600"
          >
            {done.list.name}
          </Link>
        </span>
      )}
      <Drawer
        open={open}
        onClose={() => setOpen(false)}
        title="Add to list"
        description={`Keep the ${companiesWords(companies.length)} you picked together in a list of your own.`}
      >
        {open && (
          <AddToListForm
            companies={companies}
            exceptList={exceptList}
            onDone={(list, added) => {
              setOpen(false);
              setDone({ list, added });
              onAdded?.(list);
            }}
          />
        )}
      </Drawer>
    </>
  );
}

function AddToListForm({
  companies,
  exceptList,
  onDone,
}: {
  companies: readonly string[];
  exceptList: string | undefined;
  onDone: (list: SavedList, added: number) => void;
}) {
  const id = useId();
  const session = useSession().data;
  const lists = useSavedLists();
  // The user's own lists of picked companies: only their owner adds to them.
  const mine = (lists.data ?? []).filter(
    (l) => l.kind === 'static' && l.id !== exceptList && isOwner(l, session),
  );
  const [target, setTarget] = useState<Target>('new');
  const [name, setName] = useState('');
  const [chosen, setChosen] = useState('');
  const [fieldError, setFieldError] = useState<string | undefined>();
  const create = useCreateStaticList();
  const change = useChangeCompanies();
  const pending = create.isPending || change.isPending;
  const failure = create.error ?? change.error;
  const existing = mine.find((l) => l.id === (chosen || mine[0]?.id));
  const tooMany = companies.length > STATIC_LIST_MAX_COMPANIES;

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (target === 'new') {
      const trimmed = name.trim();
      if (!trimmed) return setFieldError('Give the list a name');
      if (trimmed.length > LIST_NAME_MAX) return setFieldError(`At most ${LIST_NAME_MAX} characters`);
      setFieldError(undefined);
      create.mutate(
        { name: trimmed, companies },
        { onSuccess: (list) => onDone(list, list.company_count ?? companies.length) },
      );
    } else if (existing) {
      const before = existing.company_count ?? 0;
      change.mutate(
        { id: existing.id, add: [...companies] },
        { onSuccess: (list) => onDone(list, Math.max(0, (list.company_count ?? 0) - before)) },
      );
    }
  };

  return (
    <form noValidate onSubmit={submit} className="space-y-4" aria-label="Add to list">
      <fieldset>
        <legend className="mb-1 text-sm font-medium text-slate-700">Where</legend>
        <div className="space-y-1.5 text-sm text-slate-700">
          <label className="flex items-center gap-2">
            <input
              type="radio"
              name={`${id}-target`}
              className="accent-indigo-600"
              checked={target === 'new'}
              onChange={() => setTarget('new')}
            />
            A new list
          </label>
          <label className="flex items-center gap-2 has-disabled:text-slate-400">
            <input
              type="radio"
              name={`${id}-target`}
              className="accent-indigo-600"
              checked={target === 'existing'}
              disabled={mine.length === 0}
              onChange={() => setTarget('existing')}
            />
            A list you already have
            {lists.data && mine.length === 0 && <span className="text-slate-500">(none yet)</span>}
          </label>
        </div>
      </fieldset>
      {target === 'new' ? (
        <FormField
          id={`${id}-name`}
          label="Name"
          error={fieldError}
          hint="Only you see it until you share it."
          input={(p) => (
            <input
              {...p}
              value={name}
              onChange={(e) => setName(e.target.value)}
              autoComplete="off"
              // The dialog opens to name the list (the Drawer focuses it, and returns the focus after).
              data-autofocus
            />
          )}
        />
      ) : (
        <div>
          <label htmlFor={`${id}-list`} className="mb-1 block text-sm font-medium text-slate-700">
            List
          </label>
          <select
            id={`${id}-list`}
            value={existing?.id ?? ''}
            onChange={(e) => setChosen(e.target.value)}
            className="h-9 w-full rounded-md border border-slate-300 bg-white px-2 text-sm text-slate-900 focus:border-indigo-500 focus:ring-2 focus:ring-indigo-500/30 focus:outline-none"
          >
            {mine.map((l) => (
              <option key={l.id} value={l.id}>
                {l.name} ({companiesWords(l.company_count ?? 0)})
              </option>
            ))}
          </select>
          <p className="mt-1 text-xs text-slate-500">Companies already in it stay where they are.</p>
        </div>
      )}
      {tooMany && (
        <FormAlert>A list holds at most {STATIC_LIST_MAX_COMPANIES} companies: select fewer.</FormAlert>
      )}
      {failure && <FormAlert>{failureWords(failure)}</FormAlert>}
      <Button type="submit" variant="primary" loading={pending} disabled={tooMany}>
        Add {companiesWords(companies.length)}
      </Button>
    </form>
  );
}
