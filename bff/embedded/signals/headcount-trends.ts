/**
 * Headcount trends (decisions section 15; shapes: docs/decisions/0025-signal-endpoint-shapes.md): the
 * company's LinkedIn headcount read from its own `headcount` section, so the two never disagree. The
 * latest reading is `employee_count`, dated in the last week before the data set's today (a closed
 * company's at the end of its last month); each period's start is the month-by-month history that
 * many months back (24 months: one month before the history, at its own pace), and each percent is
 * rounded as `growth_6m_pct` and `growth_12m_pct` are, so those equal the 6 and 12 month entries.
 * The workforce by function apportions each reading over the company's functions (./workforce.ts).
 */
import {
  GROWTH_PERIOD_MONTHS,
  GROWTH_PERIODS,
  type GrowthChange,
  type HeadcountTrendsResponse,
  JOB_FUNCTIONS,
} from '../../contract/api';
import type { SignalCompany, SignalEnv } from './company';
import { DAY_MS, dayMs, isoDay, signalRng } from './rng';
import { functionCounts, workforceProfile } from './workforce';

type HeadcountTrends = HeadcountTrendsResponse['data'];

/** The same day `months` months earlier (or later), on the month's last day when it has fewer. */
export function addMonths(date: string, months: number): string {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  const first = new Date(Date.UTC(y, m - 1 + months, 1));
  const last = new Date(Date.UTC(first.getUTCFullYear(), first.getUTCMonth() + 1, 0)).getUTCDate();
  return isoDay(Date.UTC(first.getUTCFullYear(), first.getUTCMonth(), Math.min(d, last), 12));
}

/** Percent change from `start` to `end`, one decimal; null from nobody. */
export function percentChange(start: number, end: number): number | null {
  return start > 0 ? Math.round((end / start - 1) * 1000) / 10 : null;
}

function change(period: string, months: number, start: number, end: number): GrowthChange {
  return {
    period,
    months,
    start_count: start,
    end_count: end,
    change: end - start,
    percent: percentChange(start, end),
  };
}

/** The LinkedIn page's handle (`linkedin.com/company/<handle>`), when the company has a page. */
function linkedinHandle(c: SignalCompany): string | null {
  const url = c.sections.digital_presence.social_profiles.find((p) => p.platform === 'linkedin')?.url;
  const m = url ? /linkedin\.com\/company\/([^/?#]+)/.exec(url) : null;
  return m ? decodeURIComponent(m[1]!) : null;
}

/** The latest reading's date: a day of the last week, or a closed company's last month's end. */
function readingDate(c: SignalCompany, env: SignalEnv): string {
  const r = signalRng(env.seed, c.uuid, 'headcount-trends');
  const latest = dayMs(env.today) - r.int(0, 6) * DAY_MS;
  const last = c.sections.headcount.history.at(-1)?.month;
  if (c.sections.firmographic.operating_status.code === 'closed' && last) {
    const [y, m] = last.split('-').map(Number) as [number, number];
    return isoDay(Math.min(latest, Date.UTC(y, m, 0, 12)));
  }
  return isoDay(latest);
}

/** The headcount `monthsBack` months before the latest reading, from the history. */
function countBack(history: readonly { employee_count: number }[], monthsBack: number): number {
  const at = history.length - 1 - monthsBack;
  if (at >= 0) return history[at]!.employee_count;
  const first = history[0]?.employee_count ?? 0;
  const lastCount = history.at(-1)?.employee_count ?? 0;
  if (first <= 0 || history.length < 2) return first;
  // Before the history: the pace of the history as a whole, carried back.
  const perMonth = (lastCount / first) ** (1 / (history.length - 1));
  return Math.max(1, Math.round(first / perMonth ** -at));
}

export function headcountTrends(c: SignalCompany, env: SignalEnv): HeadcountTrends {
  const { history, employee_count: total } = c.sections.headcount;
  const date = readingDate(c, env);
  const starts = GROWTH_PERIODS.map((p) => countBack(history, GROWTH_PERIOD_MONTHS[p]));
  const headcount_growth = GROWTH_PERIODS.map((p, i) => {
    const months = GROWTH_PERIOD_MONTHS[p];
    return {
      ...change(p, months, starts[i]!, total),
      start_date: addMonths(date, -months),
      end_date: date,
    };
  });

  const profile = workforceProfile(c, env);
  const now = functionCounts(profile, total, 0);
  const then = GROWTH_PERIODS.map((p, i) => functionCounts(profile, starts[i]!, GROWTH_PERIOD_MONTHS[p]));
  const headcount_by_function = JOB_FUNCTIONS.map((fn, f) => ({
    function: fn,
    count: now[f]!,
    share: total > 0 ? Math.round((now[f]! / total) * 10000) / 10000 : 0,
    growth: GROWTH_PERIODS.map((p, i) => change(p, GROWTH_PERIOD_MONTHS[p], then[i]![f]!, now[f]!)),
  }))
    // A function nobody worked in, now or at a period's start, is left out: the rest sum to the totals.
    .filter((x) => x.count > 0 || x.growth.some((g) => g.start_count > 0))
    .sort((a, b) => b.count - a.count);

  return {
    uuid: c.uuid,
    linkedin_username: linkedinHandle(c),
    linkedin_official_name: c.name,
    total_employees: total,
    date,
    growth_periods: [...GROWTH_PERIODS],
    headcount_growth,
    headcount_by_function,
  };
}
