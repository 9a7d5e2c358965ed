import { describe, expect, it } from 'vitest';
import { FUNDING_STAGE_ORDER, FUNDING_STAGES, FUNDING_STAGES_IN_ORDER } from './enums';
import { FILTER_BY_KEY, LIST_FILTER_BY_KEY } from './filters';

const labels = (options: readonly { label: string }[]) => options.map((o) => o.label);

describe('funding stages in the order money is raised', () => {
  it('name every stage of the spec once, with its label', () => {
    expect([...FUNDING_STAGE_ORDER].sort()).toEqual(FUNDING_STAGES.map((s) => s.code).sort());
    expect(new Set(FUNDING_STAGE_ORDER).size).toBe(FUNDING_STAGE_ORDER.length);
    for (const s of FUNDING_STAGES_IN_ORDER) {
      expect(FUNDING_STAGES.find((f) => f.code === s.code)?.label).toBe(s.label);
    }
  });

  it('run from pre-seed through the series to listing, other funding and acquired last', () => {
    const order = labels(FUNDING_STAGES_IN_ORDER);
    expect(order.slice(0, 8)).toEqual([
      'Pre-seed',
      'Angel',
      'Seed',
      'Series A',
      'Series B',
      'Series C',
      'Series D',
      'Series E',
    ]);
    const at = (label: string) => order.indexOf(label);
    expect(at('Series J')).toBeLessThan(at('Private equity'));
    expect(at('Private equity')).toBeLessThan(at('Public'));
    expect(at('Public')).toBeLessThan(at('Post-IPO equity'));
    expect(at('Post-IPO debt')).toBeLessThan(at('Debt funded'));
    expect(at('Debt funded')).toBeLessThan(at('Crowdfunded'));
    expect(order.at(-1)).toBe('Acquired');
  });

  it('are what the funding-stage facet of both filter catalogs lists', () => {
    for (const catalog of [FILTER_BY_KEY, LIST_FILTER_BY_KEY]) {
      const facet = catalog.get('funding_detail.funding_overview.funding_stage');
      expect(facet?.values?.map((v) => v.code)).toEqual([...FUNDING_STAGE_ORDER]);
    }
  });
});
