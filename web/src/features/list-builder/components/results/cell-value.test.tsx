// @vitest-environment jsdom
import { CompanyListItem } from '@contract/api';
import { COLUMN_BY_ID, type ColumnDef } from '@contract/columns';
import { cleanup, render } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { funding } from '@/testing/company-fixtures';
import { CellValue } from './cell-value';

afterEach(cleanup);

const row = CompanyListItem.parse({
  uuid: 'cmp-acme',
  name: 'Acme Robotics',
  website: 'https://www.acme-robotics.de/',
  product_category: null,
  company_type: { code: 'private', label: 'Private' },
  financial_estimate: {
    revenue_estimate: { code: '10m_25m', label: '$10M–$25M' },
    valuation_estimate: null,
    revenue_usd: 12_460_000,
    valuation_usd: null,
    revenue_growth_pct: 12.345,
    fiscal_year: 2024,
    currency: 'USD',
    confidence: 'medium',
    source: [],
  },
  funding_detail: funding,
});

function column(id: string): ColumnDef {
  const c = COLUMN_BY_ID.get(id);
  if (!c) throw new Error(`no column ${id}`);
  return c;
}

function cell(id: string, item: CompanyListItem = row): HTMLElement {
  return render(<CellValue column={column(id)} row={item} />).container;
}

describe('CellValue', () => {
  it('shows money compactly while the CSV keeps every digit', () => {
    expect(cell('financial_estimate.revenue_usd').textContent).toBe('$12.5M');
    expect(column('financial_estimate.revenue_usd').text(row)).toBe('12460000');
    expect(cell('funding_detail.funding_overview.total_funding_usd').textContent).toBe('$62M');
  });

  it('shows numbers with up to two decimals and years as they are', () => {
    expect(cell('financial_estimate.revenue_growth_pct').textContent).toBe('12.35');
    expect(column('financial_estimate.revenue_growth_pct').text(row)).toBe('12.345');
    expect(cell('financial_estimate.fiscal_year').textContent).toBe('2024');
  });

  it('shows dates in words while the CSV keeps the ISO date', () => {
    expect(cell('funding_detail.funding_overview.last_funding_date').textContent).toBe('Jun 1, 2023');
    expect(column('funding_detail.funding_overview.last_funding_date').text(row)).toBe('2023-06-01');
  });

  it('shows a missing value as a dash', () => {
    expect(cell('financial_estimate.valuation_usd').textContent).toBe('—');
  });

  it('links web addresses by their host, and never a non-web one', () => {
    const link = cell('website').querySelector('a');
    expect(link?.textContent).toBe('acme-robotics.de');
    expect(link?.getAttribute('href')).toBe('https://www.acme-robotics.de/');
    const odd = cell('website', { ...row, website: 'javascript:alert(1)' });
    expect(odd.querySelector('a')).toBeNull();
    expect(odd.textContent).toBe('javascript:alert(1)');
  });
});
