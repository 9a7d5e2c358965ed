import type { AuditEntry } from '@contract/admin';
import { describe, expect, it } from 'vitest';
import { describeAudit } from './audit-words';

const entry = (action: AuditEntry['action'], details: AuditEntry['details'] = {}): AuditEntry => ({
  at: '2026-03-01T10:00:00.000Z',
  actor: 'ada',
  action,
  target: action === 'team.cap_changed' ? 'team' : 'mia',
  details,
});

describe('an audit entry in words', () => {
  it('says what changed, from what to what', () => {
    expect(describeAudit(entry('user.created', { role: 'member', daily_budget: 50 }))).toBe(
      'Added mia as a member, daily budget 50 credits',
    );
    expect(describeAudit(entry('user.created', { role: 'admin', daily_budget: null }))).toBe(
      'Added mia as an admin',
    );
    expect(describeAudit(entry('user.role_changed', { from: 'member', to: 'admin' }))).toBe(
      'Made mia an admin',
    );
    expect(describeAudit(entry('user.budget_changed', { from: null, to: 1500 }))).toBe(
      "Set mia's daily budget from the default to 1,500 credits",
    );
    expect(describeAudit(entry('user.password_reset'))).toBe("Reset mia's password");
    expect(describeAudit(entry('user.disabled'))).toBe('Disabled mia');
    expect(describeAudit(entry('user.enabled'))).toBe('Enabled mia');
    expect(describeAudit(entry('team.cap_changed', { from: 1, to: null }))).toBe(
      "Set the team's monthly cap from 1 credit to none",
    );
  });
});
