import { describe, expect, it } from 'vitest';
import { staticColumnIds } from './static-list-page';

describe('the columns a static list’s page shows', () => {
  it('keeps the identity the list keeps first, then the paid section and signal columns chosen', () => {
    expect(
      staticColumnIds([
        'name',
        'website',
        'product_category',
        'company_type',
        'location.hq.country',
        'signals.monthly_visits',
        'uuid',
        'no.such.column',
        'location.hq.country',
      ]),
    ).toEqual([
      'name',
      'website',
      'product_category',
      'location.hq.country',
      'signals.monthly_visits',
      'uuid',
    ]);
  });

  it('shows the identity alone when nothing was chosen (a list made without columns)', () => {
    expect(staticColumnIds([])).toEqual(['name', 'website', 'product_category']);
  });
});
