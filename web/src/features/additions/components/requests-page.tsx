import type { AdditionRecord } from '@contract/bff-lists';
import { Link } from '@tanstack/react-router';
import { useEffect, useState } from 'react';
import { Button } from '@/components/ui/button';
import { DataTable } from '@/components/ui/data-table';
import { LoadError } from '@/components/ui/load-error';
import { Skeleton } from '@/components/ui/skeleton';
import { subscribeBffConnection } from '@/lib/bff-events';
import { formatDateTime } from '@/lib/format';
import { useAdditionEventsIntoCache, useAdditionStatus } from '../api/get-addition-status';
import { useAdditions } from '../api/get-additions';
import { AddCompanyDrawer } from './add-company-drawer';
import { StatusBadge } from './status-badge';

/** The user's addition requests and their states, updating live; kept by the BFF across reloads. */
export function RequestsPage() {
  const q = useAdditions();
  const [adding, setAdding] = useState(false);
  useAdditionEventsIntoCache();
  const { refetch } = q;
  // The list is newest first: the first few unfinished requests are the ones being watched.
  const watched = new Set(
    (q.data ?? [])
      .filter((r) => r.status === 'pending' || r.status === 'in_progress')
      .slice(0, WATCHED_REQUESTS)
      .map((r) => r.request_id),
  );
  // Events are not replayed after a reconnect: catch up with the list whenever the stream opens.
  useEffect(() => {
    let first = true;
    return subscribeBffConnection((open) => {
      if (open && !first) void refetch();
      first = false;
    });
  }, [refetch]);

  return (
    <div className="mx-auto w-full max-w-5xl px-6 py-8">
      <div className="flex items-end justify-between gap-4">
        <div>
          <h1 className="text-2xl font-semibold text-slate-900">Company requests</h1>
          <p className="mt-1 text-sm text-slate-600">
            Companies you asked to add to the data set, newest first.
          </p>
        </div>
        <Button variant="primary" onClick={() => setAdding(true)}>
          Add company
        </Button>
      </div>
      <div className="mt-6">
        {q.error ? (
          <LoadError
            what="Your requests could not be loaded."
            error={q.error}
            onRetry={() => void q.refetch()}
          />
        ) : !q.data ? (
          <div role="status" aria-label="Loading requests" className="space-y-2">
            {[0, 1, 2].map((i) => (
              <Skeleton key={i} className="h-12 w-full" />
            ))}
          </div>
        ) : q.data.length === 0 ? (
          <div className="rounded-lg border border-dashed border-slate-300 bg-white px-6 py-10 text-center text-sm">
            <p className="font-medium text-slate-700">No requests yet</p>
            <p className="mt-1 text-slate-500">
              When a company is missing from search, add it and follow its progress here.
            </p>
          </div>
        ) : (
          <DataTable
            caption="Your company addition requests"
            columns={[
              { label: 'Company' },
              { label: 'Status' },
              { label: 'Submitted' },
              { label: 'Updated' },
            ]}
          >
            {q.data.map((r) => (
              <RequestRow key={r.request_id} record={r} background={!watched.has(r.request_id)} />
            ))}
          </DataTable>
        )}
      </div>
      <AddCompanyDrawer open={adding} onClose={() => setAdding(false)} />
    </div>
  );
}

/** How many of the newest unfinished requests are looked up often; the older ones only now and then. */
const WATCHED_REQUESTS = 5;

/** One request; an unfinished one also watches its own status (the polling fallback). */
function RequestRow({ record, background }: { record: AdditionRecord; background: boolean }) {
  const open = record.status === 'pending' || record.status === 'in_progress';
  const status = useAdditionStatus(record.request_id, { enabled: open, background });
  const s = status.data;
  const r: AdditionRecord = s
    ? {
        ...record,
        status: s.status,
        reason: s.detail.reason,
        company_uuid: s.detail.company_uuid,
        company_name: s.detail.company_name ?? record.company_name,
        updated_at: s.detail.updated_at,
      }
    : record;
  const name = r.company_name || r.domain || r.request_id;
  return (
    <tr data-testid="addition-request" data-request-id={r.request_id}>
      <td className="px-4 py-3">
        <p className="font-medium text-slate-900">
          {r.status === 'completed' && r.company_uuid ? (
            <Link
              to="/companies/$companyId"
              params={{ companyId: r.company_uuid }}
              search={{}}
              className="text-indigo-700 hover:underline"
            >
              {name}
            </Link>
          ) : (
            name
          )}
        </p>
        {r.domain && r.domain !== name && <p className="text-xs text-slate-500">{r.domain}</p>}
        {r.status === 'failed' && (
          <p className="mt-0.5 text-xs text-rose-700">{r.reason || 'No reason given.'}</p>
        )}
      </td>
      <td className="px-4 py-3">
        <StatusBadge state={r.status} />
      </td>
      <td className="px-4 py-3 text-slate-600 tabular-nums">{formatDateTime(r.created_at)}</td>
      <td className="px-4 py-3 text-slate-600 tabular-nums">{formatDateTime(r.updated_at)}</td>
    </tr>
  );
}
