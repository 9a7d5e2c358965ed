/** An audit entry said in words: "Set mia's daily budget from the default to 50 credits". */
import type { AuditEntry } from '@contract/admin';
import { formatCredits } from '@/lib/format';

function amount(v: unknown, none: string): string {
  return typeof v === 'number' ? formatCredits(v) : none;
}

export function describeAudit(e: AuditEntry): string {
  const d = e.details;
  switch (e.action) {
    case 'user.created':
      return `Added ${e.target} as ${d.role === 'admin' ? 'an admin' : 'a member'}${
        typeof d.daily_budget === 'number' ? `, daily budget ${formatCredits(d.daily_budget)}` : ''
      }`;
    case 'user.role_changed':
      return `Made ${e.target} ${d.to === 'admin' ? 'an admin' : 'a member'}`;
    case 'user.budget_changed':
      return `Set ${e.target}'s daily budget from ${amount(d.from, 'the default')} to ${amount(d.to, 'the default')}`;
    case 'user.password_reset':
      return `Reset ${e.target}'s password`;
    case 'user.disabled':
      return `Disabled ${e.target}`;
    case 'user.enabled':
      return `Enabled ${e.target}`;
    case 'team.cap_changed':
      return `Set the team's monthly cap from ${amount(d.from, 'none')} to ${amount(d.to, 'none')}`;
  }
}
