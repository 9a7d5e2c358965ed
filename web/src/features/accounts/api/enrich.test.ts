// A staged fault: the BFF's answers to a bulk enrichment that the budget stops part-way (a file
// shorter than its `x-export-total`, then the run's record saying why), served by a fetch stand-in.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { enrichmentBody, RowCounter, runEnrichment } from './enrich';

afterEach(() => vi.unstubAllGlobals());

function csvResponse(text: string, total: number): Response {
  return new Response(text, {
    status: 200,
    headers: { 'content-type': 'text/csv', 'x-export-total': String(total) },
  });
}

describe('runEnrichment', () => {
  it('keeps the rows of a run the budget stopped, and says why', async () => {
    const calls: string[] = [];
    vi.stubGlobal('fetch', async (url: string) => {
      calls.push(url);
      if (url === '/bff/exports')
        return csvResponse(
          'Company name,Company Domain Name\r\nAcme,acme.com\r\n"Globex, Inc.",globex.io\r\n',
          5,
        );
      return Response.json({
        run: {
          account_list_id: 'l1',
          status: 'stopped',
          done: 2,
          total: 5,
          credits_consumed: 14,
          stopped_reason: 'budget',
          sections: ['firmographic'],
          started_at: '2026-11-28T00:00:00Z',
          updated_at: '2026-11-28T00:00:01Z',
        },
      });
    });
    const seen: number[] = [];
    const result = await runEnrichment({ accountListId: 'l1', preset: 'hubspot' }, (p) => seen.push(p.rows));
    expect(result.rows).toBe(2);
    expect(result.total).toBe(5);
    expect(result.stopped).toContain('budget ran out');
    expect(await result.blob.text()).toContain('Globex, Inc.');
    expect(seen.at(-1)).toBe(2);
    expect(calls[1]).toMatch(/^\/bff\/accounts\/lists\/l1\/enrichment/);
  });

  it('says nothing stopped when the file is whole', async () => {
    vi.stubGlobal('fetch', async () => csvResponse('A\r\n1\r\n2\r\n', 2));
    const result = await runEnrichment({ accountListId: 'l1', columns: ['name'] }, () => {});
    expect(result).toMatchObject({ rows: 2, total: 2, stopped: null });
  });
});

describe('enrichmentBody', () => {
  it('names the list as the source, with a preset or the columns', () => {
    expect(enrichmentBody({ accountListId: 'l1', preset: 'salesforce' })).toEqual({
      source: { account_list: 'l1' },
      preset: 'salesforce',
      bom: false,
    });
    expect(enrichmentBody({ accountListId: 'l1', columns: ['name', 'website'] })).toMatchObject({
      columns: ['name', 'website'],
    });
  });
});

describe('RowCounter', () => {
  it('counts data rows across chunks, with quoted line breaks and a last row without its line end', () => {
    const c = new RowCounter();
    for (const chunk of ['\uFEFFh1,h2\r', '\n"a\r\nb",1\r\nc,', '2']) c.push(chunk);
    expect(c.dataRows).toBe(2);
  });
});
