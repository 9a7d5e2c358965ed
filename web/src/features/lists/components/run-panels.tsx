/**
 * Beside a saved list's grid: the companies that left it since the user last marked it seen (each
 * with why, as far as the service lets us know), and the run history with any past run's companies.
 */
import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { Drawer } from '@/components/ui/drawer';
import { Pager } from '@/components/ui/pager';
import { Skeleton } from '@/components/ui/skeleton';
import { Spinner } from '@/components/ui/spinner';
import { formatCount, formatCredits, formatDateTime } from '@/lib/format';
import { useCompanyName } from '../api/company-name';
import { useRunDetail, useRuns } from '../api/runs';
import { reasonWords } from '../list-words';
import type { CompanyName, RemovedCompany, RunSummary } from '../types';

type CompanyNames = ReadonlyMap<string, CompanyName>;

/**
 * A company by name (from the page's rows, else the free company search), by its id while the name
 * is not known or when the data set no longer has it; a link to its page either way.
 */
export function CompanyRef({ uuid, names }: { uuid: string; names: CompanyNames }) {
  const fromRows = names.get(uuid);
  const searched = useCompanyName(uuid, fromRows === undefined).data;
  const known = fromRows ?? (searched ? { name: searched.name } : undefined);
  return (
    <Link
      to="/companies/$companyId"
      params={{ companyId: uuid }}
      className="font-medium text-slate-900 hover:text-indigo-600 hover:underline focus-visible:outline-2 focus-visible:outline-indigo-600"
    >
      {known?.name ?? <span className="font-mono text-xs">{uuid}</span>}
    </Link>
  );
}

export function LeftTheList({ removed, names }: { removed: readonly RemovedCompany[]; names: CompanyNames }) {
  return (
    <section
      aria-labelledby="left-heading"
      className="self-start rounded-lg border border-slate-200 bg-white p-4 shadow-sm"
    >
      <h2 id="left-heading" className="text-base font-semibold text-slate-900">
        Left the list{' '}
        <span className="text-sm font-normal text-slate-500 tabular-nums">{formatCount(removed.length)}</span>
      </h2>
      {removed.length === 0 ? (
        <p className="mt-1 text-sm text-slate-500">
          No company has left since you last marked the list seen.
        </p>
      ) : (
        <ul
          className="mt-2 max-h-[32rem] divide-y divide-slate-100 overflow-y-auto text-sm"
          aria-label="Companies that left the list"
        >
          {removed.map((r) => (
            <li key={r.uuid} className="flex flex-col py-2">
              <CompanyRef uuid={r.uuid} names={names} />
              <span className="text-xs text-slate-600">{reasonWords(r.reason)}</span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

export function RunHistory({ listId, names }: { listId: string; names: CompanyNames }) {
  const runs = useRuns(listId);
  const [open, setOpen] = useState<RunSummary | null>(null);
  const th = 'px-3 py-2 text-left text-xs font-medium text-slate-500';
  return (
    <section
      aria-labelledby="history-heading"
      className="rounded-lg border border-slate-200 bg-white p-4 shadow-sm"
    >
      <h2 id="history-heading" className="text-base font-semibold text-slate-900">
        Run history
      </h2>
      {runs.error ? (
        <p role="alert" className="mt-1 text-sm text-rose-700">
          The runs could not be loaded: {runs.error.message}
        </p>
      ) : !runs.data ? (
        <div className="mt-2 space-y-1.5">
          <Skeleton className="h-6 w-full" />
          <Skeleton className="h-6 w-full" />
        </div>
      ) : runs.data.length === 0 ? (
        <p className="mt-1 text-sm text-slate-500">Not run yet.</p>
      ) : (
        <div className="mt-2 max-h-80 overflow-auto">
          <table className="w-full text-sm">
            <caption className="sr-only">Runs of this list, newest first</caption>
            <thead className="bg-slate-50">
              <tr>
                <th scope="col" className={th}>
                  When
                </th>
                <th scope="col" className={`${th} text-right`}>
                  Size
                </th>
                <th scope="col" className={`${th} text-right`}>
                  Added
                </th>
                <th scope="col" className={`${th} text-right`}>
                  Removed
                </th>
                <th scope="col" className={`${th} text-right`}>
                  Credits
                </th>
                <th scope="col" className={th}>
                  <span className="sr-only">Companies</span>
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-100">
              {runs.data.map((r) => (
                <tr key={r.id} data-testid="list-run">
                  <td className="px-3 py-1.5 whitespace-nowrap text-slate-700 tabular-nums">
                    {formatDateTime(r.at)}
                  </td>
                  <td className="px-3 py-1.5 text-right tabular-nums">{formatCount(r.size)}</td>
                  <td className="px-3 py-1.5 text-right tabular-nums">{countOr(r.added_count)}</td>
                  <td className="px-3 py-1.5 text-right tabular-nums">{countOr(r.removed_count)}</td>
                  <td className="px-3 py-1.5 text-right tabular-nums">{formatCredits(r.credits_consumed)}</td>
                  <td className="px-3 py-1.5 text-right">
                    <Button variant="link" size="sm" onClick={() => setOpen(r)} aria-haspopup="dialog">
                      Companies<span className="sr-only"> of the run of {formatDateTime(r.at)}</span>
                    </Button>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <Drawer
        open={open !== null}
        onClose={() => setOpen(null)}
        title={open ? `Companies of the run of ${formatDateTime(open.at)}` : 'Companies of a run'}
        description={open ? `${formatCount(open.size)} companies, in the list’s order.` : undefined}
      >
        {open && <RunMembers listId={listId} run={open} names={names} />}
      </Drawer>
    </section>
  );
}

function countOr(n: number | undefined): string {
  return n === undefined ? '—' : formatCount(n);
}

/** A past run's companies shown at a time (each name not on the page is one free search). */
const MEMBERS_PAGE = 25;

function RunMembers({ listId, run, names }: { listId: string; run: RunSummary; names: CompanyNames }) {
  const detail = useRunDetail(listId, run.id);
  const [offset, setOffset] = useState(0);
  if (detail.error)
    return (
      <p role="alert" className="text-sm text-rose-700">
        The run’s companies could not be loaded: {detail.error.message}
      </p>
    );
  if (!detail.data) return <Spinner label="Loading the run’s companies" />;
  const members = detail.data.members;
  const named = new Map(names);
  for (const [uuid, c] of Object.entries(detail.data.companies ?? {})) named.set(uuid, c);
  return (
    <div className="flex flex-col gap-3">
      <ol start={offset + 1} className="list-decimal space-y-1 pl-8 text-sm" aria-label="The run’s companies">
        {members.slice(offset, offset + MEMBERS_PAGE).map((uuid) => (
          <li key={uuid}>
            <CompanyRef uuid={uuid} names={named} />
          </li>
        ))}
      </ol>
      <Pager
        noun="companies"
        offset={offset}
        pageSize={MEMBERS_PAGE}
        total={members.length}
        onOffsetChange={setOffset}
      />
    </div>
  );
}
