/**
 * The Accounts page: import a CSV of accounts the team already has and follow its matching, then the
 * account lists (imports, shared lists, "Exported before") with their companies, each one to hide in
 * the list builder or to enrich in bulk.
 */
import { useNavigate, useSearch } from '@tanstack/react-router';
import { type ReactNode, useCallback, useState } from 'react';
import type { AccountList } from '@/lib/account-lists';
import { AccountListsTable } from './account-lists-table';
import { EnrichDrawer } from './enrich-drawer';
import { ImportForm } from './import-form';
import { ImportProgress } from './import-progress';

export function AccountsPage({
  listActions,
}: {
  /** More controls per account list (the app layer's: "More like these"). */
  listActions?: ((list: AccountList) => ReactNode) | undefined;
} = {}) {
  const search = useSearch({ from: '/accounts' });
  const navigate = useNavigate({ from: '/accounts' });
  const [enriching, setEnriching] = useState<AccountList | null>(null);
  const setImport = useCallback(
    (id: string | undefined) =>
      void navigate({ search: (prev) => ({ ...prev, import: id }), resetScroll: false }),
    [navigate],
  );
  const setOpenList = useCallback(
    (id: string | null) =>
      void navigate({
        search: (prev) => ({ ...prev, list: id ?? undefined }),
        replace: true,
        resetScroll: false,
      }),
    [navigate],
  );
  const closeEnrich = useCallback(() => setEnriching(null), []);

  return (
    <div className="mx-auto flex w-full max-w-5xl flex-col gap-8 px-6 py-8">
      <div>
        <h1 className="text-2xl font-semibold text-slate-900">Accounts</h1>
        <p className="mt-1 text-sm text-slate-600">
          Import the accounts you already have (a CRM export), match them to companies, then keep them out of
          new lists or enrich them in bulk.
        </p>
      </div>

      <section aria-labelledby="import-heading" className="flex flex-col gap-3">
        <h2 id="import-heading" className="text-lg font-semibold text-slate-900">
          {search.import ? 'Import' : 'Import a CSV'}
        </h2>
        {search.import ? (
          <ImportProgress importId={search.import} onDone={() => setImport(undefined)} />
        ) : (
          <ImportForm onStarted={(id) => setImport(id)} />
        )}
      </section>

      <section aria-labelledby="lists-heading" className="flex flex-col gap-3">
        <h2 id="lists-heading" className="text-lg font-semibold text-slate-900">
          Account lists
        </h2>
        <AccountListsTable
          openList={search.list ?? null}
          onOpenList={setOpenList}
          onEnrich={setEnriching}
          listActions={listActions}
        />
      </section>

      <EnrichDrawer list={enriching} onClose={closeEnrich} />
    </div>
  );
}
