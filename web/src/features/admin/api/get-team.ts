/** GET /bff/admin/team: the monthly cap, and what the team spent this month. */
import { TeamSettings } from '@contract/admin';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '@/lib/api-client';
import { ADMIN_TEAM_KEY } from './keys';

async function getTeam(signal?: AbortSignal): Promise<TeamSettings> {
  return TeamSettings.parse(await call('bff.admin.team', undefined, { signal }));
}

const teamQueryOptions = () =>
  queryOptions({
    queryKey: ADMIN_TEAM_KEY,
    queryFn: ({ signal }) => getTeam(signal),
    staleTime: 10_000,
    refetchInterval: 60_000,
  });

export function useTeam() {
  return useQuery(teamQueryOptions());
}
