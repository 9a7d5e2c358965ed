/** The saved lists' calls (issue 14's API), through the typed client of the endpoint table. */
import { call, callStream } from '@/lib/api-client';
import type { CompanyChange, ListChanges, NewList } from '../types';

export const listsApi = {
  all: (signal?: AbortSignal) => call('bff.savedLists', undefined, { signal }),
  one: (id: string, signal?: AbortSignal) => call('bff.savedList', { id }, { signal }),
  create: (body: NewList) => call('bff.savedLists.create', body),
  update: (id: string, body: ListChanges) => call('bff.savedList.update', { ...body, id }),
  remove: (id: string) => call('bff.savedList.delete', { id }),
  run: (id: string) => call('bff.savedList.run', { id }),
  runs: (id: string, signal?: AbortSignal) => call('bff.savedList.runs', { id }, { signal }),
  runDetail: (id: string, runId: string, signal?: AbortSignal) =>
    call('bff.savedList.runDetail', { id, run_id: runId }, { signal }),
  alerts: (signal?: AbortSignal) => call('bff.savedLists.alerts', undefined, { signal }),
  alertsRead: () => call('bff.savedLists.alertsRead'),
  estimate: (id: string, signal?: AbortSignal) => call('bff.savedList.estimate', { id }, { signal }),
  seen: (id: string) => call('bff.savedList.seen', { id }),
  /** A static list's companies added and removed (its owner only). */
  changeCompanies: (id: string, change: CompanyChange) => call('bff.savedList.companies', { ...change, id }),
  /** A static list's companies as CSV (free: the names the list keeps), all or only `companies`. */
  csv: (id: string, companies?: readonly string[], columns?: readonly string[]) =>
    callStream('bff.savedList.csv', {
      id,
      ...(companies && companies.length > 0 ? { companies: companies.join(',') } : {}),
      ...(columns && columns.length > 0 ? { columns: columns.join(',') } : {}),
    }),
};
