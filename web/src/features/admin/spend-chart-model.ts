/**
 * The spend chart's model, apart from its drawing: which users get a colour of their own (the
 * biggest spenders of the window; the rest are summed as "Others"), each day's stacked segments,
 * and the y axis's round ticks.
 */
import type { SpendDay } from '@contract/admin';
import { credits } from '@contract/pricing';

/**
 * Colours of the series, in order: each at least 3:1 against white (WCAG 1.4.11, graphics) and
 * apart in hue; segments are also separated by a white gap, so no two need to differ in contrast.
 */
export const SERIES_COLOURS = ['#4f46e5', '#0d9488', '#d97706', '#db2777', '#0284c7', '#7c3aed'] as const;
export const OTHERS_COLOUR = '#64748b';
// A user's name has no spaces (contract/admin.ts), so this never names a user.
export const OTHERS = 'Everyone else';

export type Series = { name: string; colour: string; total: number };
export type Segment = { series: string; colour: string; credits: number; from: number; to: number };
type ChartDay = { date: string; total: number; segments: Segment[]; saved: number };
type ChartModel = {
  series: Series[];
  days: ChartDay[];
  ticks: number[];
  max: number;
  total: number;
  /** Credits the company store saved over the days. */
  saved: number;
};

/** Users by credits the company store saved them over the days, most first; those who saved nothing left out. */
export function savedByUser(days: readonly SpendDay[]): { name: string; saved: number }[] {
  const totals = new Map<string, number>();
  for (const d of days)
    for (const [name, c] of Object.entries(d.saved_by_user)) totals.set(name, (totals.get(name) ?? 0) + c);
  return [...totals]
    .filter(([, c]) => c > 0)
    .sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))
    .map(([name, c]) => ({ name, saved: credits(c) }));
}

/** A round axis maximum at or above `n` (1, 2, 2.5 or 5 times a power of ten) and its ticks. */
export function niceTicks(n: number, count = 4): number[] {
  if (!(n > 0)) return [0, 1];
  const rough = n / count;
  const power = 10 ** Math.floor(Math.log10(rough));
  const step = [1, 2, 2.5, 5, 10].map((m) => m * power).find((s) => s >= rough) ?? 10 * power;
  const ticks: number[] = [];
  for (let t = 0; t < n + step / 2 && ticks.length <= count + 1; t += step) ticks.push(credits(t));
  if ((ticks.at(-1) ?? 0) < n) ticks.push(credits(ticks.length * step));
  return ticks;
}

export function chartModel(days: readonly SpendDay[], colours: number = SERIES_COLOURS.length): ChartModel {
  const totals = new Map<string, number>();
  for (const d of days)
    for (const [name, c] of Object.entries(d.by_user)) totals.set(name, (totals.get(name) ?? 0) + c);
  const ranked = [...totals].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]));
  // Room for one colour fewer when "Others" is needed: one series is never worth a whole colour's doubt.
  const own = ranked.length > colours ? ranked.slice(0, colours - 1) : ranked;
  const series: Series[] = own.map(([name, total], i) => ({
    name,
    colour: SERIES_COLOURS[i % SERIES_COLOURS.length]!,
    total: credits(total),
  }));
  const named = new Set(own.map(([name]) => name));
  if (ranked.length > own.length) {
    series.push({
      name: OTHERS,
      colour: OTHERS_COLOUR,
      total: credits(ranked.filter(([name]) => !named.has(name)).reduce((s, [, c]) => s + c, 0)),
    });
  }
  const chartDays = days.map((d): ChartDay => {
    const others = Object.entries(d.by_user)
      .filter(([name]) => !named.has(name))
      .reduce((s, [, c]) => s + c, 0);
    let from = 0;
    const segments: Segment[] = [];
    for (const s of series) {
      const c = credits(s.name === OTHERS && !named.has(OTHERS) ? others : (d.by_user[s.name] ?? 0));
      if (c <= 0) continue;
      segments.push({ series: s.name, colour: s.colour, credits: c, from, to: from + c });
      from += c;
    }
    return { date: d.date, total: d.credits, segments, saved: d.saved };
  });
  const highest = Math.max(0, ...days.map((d) => d.credits));
  const ticks = niceTicks(highest);
  return {
    series,
    days: chartDays,
    ticks,
    max: ticks.at(-1) ?? 1,
    total: credits(days.reduce((s, d) => s + d.credits, 0)),
    saved: credits(days.reduce((s, d) => s + d.saved, 0)),
  };
}

/** A day label's drawn width at 11 px ("Nov 28"), and the least space between two labels. */
export const DAY_LABEL_WIDTH = 40;
export const DAY_LABEL_GAP = 8;

/**
 * Which of `count` days (each `band` px wide) get a label under the chart: the last day always,
 * then every k-th day before it, at most seven in all. A label is centred under its day, except the
 * last, which ends at the plot's edge rather than running past it; so the one before the last must
 * clear that label's left end too, and is left out when it would not.
 */
export function labelledDays(count: number, band: number): number[] {
  if (count <= 0) return [];
  const every = Math.max(Math.ceil(count / 7), Math.ceil((DAY_LABEL_WIDTH + DAY_LABEL_GAP) / band));
  const lastLeft = count * band - DAY_LABEL_WIDTH;
  const out: number[] = [];
  for (let i = count - 1 - every; i >= 0; i -= every) {
    const right = (i + 0.5) * band + DAY_LABEL_WIDTH / 2;
    if (right + DAY_LABEL_GAP <= lastLeft) out.unshift(i);
  }
  out.push(count - 1);
  return out;
}
