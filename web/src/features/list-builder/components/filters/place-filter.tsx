import type { Option } from '@contract/enums';
import { useMemo, useState } from 'react';
import { Combobox } from '@/components/ui/combobox';
import { searchOptions } from '../../filter-codes';
import { ValueChips } from './value-chips';

/**
 * Countries (ISO alpha-3) or M49 regions picked by name with a typeahead; the codes are what the
 * filter stores, the names are what the user sees.
 */
export function PlaceFilter({
  label,
  options,
  value,
  onChange,
  describedBy,
  invalid,
}: {
  label: string;
  options: readonly Option<string | number>[];
  value: readonly string[] | undefined;
  onChange: (next: string[]) => void;
  describedBy?: string;
  invalid?: boolean;
}) {
  const [query, setQuery] = useState('');
  const chosen = value ?? [];
  const labels = useMemo(() => new Map(options.map((o) => [String(o.code), o.label])), [options]);
  const matches = useMemo(
    () =>
      searchOptions(options, query)
        .filter((o) => !chosen.includes(String(o.code)))
        .map((o) => ({ value: String(o.code), label: o.label, hint: String(o.code) })),
    [options, query, chosen],
  );
  return (
    <div>
      <Combobox
        label={label}
        placeholder="Type a name"
        query={query}
        onQueryChange={setQuery}
        options={matches}
        onSelect={(o) => onChange([...chosen, o.value])}
        describedBy={describedBy}
        invalid={invalid}
      />
      <ValueChips
        label={label}
        items={chosen.map((code) => ({ value: code, text: labels.get(code) ?? code }))}
        onRemove={(code) => onChange(chosen.filter((c) => c !== code))}
      />
    </div>
  );
}
