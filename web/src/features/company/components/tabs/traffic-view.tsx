import { TRAFFIC_SOURCES } from '@contract/signal-values';
import { SeriesChart, type SeriesPoint } from '@/components/ui/series-chart';
import {
  formatChange,
  formatCompactCount,
  formatCount,
  formatDate,
  formatDuration,
  formatNumber,
  formatPercent,
  humanize,
} from '@/lib/format';
import type { WebsiteTraffic } from '../../api/get-website-traffic';
import { Block, EmptyState, Facts } from '../panel-states';

const SOURCE_LABELS: Readonly<Record<string, string>> = {
  direct: 'Direct',
  search: 'Search',
  social: 'Social',
  referral: 'Referral',
  paid: 'Paid',
  email: 'Email',
};

/** The months' visits, oldest first ("2026-03" is "Mar 2026"). */
export function visitPoints(visits: Readonly<Record<string, number>>): SeriesPoint[] {
  return Object.entries(visits)
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([month, value]) => ({ key: month, label: formatDate(month) ?? month, value }));
}

/** The sources by share, largest first; the documented six first in their order on a tie. */
function sourcesOf(shares: Readonly<Record<string, number>>): { source: string; share: number }[] {
  const order = (s: string) => {
    const i = (TRAFFIC_SOURCES as readonly string[]).indexOf(s);
    return i < 0 ? TRAFFIC_SOURCES.length : i;
  };
  return Object.entries(shares)
    .map(([source, share]) => ({ source, share }))
    .sort((a, b) => b.share - a.share || order(a.source) - order(b.source));
}

/** Traffic: visits a month over the last year (a chart with its table), where they come from, engagement. */
export function TrafficView({ traffic: t }: { traffic: WebsiteTraffic }) {
  const points = visitPoints(t.estimated_monthly_visits);
  if (points.length === 0 || points.every((p) => p.value === 0))
    return <EmptyState title="No traffic estimates for this website" />;
  const first = points[0]!;
  const last = points.at(-1)!;
  const yearChange = first.value > 0 ? ((last.value - first.value) / first.value) * 100 : null;
  const e = t.engagements;
  return (
    <div className="grid gap-4 lg:grid-cols-3">
      <Block
        title="Monthly visits"
        className="lg:col-span-3"
        aside={
          <span className="text-xs text-slate-500 tabular-nums" data-testid="visits-latest">
            {formatCount(last.value)} in {last.label}
            {yearChange !== null &&
              points.length > 1 &&
              ` · ${formatChange(Math.round(yearChange * 10) / 10)} since ${first.label}`}
          </span>
        }
      >
        <SeriesChart
          title="Monthly website visits"
          kind="bar"
          points={points}
          labelHeader="Month"
          valueHeader="Visits"
          format={formatCount}
          formatTick={formatCompactCount}
        />
      </Block>
      <Block title="Traffic sources" className="lg:col-span-2">
        <ul className="space-y-2" aria-label="Share of visits by source">
          {sourcesOf(t.traffic_sources).map(({ source, share }) => (
            <li key={source} className="grid grid-cols-[6rem_1fr_3rem] items-center gap-3 text-sm">
              <span className="text-slate-700">{SOURCE_LABELS[source] ?? humanize(source)}</span>
              <span aria-hidden="true" className="h-2 rounded-full bg-slate-100">
                <span
                  className="block h-2 rounded-full bg-indigo-500"
                  style={{ width: `${Math.min(100, Math.max(0, share * 100))}%` }}
                />
              </span>
              <span className="text-right text-slate-900 tabular-nums">{formatPercent(share)}</span>
            </li>
          ))}
        </ul>
      </Block>
      <Block title="Engagement">
        <Facts
          items={[
            ['Bounce rate', formatPercent(e.bounce_rate)],
            ['Pages per visit', formatNumber(e.pages_per_visit)],
            ['Average visit', formatDuration(e.avg_visit_duration_seconds)],
          ]}
        />
      </Block>
    </div>
  );
}
