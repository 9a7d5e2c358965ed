/**
 * The Lists page: every list the user owns or can see (theirs, and the team's shared ones), with
 * its owner, last run, size, how many are new and its schedule. The owner changes or deletes a
 * list here; a member duplicates someone else's shared list.
 */
import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { DataTable } from '@/components/ui/data-table';
import { LoadError } from '@/components/ui/load-error';
import { Skeleton } from '@/components/ui/skeleton';
import { useSession } from '@/features/auth/api/get-session';
import { formatCount, formatDateTime } from '@/lib/format';
import { useSavedLists } from '../api/get-lists';
import { useAlerts, useMarkAlertsRead } from '../api/unread';
import { isOwner, listKindWords, ownerName, scheduleWords, seedNamesWords } from '../list-words';
import type { SavedList } from '../types';
import { LastCheckNote } from './last-check-note';
import { DeleteListButton, DuplicateListButton, ListSettingsButton } from './list-actions';

export function ListsPage() {
  const q = useSavedLists();
  const session = useSession().data;
  const [message, setMessage] = useState<string | null>(null);
  return (
    <div className="mx-auto w-full max-w-6xl px-6 py-8">
      <div className="flex items-end justify-between gap-4">
        <div>
          <h1 className="text-2xl font-semibold text-slate-900">Lists</h1>
          <p className="mt-1 text-sm text-slate-600">
            Saved searches run again to show what is new since you last marked them seen; lists of picked
            companies keep the companies you chose.
          </p>
        </div>
        <Link
          to="/"
          className="inline-flex h-9 shrink-0 items-center rounded-md bg-indigo-600 px-3.5 text-sm font-medium whitespace-nowrap text-white shadow-sm hover:bg-indigo-500 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600"
        >
          Build a list
        </Link>
      </div>
      <p role="status" className="mt-3 min-h-5 text-sm text-emerald-700">
        {message}
      </p>
      <Alerts />
      <div className="mt-2">
        {q.error ? (
          <LoadError
            what="Your lists could not be loaded."
            error={q.error}
            onRetry={() => void q.refetch()}
          />
        ) : !q.data ? (
          <div role="status" aria-label="Loading lists" className="space-y-2">
            {[0, 1, 2].map((i) => (
              <Skeleton key={i} className="h-12 w-full" />
            ))}
          </div>
        ) : q.data.length === 0 ? (
          <div className="rounded-lg border border-dashed border-slate-300 bg-white px-6 py-10 text-center text-sm">
            <p className="font-medium text-slate-700">No lists yet</p>
            <p className="mt-1 text-slate-500">
              Build a list, then “Save list” above its results to come back to it for what is new, or select
              companies and “Add to list” to keep them together.
            </p>
          </div>
        ) : (
          <DataTable
            caption="Your lists and the team’s shared lists"
            columns={[
              { label: 'List' },
              { label: 'Kind' },
              { label: 'Owner' },
              { label: 'Last run' },
              { label: 'Size', align: 'right' },
              { label: 'New', align: 'right' },
              { label: 'Schedule' },
              { label: 'Actions', srOnly: true },
            ]}
          >
            {q.data.map((list) => (
              <ListRow key={list.id} list={list} mine={isOwner(list, session)} onDone={setMessage} />
            ))}
          </DataTable>
        )}
      </div>
    </div>
  );
}

/** Unread alerts of scheduled checks that found new companies, each a link to its list. */
function Alerts() {
  const alerts = useAlerts().data?.alerts ?? [];
  const markRead = useMarkAlertsRead();
  if (alerts.length === 0) return null;
  return (
    <section
      aria-labelledby="alerts-heading"
      className="mb-4 rounded-lg border border-indigo-200 bg-indigo-50 px-4 py-3 text-sm"
    >
      <div className="flex items-center justify-between gap-3">
        <h2 id="alerts-heading" className="font-semibold text-indigo-900">
          New matches from scheduled checks
        </h2>
        <Button size="sm" variant="secondary" loading={markRead.isPending} onClick={() => markRead.mutate()}>
          Mark read
        </Button>
      </div>
      <ul className="mt-1 space-y-0.5">
        {alerts.map((a) => (
          <li key={a.id} className="text-indigo-950">
            <Link
              to="/lists/$listId"
              params={{ listId: a.list_id }}
              className="font-medium underline focus-visible:outline-2 focus-visible:outline-indigo-600"
            >
              {a.list_name}
            </Link>
            : {formatCount(a.count)} new {a.count === 1 ? 'company' : 'companies'}, {formatDateTime(a.at)}
          </li>
        ))}
      </ul>
    </section>
  );
}

function ListRow({ list, mine, onDone }: { list: SavedList; mine: boolean; onDone: (m: string) => void }) {
  const run = list.last_run;
  const picked = list.kind === 'static';
  const newCount = list.new_count ?? run?.added_count ?? 0;
  return (
    <tr data-testid="saved-list" data-list-id={list.id}>
      <td className="px-4 py-3">
        <Link
          to="/lists/$listId"
          params={{ listId: list.id }}
          className="font-medium text-indigo-700 hover:underline focus-visible:outline-2 focus-visible:outline-indigo-600"
        >
          {list.name}
        </Link>
        {list.seed_companies && list.seed_companies.length > 0 && (
          <p className="text-xs text-slate-600" title={list.seed_companies.map((s) => s.name).join(', ')}>
            Like: {seedNamesWords(list.seed_companies)}
          </p>
        )}
        <p className="text-xs text-slate-500">{list.shared ? 'Shared with the team' : 'Private'}</p>
      </td>
      <td className="px-4 py-3">
        <span
          className={`rounded-full px-2 py-0.5 text-xs font-medium whitespace-nowrap ${
            picked ? 'bg-amber-50 text-amber-900' : 'bg-slate-100 text-slate-700'
          }`}
        >
          {listKindWords(list)}
        </span>
      </td>
      <td className="px-4 py-3 text-slate-700">{mine ? 'You' : ownerName(list.owner)}</td>
      <td className="px-4 py-3 text-slate-600 tabular-nums">
        {picked ? (
          <span className="text-slate-500">Does not run</span>
        ) : run ? (
          formatDateTime(run.at)
        ) : (
          'Never run'
        )}
      </td>
      <td className="px-4 py-3 text-right text-slate-700 tabular-nums">
        {picked ? formatCount(list.company_count ?? 0) : run ? formatCount(run.size) : '—'}
      </td>
      <td className="px-4 py-3 text-right tabular-nums">
        {newCount > 0 ? (
          <span className="rounded-full bg-emerald-100 px-2 py-0.5 text-xs font-medium text-emerald-800">
            {formatCount(newCount)} new
          </span>
        ) : (
          <span className="text-slate-500">{run ? '0' : '—'}</span>
        )}
      </td>
      <td className="px-4 py-3 text-slate-600">
        {picked ? (
          <span className="text-slate-500">—</span>
        ) : (
          <>
            {scheduleWords(list.schedule)}
            <LastCheckNote list={list} />
          </>
        )}
      </td>
      <td className="px-4 py-3">
        <div className="flex justify-end gap-1.5">
          {mine ? (
            <>
              <ListSettingsButton list={list} onDone={onDone} />
              <DeleteListButton list={list} onDone={onDone} />
            </>
          ) : (
            <DuplicateListButton list={list} />
          )}
        </div>
      </td>
    </tr>
  );
}
