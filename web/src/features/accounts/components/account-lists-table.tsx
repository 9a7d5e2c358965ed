/**
 * The user's account lists (their imports, the team's shared ones, and "Exported before"): size,
 * whether shared, where it came from; the owner shares or stops sharing; a list's members open below
 * it; a list opens in the list builder with its companies hidden, or is enriched in bulk.
 */

import { Link } from '@tanstack/react-router';
import { Fragment, type ReactNode } from 'react';
import { Button } from '@/components/ui/button';
import { DataTable } from '@/components/ui/data-table';
import { FormAlert } from '@/components/ui/form-field';
import { LoadError } from '@/components/ui/load-error';
import { Skeleton } from '@/components/ui/skeleton';
import {
  type AccountList,
  accountListSourceLabel,
  useAccountList,
  useAccountLists,
} from '@/lib/account-lists';
import { errorMessage } from '@/lib/errors';
import { formatCount } from '@/lib/format';
import { useShareList } from '../api/share-list';

const MEMBERS_SHOWN = 100;

export function AccountListsTable({
  openList,
  onOpenList,
  onEnrich,
  listActions,
}: {
  /** The list whose members are shown (the URL keeps it). */
  openList: string | null;
  onOpenList: (id: string | null) => void;
  onEnrich: (list: AccountList) => void;
  /** More controls per list (the app layer's: "More like these"). */
  listActions?: ((list: AccountList) => ReactNode) | undefined;
}) {
  const q = useAccountLists();
  const share = useShareList();

  if (q.error) {
    return (
      <LoadError
        what="Your account lists could not be loaded."
        error={q.error}
        onRetry={() => void q.refetch()}
      />
    );
  }
  if (!q.data) {
    return (
      <div role="status" aria-label="Loading account lists" className="space-y-2">
        {[0, 1, 2].map((i) => (
          <Skeleton key={i} className="h-11 w-full" />
        ))}
      </div>
    );
  }
  if (q.data.length === 0) {
    return (
      <div className="rounded-lg border border-dashed border-slate-300 bg-white px-6 py-10 text-center text-sm">
        <p className="font-medium text-slate-700">No account lists yet</p>
        <p className="mt-1 text-slate-500">
          Import a CSV above; your exports also make a list of their own, “Exported before”.
        </p>
      </div>
    );
  }

  return (
    <div className="flex flex-col gap-2">
      {share.error && <FormAlert>{errorMessage(share.error, 'The list could not be shared.')}</FormAlert>}
      <DataTable
        caption="Your account lists"
        columns={[
          { label: 'List' },
          { label: 'Companies', align: 'right' },
          { label: 'Shared with the team' },
          { label: 'Source' },
          { label: 'Actions', srOnly: true },
        ]}
      >
        {q.data.map((list) => {
          const open = openList === list.id;
          const owned = list.own;
          return (
            <Fragment key={list.id}>
              <tr data-testid="account-list" data-list-id={list.id}>
                <td className="px-4 py-2.5">
                  <button
                    type="button"
                    aria-expanded={open}
                    aria-controls={`members-${list.id}`}
                    onClick={() => onOpenList(open ? null : list.id)}
                    className="inline-flex min-h-6 items-center gap-1.5 text-left font-medium text-slate-900 hover:text-indigo-700 focus-visible:outline-2 focus-visible:outline-indigo-600"
                  >
                    <svg
                      viewBox="0 0 16 16"
                      className={`h-3.5 w-3.5 shrink-0 text-slate-500 transition-transform ${open ? 'rotate-90' : ''}`}
                      aria-hidden="true"
                    >
                      <path d="M6 4l4 4-4 4" stroke="currentColor" strokeWidth="1.5" fill="none" />
                    </svg>
                    {list.name}
                  </button>
                </td>
                <td className="px-4 py-2.5 text-right text-slate-700 tabular-nums">
                  {formatCount(list.size)}
                </td>
                <td className="px-4 py-2.5">
                  {owned ? (
                    <label className="inline-flex min-h-6 cursor-pointer items-center gap-2 text-slate-700">
                      <input
                        type="checkbox"
                        role="switch"
                        aria-checked={list.shared}
                        className="h-4 w-4 cursor-pointer accent-indigo-600"
                        checked={list.shared}
                        aria-label={`Share ${list.name} with the team`}
                        onChange={(e) => share.mutate({ id: list.id, shared: e.target.checked })}
                      />
                      {list.shared ? 'Shared' : 'Private'}
                    </label>
                  ) : (
                    <span className="text-slate-600">
                      {list.shared ? (owned ? 'Shared' : `Shared by ${list.owner.name}`) : 'Private'}
                    </span>
                  )}
                </td>
                <td className="px-4 py-2.5 text-slate-600">{accountListSourceLabel(list.source)}</td>
                <td className="px-4 py-2.5">
                  <div className="flex items-center justify-end gap-3">
                    {listActions?.(list)}
                    <Link
                      to="/"
                      search={{ hide_accounts: [list.id] }}
                      className="text-sm text-indigo-700 hover:underline focus-visible:outline-2 focus-visible:outline-indigo-600"
                      aria-label={`Hide ${list.name} in the list builder`}
                    >
                      Hide in lists
                    </Link>
                    <Button size="sm" onClick={() => onEnrich(list)} aria-label={`Enrich ${list.name}`}>
                      Enrich…
                    </Button>
                  </div>
                </td>
              </tr>
              {open && (
                <tr id={`members-${list.id}`}>
                  <td colSpan={5} className="bg-slate-50/60 px-4 py-3">
                    <Members id={list.id} name={list.name} />
                  </td>
                </tr>
              )}
            </Fragment>
          );
        })}
      </DataTable>
    </div>
  );
}

function Members({ id, name }: { id: string; name: string }) {
  const q = useAccountList(id);
  if (q.error) return <p className="text-sm text-rose-700">The list’s companies could not be loaded.</p>;
  if (!q.data) return <Skeleton className="h-16 w-full" />;
  const members = q.data.members;
  if (members.length === 0) return <p className="text-sm text-slate-500">No companies in this list yet.</p>;
  return (
    <div>
      <ul aria-label={`Companies in ${name}`} className="grid gap-x-6 gap-y-1 sm:grid-cols-2 lg:grid-cols-3">
        {members.slice(0, MEMBERS_SHOWN).map((m) => (
          <li key={m.uuid} className="min-w-0 truncate text-sm">
            <Link
              to="/companies/$companyId"
              params={{ companyId: m.uuid }}
              search={{}}
              className="font-medium text-slate-900 hover:text-indigo-700 hover:underline"
            >
              {m.name}
            </Link>
            {m.domain && <span className="ml-1.5 text-slate-500">{m.domain}</span>}
          </li>
        ))}
      </ul>
      {members.length > MEMBERS_SHOWN && (
        <p className="mt-2 text-xs text-slate-500">
          The first {formatCount(MEMBERS_SHOWN)} of {formatCount(members.length)}; the match report has them
          all.
        </p>
      )}
    </div>
  );
}
