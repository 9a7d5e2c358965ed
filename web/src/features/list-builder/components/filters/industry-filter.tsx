import { useMemo, useState } from 'react';
import { Combobox } from '@/components/ui/combobox';
import { useDebounced } from '@/lib/use-debounced';
import { useSearchIndustries } from '../../api/search-industries';
import { useNames } from '../../filter-names';
import { ValueChips } from './value-chips';

/** Service industry codes, found by name through industry search (free). */
export function IndustryFilter({
  label,
  value,
  onChange,
  describedBy,
  invalid,
}: {
  label: string;
  value: readonly string[] | undefined;
  onChange: (next: string[]) => void;
  describedBy?: string;
  invalid?: boolean;
}) {
  const [query, setQuery] = useState('');
  const settled = useDebounced(query, 200);
  const search = useSearchIndustries(settled);
  const names = useNames('industry');
  const chosen = value ?? [];
  const options = useMemo(
    () =>
      query.trim() === ''
        ? []
        : (search.data ?? [])
            .filter((m) => !chosen.includes(m.code))
            .map((m) => ({ value: m.code, label: m.industry_name, hint: m.code })),
    [search.data, chosen, query],
  );
  return (
    <div>
      <Combobox
        label={label}
        placeholder="e.g. fintech, logistics"
        query={query}
        onQueryChange={setQuery}
        options={options}
        onSelect={(o) => onChange([...chosen, o.value])}
        loading={search.isFetching}
        emptyText={search.isError ? 'Industry search failed. Try again.' : 'No industry matches'}
        describedBy={describedBy}
        invalid={invalid}
      />
      <ValueChips
        label={label}
        items={chosen.map((code) => ({ value: code, text: names[code] ?? code }))}
        onRemove={(code) => onChange(chosen.filter((c) => c !== code))}
      />
    </div>
  );
}
