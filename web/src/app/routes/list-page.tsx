import type { LookalikeResponse } from '@contract/lookalikes';
import { useSearch } from '@tanstack/react-router';
import { lazy, Suspense } from 'react';
import { Spinner } from '@/components/ui/spinner';
import { ListBuilderPage } from '@/features/list-builder/components/list-builder-page';
import { rememberNames } from '@/features/list-builder/filter-names';
import { LookalikeSeeds } from '@/features/lookalikes/components/lookalike-seeds';
import { lookalikeListName } from '@/features/lookalikes/lookalike-request';
import { LookalikeAccountLists } from '../lookalike-account-lists';
import { lookalikeGrid } from '../lookalike-grid';
import { SaveBuilderList } from '../save-builder-list';
import { selectedActions } from '../selected-actions';

// Shown after a "More like this": not part of the list builder's first load.
const LookalikeResults = lazy(() =>
  import('@/features/lookalikes/components/lookalike-results').then((m) => ({ default: m.LookalikeResults })),
);

/**
 * "Save list" on the lookalikes: their filters (derived, and as the user edited them) and their
 * seeds saved as a list through the lists' own dialog, named after the seeds.
 */
const saveLookalikes = (answer: LookalikeResponse) => (
  <SaveBuilderList suggestedName={lookalikeListName(answer.seed_companies)} seeds={answer.seeds} />
);

const rememberIndustries = (names: readonly (readonly [string, string])[]) =>
  rememberNames('industry', names);

/**
 * The `/` route: the list builder, or with `like` in the URL the lookalikes of those companies as a
 * list of their own (the filter editor then edits the lookalikes' filters).
 */
export function ListPage() {
  const { like } = useSearch({ from: '/' });
  if (!like) return <ListBuilderPage selectionActions={selectedActions} listActions={<SaveBuilderList />} />;
  return (
    <ListBuilderPage
      top={<LookalikeSeeds />}
      results={
        <Suspense fallback={<Spinner label="Loading the lookalikes" />}>
          <LookalikeResults
            onIndustryNames={rememberIndustries}
            actions={saveLookalikes}
            controls={<LookalikeAccountLists />}
            grid={lookalikeGrid}
          />
        </Suspense>
      }
    />
  );
}
