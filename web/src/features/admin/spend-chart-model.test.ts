import type { SpendDay } from '@contract/admin';
import { describe, expect, it } from 'vitest';
import {
  chartModel,
  DAY_LABEL_GAP,
  DAY_LABEL_WIDTH,
  labelledDays,
  niceTicks,
  OTHERS,
  OTHERS_COLOUR,
  SERIES_COLOURS,
  savedByUser,
} from './spend-chart-model';

describe('the spend chart’s model', () => {
  it('gives the y axis round ticks that reach the highest day', () => {
    expect(niceTicks(0)).toEqual([0, 1]);
    expect(niceTicks(7.3)).toEqual([0, 2, 4, 6, 8]);
    expect(niceTicks(100)).toEqual([0, 25, 50, 75, 100]);
    expect(niceTicks(0.3)).toEqual([0, 0.1, 0.2, 0.3]);
    for (const n of [0.04, 1, 3.3, 12.5, 999, 12_345])
      expect(niceTicks(n).at(-1), String(n)).toBeGreaterThanOrEqual(n);
  });

  it('stacks each day’s users, biggest spender of the window first, with no holes', () => {
    const m = chartModel([
      { date: '2026-01-01', credits: 3, by_user: { ann: 1, bob: 2 }, saved: 0, saved_by_user: {} },
      { date: '2026-01-02', credits: 0, by_user: {}, saved: 0, saved_by_user: {} },
      { date: '2026-01-03', credits: 4.5, by_user: { ann: 4.5 }, saved: 0, saved_by_user: {} },
    ]);
    expect(m.series).toEqual([
      { name: 'ann', colour: SERIES_COLOURS[0], total: 5.5 },
      { name: 'bob', colour: SERIES_COLOURS[1], total: 2 },
    ]);
    expect(m.days.map((d) => d.segments.map((s) => [s.series, s.from, s.to]))).toEqual([
      [
        ['ann', 0, 1],
        ['bob', 1, 3],
      ],
      [],
      [['ann', 0, 4.5]],
    ]);
    expect(m.total).toBe(7.5);
    expect(m.max).toBeGreaterThanOrEqual(4.5);
  });

  it('sums the users beyond the colours as Others', () => {
    const by_user = Object.fromEntries(['a', 'b', 'c', 'd'].map((n, i) => [n, 4 - i]));
    const m = chartModel([{ date: '2026-01-01', credits: 10, by_user, saved: 0, saved_by_user: {} }], 3);
    expect(m.series.map((s) => [s.name, s.total])).toEqual([
      ['a', 4],
      ['b', 3],
      [OTHERS, 3],
    ]);
    expect(m.series.at(-1)?.colour).toBe(OTHERS_COLOUR);
    expect(m.days[0]?.segments.at(-1)).toMatchObject({ series: OTHERS, from: 7, to: 10 });
  });

  it('keeps each day’s saved credits, sums them, and ranks the users they were saved for', () => {
    const days: SpendDay[] = [
      { date: '2026-01-01', credits: 3, by_user: { ann: 3 }, saved: 40, saved_by_user: { ann: 15, bob: 25 } },
      { date: '2026-01-02', credits: 0, by_user: {}, saved: 0, saved_by_user: {} },
      { date: '2026-01-03', credits: 1, by_user: { bob: 1 }, saved: 12.5, saved_by_user: { ann: 12.5 } },
    ];
    const m = chartModel(days);
    expect(m.days.map((d) => d.saved)).toEqual([40, 0, 12.5]);
    expect(m.saved).toBe(52.5);
    expect(savedByUser(days)).toEqual([
      { name: 'ann', saved: 27.5 },
      { name: 'bob', saved: 25 },
    ]);
    expect(savedByUser([days[1]!])).toEqual([]);
  });

  it('labels the last day and spaced days before it, no two labels overlapping at any width', () => {
    // A label's extent: centred under its day, the last one ending at the plot's right edge.
    const extent = (i: number, count: number, band: number): [number, number] =>
      i === count - 1
        ? [count * band - DAY_LABEL_WIDTH, count * band]
        : [(i + 0.5) * band - DAY_LABEL_WIDTH / 2, (i + 0.5) * band + DAY_LABEL_WIDTH / 2];
    for (const count of [1, 2, 7, 8, 14, 30, 31, 90])
      for (const plot of [144, 184, 240, 400, 664, 1100]) {
        const band = plot / count;
        const days = labelledDays(count, band);
        const at = `${count} days over ${plot} px`;
        expect(days.at(-1), at).toBe(count - 1);
        expect(days.length, at).toBeLessThanOrEqual(7);
        for (let j = 1; j < days.length; j++) {
          const [, right] = extent(days[j - 1]!, count, band);
          const [left] = extent(days[j]!, count, band);
          expect(left - right, `${at}: days ${days[j - 1]} and ${days[j]}`).toBeGreaterThanOrEqual(
            DAY_LABEL_GAP,
          );
        }
      }
    // 30 days on a phone (a 240 px card): Nov 28's label leaves out the one that would touch it.
    expect(labelledDays(30, 184 / 30)).toEqual([5, 13, 29]);
    // On a wide screen every fifth day, counted back from the last.
    expect(labelledDays(30, 664 / 30)).toEqual([4, 9, 14, 19, 24, 29]);
  });
});
