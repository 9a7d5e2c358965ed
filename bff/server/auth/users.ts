/**
 * Team accounts in the BFF's store (team mode): name, scrypt password hash, role, daily credit
 * budget, and whether the account is disabled. The Admin page's changes go through the store from
 * `../admin/routes.ts`; `npm run user:add` comes here.
 */
import { randomUUID } from 'node:crypto';
import { Password, type Role, UserName } from '../../contract/admin';
import type { BffUser } from '../context';
import type { Actor, BffStore } from '../store/store';
import { hashPassword } from './passwords';
import { deleteSessionsOf } from './sessions';

export { PASSWORD_MIN, USER_NAME_MAX } from '../../contract/admin';
export type { StoredUser } from '../store/store';

/** The command line, as the audit log names it. */
export const COMMAND_LINE: Actor = { id: 'cli', name: 'npm run user:add' };

/** What is wrong with a new account's name and password, in words (the contract's rules). */
export function validateNewUser(name: string, password: string): string[] {
  const lower = (m: string) => `${m.charAt(0).toLowerCase()}${m.slice(1)}`;
  return [
    ...(UserName.safeParse(name).error?.issues ?? []),
    ...(Password.safeParse(password).error?.issues ?? []),
  ].map((i) => lower(i.message));
}

export type AddUserInput = {
  name: string;
  password: string;
  dailyBudget: number | null;
  /** A new account's role (default member); with `replace`, absent keeps the existing role. */
  role?: Role;
};

/**
 * Adds a user, or with `replace` sets an existing user's password, budget and (when given) role;
 * their sessions end. The audit log names `actor` (the command line unless told otherwise).
 */
export async function addUser(
  store: BffStore,
  input: AddUserInput,
  opts: { replace?: boolean; actor?: Actor; now?: Date } = {},
): Promise<{ user: BffUser; created: boolean }> {
  const problems = validateNewUser(input.name, input.password);
  if (problems.length > 0) throw new Error(problems.join('; '));
  const password = await hashPassword(input.password);
  const actor = opts.actor ?? COMMAND_LINE;
  const at = opts.now ?? new Date();
  const existing = await store.findUserByName(input.name);
  if (existing) {
    if (!opts.replace)
      throw new Error(`a user named "${existing.name}" exists already (use --replace to reset it)`);
    const result = await store.updateUser(
      existing.id,
      { password, dailyBudget: input.dailyBudget, ...(input.role ? { role: input.role } : {}) },
      actor,
      at,
    );
    if (result.kind === 'last_admin')
      throw new Error(`"${existing.name}" is the last enabled admin: make another user an admin first`);
    await deleteSessionsOf(store, existing.id);
    return {
      user: { id: existing.id, name: existing.name, role: input.role ?? existing.role },
      created: false,
    };
  }
  const id = randomUUID();
  const role = input.role ?? 'member';
  const created = await store.createUser(
    { id, name: input.name, ...password, role, dailyBudget: input.dailyBudget },
    actor,
    at,
  );
  if (created.kind === 'exists') throw new Error(`a user named "${created.name}" exists already`);
  return { user: { id, name: input.name, role }, created: true };
}
