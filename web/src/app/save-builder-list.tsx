/**
 * "Save list" in the list builder's toolbar: the builder's state as it stands (its URL) saved as a
 * list. In the app layer because it joins the two features.
 */
import { savedListStateOf, savedListSummary } from '@/features/list-builder/saved-list-state';
import { useListSearch } from '@/features/list-builder/use-list-search';
import { SaveListButton } from '@/features/lists/components/save-list-button';

export function SaveBuilderList({ suggestedName }: { suggestedName?: string | undefined } = {}) {
  const { search } = useListSearch();
  return (
    <SaveListButton
      current={() => savedListStateOf(search)}
      summary={savedListSummary(search)}
      suggestedName={suggestedName ?? search.q ?? ''}
    />
  );
}
