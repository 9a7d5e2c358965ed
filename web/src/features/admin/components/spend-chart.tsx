import type { SpendDay } from '@contract/admin';
import { useId, useMemo, useState } from 'react';
import { Button } from '@/components/ui/button';
import { formatCreditAmount, formatCredits } from '@/lib/format';
import { useElementWidth } from '@/lib/use-element-width';
import { chartModel, labelledDays } from '../spend-chart-model';

const shortDay = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', timeZone: 'UTC' });
/** "Mar 3" of "2026-03-03" (UTC, as the ledger's days are). */
function formatDay(date: string): string {
  return shortDay.format(Date.parse(`${date}T00:00:00Z`));
}

const HEIGHT = 260;
const MARGIN = { top: 12, right: 4, bottom: 28, left: 52 };

/**
 * Credits per day as bars stacked by user, drawn as SVG. The picture is one image with a summary
 * for screen readers; the same figures are a table one button away (and for anyone who prefers
 * numbers). Each bar's tooltip names the day and its users.
 */
export function SpendChart({ days }: { days: readonly SpendDay[] }) {
  const id = useId();
  const model = useMemo(() => chartModel(days), [days]);
  const [box, setBox] = useState<HTMLDivElement | null>(null);
  const [asTable, setAsTable] = useState(false);
  // As wide as its card, down to a phone's (a 320 px window leaves the card about 240 px).
  const width = Math.max(200, useElementWidth(box) ?? 720);
  const plotW = width - MARGIN.left - MARGIN.right;
  const plotH = HEIGHT - MARGIN.top - MARGIN.bottom;
  const band = plotW / Math.max(1, model.days.length);
  const barW = Math.max(2, Math.min(28, band * 0.7));
  const y = (credits: number) => MARGIN.top + plotH - (credits / model.max) * plotH;
  // At most seven day labels, none overlapping another (the last one's included).
  const labelled = useMemo(() => new Set(labelledDays(model.days.length, band)), [model.days.length, band]);
  const first = model.days[0];
  const last = model.days.at(-1);
  const busiest = model.days.reduce<(typeof model.days)[number] | undefined>(
    (best, d) => (d.total > (best?.total ?? 0) ? d : best),
    undefined,
  );
  const summary =
    first && last
      ? `${formatCredits(model.total)} from ${formatDay(first.date)} to ${formatDay(last.date)}` +
        (busiest
          ? `; the most in one day was ${formatCredits(busiest.total)} on ${formatDay(busiest.date)}` +
            `. By user: ${model.series.map((s) => `${s.name} ${formatCredits(s.total)}`).join(', ')}.`
          : '; nothing was spent.')
      : 'No days to show.';

  return (
    <div>
      <div ref={setBox} className="w-full">
        <svg
          role="img"
          aria-labelledby={`${id}-title`}
          aria-describedby={`${id}-desc`}
          width={width}
          height={HEIGHT}
          viewBox={`0 0 ${width} ${HEIGHT}`}
          className="block"
        >
          <title id={`${id}-title`}>Credits per day by user</title>
          <desc id={`${id}-desc`}>{summary}</desc>
          {model.ticks.map((t) => (
            <g key={t}>
              <line
                x1={MARGIN.left}
                x2={width - MARGIN.right}
                y1={y(t)}
                y2={y(t)}
                stroke={t === 0 ? '#94a3b8' : '#e2e8f0'}
                strokeWidth={1}
                shapeRendering="crispEdges"
              />
              <text
                x={MARGIN.left - 8}
                y={y(t)}
                dy="0.32em"
                textAnchor="end"
                className="fill-slate-600 text-[11px] tabular-nums"
              >
                {formatCreditAmount(t)}
              </text>
            </g>
          ))}
          {model.days.map((d, i) => {
            const x = MARGIN.left + i * band + (band - barW) / 2;
            return (
              <g key={d.date} data-date={d.date}>
                <title>
                  {`${formatDay(d.date)}: ${formatCredits(d.total)}${d.segments
                    .map((s) => `\n${s.series}: ${formatCredits(s.credits)}`)
                    .join(
                      '',
                    )}${d.saved > 0 ? `\nSaved by the company store: ${formatCredits(d.saved)}` : ''}`}
                </title>
                {/* The whole day's column takes the pointer, so a thin or empty bar still has a tooltip. */}
                <rect
                  x={MARGIN.left + i * band}
                  y={MARGIN.top}
                  width={band}
                  height={plotH}
                  fill="transparent"
                />
                {d.segments.map((s) => (
                  <rect
                    key={s.series}
                    x={x}
                    y={y(s.to)}
                    width={barW}
                    height={Math.max(0, y(s.from) - y(s.to))}
                    fill={s.colour}
                    stroke="#ffffff"
                    strokeWidth={d.segments.length > 1 ? 1 : 0}
                  />
                ))}
                {labelled.has(i) && (
                  <text
                    x={
                      i === model.days.length - 1
                        ? MARGIN.left + (i + 1) * band
                        : MARGIN.left + i * band + band / 2
                    }
                    y={HEIGHT - 8}
                    // The last day's label ends at the plot's edge rather than running past it.
                    textAnchor={i === model.days.length - 1 ? 'end' : 'middle'}
                    className="fill-slate-600 text-[11px]"
                  >
                    {formatDay(d.date)}
                  </text>
                )}
              </g>
            );
          })}
        </svg>
      </div>
      <div className="mt-3 flex flex-wrap items-center justify-between gap-3">
        {model.series.length > 0 ? (
          <ul
            aria-label="Users in the chart"
            className="flex flex-wrap gap-x-4 gap-y-1 text-sm text-slate-700"
          >
            {model.series.map((s) => (
              <li key={s.name} className="flex items-center gap-1.5">
                <span
                  aria-hidden="true"
                  className="h-3 w-3 rounded-sm"
                  style={{ backgroundColor: s.colour }}
                />
                <span>{s.name}</span>
                <span className="text-slate-500 tabular-nums">{formatCredits(s.total)}</span>
              </li>
            ))}
          </ul>
        ) : (
          <p className="text-sm text-slate-500">Nobody spent credits in these days.</p>
        )}
        <Button
          size="sm"
          variant="secondary"
          aria-expanded={asTable}
          aria-controls={`${id}-table`}
          onClick={() => setAsTable((v) => !v)}
        >
          {asTable ? 'Hide the table' : 'Show as a table'}
        </Button>
      </div>
      <div id={`${id}-table`} hidden={!asTable} className="mt-3">
        {asTable && (
          <table className="w-full text-sm">
            <caption className="sr-only">Credits per day by user</caption>
            <thead className="text-left text-xs font-medium text-slate-500">
              <tr className="border-b border-slate-200">
                <th scope="col" className="py-1.5 pr-3">
                  Day
                </th>
                <th scope="col" className="px-3 py-1.5 text-right">
                  Total
                </th>
                {model.series.map((s) => (
                  <th key={s.name} scope="col" className="px-3 py-1.5 text-right">
                    {s.name}
                  </th>
                ))}
                <th scope="col" className="px-3 py-1.5 text-right">
                  Saved
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-100 tabular-nums">
              {model.days.map((d) => (
                <tr key={d.date}>
                  <th scope="row" className="py-1.5 pr-3 text-left font-normal text-slate-700">
                    {formatDay(d.date)}
                  </th>
                  <td className="px-3 py-1.5 text-right text-slate-900">{formatCreditAmount(d.total)}</td>
                  {model.series.map((s) => (
                    <td key={s.name} className="px-3 py-1.5 text-right text-slate-600">
                      {formatCreditAmount(d.segments.find((g) => g.series === s.name)?.credits ?? 0)}
                    </td>
                  ))}
                  <td className="px-3 py-1.5 text-right text-emerald-700">{formatCreditAmount(d.saved)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </div>
    </div>
  );
}
