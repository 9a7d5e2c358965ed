import { DataTable } from '@/components/ui/data-table';
import { LoadError } from '@/components/ui/load-error';
import { Skeleton } from '@/components/ui/skeleton';
import { formatDateTime } from '@/lib/format';
import { AUDIT_SHOWN, useAudit } from '../api/get-audit';
import { describeAudit } from '../audit-words';

/** The latest admin actions, newest first: when, who, and what in words. */
export function AuditSection() {
  const audit = useAudit();
  return (
    <section aria-labelledby="admin-audit-heading" className="rounded-xl border border-slate-200 bg-white">
      <div className="border-b border-slate-200 px-5 py-4">
        <h2 id="admin-audit-heading" className="text-base font-semibold text-slate-900">
          Audit log
        </h2>
        <p className="text-sm text-slate-500">Every admin action, newest first (the last {AUDIT_SHOWN}).</p>
      </div>
      {audit.error ? (
        <LoadError
          what="The audit log could not be loaded."
          error={audit.error}
          onRetry={() => void audit.refetch()}
          className="m-5"
        />
      ) : !audit.data ? (
        <div role="status" aria-label="Loading the audit log" className="space-y-2 p-5">
          {[0, 1, 2].map((i) => (
            <Skeleton key={i} className="h-8 w-full" />
          ))}
        </div>
      ) : audit.data.length === 0 ? (
        <p className="px-5 py-8 text-center text-sm text-slate-500">No admin actions yet.</p>
      ) : (
        <DataTable
          caption="Admin actions, newest first"
          columns={[{ label: 'When' }, { label: 'Who' }, { label: 'What' }]}
          variant="card"
        >
          {audit.data.map((e, i) => (
            // Entries have no id of their own; their order is fixed (newest first).
            // biome-ignore lint/suspicious/noArrayIndexKey: see above
            <tr key={`${e.at}-${i}`} data-testid="audit-entry">
              <td className="whitespace-nowrap px-5 py-2 tabular-nums text-slate-600">
                <time dateTime={e.at}>{formatDateTime(e.at)}</time>
              </td>
              <td className="px-3 py-2 text-slate-800">{e.actor}</td>
              <td className="px-5 py-2 text-slate-800">{describeAudit(e)}</td>
            </tr>
          ))}
        </DataTable>
      )}
    </section>
  );
}
