import { describe, expect, it } from 'vitest';
import { SERVICE_PATHS, SPEND_LABELS, spendByLabel, spendLabel } from './spend-words';

describe('spend in words a rep understands', () => {
  it('has a label for every paid endpoint of the data provider, and no path in any label', () => {
    expect(SERVICE_PATHS.length).toBeGreaterThan(10);
    for (const path of SERVICE_PATHS) expect(SPEND_LABELS[path], path).toBeTruthy();
    for (const label of Object.values(SPEND_LABELS)) expect(label).not.toMatch(/\/|api|v1|\{/i);
  });

  it('names an endpoint written with either prefix, and never shows an unknown path', () => {
    expect(spendLabel('/api/v1/list/generate/companies')).toBe('List pages');
    expect(spendLabel('/v1/company/enrichment')).toBe('Company pages');
    expect(spendLabel('/api/v1/something/new')).toBe('Other data');
  });

  it('sums endpoints that share a label, largest first', () => {
    expect(
      spendByLabel({
        '/api/v1/company/enrichment': 4.5,
        '/api/v1/list/generate/companies': 2.1,
        '/v1/company/enrichment': 1,
        '/api/v1/webhooks': 0.2,
        '/api/v1/webhooks/{id}': 0.1,
      }),
    ).toEqual([
      { label: 'Company pages', credits: 5.5 },
      { label: 'List pages', credits: 2.1 },
      { label: 'Notifications set up', credits: 0.3 },
    ]);
  });
});
