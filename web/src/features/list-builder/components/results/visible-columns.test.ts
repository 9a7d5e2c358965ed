import { IDENTITY_COLUMN_IDS, mainColumnIds } from '@contract/columns';
import { describe, expect, it } from 'vitest';
import {
  addedSections,
  addedSignals,
  addSection,
  chooseColumns,
  defaultColumnIds,
  FIXED_COLUMN_IDS,
  removeSection,
  requestedSections,
  requestedSignals,
  setColumnVisible,
  visibleColumnIds,
} from './visible-columns';

describe('visible columns and requested sections', () => {
  it('shows the identity columns by default, the company id left out', () => {
    expect(FIXED_COLUMN_IDS).toEqual(['name', 'website', 'product_category', 'company_type']);
    expect(IDENTITY_COLUMN_IDS).toContain('uuid');
    expect(visibleColumnIds({})).toEqual(FIXED_COLUMN_IDS);
    expect(requestedSections({})).toEqual([]);
  });

  it('shows the main columns of sections in the URL when no columns are given', () => {
    expect(visibleColumnIds({ sections: ['location', 'firmographic'] })).toEqual(
      defaultColumnIds(['firmographic', 'location']),
    );
  });

  it('keeps the fixed identity columns first and drops unknown ids from a hand-edited URL', () => {
    const ids = visibleColumnIds({ columns: ['firmographic.founded_year', 'nope', 'name', 'uuid'] });
    expect(ids).toEqual([...FIXED_COLUMN_IDS, 'firmographic.founded_year', 'uuid']);
  });

  it('adding a section requests it and shows its main columns; removing takes both away', () => {
    const added = addSection({}, 'financial_estimate');
    expect(added.sections).toEqual(['financial_estimate']);
    expect(added.columns).toEqual([...FIXED_COLUMN_IDS, ...mainColumnIds('financial_estimate')]);
    const both = addSection(added, 'firmographic');
    expect(both.sections).toEqual(['firmographic', 'financial_estimate']);
    const removed = removeSection(both, 'financial_estimate');
    expect(removed.sections).toEqual(['firmographic']);
    expect(removed.columns).toEqual([...FIXED_COLUMN_IDS, ...mainColumnIds('firmographic')]);
  });

  it('hiding the last column of a section stops requesting (and paying for) it', () => {
    let state = setColumnVisible({}, 'technology.patents_count', true);
    expect(state.sections).toEqual(['technology']);
    state = setColumnVisible(state, 'technology.patents_count', false);
    expect(state.sections).toEqual([]);
    expect(state.columns).toEqual(FIXED_COLUMN_IDS);
  });

  it('never hides a fixed identity column', () => {
    expect(setColumnVisible({}, 'name', false).columns).toEqual(FIXED_COLUMN_IDS);
    expect(setColumnVisible({}, 'uuid', true).columns).toEqual([...FIXED_COLUMN_IDS, 'uuid']);
  });
});

describe('a change in the Columns drawer', () => {
  const tech = addSection({}, 'technology');

  it('applies at once what costs nothing: a section taken out, a column of a kept section', () => {
    const hidden = setColumnVisible(tech, mainColumnIds('technology')[0]!, false);
    expect(chooseColumns(tech, hidden)).toEqual({ apply: hidden, pending: null });
    const out = removeSection(tech, 'technology');
    expect(chooseColumns(tech, out)).toEqual({ apply: out, pending: null });
  });

  it('keeps what adds a section pending, applying its free part now', () => {
    const added = addSection(tech, 'firmographic');
    expect(addedSections(tech, added)).toEqual(['firmographic']);
    expect(chooseColumns(tech, added)).toEqual({ apply: null, pending: added });
    // Technology taken out while Firmographic waits: the removal applies, the addition waits.
    const swapped = removeSection(added, 'technology');
    expect(chooseColumns(tech, swapped)).toEqual({
      apply: { sections: [], columns: FIXED_COLUMN_IDS },
      pending: swapped,
    });
  });

  it('keeps a signal column that needs a new reading as a priced choice; one of a shown reading applies at once', () => {
    const applied = { sections: [], columns: [...FIXED_COLUMN_IDS] };
    const growth12 = setColumnVisible(applied, 'signals.headcount_growth_12m', true);
    expect(growth12.sections).toEqual([]);
    expect(requestedSignals(growth12)).toEqual(['headcount_trends']);
    expect(addedSignals(applied, growth12)).toEqual(['headcount_trends']);
    expect(chooseColumns(applied, growth12)).toEqual({ apply: null, pending: growth12 });
    // The 6-month column reads the same headcount trends: nothing more to buy.
    const both = setColumnVisible(growth12, 'signals.headcount_growth_6m', true);
    expect(addedSignals(growth12, both)).toEqual([]);
    expect(chooseColumns(growth12, both)).toEqual({ apply: both, pending: null });
    // Hiding a signal column is free and applies at once.
    const hidden = setColumnVisible(both, 'signals.headcount_growth_12m', false);
    expect(chooseColumns(both, hidden)).toEqual({ apply: hidden, pending: null });
  });
});
