import { FILTER_CATALOG, FILTER_GROUPS, type FilterGroup, FiltersSchema } from '@contract/filters';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { FormProvider, useForm } from 'react-hook-form';
import { Button } from '@/components/ui/button';
import {
  compactFilters,
  countByGroup,
  FILTERS_OF_GROUP,
  type FilterValues,
  filtersFingerprint,
  flattenForm,
  nestFilters,
} from '../filter-values';
import { useListSearch } from '../use-list-search';
import { FilterField } from './filters/filter-field';
import { type FilterFormValues, filtersResolver } from './filters/filter-form';
import { FilterGroupRegion } from './filters/filter-group';

/**
 * The faceted filter editor, generated from the contract's catalog (FILTER_GROUPS, FILTER_CATALOG).
 *
 * Edits apply to the URL as they happen, so the grid follows without an Apply button: ticks and
 * picks at once, typed bounds after a 400 ms pause (or on Enter / leaving the field). Every change
 * is validated with the contract's FiltersSchema first; invalid input stays in the form, explained
 * next to its field, and the list keeps its last valid filters.
 */
/**
 * The form's values for a filters object: every catalog key present, null where unset. A key left
 * out would make react-hook-form's controllers fall back to the value they were created with.
 */
function formValuesOf(filters: FilterValues | undefined): FilterFormValues {
  const compact = compactFilters(filters);
  return nestFilters(Object.fromEntries(FILTER_CATALOG.map((f) => [f.key, compact[f.key] ?? null])));
}

export function FilterEditor() {
  const { search, update } = useListSearch();
  const urlFilters = search.filters as FilterValues | undefined;
  const form = useForm<FilterFormValues>({
    defaultValues: formValuesOf(urlFilters),
    resolver: filtersResolver,
    mode: 'onChange',
  });
  const written = useRef(filtersFingerprint(urlFilters));

  // The URL changed elsewhere (Describe, the summary, back/forward): show what it says.
  useEffect(() => {
    const fingerprint = filtersFingerprint(urlFilters);
    if (fingerprint === written.current) return;
    written.current = fingerprint;
    form.reset(formValuesOf(urlFilters));
  }, [urlFilters, form]);

  const apply = useCallback(async () => {
    // trigger() shows the errors; the contract's own parse decides what may reach the URL.
    const valid = await form.trigger();
    const parsed = FiltersSchema.safeParse(compactFilters(flattenForm(form.getValues())));
    if (!valid || !parsed.success) return;
    const next = compactFilters(parsed.data as FilterValues);
    const fingerprint = filtersFingerprint(next);
    if (fingerprint === written.current) return;
    written.current = fingerprint;
    update({ filters: Object.keys(next).length > 0 ? next : undefined });
  }, [form, update]);

  useEffect(() => {
    const sub = form.watch((_values, { type }) => {
      // Only the user's edits apply; a reset from the URL is already applied.
      if (type === 'change') void apply();
    });
    return () => sub.unsubscribe();
  }, [form, apply]);

  const counts = useMemo(() => countByGroup(urlFilters), [urlFilters]);
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
    for (const f of FILTERS_OF_GROUP[group]) form.setValue(f.key, null, { shouldDirty: true });
    void apply();
  };
  const clearAll = () => {
    form.reset(formValuesOf(undefined));
    void apply();
  };

  const total = Object.values(counts).reduce((a, b) => a + b, 0);
  return (
    <FormProvider {...form}>
      <div className="flex items-center justify-between border-b border-slate-200 px-4 py-3">
        <h2 className="text-sm font-semibold text-slate-900">
          Filters
          {total > 0 && (
            <span className="ml-1.5 font-normal text-slate-500 tabular-nums">({total} active)</span>
          )}
        </h2>
        <Button variant="link" size="sm" onClick={clearAll} disabled={total === 0 && !form.formState.isDirty}>
          Clear all
        </Button>
      </div>
      <form
        aria-label="Filter editor"
        className="min-h-0 flex-1 overflow-y-auto"
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
      </form>
    </FormProvider>
  );
}
