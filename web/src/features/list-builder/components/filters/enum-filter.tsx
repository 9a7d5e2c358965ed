import type { Option } from '@contract/enums';
import { useId, useMemo, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Checkbox } from '@/components/ui/checkbox';
import { searchOptions } from '../../filter-codes';

const LONG_LIST = 10;
const SHORT_VIEW = 8;

type Code = string | number;

/**
 * Checkboxes for a list of coded values, labelled in words. A long list gets a search box and
 * shows its first few entries (and every ticked one) until "Show all".
 */
export function EnumFilter({
  label,
  options,
  value,
  onChange,
  describedBy,
}: {
  label: string;
  options: readonly Option<Code>[];
  value: readonly Code[] | undefined;
  onChange: (next: Code[]) => void;
  describedBy?: string;
}) {
  const id = useId();
  const [query, setQuery] = useState('');
  const [expanded, setExpanded] = useState(false);
  const selected = useMemo(() => new Set(value ?? []), [value]);
  const long = options.length > LONG_LIST;
  const shown = useMemo(() => {
    if (query.trim()) return searchOptions(options, query, options.length);
    if (!long || expanded) return options;
    return options.filter((o, i) => i < SHORT_VIEW || selected.has(o.code));
  }, [options, query, long, expanded, selected]);

  const toggle = (code: Code, on: boolean) => {
    const rest = (value ?? []).filter((v) => v !== code);
    // Keep the catalog's order so the URL and the summary read the same way every time.
    onChange(on ? options.map((o) => o.code).filter((c) => c === code || rest.includes(c)) : rest);
  };

  return (
    <fieldset aria-describedby={describedBy}>
      <legend className="mb-1 text-xs font-medium text-slate-600">{label}</legend>
      {long && (
        <input
          type="search"
          aria-label={`Search ${label.toLowerCase()}`}
          placeholder={`Search ${options.length} options`}
          value={query}
          onChange={(e) => setQuery(e.target.value)}
          className="mb-1.5 h-7 w-full rounded-md border border-slate-300 px-2 text-xs placeholder:text-hint focus:border-indigo-500 focus:outline-none focus:ring-2 focus:ring-indigo-500/30"
        />
      )}
      <div id={`${id}-options`} className="space-y-0.5">
        {shown.map((o) => (
          <Checkbox
            key={String(o.code)}
            label={o.label}
            checked={selected.has(o.code)}
            onCheckedChange={(on) => toggle(o.code, on)}
          />
        ))}
        {shown.length === 0 && <p className="py-1 text-xs text-hint">No option matches “{query}”.</p>}
      </div>
      {long && !query.trim() && (
        <Button
          variant="link"
          size="sm"
          className="mt-1"
          aria-controls={`${id}-options`}
          aria-expanded={expanded}
          onClick={() => setExpanded((e) => !e)}
        >
          {expanded ? 'Show fewer' : `Show all ${options.length}`}
        </Button>
      )}
    </fieldset>
  );
}
