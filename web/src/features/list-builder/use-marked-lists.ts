/**
 * The account lists the grid marks "In CRM" (`mark_accounts` in the URL), by id with their names:
 * the BFF tells each company's marked lists (`account_lists`, asked for with `mark_account_lists`),
 * the column writes their names. Null while nothing is marked (no column).
 */
import { useMemo } from 'react';
import { useAccountLists } from '@/lib/account-lists';

export function useMarkedLists(markIds: readonly string[] | undefined): ReadonlyMap<string, string> | null {
  const marking = (markIds?.length ?? 0) > 0;
  const lists = useAccountLists({ enabled: marking }).data;
  const key = markIds?.join(',') ?? '';
  // biome-ignore lint/correctness/useExhaustiveDependencies: the joined ids are the marked lists' identity
  return useMemo(() => {
    if (!marking) return null;
    const names = new Map<string, string>();
    for (const id of markIds ?? []) names.set(id, lists?.find((l) => l.id === id)?.name ?? 'an account list');
    return names;
  }, [key, lists, marking]);
}
