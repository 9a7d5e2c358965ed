/**
 * GET /api/v1/status/{id}: one addition request's state (free). Live events from the BFF update it
 * as they arrive; polling is the fallback: every 2 s while the event stream is down, a slow safety
 * net while it is open, and one lookup each time it (re)opens, since events sent while it was down
 * are not replayed.
 */
import { ADDITION_STATES, type AdditionState, type AdditionStatus } from '@contract/api';
import { AdditionStatusChangedEvent } from '@contract/bff-lists';
import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { call } from '@/lib/api-client';
import { useBffEvent, useBffEventsOpen } from '@/lib/use-bff-events';
import { ADDITIONS_QUERY_KEY, patchAdditionRecord } from './get-additions';

export const POLL_WITHOUT_EVENTS_MS = 2000;
export const POLL_WITH_EVENTS_MS = 10_000;
export const POLL_BACKGROUND_MS = 30_000;

export function isTerminal(state: AdditionState): boolean {
  return state === 'completed' || state === 'failed';
}

/** Moves only forward: a late poll answer must not take a request back to an earlier state. */
export function laterState(a: AdditionState, b: AdditionState): AdditionState {
  const rank = (s: AdditionState) => (isTerminal(s) ? 2 : ADDITION_STATES.indexOf(s));
  return rank(b) >= rank(a) ? b : a;
}

/**
 * How often to look a request's status up: never once it has ended; rarely while the live stream
 * is open (events carry the changes; the lookup is only a safety net); every 2 s otherwise (the
 * fallback). A `background` request (one of many listed) is looked up rarely either way, so a long
 * list of open requests cannot run into the BFF's rate limit.
 */
export function statusPollInterval(
  state: AdditionState | undefined,
  eventsOpen: boolean,
  background = false,
): number | false {
  if (state && isTerminal(state)) return false;
  if (background) return POLL_BACKGROUND_MS;
  return eventsOpen ? POLL_WITH_EVENTS_MS : POLL_WITHOUT_EVENTS_MS;
}

/** The status lookup; kept without its `credits_consumed` (always 0) so events and lookups share a shape. */
function getAdditionStatus(id: string, signal?: AbortSignal): Promise<AdditionStatus> {
  return call('additions.status', { id }, { signal });
}

const additionStatusQueryKey = (id: string) => ['additions', 'status', id] as const;

const additionStatusQueryOptions = (id: string) =>
  queryOptions({
    queryKey: additionStatusQueryKey(id),
    queryFn: ({ signal }) => getAdditionStatus(id, signal),
    staleTime: 0,
    retry: 2,
    structuralSharing: (old, next) => {
      const o = old as AdditionStatus | undefined;
      const n = next as AdditionStatus;
      if (o && laterState(o.status, n.status) === o.status && o.status !== n.status) return o;
      return n;
    },
  });

/** Applies live status events to the status queries and to the Requests list. */
export function useAdditionEventsIntoCache() {
  const queryClient = useQueryClient();
  useBffEvent('company_addition.status_changed', (data) => {
    const parsed = AdditionStatusChangedEvent.safeParse(data);
    if (!parsed.success) return;
    const ev = parsed.data;
    queryClient.setQueryData<AdditionStatus>(additionStatusQueryKey(ev.request_id), (old) =>
      old && laterState(old.status, ev.status) === old.status && old.status !== ev.status ? old : ev,
    );
    if (!patchAdditionRecord(queryClient, ev))
      void queryClient.invalidateQueries({ queryKey: ADDITIONS_QUERY_KEY });
  });
}

/** One request's status; mount `useAdditionEventsIntoCache` once above for the live updates. */
export function useAdditionStatus(id: string, opts: { enabled?: boolean; background?: boolean } = {}) {
  const eventsOpen = useBffEventsOpen();
  const enabled = opts.enabled ?? true;
  const q = useQuery({
    ...additionStatusQueryOptions(id),
    enabled,
    refetchInterval: (query) => statusPollInterval(query.state.data?.status, eventsOpen, opts.background),
    refetchIntervalInBackground: false,
  });
  // Catch up once the stream is open: a change made before it opened reached nobody.
  const { refetch } = q;
  const state = q.data?.status;
  const ended = state !== undefined && isTerminal(state);
  useEffect(() => {
    if (eventsOpen && enabled && !ended) void refetch({ cancelRefetch: false });
  }, [eventsOpen, enabled, ended, refetch]);
  return q;
}
