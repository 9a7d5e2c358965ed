/**
 * The companies the grid marks "In CRM": the members of the account lists the URL marks
 * (`mark_accounts`), each with the names of its lists. Null while nothing is marked (no column).
 */
import { useQueries } from '@tanstack/react-query';
import { useMemo } from 'react';
import { accountListQueryOptions } from '@/lib/account-lists';

export function useInCrm(
  markIds: readonly string[] | undefined,
): ReadonlyMap<string, readonly string[]> | null {
  const ids = markIds ?? [];
  const lists = useQueries({ queries: ids.map((id) => accountListQueryOptions(id)) });
  const stamp = lists.map((l) => l.dataUpdatedAt).join(',');
  // biome-ignore lint/correctness/useExhaustiveDependencies: the lists' update times are their identity
  return useMemo(() => {
    if (ids.length === 0) return null;
    const out = new Map<string, string[]>();
    for (const l of lists) {
      if (!l.data) continue;
      for (const m of l.data.members) {
        const names = out.get(m.uuid);
        if (names) names.push(l.data.name);
        else out.set(m.uuid, [l.data.name]);
      }
    }
    return out;
  }, [ids.join(','), stamp]);
}
