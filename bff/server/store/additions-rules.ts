/**
 * How a status answer for a company addition request updates what the store knows, on both engines:
 * later states win, and a late or repeated delivery of an earlier state never moves a request back.
 */
import type { AdditionState, AdditionStatus } from '../../contract/api';

export const ADDITION_RANK: Readonly<Record<AdditionState, number>> = {
  pending: 0,
  in_progress: 1,
  completed: 2,
  failed: 2,
};

type Known = {
  status: AdditionState;
  updated_at: string;
  reason: string | null;
  company_uuid: string | null;
};

/** Whether `status` is news to a request known as `before`. */
export function isNewerStatus(status: AdditionStatus, before: Known): boolean {
  return (
    ADDITION_RANK[status.status] > ADDITION_RANK[before.status] ||
    (ADDITION_RANK[status.status] === ADDITION_RANK[before.status] &&
      status.detail.updated_at > before.updated_at)
  );
}

/** A newer lookup of the same state refreshes the record quietly; only a new state is news. */
export function statusChanged(status: AdditionStatus, before: Known | undefined): boolean {
  return (
    !before ||
    status.status !== before.status ||
    status.detail.reason !== before.reason ||
    status.detail.company_uuid !== before.company_uuid
  );
}
