import type { SpendResponse } from '@contract/admin';
import { useId, useState } from 'react';
import { LoadError } from '@/components/ui/load-error';
import { Skeleton } from '@/components/ui/skeleton';
import { formatCredits } from '@/lib/format';
import { LEDGER_CSV_URL, useSpend } from '../api/get-spend';
import { savedByUser } from '../spend-chart-model';
import { spendByLabel } from '../spend-words';
import { SpendChart } from './spend-chart';

const WINDOWS = [7, 30, 90] as const;

/**
 * The spend dashboard: credits per day by user, by what the team did (list pages, company pages,
 * ...: `../spend-words.ts`, never a request path), the biggest spenders, and the whole ledger as CSV
 * for finance. Every figure is the ledger's own sum.
 */
export function SpendSection() {
  const id = useId();
  const [days, setDays] = useState<number>(30);
  const spend = useSpend(days);
  return (
    <section
      aria-labelledby="admin-spend-heading"
      className="rounded-xl border border-slate-200 bg-white p-5"
    >
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div>
          <h2 id="admin-spend-heading" className="text-base font-semibold text-slate-900">
            Spend
          </h2>
          <p className="text-sm text-slate-500">
            Credits the team spent per day (UTC), as the ledger has them, and what its store saved.
          </p>
        </div>
        <div className="flex flex-wrap items-center gap-3">
          <label htmlFor={`${id}-days`} className="text-sm text-slate-600">
            Period
          </label>
          <select
            id={`${id}-days`}
            value={days}
            onChange={(e) => setDays(Number(e.target.value))}
            className="h-8 rounded-md border border-slate-300 bg-white px-2 text-sm text-slate-900 focus:border-indigo-500 focus:outline-none focus:ring-2 focus:ring-indigo-500/30"
          >
            {WINDOWS.map((n) => (
              <option key={n} value={n}>
                Last {n} days
              </option>
            ))}
          </select>
          <a
            href={LEDGER_CSV_URL}
            download
            className="inline-flex h-8 items-center gap-1.5 rounded-md border border-slate-300 bg-white px-3 text-sm font-medium whitespace-nowrap text-slate-700 shadow-sm hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600"
          >
            <svg viewBox="0 0 16 16" className="h-4 w-4" aria-hidden="true">
              <path
                d="M8 2v8m0 0l-3-3m3 3l3-3M3 13h10"
                stroke="currentColor"
                strokeWidth="1.5"
                fill="none"
                strokeLinecap="round"
                strokeLinejoin="round"
              />
            </svg>
            Download ledger CSV
          </a>
        </div>
      </div>
      {spend.error ? (
        <LoadError
          what="The spend could not be loaded."
          error={spend.error}
          onRetry={() => void spend.refetch()}
          className="mt-4"
        />
      ) : !spend.data ? (
        <div role="status" aria-label="Loading the spend" className="mt-4 space-y-3">
          <Skeleton className="h-60 w-full" />
        </div>
      ) : (
        <div className="mt-4 grid gap-6 lg:grid-cols-[minmax(0,1fr)_18rem]">
          <div className="min-w-0">
            <h3 className="sr-only">Credits per day by user</h3>
            <SpendChart days={spend.data.days} />
          </div>
          <div className="min-w-0 space-y-6">
            <Saved spend={spend.data} />
            <TopSpenders spend={spend.data} />
            <ByEndpoint spend={spend.data} />
          </div>
        </div>
      )}
    </section>
  );
}

/**
 * What the team's company store saved: data someone in the team had already paid for, served again
 * at no cost. The ledger holds only what was paid, so this is the one place the saving shows.
 */
function Saved({ spend }: { spend: SpendResponse }) {
  const users = savedByUser(spend.days);
  return (
    <div data-testid="spend-saved">
      <h3 className="text-sm font-semibold text-slate-900">Saved</h3>
      <p className="mt-1 text-sm text-slate-600">
        <span className="font-semibold text-emerald-700 tabular-nums">{formatCredits(spend.saved)}</span> not
        spent again: data the team already had, served from its store.
      </p>
      {users.length > 0 && (
        <table className="mt-2 w-full text-sm">
          <caption className="sr-only">Credits saved by user</caption>
          <thead className="sr-only">
            <tr>
              <th scope="col">User</th>
              <th scope="col">Credits saved</th>
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100">
            {users.map((u) => (
              <tr key={u.name} data-testid="saved-by-user" data-name={u.name}>
                <th scope="row" className="truncate py-1 pr-2 text-left font-normal text-slate-800">
                  {u.name}
                </th>
                <td className="py-1 text-right tabular-nums text-emerald-700">{formatCredits(u.saved)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </div>
  );
}

function TopSpenders({ spend }: { spend: SpendResponse }) {
  const top = spend.top_spenders[0]?.credits ?? 0;
  return (
    <div>
      <h3 className="text-sm font-semibold text-slate-900">Top spenders</h3>
      {spend.top_spenders.length === 0 ? (
        <p className="mt-2 text-sm text-slate-500">Nobody yet.</p>
      ) : (
        <ol className="mt-2 space-y-2" aria-label="Top spenders">
          {spend.top_spenders.map((s) => (
            <li key={s.name} data-testid="top-spender" data-name={s.name}>
              <div className="flex items-baseline justify-between gap-2 text-sm">
                <span className="truncate text-slate-800">{s.name}</span>
                <span className="tabular-nums text-slate-600">{formatCredits(s.credits)}</span>
              </div>
              <div className="mt-1 h-1.5 rounded-full bg-slate-100" aria-hidden="true">
                <div
                  className="h-full rounded-full bg-indigo-600"
                  style={{ width: `${top > 0 ? (s.credits / top) * 100 : 0}%` }}
                />
              </div>
            </li>
          ))}
        </ol>
      )}
    </div>
  );
}

function ByEndpoint({ spend }: { spend: SpendResponse }) {
  const rows = spendByLabel(spend.by_endpoint);
  return (
    <div>
      <h3 className="text-sm font-semibold text-slate-900">By what the team did</h3>
      {rows.length === 0 ? (
        <p className="mt-2 text-sm text-slate-500">No paid calls in these days.</p>
      ) : (
        <table className="mt-2 w-full text-sm">
          <caption className="sr-only">Credits by what the team did</caption>
          <thead className="sr-only">
            <tr>
              <th scope="col">What</th>
              <th scope="col">Credits</th>
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100">
            {rows.map(({ label, credits }) => (
              <tr key={label}>
                <th scope="row" className="py-1.5 pr-2 text-left font-normal text-slate-800">
                  {label}
                </th>
                <td className="py-1.5 text-right tabular-nums text-slate-700">{formatCredits(credits)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </div>
  );
}
