import { useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Chip } from '@/components/ui/chip';
import { unknownNote } from '../filter-exclusions';
import { type FilterValues, withoutValue } from '../filter-values';
import { describeFilters, type FilterPhrase } from '../filter-words';
import { useListLayout } from '../layout-memory';
import { useFilterNames } from '../use-filter-names';
import { useListSearch } from '../use-list-search';

/**
 * The active filters above the grid ("HQ in Germany, France · Founded 2015–2020"), then what the
 * list leaves out ("HQ not in United States"), each removable, in at most two lines (the rest
 * behind "+N more"), with "Clear all" always in view.
 */
export function FilterSummary() {
  const { search, update } = useListSearch();
  const filters = search.filters as FilterValues | undefined;
  const exclude = search.exclude as FilterValues | undefined;
  const names = useFilterNames(filters, exclude);
  const phrases = useMemo(() => describeFilters(filters, names, exclude), [filters, names, exclude]);
  const [folded] = useListLayout('filtersFolded');

  if (phrases.length === 0) {
    return (
      <p className="flex h-8 items-center text-sm text-slate-500">
        <span className={folded ? 'lg:hidden' : undefined}>
          No filters yet: describe the companies above or pick them under Filters.
        </span>
        {/* The panel folded (from lg up) took the Describe box with it. */}
        {folded && (
          <span className="hidden lg:inline">
            No filters yet: show the filters to describe the companies or pick them.
          </span>
        )}
      </p>
    );
  }
  const remove = (phrase: FilterPhrase) => {
    const next = withoutValue((phrase.excluded ? exclude : filters) ?? {}, phrase.key);
    const value = Object.keys(next).length > 0 ? next : undefined;
    update(phrase.excluded ? { exclude: value } : { filters: value });
  };
  return (
    <section aria-label="Active filters" className="flex min-h-8 min-w-0 items-start gap-3">
      <SummaryLines phrases={phrases} onRemove={remove} />
      <div className="flex h-7 shrink-0 items-center">
        <Button variant="link" size="sm" onClick={() => update({ filters: undefined, exclude: undefined })}>
          Clear all
        </Button>
      </div>
    </section>
  );
}

/**
 * The phrases, wrapped to at most two lines: what does not fit is counted on a "+N more" control
 * that shows the rest. Which phrases fit is measured after layout (chips differ in width), then
 * the count steps down until the control itself fits on the second line.
 */
function SummaryLines({
  phrases,
  onRemove,
}: {
  phrases: readonly FilterPhrase[];
  onRemove: (phrase: FilterPhrase) => void;
}) {
  const listRef = useRef<HTMLUListElement>(null);
  const [expanded, setExpanded] = useState(false);
  /** How many phrases show while collapsed; null: all, until measured. */
  const [limit, setLimit] = useState<number | null>(null);
  const [width, setWidth] = useState(0);

  const phraseKey = phrases.map((p) => `${p.key}=${p.text}`).join('|');
  const idOf = (p: FilterPhrase) => `${p.excluded ? 'not:' : ''}${p.key}`;
  // New phrases or a new width: measure afresh from everything shown.
  // biome-ignore lint/correctness/useExhaustiveDependencies: phraseKey and width are what the layout depends on
  useLayoutEffect(() => setLimit(null), [phraseKey, width]);

  useEffect(() => {
    const el = listRef.current;
    if (!el || typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(([entry]) => setWidth(Math.round(entry?.contentRect.width ?? 0)));
    observer.observe(el);
    return () => observer.disconnect();
  }, []);

  useLayoutEffect(() => {
    const list = listRef.current;
    if (!list || expanded) return;
    const items = Array.from(list.children) as HTMLElement[];
    const tops = [...new Set(items.map((el) => el.offsetTop))].sort((a, b) => a - b);
    const third = tops[2];
    if (third === undefined) return;
    if (limit === null) {
      setLimit(
        Math.max(
          1,
          items.findIndex((el) => el.offsetTop >= third),
        ),
      );
    } else if (limit > 1) {
      setLimit(limit - 1);
    }
  });

  const shown = expanded || limit === null ? phrases : phrases.slice(0, limit);
  const hidden = phrases.length - shown.length;
  return (
    <ul ref={listRef} className="relative flex min-w-0 flex-1 flex-wrap items-center gap-x-2 gap-y-1 py-0.5">
      {shown.map((p) => (
        // A very long phrase is cut short (its chip's title has it whole) rather than take a line.
        <li key={idOf(p)} className="flex max-w-[min(100%,22rem)] min-w-0 items-center">
          <Chip
            tone={p.excluded ? 'excluded' : 'neutral'}
            onRemove={() => onRemove(p)}
            removeLabel={`Remove ${p.excluded ? 'exclusion' : 'filter'}: ${p.text}`}
            title={titleOf(p)}
          >
            {p.text}
          </Chip>
        </li>
      ))}
      {(hidden > 0 || expanded) && limit !== null && (
        <li className="flex items-center">
          <Button
            variant="link"
            size="sm"
            className="h-6 px-1"
            aria-expanded={expanded}
            onClick={() => setExpanded((e) => !e)}
          >
            {expanded ? 'Show less' : `+${hidden} more`}
          </Button>
        </li>
      )}
    </ul>
  );
}

/** A chip's full text (a long one is cut short), with what an exclusion also leaves out. */
function titleOf(p: FilterPhrase): string {
  const note = p.excluded ? unknownNote(p.key) : undefined;
  return note ? `${p.text} (${note})` : p.text;
}
