import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CompanyListItem } from '../../contract/api';
import { COLUMN_BY_ID } from '../../contract/columns';
import type { Problem } from '../../contract/problem';
import type { Service } from '../../embedded/service';
import { type RunningBff, startBff, startEmbedded } from '../../testing/bff-server';
import { parseCsv } from '../../testing/parse-csv';
import { embeddedUpstream } from '../upstream/upstream';
import { countCsvRows } from './csv';
import { EXPORT_PAGE_SIZE } from './export';

let service: Service;
let enterprise: RunningBff;
let payg: RunningBff;
let subscription: RunningBff;

/**
 * A team-mode BFF on the plan's development key; the tests export as alice. No cache: every page an
 * export reads reaches the upstream, where the tests count them.
 */
const bffOn = (key: string) =>
  startBff({ upstream: embeddedUpstream(service, key), mode: 'team', cacheTtlMs: 0 });

beforeAll(async () => {
  service = await startEmbedded();
  [enterprise, payg, subscription] = await Promise.all([
    bffOn('dev-enterprise-key'),
    bffOn('dev-payg-key'),
    bffOn('dev-subscription-key'),
  ]);
});

afterAll(async () => {
  await Promise.all([enterprise?.close(), payg?.close(), subscription?.close()]);
  service?.close();
});

async function postExport(server: RunningBff, body: unknown): Promise<Response> {
  return server.post('/bff/exports', body, { headers: await server.as('alice') });
}

/** The list as the embedded service serves it directly, for comparing the export with. */
async function directList(
  body: Record<string, unknown>,
): Promise<{ data: CompanyListItem[]; total_count: number }> {
  const res = await service.fetch(
    new Request('http://service/api/v1/list/generate/companies', {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-api-key': 'dev-enterprise-key' },
      body: JSON.stringify({ limit: 500, ...body }),
    }),
  );
  expect(res.status).toBe(200);
  return (await res.json()) as { data: CompanyListItem[]; total_count: number };
}

async function expectProblem(res: Response, status: number): Promise<Problem> {
  expect(res.status).toBe(status);
  expect(res.headers.get('content-type')).toMatch(/^application\/problem\+json/);
  const body = (await res.json()) as Problem;
  expect(body.status).toBe(status);
  return body;
}

const GERMANY = { 'location.hq.country': ['DEU'] };
const COLUMNS = [
  'name',
  'website',
  'firmographic.founded_year',
  'location.hq.country',
  'industry.industry',
  'financial_estimate.revenue_usd',
];

describe('POST /bff/exports: the CSV', () => {
  it('streams the list as CSV with readable headers, paging upstream by 100 with only the sections the columns need', async () => {
    const before = enterprise.calls.length;
    const res = await postExport(enterprise, {
      request: {
        filters: GERMANY,
        sections: ['technology'],
        sort_by: 'founded_year',
        sort_order: 'asc',
        limit: 7,
      },
      columns: COLUMNS,
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    const today = new Date().toISOString().slice(0, 10);
    expect(res.headers.get('content-disposition')).toBe(`attachment; filename="companies-${today}.csv"`);
    const direct = await directList({
      filters: GERMANY,
      sections: ['firmographic', 'location', 'industry', 'financial_estimate'],
      sort_by: 'founded_year',
      sort_order: 'asc',
    });
    expect(direct.total_count).toBeGreaterThan(100);
    expect(res.headers.get('x-export-total')).toBe(String(direct.total_count));

    const text = await res.text();
    const rows = parseCsv(text);
    expect(rows[0]).toEqual(['Company', 'Website', 'Founded', 'HQ country', 'Industries', 'Revenue (USD)']);
    expect(rows.length - 1).toBe(direct.total_count);
    expect(countCsvRows(text) - 1).toBe(direct.total_count);
    // Same companies in the same order, cells flattened by the column catalog.
    expect(rows.slice(1).map((r) => r[0])).toEqual(direct.data.map((c) => c.name));
    const first = direct.data[0]!;
    expect(rows[1]).toEqual(COLUMNS.map((id) => COLUMN_BY_ID.get(id)!.text(first)));
    expect(rows[1]![3]).toBe('Germany');
    expect(rows[1]![5]).toMatch(/^\d+$/);

    const pages = enterprise.calls.slice(before);
    expect(pages.map((c) => [c.method, c.path])).toEqual(
      pages.map(() => ['POST', '/api/v1/list/generate/companies']),
    );
    const offsets = Array.from(
      { length: Math.ceil(direct.total_count / EXPORT_PAGE_SIZE) },
      (_, i) => i * EXPORT_PAGE_SIZE,
    );
    expect(pages.map((c) => (c.body as { offset: number }).offset)).toEqual(offsets);
    // Every page asks for a whole page (the service answers what is left): the grid's pages.
    expect(pages.map((c) => (c.body as { limit: number }).limit)).toEqual(
      offsets.map(() => EXPORT_PAGE_SIZE),
    );
    for (const p of pages) {
      expect((p.body as { sections: string[] }).sections).toEqual([
        'firmographic',
        'financial_estimate',
        'location',
        'industry',
      ]);
    }
  });

  it('stops at the 500 companies the service serves', async () => {
    const before = enterprise.calls.length;
    const res = await postExport(enterprise, { request: {}, columns: ['name', 'uuid'] });
    expect(res.headers.get('x-export-total')).toBe('500');
    const rows = parseCsv(await res.text());
    expect(rows.length).toBe(501);
    expect(new Set(rows.slice(1).map((r) => r[1])).size).toBe(500);
    const offsets = enterprise.calls.slice(before).map((c) => (c.body as { offset: number }).offset);
    expect(offsets).toEqual(Array.from({ length: 500 / EXPORT_PAGE_SIZE }, (_, i) => i * EXPORT_PAGE_SIZE));
    // Identity columns need no section, so none is requested (and none is paid for).
    for (const c of enterprise.calls.slice(before)) expect(c.body).not.toHaveProperty('sections');
  });

  it('exports only the selected companies, in list order, and stops paging once all are found', async () => {
    const direct = await directList({});
    const picked = [direct.data[150]!, direct.data[5]!, direct.data[320]!];
    const before = enterprise.calls.length;
    const res = await postExport(enterprise, {
      request: {},
      columns: ['uuid', 'name'],
      uuids: picked.map((c) => c.uuid),
    });
    expect(res.headers.get('x-export-total')).toBe('3');
    const rows = parseCsv(await res.text());
    expect(rows.slice(1)).toEqual([5, 150, 320].map((i) => [direct.data[i]!.uuid, direct.data[i]!.name]));
    // Pages up to the one holding the last selected company (the 321st), none after it.
    const last = Math.floor(320 / EXPORT_PAGE_SIZE);
    expect(enterprise.calls.slice(before).map((c) => (c.body as { offset: number }).offset)).toEqual(
      Array.from({ length: last + 1 }, (_, i) => i * EXPORT_PAGE_SIZE),
    );
  });

  it('writes a UTF-8 byte-order mark only when asked', async () => {
    const body = { request: { filters: { 'location.hq.country': ['CHE'] } }, columns: ['name'] };
    const withBom = new Uint8Array(
      await (await postExport(enterprise, { ...body, bom: true })).arrayBuffer(),
    );
    const without = new Uint8Array(await (await postExport(enterprise, body)).arrayBuffer());
    expect([...withBom.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect(new TextDecoder().decode(without.slice(0, 9))).toBe('Company\r\n');
    expect(withBom.slice(3)).toEqual(without);
  });

  it('quotes commas, semicolons, quotes and line breaks, and neutralises formula cells, but not numbers', async () => {
    // The upstream stands in with hostile names on real rows: a company can name itself anything.
    enterprise.stage(async (_call, _n, real) => {
      const page = (await (await real()).json()) as { data: CompanyListItem[] };
      page.data[0]!.name = '=HYPERLINK("http://evil.example","click")';
      page.data[1]!.name = 'Acme, "Best" Inc.\r\nBerlin';
      page.data[2]!.name = '-5';
      page.data[3]!.product_category = '@SUM(A1:A9)';
      page.data[4]!.name = '\tTabbed';
      page.data[5]!.name = 'Bosch; Siemens';
      return Response.json(page);
    });
    try {
      const res = await postExport(enterprise, {
        request: { filters: GERMANY },
        columns: ['name', 'product_category', 'financial_estimate.revenue_growth_pct'],
      });
      const text = await res.text();
      const rows = parseCsv(text);
      expect(rows[1]![0]).toBe(`'=HYPERLINK("http://evil.example","click")`);
      expect(rows[2]![0]).toBe('Acme, "Best" Inc.\r\nBerlin');
      expect(rows[3]![0]).toBe("'-5");
      expect(rows[4]![1]).toBe("'@SUM(A1:A9)");
      expect(rows[5]![0]).toBe("'\tTabbed");
      expect(text).toContain('"Acme, ""Best"" Inc.\r\nBerlin"');
      // Quoted, a cell with `;` stays one cell in a spreadsheet that splits on it.
      expect(rows[6]![0]).toBe('Bosch; Siemens');
      expect(text).toContain('\r\n"Bosch; Siemens",');
      // Row count from CRLFs outside quotes still matches (the web app's progress count).
      expect(countCsvRows(text) - 1).toBe(Number(res.headers.get('x-export-total')));
      const negative = rows
        .slice(1)
        .map((r) => r[2]!)
        .filter((v) => v.startsWith('-') || v.startsWith("'-"));
      expect(negative.length).toBeGreaterThan(0);
      for (const v of negative) expect(v).toMatch(/^-\d+(\.\d+)?$/);
    } finally {
      enterprise.stage(undefined);
    }
  });
});

describe('POST /bff/exports: plans, refusals and failures', () => {
  it('pages within the pay-as-you-go limit of 20', async () => {
    const before = payg.calls.length;
    const res = await postExport(payg, {
      request: { filters: { 'location.hq.country': ['JPN'] } },
      columns: ['name', 'company_type'],
    });
    expect(res.status).toBe(200);
    const total = Number(res.headers.get('x-export-total'));
    expect(total).toBe(45);
    const rows = parseCsv(await res.text());
    expect(rows.length - 1).toBe(45);
    expect(rows.slice(1).every((r) => r[1] === 'Private' || r[1] === 'Public')).toBe(true);
    const pages = payg.calls.slice(before).map((c) => c.body as { offset: number; limit: number });
    expect(pages).toEqual([
      expect.objectContaining({ offset: 0, limit: 20 }),
      expect.objectContaining({ offset: 20, limit: 20 }),
      // The last page asks for a whole page too; the service answers the 5 left.
      expect.objectContaining({ offset: 40, limit: 20 }),
    ]);
  });

  it('refuses, before spending anything, columns whose sections the plan lacks', async () => {
    const before = payg.calls.length;
    const problem = await expectProblem(
      await postExport(payg, {
        request: {},
        columns: ['name', 'firmographic.founded_year', 'location.hq.city'],
      }),
      403,
    );
    expect(problem.errors?.map((e) => e.path)).toEqual(['columns.1', 'columns.2']);
    expect(problem.errors?.[0]?.message).toMatch(/Founded.*Firmographic.*Pay-as-you-go/);
    expect(payg.calls.length).toBe(before);

    const sub = await expectProblem(
      await postExport(subscription, {
        request: {},
        columns: ['name', 'funding_detail.funding_overview.total_funding_usd'],
      }),
      403,
    );
    expect(sub.errors).toEqual([
      { path: 'columns.1', message: expect.stringMatching(/Funding.*Subscription/) },
    ]);
    expect(subscription.calls.length).toBe(0);
  });

  it('names every invalid field at once, unknown columns included, and calls nothing', async () => {
    const before = enterprise.calls.length;
    const problem = await expectProblem(
      await postExport(enterprise, {
        request: { filters: { 'firmographic.colour': ['red'] } },
        columns: ['name', 'no.such.column', 'website', 'colour'],
        bom: 'yes',
      }),
      400,
    );
    const paths = problem.errors?.map((e) => e.path) ?? [];
    expect(paths).toEqual(
      expect.arrayContaining(['request.filters.firmographic.colour', 'bom', 'columns.1', 'columns.3']),
    );
    expect(problem.errors?.find((e) => e.path === 'columns.1')?.message).toBe(
      'unknown column "no.such.column"',
    );

    await expectProblem(await postExport(enterprise, { request: {}, columns: [] }), 400);
    await expectProblem(
      await postExport(enterprise, { request: { query: 'x', filters: {} }, columns: ['name'] }),
      400,
    );
    await expectProblem(await postExport(enterprise, { columns: ['name'], extra: 1 }), 400);
    await expectProblem(
      await enterprise.call('/bff/exports', {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...(await enterprise.as('alice')) },
        body: '{"request":',
      }),
      400,
    );
    await expectProblem(
      await enterprise.call('/bff/exports', {
        method: 'POST',
        headers: { 'content-type': 'text/plain', ...(await enterprise.as('alice')) },
        body: '{}',
      }),
      415,
    );
    expect(enterprise.calls.length).toBe(before);
  });

  it('passes on the upstream refusal of the first page with its status', async () => {
    enterprise.stage(async () =>
      Response.json(
        { type: 'about:blank', title: 'Insufficient credits', status: 402, detail: 'Daily budget spent.' },
        { status: 402, headers: { 'content-type': 'application/problem+json' } },
      ),
    );
    try {
      const problem = await expectProblem(
        await postExport(enterprise, { request: {}, columns: ['name'] }),
        402,
      );
      expect(problem.detail).toBe('Daily budget spent.');
    } finally {
      enterprise.stage(undefined);
    }
  });

  it('aborts the download visibly when a later page fails', async () => {
    const before = enterprise.calls.length;
    enterprise.stage(async (_call, n) =>
      n === before + 2
        ? Response.json(
            { type: 'about:blank', title: 'Bad gateway', status: 502, detail: 'upstream down' },
            { status: 502, headers: { 'content-type': 'application/problem+json' } },
          )
        : undefined,
    );
    try {
      const res = await postExport(enterprise, { request: {}, columns: ['name'] });
      expect(res.status).toBe(200);
      expect(res.headers.get('x-export-total')).toBe('500');
      await expect(res.text()).rejects.toThrow();
      expect(enterprise.calls.length - before).toBe(2);
      expect(enterprise.logs.at(-1)).toMatch(
        new RegExp(`export for alice aborted at row ${EXPORT_PAGE_SIZE}: upstream answered 502`),
      );
    } finally {
      enterprise.stage(undefined);
    }
  });

  it('answers an empty CSV (header row only) when nothing matches', async () => {
    const res = await postExport(enterprise, {
      request: { filters: { 'location.hq.city': ['Nowhere Such Town Qq'] } },
      columns: ['name', 'website'],
    });
    expect(res.headers.get('x-export-total')).toBe('0');
    expect(await res.text()).toBe('Company,Website\r\n');
  });
});
