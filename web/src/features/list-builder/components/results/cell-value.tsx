import type { CompanyListItem } from '@contract/api';
import type { ColumnDef as CatalogColumn } from '@contract/columns';
import { displayUrl, formatDate, formatMoney, formatNumber, websiteHref } from '@/lib/format';

const LIST_SEPARATOR = '; ';
const MAX_CHIPS = 3;

/**
 * One cell of the grid, formatted by the column's kind from the catalog's readings: `value` for
 * numbers and booleans, `text` for the rest. The catalog keeps plain values, which the CSV export
 * writes as they are; formatting for display happens here, through `@/lib/format`. A missing value
 * shows as a faint dash so an empty cell reads as "unknown", not as a rendering gap.
 */
export function CellValue({ column, row }: { column: CatalogColumn; row: CompanyListItem }) {
  const value = column.value(row);
  if (value === null || value === '') return <span className="text-hint">—</span>;
  switch (column.kind) {
    case 'money':
      return <span className="tabular-nums">{typeof value === 'number' ? formatMoney(value) : value}</span>;
    case 'number':
      return <span className="tabular-nums">{typeof value === 'number' ? formatNumber(value) : value}</span>;
    case 'year':
      return <span className="tabular-nums">{String(value)}</span>;
    case 'date': {
      const text = column.text(row);
      return <span className="tabular-nums">{formatDate(text) ?? text}</span>;
    }
    case 'boolean':
      return <span>{value === true ? 'Yes' : 'No'}</span>;
    case 'url': {
      const text = column.text(row);
      const href = websiteHref(text);
      // Only http(s) is linked: anything else in the data stays text.
      if (!href) return <span className="truncate">{text}</span>;
      return (
        <a
          href={href}
          target="_blank"
          rel="noopener noreferrer"
          title={text}
          className="truncate text-indigo-600 hover:underline focus-visible:outline-2 focus-visible:outline-indigo-600"
        >
          {displayUrl(text)}
        </a>
      );
    }
    case 'list': {
      const items = column.text(row).split(LIST_SEPARATOR);
      const shown = items.slice(0, MAX_CHIPS);
      return (
        <span className="flex min-w-0 items-center gap-1" title={items.join(', ')}>
          {shown.map((item) => (
            <span
              key={item}
              className="truncate rounded-full border border-slate-200 bg-slate-50 px-2 text-xs leading-5 text-slate-700"
            >
              {item}
            </span>
          ))}
          {items.length > MAX_CHIPS && (
            <span className="shrink-0 text-xs text-slate-500">+{items.length - MAX_CHIPS}</span>
          )}
        </span>
      );
    }
    default:
      // coded values read as their labels; text as it is.
      return (
        <span className="truncate" title={column.text(row)}>
          {column.text(row)}
        </span>
      );
  }
}
