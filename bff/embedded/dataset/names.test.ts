import { describe, expect, it } from 'vitest';
import { legalName } from './names';
import { Rng } from './random';

const kind = { isPublic: false, large: false, partnership: false };

describe('legalName', () => {
  it('adds the country legal form to a bare name', () => {
    expect(legalName(new Rng(1), 'Acme Robotics', 'DEU', kind)).toBe('Acme Robotics GmbH');
  });

  it('keeps a legal form the name already carries instead of doubling it', () => {
    expect(legalName(new Rng(1), 'Acme GmbH', 'DEU', kind)).toBe('Acme GmbH');
    expect(legalName(new Rng(1), 'Widgets, Inc.', 'USA', kind)).toBe('Widgets, Inc.');
    expect(legalName(new Rng(1), 'Northwind Pty Ltd', 'AUS', kind)).toBe('Northwind Pty Ltd');
  });

  it('does not repeat a word the name ends with and the legal form begins with', () => {
    const listed = { isPublic: true, large: true, partnership: false };
    const names = Array.from({ length: 40 }, (_, i) => legalName(new Rng(i), 'Alibaba Group', 'CHN', listed));
    expect(names).toContain('Alibaba Group Co., Ltd.');
    for (const n of names) expect(n).not.toMatch(/Group Group/);
  });

  it('does not mistake a word inside the name for a legal form', () => {
    expect(legalName(new Rng(1), 'Sage Analytics', 'GBR', kind)).toMatch(/^Sage Analytics \S/);
  });
});
