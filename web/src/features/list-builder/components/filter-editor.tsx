import {
  ExcludeSchema,
  FILTER_GROUPS,
  type FilterGroup,
  LIST_FILTER_CATALOG,
  ListFiltersSchema,
} from '@contract/filters';
import { useCallback, useEffect, useId, useMemo, useRef, useState } from 'react';
import { FormProvider, useForm } from 'react-hook-form';
import { Button } from '@/components/ui/button';
import { cn } from '@/components/ui/cn';
import {
  compactExclude,
  compactFilters,
  countByGroup,
  EXCLUSION_KEYS,
  FILTERS_OF_GROUP,
  type FilterValues,
  facetKeyOf,
  filtersFingerprint,
  flattenForm,
  nestFilters,
} from '../filter-values';
import { signalsOf } from '../signal-filters';
import { useListSearch } from '../use-list-search';
import { FilterField } from './filters/filter-field';
import { EXCLUDE_ROOT, excludeName, type FilterFormValues, filtersResolver } from './filters/filter-form';
import { FilterGroupRegion } from './filters/filter-group';
import { SignalFacets } from './filters/signal-facets';
import { ListTooBroadNote } from './list-too-broad-note';

/**
 * The form's values for a list's filters and exclusions: every catalog key present, null where
 * unset, and under `exclude` every key that can be excluded (`EXCLUSION_KEYS`). A key left out would make
 * react-hook-form's controllers fall back to the value they were created with.
 */
function formValuesOf(
  filters: FilterValues | undefined,
  exclude: FilterValues | undefined,
): FilterFormValues {
  const compact = compactFilters(filters);
  const excluded = compactExclude(exclude);
  return {
    ...nestFilters(Object.fromEntries(LIST_FILTER_CATALOG.map((f) => [f.key, compact[f.key] ?? null]))),
    [EXCLUDE_ROOT]: nestFilters(
      Object.fromEntries(EXCLUSION_KEYS.map((key) => [key, excluded[key] ?? null])),
      EXCLUSION_KEYS,
    ),
  };
}

/**
 * The faceted filter editor, generated from the contract's catalog of the list builder
 * (FILTER_GROUPS, LIST_FILTER_CATALOG: the service's filters and the BFF's, such as Employees).
 * Every list or yes/no facet says whether a company must have one of its values or none of them.
 *
 * Edits apply to the URL as they happen, so the grid follows without an Apply button: ticks and
 * picks at once, typed bounds after a 400 ms pause (or on Enter / leaving the field). Every change
 * is validated with the contract's ListFiltersSchema and ExcludeSchema first; invalid input stays
 * in the form, explained next to its field, and the list keeps its last valid filters.
 */
export function FilterEditor({
  onFold,
  foldId,
}: {
  /** From lg up: folds the panel to a narrow strip beside the results (the list builder's page). */
  onFold?: (() => void) | undefined;
  /** The fold button's id (the page moves the focus to it when the panel opens again). */
  foldId?: string | undefined;
} = {}) {
  const { search, update } = useListSearch();
  const urlFilters = search.filters as FilterValues | undefined;
  const urlExclude = search.exclude as FilterValues | undefined;
  const form = useForm<FilterFormValues>({
    defaultValues: formValuesOf(urlFilters, urlExclude),
    resolver: filtersResolver,
    mode: 'onChange',
  });
  const written = useRef(filtersFingerprint(urlFilters, urlExclude));

  // The URL changed elsewhere (Describe, the summary, back/forward): show what it says.
  useEffect(() => {
    const fingerprint = filtersFingerprint(urlFilters, urlExclude);
    if (fingerprint === written.current) return;
    written.current = fingerprint;
    form.reset(formValuesOf(urlFilters, urlExclude));
  }, [urlFilters, urlExclude, form]);

  // The signal filters are the Signals facets' (priced before they apply): kept as the URL has them,
  // or dropped by Clear all.
  const apply = useCallback(
    async (opts: { dropSignals?: boolean } = {}) => {
      // trigger() shows the errors; the contract's own parse decides what may reach the URL.
      const valid = await form.trigger();
      const values = form.getValues();
      const parsed = ListFiltersSchema.safeParse(compactFilters(flattenForm(values)));
      const parsedExclude = ExcludeSchema.safeParse(
        compactExclude(flattenForm(values[EXCLUDE_ROOT], EXCLUSION_KEYS)),
      );
      if (!valid || !parsed.success || !parsedExclude.success) return;
      const signals = opts.dropSignals ? {} : signalsOf(urlFilters);
      const next = { ...compactFilters(parsed.data as FilterValues), ...signals };
      const nextExclude = compactExclude(parsedExclude.data as FilterValues);
      const fingerprint = filtersFingerprint(next, nextExclude);
      const signalsGone = opts.dropSignals && Object.keys(signalsOf(urlFilters)).length > 0;
      if (fingerprint === written.current && !signalsGone) return;
      written.current = fingerprint;
      update({
        filters: Object.keys(next).length > 0 ? next : undefined,
        exclude: Object.keys(nextExclude).length > 0 ? nextExclude : undefined,
      });
    },
    [form, update, urlFilters],
  );

  useEffect(() => {
    const sub = form.watch((_values, { type }) => {
      // Only the user's edits apply; a reset from the URL is already applied.
      if (type === 'change') void apply();
    });
    return () => sub.unsubscribe();
  }, [form, apply]);

  const counts = useMemo(() => countByGroup(urlFilters, urlExclude), [urlFilters, urlExclude]);
  const [open, setOpen] = useState<ReadonlySet<FilterGroup>>(
    () => new Set(FILTER_GROUPS.filter((g, i) => i === 0 || counts[g.id] > 0).map((g) => g.id)),
  );
  // A group that gains filters from outside (Describe, a link) opens, so the user sees them.
  const previous = useRef(counts);
  useEffect(() => {
    const gained = FILTER_GROUPS.filter((g) => counts[g.id] > 0 && previous.current[g.id] === 0).map(
      (g) => g.id,
    );
    previous.current = counts;
    if (gained.length > 0) setOpen((o) => new Set([...o, ...gained]));
  }, [counts]);

  const toggle = (group: FilterGroup) =>
    setOpen((o) => {
      const next = new Set(o);
      if (next.has(group)) next.delete(group);
      else next.add(group);
      return next;
    });

  const clearGroup = (group: FilterGroup) => {
    const keys = new Set(FILTERS_OF_GROUP[group].map((f) => f.key));
    for (const key of keys) form.setValue(key, null, { shouldDirty: true });
    // The exclusions their facets edit (the funding round's investors left out, too).
    for (const key of EXCLUSION_KEYS) {
      if (keys.has(facetKeyOf(key))) form.setValue(excludeName(key), null, { shouldDirty: true });
    }
    void apply();
  };
  const clearAll = () => {
    form.reset(formValuesOf(undefined, undefined));
    void apply({ dropSignals: true });
  };

  // Below lg only (the filters above the results): folded until the user opens them.
  const [folded, setFolded] = useState(true);
  const formId = useId();
  const total = Object.values(counts).reduce((a, b) => a + b, 0) + Object.keys(signalsOf(urlFilters)).length;
  const title = (
    <>
      Filters
      {total > 0 && <span className="ml-1.5 font-normal text-slate-500 tabular-nums">({total} active)</span>}
    </>
  );
  return (
    <FormProvider {...form}>
      <div className="flex items-center justify-between border-b border-slate-200 px-4 py-3">
        <h2 className="text-sm font-semibold text-slate-900">
          {/* Below lg the filters sit above the results, folded: their heading opens them. */}
          <button
            type="button"
            className="-mx-1 inline-flex items-center gap-1.5 rounded px-1 py-0.5 focus-visible:outline-2 focus-visible:outline-indigo-600 lg:hidden"
            aria-expanded={!folded}
            aria-controls={formId}
            onClick={() => setFolded((f) => !f)}
          >
            <svg
              viewBox="0 0 16 16"
              className={cn('h-4 w-4 text-slate-500 transition-transform', !folded && 'rotate-90')}
              aria-hidden="true"
            >
              <path d="M6 4l4 4-4 4" fill="none" stroke="currentColor" strokeWidth="1.5" />
            </svg>
            {title}
          </button>
          <span className="hidden lg:inline">{title}</span>
        </h2>
        <span className="flex items-center gap-2">
          <Button
            variant="link"
            size="sm"
            onClick={clearAll}
            disabled={total === 0 && !form.formState.isDirty}
          >
            Clear all
          </Button>
          {/* From lg up only: below it the panel folds behind its heading already. */}
          {onFold && (
            <span className="hidden lg:contents">
              <Button
                id={foldId}
                variant="ghost"
                size="sm"
                aria-label="Hide filters"
                title="Hide filters: more room for the results"
                onClick={onFold}
              >
                <svg viewBox="0 0 16 16" className="h-4 w-4" aria-hidden="true">
                  <path d="M10 4L6 8l4 4" fill="none" stroke="currentColor" strokeWidth="1.5" />
                </svg>
              </Button>
            </span>
          )}
        </span>
      </div>
      <div className={cn(folded && 'hidden lg:block')}>
        <ListTooBroadNote />
      </div>
      <form
        id={formId}
        aria-label="Filter editor"
        // The panel's own scroll box (from lg up, see ListBuilderPage): its scroll never reaches the
        // page. Positioned, so visually hidden inputs inside it (the match radios) are laid out in it
        // rather than far down the page, which would make the window scroll.
        className={cn(
          'relative min-h-0 flex-1 overflow-y-auto overscroll-contain',
          folded && 'hidden lg:block',
        )}
        onSubmit={(e) => {
          e.preventDefault();
          void apply();
        }}
      >
        {FILTER_GROUPS.map((g) => (
          <FilterGroupRegion
            key={g.id}
            label={g.label}
            count={counts[g.id]}
            open={open.has(g.id)}
            onToggle={() => toggle(g.id)}
            onClear={() => clearGroup(g.id)}
          >
            {FILTERS_OF_GROUP[g.id].map((f) => (
              <FilterField key={f.key} def={f} />
            ))}
          </FilterGroupRegion>
        ))}
        <SignalFacets />
      </form>
    </FormProvider>
  );
}
