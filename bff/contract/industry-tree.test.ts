import { describe, expect, it } from 'vitest';
import { INDUSTRIES, INDUSTRY_SECTORS } from '../embedded/dataset/taxonomy';
import { industrySectors } from '../embedded/query/industry-search';
import { INDUSTRY_TREE } from './industry-tree';

describe('the industry tree for the browser', () => {
  it('holds every sector of the embedded taxonomy, with the code industry search gives it', () => {
    expect(INDUSTRY_TREE.map((s) => s.name)).toEqual([...INDUSTRY_SECTORS]);
    expect(INDUSTRY_TREE.map((s) => s.code)).toEqual(industrySectors().map((s) => s.code));
  });

  it('holds every industry under its sector, with its name', () => {
    for (const sector of INDUSTRY_TREE) {
      expect(sector.industries).toEqual(
        INDUSTRIES.filter((i) => i.sector === sector.name).map((i) => ({ code: i.code, name: i.name })),
      );
    }
    const financial = INDUSTRY_TREE.find((s) => s.name === 'Financial Services');
    expect(financial?.code).toBe('IND-20');
    expect(financial?.industries.every((i) => i.code.startsWith('IND-20'))).toBe(true);
  });
});
