import { type KeyboardEvent, type ReactNode, useEffect, useId, useRef, useState } from 'react';
import { cn } from './cn';
import { Spinner } from './spinner';

export type ComboboxOption = { value: string; label: string; hint?: string };

type ComboboxProps = {
  /** The input's accessible name (shown above it unless `hideLabel`). */
  label: string;
  hideLabel?: boolean;
  placeholder?: string;
  /** The text typed; the caller filters or fetches `options` from it. */
  query: string;
  onQueryChange: (query: string) => void;
  options: readonly ComboboxOption[];
  onSelect: (option: ComboboxOption) => void;
  /** Enter with no option highlighted (e.g. add the typed text as it is). */
  onEnterText?: (text: string) => void;
  loading?: boolean;
  /** Shown when something is typed and nothing matches. */
  emptyText?: ReactNode;
  invalid?: boolean;
  describedBy?: string;
  className?: string;
};

/**
 * A typeahead (WAI-ARIA combobox with a listbox popup): arrow keys move through the options,
 * Enter picks one, Escape closes the list (and a second Escape clears the text). The list is
 * controlled by the caller so the same control serves local lists and server search.
 */
export function Combobox({
  label,
  hideLabel = false,
  placeholder,
  query,
  onQueryChange,
  options,
  onSelect,
  onEnterText,
  loading = false,
  emptyText = 'No matches',
  invalid = false,
  describedBy,
  className,
}: ComboboxProps) {
  const id = useId();
  const listId = `${id}-list`;
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const listRef = useRef<HTMLDivElement>(null);

  // A new list starts with its first option highlighted, so Enter picks the best match.
  useEffect(() => {
    setActive(options.length > 0 ? 0 : -1);
  }, [options]);

  useEffect(() => {
    if (active < 0 || !listRef.current) return;
    const el = listRef.current.querySelector<HTMLElement>(`[data-index="${active}"]`);
    el?.scrollIntoView?.({ block: 'nearest' });
  }, [active]);

  const showList = open && query.trim() !== '';
  const pick = (option: ComboboxOption) => {
    onSelect(option);
    onQueryChange('');
    setOpen(false);
  };

  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    switch (e.key) {
      case 'ArrowDown':
        e.preventDefault();
        setOpen(true);
        // A closed list opens on its highlighted option rather than skipping past it.
        if (!showList) break;
        setActive((i) => (options.length === 0 ? -1 : Math.min(i + 1, options.length - 1)));
        break;
      case 'ArrowUp':
        e.preventDefault();
        setActive((i) => Math.max(i - 1, 0));
        break;
      case 'Home':
        if (showList && options.length > 0) {
          e.preventDefault();
          setActive(0);
        }
        break;
      case 'End':
        if (showList && options.length > 0) {
          e.preventDefault();
          setActive(options.length - 1);
        }
        break;
      case 'Enter': {
        const option = showList && active >= 0 ? options[active] : undefined;
        if (option) {
          e.preventDefault();
          pick(option);
        } else if (onEnterText && query.trim() !== '') {
          e.preventDefault();
          onEnterText(query.trim());
          onQueryChange('');
        }
        break;
      }
      case 'Escape':
        if (showList) {
          e.preventDefault();
          e.stopPropagation();
          setOpen(false);
        } else if (query !== '') {
          e.preventDefault();
          e.stopPropagation();
          onQueryChange('');
        }
        break;
    }
  };

  const activeOption = showList && active >= 0 ? options[active] : undefined;
  return (
    <div className={cn('relative', className)}>
      <label htmlFor={id} className={hideLabel ? 'sr-only' : 'mb-1 block text-xs font-medium text-slate-600'}>
        {label}
      </label>
      <div className="relative">
        <input
          id={id}
          type="text"
          role="combobox"
          autoComplete="off"
          aria-autocomplete="list"
          aria-expanded={showList}
          aria-controls={listId}
          aria-activedescendant={activeOption ? `${id}-opt-${active}` : undefined}
          aria-invalid={invalid || undefined}
          aria-describedby={describedBy}
          placeholder={placeholder}
          value={query}
          onChange={(e) => {
            onQueryChange(e.target.value);
            setOpen(true);
          }}
          onFocus={() => setOpen(true)}
          onBlur={() => setOpen(false)}
          onKeyDown={onKeyDown}
          className={cn(
            'h-8 w-full rounded-md border bg-white px-2.5 pr-7 text-sm text-slate-900 placeholder:text-hint',
            'focus:border-indigo-500 focus:outline-none focus:ring-2 focus:ring-indigo-500/30',
            invalid ? 'border-rose-400' : 'border-slate-300',
          )}
        />
        {loading && <Spinner className="absolute top-2 right-2 text-slate-400" />}
      </div>
      <div
        id={listId}
        ref={listRef}
        role="listbox"
        aria-label={label}
        hidden={!showList}
        className="absolute z-20 mt-1 max-h-64 w-full overflow-auto rounded-md border border-slate-200 bg-white py-1 text-sm shadow-lg"
      >
        {options.map((o, i) => (
          // Focus stays in the input (aria-activedescendant), which handles every key.
          // biome-ignore lint/a11y/useKeyWithClickEvents: keys are handled by the combobox input
          // biome-ignore lint/a11y/useFocusableInteractive: options are reached by aria-activedescendant
          <div
            key={o.value}
            id={`${id}-opt-${i}`}
            data-index={i}
            role="option"
            aria-selected={i === active}
            onMouseDown={(e) => e.preventDefault()}
            onMouseEnter={() => setActive(i)}
            onClick={() => pick(o)}
            className={cn(
              'flex cursor-pointer items-baseline justify-between gap-3 px-2.5 py-1.5',
              i === active ? 'bg-indigo-50 text-indigo-900' : 'text-slate-700',
            )}
          >
            <span className="min-w-0 truncate">{o.label}</span>
            {o.hint && <span className="shrink-0 text-xs text-hint tabular-nums">{o.hint}</span>}
          </div>
        ))}
        {options.length === 0 && (
          <div role="presentation" className="px-2.5 py-1.5 text-hint">
            {loading ? 'Searching…' : emptyText}
          </div>
        )}
      </div>
    </div>
  );
}
