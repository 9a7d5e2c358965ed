// @vitest-environment jsdom
/**
 * The export's progress: rows counted as the CSV arrives move the bar through intermediate states
 * against the total the BFF announced. The response is staged chunk by chunk (the test decides when
 * each page of rows arrives), which a real server cannot be made to do deterministically; the price
 * the menu asks for first is staged beside it.
 */
import type { ListExportEstimate } from '@contract/company-store';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { keepDownloads } from '@/testing/grid-dom';
import { ExportMenu } from '../components/results/export-menu';
import { type ExportProgress, exportCsv } from './export';

const realFetch = globalThis.fetch;

/** A CSV body the test pushes page by page, as the BFF streams one upstream page at a time. */
function stagedCsv(total: number | null) {
  let push!: (text: string) => void;
  let end!: () => void;
  const encoder = new TextEncoder();
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      push = (text) => controller.enqueue(encoder.encode(text));
      end = () => controller.close();
    },
  });
  const headers: Record<string, string> = { 'content-type': 'text/csv; charset=utf-8' };
  if (total !== null) headers['x-export-total'] = String(total);
  // The menu asks for the export's price first (free); the answer in the contract's shape.
  const estimate: ListExportEstimate = {
    kind: 'list',
    rows: total ?? 0,
    sections: [],
    credits: 2.5,
    exact: true,
    credits_without_store: 2.5,
    budget_remaining: null,
    within_budget: true,
  };
  globalThis.fetch = async (input: RequestInfo | URL) =>
    String(input).endsWith('/estimate')
      ? Response.json(estimate)
      : new Response(body, { status: 200, headers });
  return { push: (text: string) => push(text), end: () => end() };
}

const rows = (from: number, n: number) =>
  Array.from({ length: n }, (_, i) => `"Company ${from + i}, Inc.",c${from + i}.com\r\n`).join('');

/** Lets the reader take what was pushed. */
const settle = () => new Promise((r) => setTimeout(r, 0));

beforeAll(() => {
  keepDownloads();
});

afterEach(() => {
  cleanup();
  globalThis.fetch = realFetch;
});

describe('exportCsv progress', () => {
  it('reports the rows received after each chunk, against the announced total', async () => {
    const stream = stagedCsv(250);
    const seen: ExportProgress[] = [];
    const done = exportCsv({ request: {}, columns: ['name'], bom: false }, (p) => seen.push(p));
    await settle();
    stream.push(`Company,Website\r\n${rows(0, 100)}`);
    await settle();
    // A chunk cut inside a quoted field: the half row is not counted yet.
    const page2 = rows(100, 100);
    stream.push(page2.slice(0, -20));
    await settle();
    stream.push(page2.slice(-20) + rows(200, 50));
    await settle();
    stream.end();
    const result = await done;
    expect(seen.map((p) => p.rows)).toEqual([0, 100, 199, 250, 250]);
    expect(seen.every((p) => p.total === 250)).toBe(true);
    expect(result.rows).toBe(250);
    expect(await result.blob.text()).toContain('"Company 249, Inc.",c249.com');
  });

  it('gives an unknown total (an indeterminate bar) when the BFF does not announce one', async () => {
    const stream = stagedCsv(null);
    const seen: ExportProgress[] = [];
    const done = exportCsv({ request: {}, columns: ['name'], bom: false }, (p) => seen.push(p));
    await settle();
    stream.push(`Company,Website\r\n${rows(0, 3)}`);
    stream.end();
    await done;
    expect(seen.at(-1)).toEqual({ rows: 3, total: null });
  });
});

describe('the export menu progress bar', () => {
  it('moves through intermediate states while the rows arrive, then says what was saved', async () => {
    const stream = stagedCsv(500);
    render(
      <QueryClientProvider client={new QueryClient()}>
        <ExportMenu
          request={{ sort_by: 'relevance', sort_order: 'desc', limit: 20, offset: 40 }}
          columns={['name', 'website']}
          selected={[]}
          total={500}
          list={{ q: 'fintechs in Germany' }}
        />
      </QueryClientProvider>,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Export CSV' }));
    await userEvent.click(screen.getByRole('button', { name: 'Download CSV' }));
    const bar = await screen.findByRole('progressbar', { name: 'Export progress' });
    const now = () => Number(bar.getAttribute('aria-valuenow'));
    expect(bar.getAttribute('aria-valuemax')).toBe('500');
    await waitFor(() => expect(now()).toBe(0));

    const values: number[] = [];
    stream.push(`Company,Website\r\n${rows(0, 100)}`);
    await waitFor(() => expect(now()).toBe(100));
    values.push(now());
    expect(screen.getByText('100 of 500 rows')).toBeTruthy();
    for (let from = 100; from < 500; from += 100) {
      stream.push(rows(from, 100));
      await waitFor(() => expect(now()).toBe(from + 100));
      values.push(now());
    }
    expect(values).toEqual([100, 200, 300, 400, 500]);
    stream.end();
    expect((await screen.findByRole('status')).textContent).toMatch(
      /^Saved fintechs-germany-\d{4}-\d{2}-\d{2}\.csv \(500 rows\)\.$/,
    );
    expect(screen.queryByRole('progressbar', { name: 'Export progress' })).toBeNull();
  });
});
