/** GET /bff/admin/audit: the latest admin actions, newest first. */
import { type AuditEntry, AuditResponse } from '@contract/admin';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '@/lib/api-client';
import { ADMIN_AUDIT_KEY } from './keys';

/** As many entries as the page lists. */
export const AUDIT_SHOWN = 100;

async function getAudit(signal?: AbortSignal): Promise<AuditEntry[]> {
  return AuditResponse.parse(await call('bff.admin.audit', { limit: AUDIT_SHOWN }, { signal })).data;
}

const auditQueryOptions = () =>
  queryOptions({ queryKey: ADMIN_AUDIT_KEY, queryFn: ({ signal }) => getAudit(signal), staleTime: 10_000 });

export function useAudit() {
  return useQuery(auditQueryOptions());
}
