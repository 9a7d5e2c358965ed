// @vitest-environment jsdom
/**
 * The results and the filter editor with the BFF's company size and exclusions: the request the app
 * sends (employee order while the Employees filter is on, `exclude` beside `filters`, in the list
 * and in the export), the sort control's note, the 422 of a list too broad to slice, the warning of
 * an exclusion that also drops unknowns, and the cost line before a run.
 *
 * The embedded service knows neither, so the BFF's answers are staged in their contract shapes: a
 * served list is the embedded service's own answer to the request without the BFF's parts (real
 * rows), with the BFF's echo of `exclude` and its warnings; the 422 is a `ListTooBroadProblem`.
 */
import type { ListGenerateResponse } from '@contract/api';
import { gatheringCreditsMax } from '@contract/list-cost';
import { ListTooBroadProblem } from '@contract/problem';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { keepDownloads, layOutGrid } from '@/testing/grid-dom';
import { renderWithList } from '@/testing/render-with-list';
import { type Service, startService } from '../../../../../bff/embedded/service';
import { forgetGridMemory } from '../grid-memory';
import type { ListSearch } from '../list-search';
import { FilterEditor } from './filter-editor';
import { ResultsPanel } from './results-panel';

type Body = Record<string, unknown> & {
  filters?: Record<string, unknown>;
  exclude?: Record<string, unknown>;
};

let service: Service;
const realFetch = globalThis.fetch;
const calls: { path: string; body: Body }[] = [];
/** The BFF's answer to a list request; by default a served list. */
let stage: (body: Body) => Promise<Response> | Response;
let saved: Blob[] = [];

const SIZE = 'firmographic.headcount_range';

function json(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'content-type': status === 200 ? 'application/json' : 'application/problem+json' },
  });
}

/** The embedded service's answer to a request without the BFF's parts. */
async function fromService(body: Body): Promise<ListGenerateResponse> {
  const { exclude: _exclude, filters, ...rest } = body;
  const { [SIZE]: _size, ...serviceFilters } = filters ?? {};
  const res = await service.fetch(
    new Request('http://service/api/v1/list/generate/companies', {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-api-key': 'dev-enterprise-key' },
      body: JSON.stringify(
        Object.keys(serviceFilters).length > 0 ? { ...rest, filters: serviceFilters } : rest,
      ),
    }),
  );
  return (await res.json()) as ListGenerateResponse;
}

/** A list the BFF served: real rows, its echo of filters and exclusions, and any warnings. */
function served(warnings: { code: string; message: string }[] = []) {
  return async (body: Body) => {
    const answer = await fromService(body);
    return json({
      ...answer,
      filters: body.filters ?? {},
      ...(body.exclude ? { exclude: body.exclude } : {}),
      warnings: [...answer.warnings, ...warnings],
    });
  };
}

function tooBroad(listSize: number, lowerBound: boolean) {
  // Parsed with the contract's schema, so the staged problem is one the BFF can send.
  return () =>
    json(
      ListTooBroadProblem.parse({
        type: 'https://list-builder.dev/problems/list-too-broad',
        title: 'List too broad to serve exactly',
        status: 422,
        detail:
          'The company-size filter is served from the first 500 companies in employee order, and this list’s sizes lie beyond them.',
        list_size: listSize,
        list_size_is_lower_bound: lowerBound,
      }),
      422,
    );
}

beforeAll(async () => {
  service = await startService({ dataDir: ':memory:', companies: 300, seed: 7 });
  globalThis.fetch = async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), 'http://app.test');
    const body = (typeof init?.body === 'string' ? JSON.parse(init.body) : {}) as Body;
    if (url.pathname === '/api/v1/list/generate/companies') {
      calls.push({ path: url.pathname, body });
      return stage(body);
    }
    if (url.pathname === '/bff/exports') {
      calls.push({ path: url.pathname, body });
      return new Response('Company,Website\r\n"Acme, Inc.",acme.com\r\n', {
        status: 200,
        headers: { 'content-type': 'text/csv; charset=utf-8', 'x-export-total': '1' },
      });
    }
    // No /bff/pricing: the contract's prices stand in.
    return json({ type: 'about:blank', title: 'Not found', status: 404, detail: 'No such endpoint.' }, 404);
  };
  layOutGrid();
  saved = keepDownloads();
});

afterAll(() => {
  globalThis.fetch = realFetch;
  service.close();
});

afterEach(() => {
  cleanup();
  calls.length = 0;
  saved.length = 0;
  forgetGridMemory();
});

function renderAt(search: ListSearch, Component: () => ReactNode = ResultsPanel) {
  stage ??= served();
  return renderWithList(Component, search).router;
}

function EditorAndResults() {
  return (
    <>
      <aside aria-label="Filters">
        <FilterEditor />
      </aside>
      <ResultsPanel />
    </>
  );
}

const listCalls = () => calls.filter((c) => c.path === '/api/v1/list/generate/companies');

async function rowsShown() {
  await waitFor(() => {
    expect(listCalls().length).toBeGreaterThan(0);
    const grid = screen.getByRole('table', { name: 'Results' });
    expect(grid.getAttribute('aria-busy')).toBe('false');
    expect(within(grid).getAllByRole('row').length).toBeGreaterThan(1);
  });
}

describe('results with the Employees filter', () => {
  it('starts in employee order; any other sort can be picked, and the BFF’s reason shows when it kept employee order', async () => {
    stage = served();
    const router = renderAt({ size: 20, sections: ['firmographic'], filters: { [SIZE]: ['51-200'] } });
    await rowsShown();
    expect(listCalls()[0]?.body).toMatchObject({
      filters: { [SIZE]: ['51-200'] },
      sort_by: 'employee_range',
      sort_order: 'desc',
    });
    const select = screen.getByLabelText('Sort by') as HTMLSelectElement;
    expect(select.value).toBe('employee_range');
    expect(select.disabled).toBe(false);
    expect(screen.queryByText(/while the Employees filter is on/)).toBeNull();

    // "51-200 employees, newest first": the Founded column's header sorts, and the request says so.
    const grid = screen.getByRole('table', { name: 'Results' });
    const founded = within(grid).getByRole('columnheader', { name: /Founded/ });
    await userEvent.click(within(founded).getByRole('button'));
    expect(router.state.location.search.sort_by).toBe('founded_year');
    await waitFor(() =>
      expect(listCalls().at(-1)?.body).toMatchObject({
        filters: { [SIZE]: ['51-200'] },
        sort_by: 'founded_year',
        sort_order: 'desc',
      }),
    );
    expect(founded.getAttribute('aria-sort')).toBe('descending');

    // Where the BFF cannot place every company of the size in that order, its warning says why.
    const why =
      'Sorted by employees (most first) instead of relevance: relevance is the service’s own score, which it orders only the first 500 of a list by.';
    stage = served([{ code: 'employee_sort', message: why }]);
    await userEvent.selectOptions(select, 'relevance');
    expect(await screen.findByText(why)).toBeTruthy();
  });

  it('prices the probes and the exclusion reads before the run, as a most', async () => {
    let release!: () => void;
    const held = new Promise<void>((r) => {
      release = r;
    });
    stage = async (body) => {
      await held;
      return served()(body);
    };
    renderAt({ size: 20, filters: { [SIZE]: ['51-200'] }, exclude: { 'location.offices.city': ['Berlin'] } });
    // 1.5 + 20 x 0.2 for the page, up to 40 probes at 3.7 (one run of sizes, for the list and for
    // the companies to leave out), and up to 500 companies read twice without sections.
    const line = await screen.findByText('This page: up to ~359.5 credits');
    expect(line.getAttribute('title')).toMatch(/40 one-company probes/);
    release();
    await rowsShown();
  });

  it('prices company size alone with what gathering it slice by slice can cost, before the run', async () => {
    let release!: () => void;
    const held = new Promise<void>((r) => {
      release = r;
    });
    stage = async (body) => {
      await held;
      return served()(body);
    };
    renderAt({ size: 20, filters: { [SIZE]: ['51-200'] } });
    // The usual most (the page and the probes), then the most with the gathering's ceiling
    // (eight slices' counts and probes, 546.4 on Enterprise) and the page's further reads.
    const line = await screen.findByText(/if the sizes are gathered slice by slice$/);
    const [, usual, most] = /^This page: up to ~([\d.,]+) credits; up to ~([\d.,]+) credits if/.exec(
      line.textContent ?? '',
    )!;
    const n = (s: string | undefined) => Number(s!.replace(/,/g, ''));
    expect(n(usual)).toBeGreaterThanOrEqual(5.5 + 74);
    expect(n(most)).toBeGreaterThanOrEqual(n(usual) + gatheringCreditsMax('enterprise', 1));
    expect(line.getAttribute('title')).toMatch(/gathering up to 500 of them slice by slice/);
    release();
    await rowsShown();
  });

  it('prices an exclusion served as a plain filter as the page alone', async () => {
    let release!: () => void;
    const held = new Promise<void>((r) => {
      release = r;
    });
    stage = async (body) => {
      await held;
      return served()(body);
    };
    renderAt({ size: 20, exclude: { 'location.hq.country': ['USA'] } });
    expect(await screen.findByText('This page: ~5.5 credits')).toBeTruthy();
    release();
    await rowsShown();
  });
});

describe('a list too broad to slice', () => {
  it('says how large the list is and asks for one more filter, beside the editor and in the results', async () => {
    stage = tooBroad(1234, false);
    renderAt({ size: 20, filters: { [SIZE]: ['51-200'] } }, EditorAndResults);
    const alert = await screen.findByRole('alert');
    expect(
      within(alert).getByText('This list has 1,234 companies: add one more filter to narrow it'),
    ).toBeTruthy();
    expect(alert.textContent).toContain('served from the first 500 companies in employee order');
    expect(alert.textContent).not.toContain('did not accept');
    // Neither a retry nor starting over fixes it: a filter does.
    expect(within(alert).queryByRole('button')).toBeNull();

    const note = screen.getByRole('region', { name: 'List too broad' });
    expect(
      within(screen.getByRole('complementary', { name: 'Filters' })).getByRole('region', {
        name: 'List too broad',
      }),
    ).toBe(note);
    expect(
      within(note).getByText('This list has 1,234 companies: add one more filter to narrow it'),
    ).toBeTruthy();

    // One more filter from the editor: the BFF serves it, and both messages go.
    stage = served();
    await userEvent.click(screen.getByRole('checkbox', { name: 'Private' }));
    await rowsShown();
    expect(listCalls().at(-1)?.body.filters).toEqual({
      [SIZE]: ['51-200'],
      'firmographic.company_type': ['private'],
    });
    expect(screen.queryByRole('region', { name: 'List too broad' })).toBeNull();
  });

  it('says "more than" when the BFF only knows the list is larger than it can read', async () => {
    stage = tooBroad(500, true);
    renderAt({ size: 20, exclude: { 'industry.industry': ['IND-2031'] } }, EditorAndResults);
    const alert = await screen.findByRole('alert');
    expect(
      within(alert).getByText('This list has more than 500 companies: add one more filter to narrow it'),
    ).toBeTruthy();
    expect(
      within(screen.getByRole('region', { name: 'List too broad' })).getByText(
        'This list has more than 500 companies: add one more filter to narrow it',
      ),
    ).toBeTruthy();
  });

  it('keeps the general advice for a 422 of another shape', async () => {
    stage = () =>
      json(
        { type: 'about:blank', title: 'Unprocessable', status: 422, detail: 'Something else was wrong.' },
        422,
      );
    renderAt({ size: 20 }, EditorAndResults);
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText('The service did not accept these filters')).toBeTruthy();
    expect(screen.queryByRole('region', { name: 'List too broad' })).toBeNull();
  });
});

describe('results with exclusions', () => {
  it('sends them with the list and the export, and shows what the BFF says they also leave out', async () => {
    const message = 'Leaving out United States also leaves out 4 companies whose HQ country is unknown.';
    stage = served([{ code: 'exclusion_drops_unknown', message }]);
    const filters = { 'firmographic.company_type': ['private'], [SIZE]: ['51-200', '201-500'] };
    const exclude = { 'location.hq.country': ['USA'] };
    renderAt({ size: 20, sections: ['firmographic'], filters, exclude, sort_order: 'asc' });
    await rowsShown();
    expect(listCalls()[0]?.body).toEqual({
      filters,
      exclude,
      sections: ['firmographic'],
      sort_by: 'employee_range',
      sort_order: 'asc',
      limit: 20,
      offset: 0,
    });
    expect(await screen.findByText(message)).toBeTruthy();

    await userEvent.click(screen.getByRole('button', { name: 'Export CSV' }));
    const menu = await screen.findByRole('dialog', { name: 'Export CSV' });
    await userEvent.click(within(menu).getByRole('button', { name: 'Download CSV' }));
    const status = await within(menu).findByRole('status');
    expect(status.textContent).toMatch(
      /^Saved 51-200-201-500-private-not-united-states-\d{4}-\d{2}-\d{2}\.csv/,
    );
    const exported = calls.find((c) => c.path === '/bff/exports')?.body as { request?: unknown };
    expect(exported.request).toEqual({
      filters,
      exclude,
      sections: ['firmographic'],
      sort_by: 'employee_range',
      sort_order: 'asc',
    });
  });
});
