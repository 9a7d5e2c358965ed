import type { FundingRound } from '@contract/sections';
import { formatDate, formatMoney } from '@/lib/format';

const W = 880;
const H = 230;
const PAD = { left: 36, right: 36, top: 34, bottom: 46 };

/**
 * Funding rounds on a time axis (hand-made SVG: one small chart does not justify a chart library).
 * Each round is a bar at its date, as tall as its amount relative to the largest; a round of
 * undisclosed amount is a hollow marker on the axis. Years are ticked along the bottom.
 */
export function FundingTimeline({ rounds }: { rounds: readonly FundingRound[] }) {
  const dated = rounds
    .map((r) => ({ r, t: Date.parse(r.date) }))
    .filter((x) => !Number.isNaN(x.t))
    .sort((a, b) => a.t - b.t);
  if (dated.length === 0) return null;
  const first = dated[0]!.t;
  const last = dated[dated.length - 1]!.t;
  // A single round, or rounds on one day, still get an axis a year wide around them.
  const span = Math.max(last - first, 365 * 86_400_000);
  const t0 = first - span * 0.06;
  const t1 = first + span * 1.06;
  const innerW = W - PAD.left - PAD.right;
  const innerH = H - PAD.top - PAD.bottom;
  const x = (t: number) => PAD.left + ((t - t0) / (t1 - t0)) * innerW;
  const max = Math.max(1, ...dated.map((d) => d.r.amount_usd ?? 0));
  const baseY = PAD.top + innerH;
  const barW = Math.max(10, Math.min(36, innerW / dated.length / 2.2));

  const y0 = new Date(t0).getUTCFullYear();
  const y1 = new Date(t1).getUTCFullYear();
  const step = Math.max(1, Math.ceil((y1 - y0 + 1) / 12));
  const years: number[] = [];
  for (let y = y0 + 1; y <= y1; y += step) years.push(y);

  const summary = dated
    .map(({ r }) => `${r.round.label} ${formatDate(r.date) ?? r.date}: ${formatMoney(r.amount_usd)}`)
    .join('; ');

  return (
    <svg
      viewBox={`0 0 ${W} ${H}`}
      role="img"
      aria-label={`Funding timeline: ${summary}`}
      className="h-auto w-full"
      data-testid="funding-timeline"
    >
      <line x1={PAD.left} x2={W - PAD.right} y1={baseY} y2={baseY} stroke="#cbd5e1" />
      {years.map((y) => {
        const tx = x(Date.UTC(y, 0, 1));
        return (
          <g key={y}>
            <line x1={tx} x2={tx} y1={baseY} y2={baseY + 5} stroke="#94a3b8" />
            <text x={tx} y={baseY + 18} textAnchor="middle" fontSize="11" fill="#64748b">
              {y}
            </text>
          </g>
        );
      })}
      {dated.map(({ r, t }, i) => {
        const cx = x(t);
        const known = r.amount_usd !== null;
        const h = known ? Math.max(3, ((r.amount_usd ?? 0) / max) * innerH) : 0;
        return (
          // biome-ignore lint/suspicious/noArrayIndexKey: two rounds may share a date and a type
          <g key={`${r.date}-${i}`} data-testid="funding-round-mark">
            <title>{`${r.round.label}, ${formatDate(r.date) ?? r.date}: ${formatMoney(r.amount_usd)}`}</title>
            {known ? (
              <rect x={cx - barW / 2} y={baseY - h} width={barW} height={h} rx={3} fill="#6366f1" />
            ) : (
              <circle cx={cx} cy={baseY - 6} r={5} fill="white" stroke="#6366f1" strokeWidth={2} />
            )}
            <text
              x={cx}
              y={(known ? baseY - h : baseY - 12) - 6}
              textAnchor="middle"
              fontSize="11"
              fontWeight="600"
              fill="#1e293b"
            >
              {known ? formatMoney(r.amount_usd) : '?'}
            </text>
            <text x={cx} y={baseY + 34} textAnchor="middle" fontSize="10" fill="#475569">
              {r.round.label}
            </text>
          </g>
        );
      })}
    </svg>
  );
}
