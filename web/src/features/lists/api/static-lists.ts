/**
 * Static lists (issue 35): companies picked by hand. `POST /bff/lists` with `companies` makes one,
 * `POST /bff/lists/{id}/companies` adds and removes companies (its owner only), and
 * `GET /bff/lists/{id}/companies.csv` exports them (free: the names the list keeps).
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { QUOTE_KEY } from '@/lib/companies-quote';
import { SIGNALS_QUOTE_KEY } from '@/lib/company-signals';
import { saveBlob } from '@/lib/save-blob';
import type { CompanyChange, SavedList } from '../types';
import { listsApi } from './endpoints';
import { LISTS_QUERY_KEY, listQueryKey } from './get-lists';

/** Keeps the cached lists in step with one the BFF just answered. */
function remember(queryClient: ReturnType<typeof useQueryClient>, list: SavedList): void {
  queryClient.setQueryData(listQueryKey(list.id), list);
  void queryClient.invalidateQueries({ queryKey: LISTS_QUERY_KEY, exact: true });
}

export function useCreateStaticList() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: { name: string; companies: readonly string[] }) =>
      listsApi.create({ name: body.name, companies: [...body.companies] }),
    onSuccess: (list) => remember(queryClient, list),
  });
}

export function useChangeCompanies() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, ...change }: CompanyChange & { id: string }) => listsApi.changeCompanies(id, change),
    onSuccess: (list) => remember(queryClient, list),
  });
}

/** The file a static list is saved under: its name and the day (`key-accounts-2026-12-03.csv`). */
export function staticListFileName(name: string, day: Date): string {
  const slug = name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60);
  return `${slug || 'list'}-${day.toISOString().slice(0, 10)}.csv`;
}

/**
 * Downloads a static list's companies (all, or only `companies`) as CSV, in the identity it keeps
 * and the paid `columns` chosen on its page (bought where the team's company store lacks them).
 */
export function useExportStaticList(list: Pick<SavedList, 'id' | 'name'>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({
      companies,
      columns,
    }: {
      companies?: readonly string[];
      columns?: readonly string[];
    }) => {
      const res = await listsApi.csv(list.id, companies, columns);
      const blob = await res.blob();
      saveBlob(blob, staticListFileName(list.name, new Date()));
      return companies?.length ?? null;
    },
    // What the export bought is stored now: a price asked before it is out of date.
    onSuccess: () => {
      queryClient.removeQueries({ queryKey: QUOTE_KEY });
      queryClient.removeQueries({ queryKey: SIGNALS_QUOTE_KEY });
    },
  });
}
