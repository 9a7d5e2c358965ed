/**
 * What a user may do to a list: its owner changes its settings (name, shared, schedule) or deletes
 * it; anyone who sees another's shared list may duplicate it (the copy is theirs, private).
 */
import { useMutation } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { Drawer } from '@/components/ui/drawer';
import { FormAlert } from '@/components/ui/form-field';
import { useCreateList, useDeleteList, useUpdateList } from '../api/change-list';
import { listsApi } from '../api/endpoints';
import { formValuesOf, LIST_NAME_MAX } from '../list-form';
import type { NewList, SavedList } from '../types';
import { ListSettingsForm } from './list-settings-form';
import { SeedChoice } from './seed-choice';

export function ListSettingsButton({
  list,
  onDone,
  size = 'sm',
}: {
  list: SavedList;
  onDone?: (message: string) => void;
  size?: 'sm' | 'md';
}) {
  const [open, setOpen] = useState(false);
  // A list of lookalikes may stop ranking by its seeds (they are dropped: a cheaper run in its order).
  const [keepSeeds, setKeepSeeds] = useState(true);
  const update = useUpdateList();
  const seeds = list.seeds?.length ?? 0;
  return (
    <>
      <Button
        size={size}
        variant="secondary"
        onClick={() => {
          setKeepSeeds(true);
          setOpen(true);
        }}
        aria-haspopup="dialog"
      >
        Settings<span className="sr-only"> of {list.name}</span>
      </Button>
      <Drawer
        open={open}
        onClose={() => setOpen(false)}
        title={`Settings of ${list.name}`}
        description={
          list.kind === 'static'
            ? 'Rename it, and share it with the team or keep it private.'
            : 'Rename it, share it with the team or keep it private, and choose how often it is checked.'
        }
      >
        {open && (
          <ListSettingsForm
            label={`Settings of ${list.name}`}
            submitLabel="Save changes"
            defaultValues={formValuesOf(list)}
            // A list of picked companies is never checked: it has no search to run.
            schedule={list.kind !== 'static'}
            onSubmit={async (settings) => {
              const changed = await update.mutateAsync({
                id: list.id,
                ...settings,
                ...(seeds > 0 && !keepSeeds ? { seeds: null } : {}),
              });
              setOpen(false);
              onDone?.(`Saved the settings of ${changed.name}.`);
            }}
          >
            {list.request && (
              <SeedChoice
                request={list.request}
                seeds={seeds}
                keepSeeds={keepSeeds}
                onChange={setKeepSeeds}
                dropped="its seeds are dropped"
              />
            )}
          </ListSettingsForm>
        )}
      </Drawer>
    </>
  );
}

export function DeleteListButton({ list, onDone }: { list: SavedList; onDone?: (message: string) => void }) {
  const [open, setOpen] = useState(false);
  const remove = useDeleteList();
  return (
    <>
      <Button size="sm" variant="ghost" onClick={() => setOpen(true)} aria-haspopup="dialog">
        Delete<span className="sr-only"> {list.name}</span>
      </Button>
      <Drawer
        open={open}
        onClose={() => setOpen(false)}
        title={`Delete ${list.name}?`}
        description={
          list.shared
            ? 'The list, its runs and what each member has seen go for everyone it is shared with.'
            : 'The list and its runs go. Companies and exports made from it stay.'
        }
      >
        <div className="space-y-4">
          {remove.error && <FormAlert>{remove.error.message}</FormAlert>}
          <div className="flex gap-2">
            <Button
              variant="primary"
              loading={remove.isPending}
              onClick={() =>
                remove.mutate(list.id, {
                  onSuccess: () => {
                    setOpen(false);
                    onDone?.(`Deleted ${list.name}.`);
                  },
                })
              }
            >
              Delete list
            </Button>
            <Button variant="secondary" onClick={() => setOpen(false)}>
              Keep it
            </Button>
          </div>
        </div>
      </Drawer>
    </>
  );
}

/** A private copy of a list: the same search, or the same companies picked by hand. */
async function copyOf(list: SavedList): Promise<NewList> {
  const name = `${list.name} (copy)`.slice(0, LIST_NAME_MAX);
  if (list.request === null) {
    // The Lists page reads lists without their companies: the list's own page has them.
    const companies = list.companies ?? (await listsApi.one(list.id)).companies ?? [];
    return { name, companies: companies.map((c) => c.uuid), shared: false };
  }
  return {
    name,
    request: list.request,
    ...(list.columns ? { columns: list.columns } : {}),
    // A list of lookalikes stays one: the copy keeps the seeds.
    ...(list.seeds ? { seeds: list.seeds } : {}),
    shared: false,
    schedule: null,
  };
}

/** Makes a private copy of someone else's shared list, then opens it. */
export function DuplicateListButton({ list, size = 'sm' }: { list: SavedList; size?: 'sm' | 'md' }) {
  const create = useMutation({ mutationFn: async () => copyOf(list) });
  const save = useCreateList();
  const navigate = useNavigate();
  return (
    <span className="inline-flex flex-col items-start gap-1">
      <Button
        size={size}
        variant="secondary"
        loading={create.isPending || save.isPending}
        onClick={() =>
          create.mutate(undefined, {
            onSuccess: (body) =>
              save.mutate(body, {
                onSuccess: (copy) => void navigate({ to: '/lists/$listId', params: { listId: copy.id } }),
              }),
          })
        }
      >
        Duplicate<span className="sr-only"> {list.name}</span>
      </Button>
      {(create.error ?? save.error) && (
        <span role="alert" className="text-xs text-rose-700">
          {(create.error ?? save.error)?.message}
        </span>
      )}
    </span>
  );
}
