import type { GrowthChange } from '@contract/api';
import { cn } from '@/components/ui/cn';
import { SeriesChart, type SeriesPoint } from '@/components/ui/series-chart';
import { formatChange, formatCompactCount, formatCount, formatDate, formatPercent } from '@/lib/format';
import type { HeadcountTrends } from '../../api/get-headcount-trends';
import { functionLabel } from '../../jobs-filter';
import { Block, EmptyState } from '../panel-states';

/** "3 months", "12 months", "24 months" of a period (`12m`, or its months when the code is unknown). */
function periodLabel(g: Pick<GrowthChange, 'period' | 'months'>): string {
  return `${g.months} ${g.months === 1 ? 'month' : 'months'}`;
}

/** The periods in the order a rep reads them, shortest first. */
function byMonths<T extends { months: number }>(list: readonly T[]): T[] {
  return [...list].sort((a, b) => a.months - b.months);
}

/**
 * The headcount at each period's start and at the latest reading, oldest first: the periods' starts
 * are the only earlier readings the vendor gives.
 */
export function headcountPoints(t: HeadcountTrends): SeriesPoint[] {
  const starts = [...t.headcount_growth]
    .sort((a, b) => b.months - a.months)
    .map((g) => ({
      key: g.start_date,
      label: formatDate(g.start_date) ?? g.start_date,
      date: g.start_date,
      value: g.start_count,
    }));
  const latest = { key: t.date, label: formatDate(t.date) ?? t.date, date: t.date, value: t.total_employees };
  const seen = new Set<string>();
  return [...starts, latest]
    .filter((p) => !seen.has(p.key) && seen.add(p.key))
    .map(({ date, ...p }) => ({ ...p, at: Date.parse(`${date}T00:00:00Z`) }));
}

/** A change's percent, coloured by its direction; "new" from nobody, with the counts for screen readers. */
function Change({ g }: { g: GrowthChange | undefined }) {
  if (!g) return <span className="text-hint">—</span>;
  const text = g.percent === null ? (g.end_count > 0 ? 'New' : '—') : formatChange(g.percent);
  return (
    <span
      title={`${formatCount(g.start_count)} → ${formatCount(g.end_count)}`}
      className={cn(
        'tabular-nums',
        g.change > 0 ? 'text-emerald-700' : g.change < 0 ? 'text-rose-700' : 'text-slate-600',
      )}
    >
      {text}
      <span className="sr-only">
        {' '}
        ({formatCount(g.start_count)} to {formatCount(g.end_count)})
      </span>
    </span>
  );
}

/**
 * Growth: the latest headcount, its change over 3, 6, 12 and 24 months, the headcount over time (a
 * chart with its table), and the workforce by function with how each function moved.
 */
export function GrowthView({ trends: t }: { trends: HeadcountTrends }) {
  if (t.total_employees === 0 && t.headcount_growth.every((g) => g.start_count === 0))
    return <EmptyState title="No headcount data for this company" />;
  const growth = byMonths(t.headcount_growth);
  const periods = growth.map((g) => g.period);
  const functions = t.headcount_by_function;
  const date = formatDate(t.date);
  return (
    <div className="space-y-4">
      <Block
        title="Headcount"
        aside={date && <span className="text-xs text-slate-500">LinkedIn, as of {date}</span>}
      >
        <dl className="grid grid-cols-2 gap-3 sm:grid-cols-5">
          <div className="rounded-md bg-slate-50 px-3 py-2">
            <dt className="text-xs text-slate-500">Employees</dt>
            <dd className="mt-0.5 text-lg font-semibold text-slate-900 tabular-nums">
              {formatCount(t.total_employees)}
            </dd>
          </div>
          {growth.map((g) => (
            <div key={g.period} className="rounded-md bg-slate-50 px-3 py-2" data-testid="growth-period">
              <dt className="text-xs text-slate-500">{periodLabel(g)}</dt>
              <dd className="mt-0.5 text-lg font-semibold">
                <Change g={g} />
              </dd>
              <dd className="text-xs text-slate-500 tabular-nums">
                {g.change > 0 ? '+' : ''}
                {formatCount(g.change)} people
              </dd>
            </div>
          ))}
        </dl>
      </Block>
      <Block title="Headcount over time">
        <SeriesChart
          title="Headcount over time"
          kind="line"
          points={headcountPoints(t)}
          labelHeader="Date"
          valueHeader="Employees"
          format={formatCount}
          formatTick={formatCompactCount}
        />
      </Block>
      <Block title="Workforce by function">
        {functions.length === 0 ? (
          <p className="text-sm text-slate-500">No breakdown by function.</p>
        ) : (
          <section
            // A region that may scroll sideways: reached with Tab to scroll it by keyboard (WCAG 2.1.1).
            // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must take the focus
            tabIndex={0}
            aria-label="Workforce by function, scrollable"
            className="overflow-x-auto focus-visible:outline-2 focus-visible:outline-indigo-600"
          >
            <table className="w-full min-w-[36rem] text-sm">
              <caption className="sr-only">
                Employees by function, their share of the workforce, and their change over each period
              </caption>
              <thead className="text-left text-xs font-medium text-slate-500">
                <tr className="border-b border-slate-200">
                  <th scope="col" className="py-1.5 pr-3">
                    Function
                  </th>
                  <th scope="col" className="px-3 py-1.5 text-right">
                    Employees
                  </th>
                  <th scope="col" className="px-3 py-1.5">
                    Share
                  </th>
                  {growth.map((g) => (
                    <th key={g.period} scope="col" className="px-3 py-1.5 text-right">
                      {periodLabel(g)}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody className="divide-y divide-slate-100">
                {functions.map((f) => (
                  <tr key={f.function} data-testid="function-row">
                    <th scope="row" className="py-1.5 pr-3 text-left font-normal text-slate-900">
                      {functionLabel(f.function)}
                    </th>
                    <td className="px-3 py-1.5 text-right text-slate-900 tabular-nums">
                      {formatCount(f.count)}
                    </td>
                    <td className="px-3 py-1.5">
                      <span className="flex items-center gap-2">
                        <span aria-hidden="true" className="h-1.5 w-20 shrink-0 rounded-full bg-slate-100">
                          <span
                            className="block h-1.5 rounded-full bg-indigo-500"
                            style={{ width: `${Math.min(100, Math.max(0, f.share * 100))}%` }}
                          />
                        </span>
                        <span className="text-slate-600 tabular-nums">{formatPercent(f.share)}</span>
                      </span>
                    </td>
                    {periods.map((p) => (
                      <td key={p} className="px-3 py-1.5 text-right">
                        <Change g={f.growth.find((g) => g.period === p)} />
                      </td>
                    ))}
                  </tr>
                ))}
              </tbody>
            </table>
          </section>
        )}
      </Block>
    </div>
  );
}
