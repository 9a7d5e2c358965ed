import { useNavigate, useSearch } from '@tanstack/react-router';
import { useCallback } from 'react';
import type { ListSearch } from './list-search';

/** The parts of the state that decide which companies a list holds (its exact count goes with them). */
const LIST_DEFINING = ['q', 'filters', 'exclude', 'hide_accounts', 'like'] as const;

/**
 * The list state and its one writer. `update` merges a change into the URL; any change other than
 * paging itself sends the user back to page 1, since the old page number means nothing in a new list.
 * A change of the list never moves the page (`resetScroll: false`): the router would scroll the
 * window to the top on every navigation, taking the control the user just used out of view. The grid
 * scrolls itself back to its top when another page or list is shown.
 */
export function useListSearch() {
  const search = useSearch({ from: '/' });
  const navigate = useNavigate({ from: '/' });
  const update = useCallback(
    (change: Partial<ListSearch>, opts: { replace?: boolean } = {}) =>
      navigate({
        search: (prev: ListSearch) => {
          const next: ListSearch = { ...prev, ...change };
          if (!('page' in change)) delete next.page;
          // An exact count belongs to the list it counted: another list drops it.
          if (!('count' in change) && LIST_DEFINING.some((k) => k in change)) delete next.count;
          for (const k of Object.keys(next) as (keyof ListSearch)[]) {
            if (next[k] === undefined) delete next[k];
          }
          return next;
        },
        replace: opts.replace ?? false,
        resetScroll: false,
      }),
    [navigate],
  );
  return { search, update };
}
