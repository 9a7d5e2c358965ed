/**
 * The import's live event: each one carries the import's status as `GET .../imports/{id}` answers it,
 * written into that query's cache, so the counts move without polling. Events are not replayed after a
 * reconnect, so the status is read again whenever the stream (re)opens.
 */
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { subscribeBffConnection } from '@/lib/bff-events';
import { useBffEvent } from '@/lib/use-bff-events';
import { type ImportStatus, importQueryKey, isRunning } from './imports';

function isImport(data: unknown): data is ImportStatus {
  return typeof data === 'object' && data !== null && typeof (data as ImportStatus).id === 'string';
}

/**
 * Whether an event's status is older than the one known: an import never goes back from finished to
 * running, nor processes fewer rows (a late event, or one overtaken by a status read).
 */
export function isOlder(event: ImportStatus, known: ImportStatus): boolean {
  if (!isRunning(known.status) && isRunning(event.status)) return true;
  return event.status === known.status && event.processed < known.processed;
}

export function useImportEvents(importId: string) {
  const queryClient = useQueryClient();
  useBffEvent('accounts.import.progress', (data) => {
    if (!isImport(data) || data.id !== importId) return;
    queryClient.setQueryData<ImportStatus>(importQueryKey(importId), (known) =>
      known && isOlder(data, known) ? known : data,
    );
  });
  useEffect(() => {
    let first = true;
    return subscribeBffConnection((open) => {
      if (open && !first) void queryClient.invalidateQueries({ queryKey: importQueryKey(importId) });
      first = false;
    });
  }, [importId, queryClient]);
}
