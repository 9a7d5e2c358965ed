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

  it('does not mistake a word inside the name for a legal form', () => {
    expect(legalName(new Rng(1), 'Sage Analytics', 'GBR', kind)).toMatch(/^Sage Analytics \S/);
  });
});
