import { useMemo, useState } from 'react';
import { Combobox } from '@/components/ui/combobox';
import { useDebounced } from '@/lib/use-debounced';
import { useResolveCompanyNames, useSearchCompanies } from '../../api/search-companies';
import { useNames } from '../../filter-names';
import { ValueChips } from './value-chips';

const NONE: readonly string[] = [];

/**
 * Investors picked by name through company search; the filter stores their company ids, and ids
 * from a shared link are turned back into names with a search by id. The same picker chooses the
 * investors a list leaves out (`tone="excluded"`).
 */
export function InvestorFilter({
  label,
  value,
  onChange,
  describedBy,
  tone,
  exclude = NONE,
}: {
  label: string;
  value: readonly string[] | undefined;
  onChange: (next: string[]) => void;
  describedBy?: string;
  /** `excluded` when the investors picked are the ones a list leaves out. */
  tone?: 'indigo' | 'excluded';
  /** Investors not offered (picked already on the other side of the match). */
  exclude?: readonly string[];
}) {
  const [query, setQuery] = useState('');
  const settled = useDebounced(query, 200);
  const search = useSearchCompanies(settled);
  const names = useNames('company');
  const chosen = value ?? [];
  useResolveCompanyNames(chosen, names);
  const options = useMemo(
    () =>
      query.trim() === ''
        ? []
        : (search.data ?? [])
            .filter((c) => !chosen.includes(c.uuid) && !exclude.includes(c.uuid))
            .map((c) => ({ value: c.uuid, label: c.name, hint: c.domain })),
    [search.data, chosen, exclude, query],
  );
  return (
    <div>
      <Combobox
        label={label}
        placeholder="Investor name, e.g. Sequoia"
        query={query}
        onQueryChange={setQuery}
        options={options}
        onSelect={(o) => onChange([...chosen, o.value])}
        loading={search.isFetching}
        emptyText={search.isError ? 'Company search failed. Try again.' : 'No company matches'}
        describedBy={describedBy}
      />
      <ValueChips
        label={label}
        tone={tone}
        items={chosen.map((uuid) => ({ value: uuid, text: names[uuid] ?? 'Loading name…' }))}
        onRemove={(uuid) => onChange(chosen.filter((c) => c !== uuid))}
      />
    </div>
  );
}
