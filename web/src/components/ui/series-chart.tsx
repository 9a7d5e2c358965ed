/**
 * One small chart of one series, as a line or as bars, drawn as SVG (a chart library would weigh
 * more than every chart of the app together). The picture is one image named by its title, with a
 * summary for screen readers (first, last, highest and lowest); the same figures are a table one
 * button away, for keyboard and screen-reader users and anyone who prefers numbers. Each point's
 * tooltip names it.
 */
import { useId, useMemo, useState } from 'react';
import { useElementWidth } from '@/lib/use-element-width';
import { Button } from './button';

export type SeriesPoint = {
  /** Unique within the series (a month, a date). */
  key: string;
  /** How the axis and the table name the point: "Mar 2026". */
  label: string;
  value: number;
  /**
   * Where the point lies on a time axis (ms): a line whose points are unevenly spaced in time (24,
   * 12, 6 and 3 months back) is drawn to scale. Without it, points are evenly spaced.
   */
  at?: number;
};

type SeriesChartProps = {
  /** The chart's accessible name, and its table's caption. */
  title: string;
  kind: 'line' | 'bar';
  points: readonly SeriesPoint[];
  /** The table's column headers: the points' labels ("Month") and their values ("Visits"). */
  labelHeader: string;
  valueHeader: string;
  /** A value in the table, the tooltips and the summary: "12,480". */
  format: (n: number) => string;
  /** A value on the axis, where room is short: "12.5K" (defaults to `format`). */
  formatTick?: (n: number) => string;
  height?: number;
};

/** A round step (1, 2, 2.5 or 5 times a power of ten) that cuts `span` into about `count` parts. */
function niceStep(span: number, count: number): number {
  const rough = span / count;
  const power = 10 ** Math.floor(Math.log10(rough));
  return [1, 2, 2.5, 5, 10].map((m) => m * power).find((s) => s >= rough) ?? 10 * power;
}

/**
 * The y axis of the values: round ticks from zero for bars (a bar's length is its value); for a line,
 * from a round value below its lowest point when the values sit far from zero (a headcount moving
 * between 9,800 and 10,400 would otherwise be a flat line), else from zero.
 */
export function seriesScale(
  values: readonly number[],
  kind: 'line' | 'bar',
  count = 4,
): { min: number; max: number; ticks: number[] } {
  const hi = Math.max(0, ...values);
  const lo = Math.min(hi, ...values);
  if (!(hi > 0)) return { min: 0, max: 1, ticks: [0, 1] };
  const fitted = kind === 'line' && lo > 0 && hi - lo < lo * 0.6;
  const from = fitted ? lo - (hi - lo) * 0.15 : 0;
  const step = niceStep(Math.max(hi - from, hi * 0.01), count);
  const min = fitted ? Math.floor(from / step) * step : 0;
  const ticks: number[] = [];
  for (let t = min; t < hi + step && ticks.length <= count + 2; t += step)
    ticks.push(Number(t.toPrecision(12)));
  return { min, max: ticks.at(-1) ?? 1, ticks };
}

/**
 * Which of `count` points get an axis label, each about `labelWidth` px wide on a plot `width` px
 * wide: all when they fit, else every k-th counted back from the last (the latest always named).
 */
export function labelledPoints(count: number, width: number, labelWidth: number): number[] {
  if (count <= 0) return [];
  const every = Math.max(1, Math.ceil((count * (labelWidth + 8)) / Math.max(1, width)));
  const out: number[] = [];
  for (let i = count - 1; i >= 0; i -= every) out.unshift(i);
  return out;
}

const MARGIN = { top: 12, right: 12, bottom: 26, left: 48 };
const COLOUR = '#4f46e5'; // indigo-600: 6.3:1 on white (WCAG 1.4.11 asks 3:1 of graphics)

export function SeriesChart({
  title,
  kind,
  points,
  labelHeader,
  valueHeader,
  format,
  formatTick = format,
  height = 220,
}: SeriesChartProps) {
  const id = useId();
  const [box, setBox] = useState<HTMLDivElement | null>(null);
  const [asTable, setAsTable] = useState(false);
  const width = Math.max(220, useElementWidth(box) ?? 640);
  const scale = useMemo(
    () =>
      seriesScale(
        points.map((p) => p.value),
        kind,
      ),
    [points, kind],
  );
  const plotW = width - MARGIN.left - MARGIN.right;
  const plotH = height - MARGIN.top - MARGIN.bottom;
  const y = (v: number) => MARGIN.top + plotH - ((v - scale.min) / (scale.max - scale.min)) * plotH;
  const band = plotW / Math.max(1, points.length);
  const times = points.every((p) => p.at !== undefined) ? points.map((p) => p.at as number) : null;
  const t0 = times ? Math.min(...times) : 0;
  const t1 = times ? Math.max(...times) : 0;
  const x = (i: number) =>
    times && t1 > t0
      ? MARGIN.left + ((times[i]! - t0) / (t1 - t0)) * plotW
      : kind === 'bar' || points.length < 2
        ? MARGIN.left + (i + 0.5) * band
        : MARGIN.left + (i / (points.length - 1)) * plotW;
  const longest = Math.max(0, ...points.map((p) => p.label.length));
  const labelled = new Set(labelledPoints(points.length, plotW, longest * 6.2));
  const barW = Math.max(3, Math.min(36, band * 0.65));
  const line = points
    .map((p, i) => `${i === 0 ? 'M' : 'L'}${x(i).toFixed(1)},${y(p.value).toFixed(1)}`)
    .join('');

  return (
    <div>
      <div ref={setBox} className="w-full">
        <svg
          role="img"
          aria-labelledby={`${id}-title`}
          aria-describedby={`${id}-desc`}
          width={width}
          height={height}
          viewBox={`0 0 ${width} ${height}`}
          className="block"
        >
          <title id={`${id}-title`}>{title}</title>
          <desc id={`${id}-desc`}>{seriesSummary(points, format)}</desc>
          {scale.ticks.map((t) => (
            <g key={t}>
              <line
                x1={MARGIN.left}
                x2={width - MARGIN.right}
                y1={y(t)}
                y2={y(t)}
                stroke={t === scale.min ? '#94a3b8' : '#e2e8f0'}
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
                {formatTick(t)}
              </text>
            </g>
          ))}
          {kind === 'line' && points.length > 1 && (
            <path d={line} fill="none" stroke={COLOUR} strokeWidth={2} strokeLinejoin="round" />
          )}
          {points.map((p, i) => {
            const cx = x(i);
            const last = i === points.length - 1;
            const first = i === 0;
            return (
              <g key={p.key} data-point={p.key}>
                <title>{`${p.label}: ${format(p.value)}`}</title>
                {/* The point's whole column takes the pointer, so a short bar still has its tooltip. */}
                <rect
                  x={kind === 'bar' ? MARGIN.left + i * band : cx - Math.min(band, 24) / 2}
                  y={MARGIN.top}
                  width={kind === 'bar' ? band : Math.min(band, 24)}
                  height={plotH}
                  fill="transparent"
                />
                {kind === 'bar' ? (
                  <rect
                    x={cx - barW / 2}
                    y={y(p.value)}
                    width={barW}
                    height={Math.max(0, y(scale.min) - y(p.value))}
                    rx={2}
                    fill={COLOUR}
                  />
                ) : (
                  <circle cx={cx} cy={y(p.value)} r={3.5} fill="#ffffff" stroke={COLOUR} strokeWidth={2} />
                )}
                {labelled.has(i) && (
                  <text
                    x={cx}
                    y={height - 8}
                    // A line's first and last labels stay inside the plot rather than running past it.
                    textAnchor={
                      kind === 'line' && first ? 'start' : kind === 'line' && last ? 'end' : 'middle'
                    }
                    className="fill-slate-600 text-[11px]"
                  >
                    {p.label}
                  </text>
                )}
              </g>
            );
          })}
        </svg>
      </div>
      <div className="mt-2 flex justify-end">
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
      <div id={`${id}-table`} hidden={!asTable} className="mt-2">
        {asTable && (
          <table className="w-full text-sm">
            <caption className="sr-only">{title}</caption>
            <thead className="text-left text-xs font-medium text-slate-500">
              <tr className="border-b border-slate-200">
                <th scope="col" className="py-1.5 pr-3">
                  {labelHeader}
                </th>
                <th scope="col" className="py-1.5 pl-3 text-right">
                  {valueHeader}
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-100 tabular-nums">
              {points.map((p) => (
                <tr key={p.key}>
                  <th scope="row" className="py-1.5 pr-3 text-left font-normal text-slate-700">
                    {p.label}
                  </th>
                  <td className="py-1.5 pl-3 text-right text-slate-900">{format(p.value)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </div>
    </div>
  );
}

/** What the chart shows, in a sentence: "From 1,020 in Mar 2025 to 1,148 in Mar 2026; highest …". */
export function seriesSummary(points: readonly SeriesPoint[], format: (n: number) => string): string {
  const first = points[0];
  const last = points.at(-1);
  if (!first || !last) return 'No data to show.';
  if (points.length === 1) return `${first.label}: ${format(first.value)}.`;
  let high = first;
  let low = first;
  for (const p of points) {
    if (p.value > high.value) high = p;
    if (p.value < low.value) low = p;
  }
  return (
    `From ${format(first.value)} in ${first.label} to ${format(last.value)} in ${last.label}; ` +
    `highest ${format(high.value)} in ${high.label}, lowest ${format(low.value)} in ${low.label}.`
  );
}
