/**
 * The import's live event: each one carries the import's status as `GET .../imports/{id}` answers it,
 * written into that query's cache, so the counts move without polling. Events are not replayed after a
 * reconnect, so the status is read again whenever the stream (re)opens.
 */
import type { BffEventType } from '@contract/bff';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { subscribeBffConnection } from '@/lib/bff-events';
import { useBffEvent } from '@/lib/use-bff-events';
import { type AccountImport, importQueryKey } from './imports';

/** The event's name (the BFF's `BFF_EVENT_TYPES`). */
export const IMPORT_PROGRESS_EVENT = 'account_import.progress' as string as BffEventType;

function isImport(data: unknown): data is AccountImport {
  return typeof data === 'object' && data !== null && typeof (data as AccountImport).id === 'string';
}

export function useImportEvents(importId: string) {
  const queryClient = useQueryClient();
  useBffEvent(IMPORT_PROGRESS_EVENT, (data) => {
    if (!isImport(data) || data.id !== importId) return;
    queryClient.setQueryData<AccountImport>(importQueryKey(importId), (old) => ({ ...old, ...data }));
  });
  useEffect(() => {
    let first = true;
    return subscribeBffConnection((open) => {
      if (open && !first) void queryClient.invalidateQueries({ queryKey: importQueryKey(importId) });
      first = false;
    });
  }, [importId, queryClient]);
}
