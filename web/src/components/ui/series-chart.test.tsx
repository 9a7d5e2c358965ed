// @vitest-environment jsdom
import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { formatCompactCount, formatCount } from '@/lib/format';
import { labelledPoints, SeriesChart, seriesScale, seriesSummary } from './series-chart';

afterEach(cleanup);

const MONTHS = [
  { key: '2026-01', label: 'Jan 2026', value: 12_000 },
  { key: '2026-02', label: 'Feb 2026', value: 9_500 },
  { key: '2026-03', label: 'Mar 2026', value: 14_250 },
];

describe('SeriesChart', () => {
  it('is one image named by its title and described by a summary, with its figures as a table a button away', async () => {
    render(
      <SeriesChart
        title="Monthly website visits"
        kind="bar"
        points={MONTHS}
        labelHeader="Month"
        valueHeader="Visits"
        format={formatCount}
        formatTick={formatCompactCount}
      />,
    );
    const chart = screen.getByRole('img', { name: 'Monthly website visits' });
    const desc = document.getElementById(chart.getAttribute('aria-describedby') ?? '');
    expect(desc?.textContent).toBe(
      'From 12,000 in Jan 2026 to 14,250 in Mar 2026; highest 14,250 in Mar 2026, lowest 9,500 in Feb 2026.',
    );
    // One bar per point, each with its tooltip.
    expect(chart.querySelectorAll('[data-point]')).toHaveLength(3);
    expect(chart.querySelector('[data-point="2026-02"] title')?.textContent).toBe('Feb 2026: 9,500');

    // The table is not there until asked for; the button says whether it is open.
    expect(screen.queryByRole('table')).toBeNull();
    const toggle = screen.getByRole('button', { name: 'Show as a table' });
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    await userEvent.click(toggle);
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    expect(toggle.textContent).toBe('Hide the table');
    const table = screen.getByRole('table', { name: 'Monthly website visits' });
    expect(document.getElementById(toggle.getAttribute('aria-controls') ?? '')?.contains(table)).toBe(true);
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Month', 'Visits']);
    const rows = within(table)
      .getAllByRole('row')
      .slice(1)
      .map((r) => [within(r).getByRole('rowheader').textContent, within(r).getByRole('cell').textContent]);
    expect(rows).toEqual([
      ['Jan 2026', '12,000'],
      ['Feb 2026', '9,500'],
      ['Mar 2026', '14,250'],
    ]);

    // Keyboard: the button is reached and pressed like any other.
    toggle.focus();
    await userEvent.keyboard('{Enter}');
    expect(screen.queryByRole('table')).toBeNull();
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
  });

  it('draws a line through its points, and says so when there is nothing to show', () => {
    render(
      <SeriesChart
        title="Headcount over time"
        kind="line"
        points={MONTHS.map((p, i) => ({ ...p, at: Date.UTC(2026, i * 3, 1) }))}
        labelHeader="Date"
        valueHeader="Employees"
        format={formatCount}
      />,
    );
    const chart = screen.getByRole('img', { name: 'Headcount over time' });
    expect(chart.querySelector('path')?.getAttribute('d')).toMatch(/^M[\d.]+,[\d.]+(L[\d.]+,[\d.]+){2}$/);
    expect(chart.querySelectorAll('circle')).toHaveLength(3);
    expect(seriesSummary([], formatCount)).toBe('No data to show.');
    expect(seriesSummary([MONTHS[0]!], formatCount)).toBe('Jan 2026: 12,000.');
  });
});

describe('the chart’s scale and labels', () => {
  it('starts bars at zero on round ticks that reach the highest value', () => {
    expect(seriesScale([9_500, 12_000, 14_250], 'bar')).toEqual({
      min: 0,
      max: 15_000,
      ticks: [0, 5_000, 10_000, 15_000],
    });
    expect(seriesScale([0, 0], 'bar')).toEqual({ min: 0, max: 1, ticks: [0, 1] });
  });

  it('fits a line far from zero to its values, so a change of a few percent shows', () => {
    const s = seriesScale([9_800, 10_100, 10_400], 'line');
    expect(s.min).toBeGreaterThan(9_000);
    expect(s.min).toBeLessThanOrEqual(9_800);
    expect(s.max).toBeGreaterThanOrEqual(10_400);
    expect(s.ticks[0]).toBe(s.min);
    // A line that doubles starts at zero.
    expect(seriesScale([100, 250], 'line').min).toBe(0);
  });

  it('names every point when the labels fit, else every k-th back from the latest', () => {
    expect(labelledPoints(12, 800, 50)).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11]);
    expect(labelledPoints(12, 300, 50)).toEqual([2, 5, 8, 11]);
    expect(labelledPoints(0, 300, 50)).toEqual([]);
  });
});
