import { useMemo, useState } from 'react';
import { Combobox } from '@/components/ui/combobox';
import { type CodeSystem, searchCodes, useIndustryCodes } from '../../filter-codes';
import { ValueChips } from './value-chips';

const PATTERN: Record<CodeSystem, RegExp> = { naics: /^\d{2,6}$/, sic: /^\d{2,4}$/ };

/**
 * NAICS or SIC codes by code or title. A code matches itself and every code under it, so a
 * sector or group is a useful pick too. The code lists load when the field is first shown.
 */
export function CodeFilter({
  system,
  label,
  value,
  onChange,
  describedBy,
  invalid,
}: {
  system: CodeSystem;
  label: string;
  value: readonly string[] | undefined;
  onChange: (next: string[]) => void;
  describedBy?: string;
  invalid?: boolean;
}) {
  const [query, setQuery] = useState('');
  const codes = useIndustryCodes();
  const chosen = value ?? [];
  const list = codes.data?.[system];
  const options = useMemo(
    () =>
      list
        ? searchCodes(list.list, query)
            .filter((c) => !chosen.includes(c.code))
            .map((c) => ({ value: c.code, label: c.title, hint: c.code }))
        : [],
    [list, query, chosen],
  );
  const add = (code: string) => {
    if (!chosen.includes(code)) onChange([...chosen, code]);
  };
  return (
    <div>
      <Combobox
        label={label}
        placeholder="Code or title, e.g. 5112 or software"
        query={query}
        onQueryChange={setQuery}
        options={options}
        onSelect={(o) => add(o.value)}
        onEnterText={(text) => {
          if (PATTERN[system].test(text)) add(text);
        }}
        loading={codes.isLoading}
        emptyText={codes.isError ? 'The code list could not be loaded.' : 'No code matches'}
        describedBy={describedBy}
        invalid={invalid}
      />
      <ValueChips
        label={label}
        items={chosen.map((code) => {
          const title = list?.titles.get(code);
          return { value: code, text: title ? `${code} ${title}` : code };
        })}
        onRemove={(code) => onChange(chosen.filter((c) => c !== code))}
      />
    </div>
  );
}
