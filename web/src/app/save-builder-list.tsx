/**
 * "Save list" in the list builder's toolbar: the builder's state as it stands (its URL) saved as a
 * list; on the lookalikes, with their seed companies. In the app layer because it joins the two
 * features.
 */
import { savedListStateOf, savedListSummary } from '@/features/list-builder/saved-list-state';
import { useListSearch } from '@/features/list-builder/use-list-search';
import { SaveListButton } from '@/features/lists/components/save-list-button';
import { seededListWords } from '@/features/lists/list-words';
import { lookalikeLimit } from '@/features/lookalikes/lookalike-request';
import { usePricing } from '@/lib/pricing';

export function SaveBuilderList({
  suggestedName,
  seeds,
}: {
  suggestedName?: string | undefined;
  /** The lookalikes' seed companies (ids): the list keeps them, and its runs leave them out. */
  seeds?: readonly string[] | undefined;
} = {}) {
  const { search: builder } = useListSearch();
  const seeded = seeds !== undefined && seeds.length > 0;
  // Saved from the lookalikes, the page size is the number of lookalikes shown (25 unless chosen).
  const search = seeded ? { ...builder, size: lookalikeLimit(builder.size) } : builder;
  const ranks = usePricing().data?.rules.listSections ?? true;
  const summary = savedListSummary(search);
  return (
    <SaveListButton
      current={() => ({ ...savedListStateOf(search), seeds })}
      summary={summary}
      {...(seeded ? { seedSummary: seededListWords(seeds.length, ranks) } : {})}
      suggestedName={suggestedName ?? search.q ?? ''}
    />
  );
}
