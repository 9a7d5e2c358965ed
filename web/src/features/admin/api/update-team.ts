/** PATCH /bff/admin/team: sets the team's monthly credit cap (null: none). */
import type { TeamPatch, TeamSettings } from '@contract/admin';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '@/lib/api-client';
import { ADMIN_TEAM_KEY, invalidateAdmin } from './keys';

function updateTeam(body: TeamPatch): Promise<TeamSettings> {
  return call('bff.admin.updateTeam', body);
}

export function useUpdateTeam() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateTeam,
    onSuccess: async (team) => {
      queryClient.setQueryData(ADMIN_TEAM_KEY, team);
      await invalidateAdmin(queryClient);
    },
  });
}
