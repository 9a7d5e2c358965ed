/**
 * Roles and the team's administration (`/bff/admin/...`), shared by the BFF and the web app: users,
 * the team's monthly credit cap, the audit log, the spend dashboard. Every route here answers 403 to
 * a member (the endpoint table marks them `role: 'admin'`).
 */
import { z } from 'zod';

export const ROLES = ['admin', 'member'] as const;
export type Role = (typeof ROLES)[number];

export const USER_NAME_MAX = 100;
export const PASSWORD_MIN = 10;
const PASSWORD_MAX = 1000;

/** A user's name: what signs in, and how the audit log and the dashboard name the user. */
export const UserName = z
  .string()
  .trim()
  .min(1, 'Enter a user name')
  .max(USER_NAME_MAX, `Keep the user name to ${USER_NAME_MAX} characters`)
  .regex(/^[\p{L}\p{N}._@-]+$/u, 'Use only letters, digits and . _ @ -');

export const Password = z
  .string()
  .min(PASSWORD_MIN, `The password must have at least ${PASSWORD_MIN} characters`)
  .max(PASSWORD_MAX, `The password must have at most ${PASSWORD_MAX} characters`);

/** Credits a day for one user; null: no budget of the user's own (BFF_DAILY_BUDGET applies). */
export const DailyBudget = z
  .number({ error: 'Enter a number of credits, or leave it empty' })
  .finite()
  .min(0, 'A budget cannot be negative')
  .max(1e9, 'Keep the budget under a billion credits')
  .nullable();

export const Role = z.enum(ROLES, { error: 'The role is admin or member' });

// ---------------------------------------------------------------------------------------------
// GET /bff/admin/users, POST /bff/admin/users, PATCH /bff/admin/users/{id}

export const AdminUser = z.object({
  id: z.string(),
  name: z.string(),
  role: Role,
  disabled: z.boolean(),
  /** The user's own daily budget; null: the BFF's default (`default_daily_budget` of the team). */
  daily_budget: z.number().nullable(),
  /** Credits spent today (UTC day), as the ledger has them. */
  spent_today: z.number(),
});
export type AdminUser = z.infer<typeof AdminUser>;

export const AdminUsersResponse = z.object({ data: z.array(AdminUser) });
export type AdminUsersResponse = z.infer<typeof AdminUsersResponse>;

export const NewUserRequest = z.strictObject({
  name: UserName,
  password: Password,
  role: Role.default('member'),
  daily_budget: DailyBudget.default(null),
});
export type NewUserRequest = z.input<typeof NewUserRequest>;

export const UserPatch = z
  .strictObject({
    role: Role.optional(),
    /** True: the user cannot sign in, and every session of theirs ends at once. */
    disabled: z.boolean({ error: 'disabled is true or false' }).optional(),
    daily_budget: DailyBudget.optional(),
    /** A new password: every session of the user ends. */
    password: Password.optional(),
  })
  .refine((p) => Object.values(p).some((v) => v !== undefined), {
    message: 'Give at least one of role, disabled, daily_budget, password',
  });
export type UserPatch = z.input<typeof UserPatch>;

// ---------------------------------------------------------------------------------------------
// GET /bff/admin/team, PATCH /bff/admin/team

/** Credits a calendar month (UTC) for the whole team; null: no cap. */
export const MonthlyCap = z
  .number({ error: 'Enter a number of credits, or leave it empty for no cap' })
  .finite()
  .min(0, 'A cap cannot be negative')
  .max(1e12, 'Keep the cap under a trillion credits')
  .nullable();

export const TeamSettings = z.object({
  monthly_cap: z.number().nullable(),
  /** Credits the whole team spent this calendar month (UTC), as the ledger has them. */
  spent_this_month: z.number(),
  /**
   * Credits the whole team spent today (UTC), as the ledger has them: every user's, the local user's
   * and the BFF's own housekeeping included, which the users table does not list.
   */
  spent_today: z.number(),
  /** The month the figure is for, YYYY-MM (UTC). */
  month: z.string(),
  /** BFF_DAILY_BUDGET: the daily budget of a user without one of their own; null = unlimited. */
  default_daily_budget: z.number().nullable(),
});
export type TeamSettings = z.infer<typeof TeamSettings>;

export const TeamPatch = z.strictObject({ monthly_cap: MonthlyCap });
export type TeamPatch = z.input<typeof TeamPatch>;

// ---------------------------------------------------------------------------------------------
// GET /bff/admin/audit: every admin action, newest first

const AUDIT_ACTIONS = [
  'user.created',
  'user.role_changed',
  'user.disabled',
  'user.enabled',
  'user.budget_changed',
  'user.password_reset',
  'team.cap_changed',
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

/** What an action changed (`from`, `to`, the role given...): never a password or its hash. */
export const AuditDetails = z.record(z.string(), z.union([z.string(), z.number(), z.boolean(), z.null()]));
export type AuditDetails = z.infer<typeof AuditDetails>;

export const AuditEntry = z.object({
  at: z.string(),
  /** The admin's name (or the command line's, for `npm run user:add`). */
  actor: z.string(),
  action: z.enum(AUDIT_ACTIONS),
  /** The user's name, or `team`. */
  target: z.string(),
  details: AuditDetails,
});
export type AuditEntry = z.infer<typeof AuditEntry>;

const AUDIT_LIMIT_MAX = 1000;
export const AuditQuery = z.strictObject({
  limit: z.coerce
    .number({ error: 'limit is a whole number' })
    .int('limit is a whole number')
    .min(1, 'limit is at least 1')
    .max(AUDIT_LIMIT_MAX, `limit is at most ${AUDIT_LIMIT_MAX}`)
    .default(200),
});

export const AuditResponse = z.object({ data: z.array(AuditEntry) });
export type AuditResponse = z.infer<typeof AuditResponse>;

// ---------------------------------------------------------------------------------------------
// GET /bff/admin/spend?days=30, GET /bff/admin/ledger.csv

const SPEND_DAYS_MAX = 90;
export const SpendQuery = z.strictObject({
  days: z.coerce
    .number({ error: 'days is a whole number' })
    .int('days is a whole number')
    .min(1, 'days is at least 1')
    .max(SPEND_DAYS_MAX, `days is at most ${SPEND_DAYS_MAX}`)
    .default(30),
});

export const SpendDay = z.object({
  /** UTC day, YYYY-MM-DD. */
  date: z.string(),
  credits: z.number(),
  /** Credits by user name; users who spent nothing that day are left out. */
  by_user: z.record(z.string(), z.number()),
  /** Credits the company store saved that day (asking the service directly less what was paid). */
  saved: z.number(),
  /** Saved credits by user name; users who saved nothing that day are left out. */
  saved_by_user: z.record(z.string(), z.number()),
});
export type SpendDay = z.infer<typeof SpendDay>;

export const SpendResponse = z.object({
  /** Every day of the window, oldest first, today last; days without spend have 0. */
  days: z.array(SpendDay),
  /** Credits by endpoint path over the window; endpoints that cost nothing are left out. */
  by_endpoint: z.record(z.string(), z.number()),
  /** Users by credits over the window, largest first (at most TOP_SPENDERS). */
  top_spenders: z.array(z.object({ name: z.string(), credits: z.number() })),
  /** Credits the company store saved over the window. */
  saved: z.number(),
});
export type SpendResponse = z.infer<typeof SpendResponse>;

export const TOP_SPENDERS = 10;

/** The columns of `GET /bff/admin/ledger.csv`, in order. */
export const LEDGER_CSV_COLUMNS = [
  'at',
  'day',
  'user',
  'user_id',
  'method',
  'endpoint',
  'status',
  'credits_consumed',
  'cache',
  'duration_ms',
] as const;
