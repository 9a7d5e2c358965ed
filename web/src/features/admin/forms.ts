/**
 * The Admin page's forms, checked before anything is sent with the contract's own rules (user name,
 * password, role, budgets): what a person types as text, read into what the API takes.
 */
import { DailyBudget, MonthlyCap, Password, Role, UserName } from '@contract/admin';
import { z } from 'zod';

/** Credits typed as text: empty is "none" (null), "1,500" is 1500. */
function creditsText<S extends z.ZodType<number | null, number | null>>(schema: S) {
  return z
    .string()
    .trim()
    .transform((s) => (s === '' ? null : Number(s.replaceAll(',', ''))))
    .pipe(schema);
}

export const AddUserForm = z.object({
  name: UserName,
  password: Password,
  role: Role,
  daily_budget: creditsText(DailyBudget),
});
export type AddUserFormInput = z.input<typeof AddUserForm>;
export type AddUserFormOutput = z.output<typeof AddUserForm>;

export const BudgetForm = z.object({ daily_budget: creditsText(DailyBudget) });
export type BudgetFormInput = z.input<typeof BudgetForm>;
export type BudgetFormOutput = z.output<typeof BudgetForm>;

export const PasswordForm = z.object({ password: Password });
export type PasswordFormValues = z.infer<typeof PasswordForm>;

export const CapForm = z.object({ monthly_cap: creditsText(MonthlyCap) });
export type CapFormInput = z.input<typeof CapForm>;
export type CapFormOutput = z.output<typeof CapForm>;

/** A budget or cap as the form shows it: empty for none. */
export function creditsInput(value: number | null): string {
  return value === null ? '' : String(value);
}
