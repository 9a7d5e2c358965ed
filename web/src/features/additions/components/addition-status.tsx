import { useBffEventsOpen } from '@/lib/use-bff-events';
import { useAdditionEventsIntoCache, useAdditionStatus } from '../api/get-addition-status';
import { AdditionStatusView } from './addition-status-view';

/** A submitted request's status, kept current by live events with polling as the fallback. */
export function AdditionStatus({
  requestId,
  domain,
  companyName,
}: {
  requestId: string;
  domain: string;
  /** The name as submitted, until the service's own answer gives it. */
  companyName?: string;
}) {
  useAdditionEventsIntoCache();
  const q = useAdditionStatus(requestId);
  const live = useBffEventsOpen();
  const s = q.data;
  return (
    <AdditionStatusView
      state={s?.status ?? 'pending'}
      companyName={s?.detail.company_name || companyName || null}
      domain={s?.detail.domain ?? domain}
      reason={s?.detail.reason ?? null}
      companyUuid={s?.detail.company_uuid ?? null}
      live={live}
    />
  );
}
