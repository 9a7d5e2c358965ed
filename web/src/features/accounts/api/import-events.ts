/**
 * The import's live event: each one carries the import's status as `GET .../imports/{id}` answers it,
 * written into that query's cache, so the counts move without polling. Events are not replayed after a
 * reconnect, so the status is read again whenever the stream (re)opens.
 */
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { subscribeBffConnection } from '@/lib/bff-events';
import { useBffEvent } from '@/lib/use-bff-events';
import { type ImportStatus, importQueryKey } from './imports';

function isImport(data: unknown): data is ImportStatus {
  return typeof data === 'object' && data !== null && typeof (data as ImportStatus).id === 'string';
}

export function useImportEvents(importId: string) {
  const queryClient = useQueryClient();
  useBffEvent('accounts.import.progress', (data) => {
    if (!isImport(data) || data.id !== importId) return;
    queryClient.setQueryData<ImportStatus>(importQueryKey(importId), data);
  });
  useEffect(() => {
    let first = true;
    return subscribeBffConnection((open) => {
      if (open && !first) void queryClient.invalidateQueries({ queryKey: importQueryKey(importId) });
      first = false;
    });
  }, [importId, queryClient]);
}
