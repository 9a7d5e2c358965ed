/**
 * `/bff/admin/...`: the team's administration (contract in bff/contract/admin.ts). Every route is an
 * admin's: `route()` answers 403 to anyone else (the endpoint table marks them `role: 'admin'`).
 * Handlers parse, call the store, and shape the answer; bad input changes nothing.
 */
import { randomUUID } from 'node:crypto';
import { stringify } from 'csv-stringify/sync';
import { type Context, Hono } from 'hono';
import {
  AuditQuery,
  LEDGER_CSV_COLUMNS,
  NewUserRequest,
  SpendQuery,
  TeamPatch,
  type TeamSettings,
  UserPatch,
} from '../../contract/admin';
import { hashPassword } from '../auth/passwords';
import { forgetSessionsOf } from '../auth/sessions';
import type { BffEnv, BffUser } from '../context';
import { CSV_STRINGIFY_OPTIONS } from '../exports/csv';
import type { Ledger } from '../ledger/ledger';
import { utcDay } from '../ledger/ledger';
import { problem } from '../proxy/problem';
import { jsonInput, queryInput, route } from '../routing';
import type { Actor, BffStore, LedgerCsvRow, UserChanges } from '../store/store';
import { buildSpend, type SavedRow, windowDays } from './spend';
import { type TeamCap, utcMonth } from './team-cap';

export type AdminRoutesOptions = {
  store: BffStore;
  ledger: Ledger;
  teamCap: TeamCap;
  /** BFF_DAILY_BUDGET: the budget of a user without one of their own. */
  defaultDailyBudget: number | null;
  /** The BFF's own users, which have no account: their names in the dashboard and the CSV. */
  builtInUsers: readonly BffUser[];
  /** What the company store saved each user per day from a day on (bff/server/companies/). */
  savedSince: (firstDay: string) => Promise<SavedRow[]>;
  now: () => Date;
};

/**
 * Every ledger entry there is now, oldest first, in pages of `pageSize`. Paged by id rather than
 * one open cursor: the store stays usable between pages while a large file is sent, and entries
 * written meanwhile are left for the next download.
 */
export async function* ledgerEntries(store: BffStore, pageSize = 1000): AsyncGenerator<LedgerCsvRow[]> {
  const last = await store.lastLedgerId();
  let after = 0;
  while (after < last) {
    const page = await store.ledgerPage(after, last, pageSize);
    if (page.length === 0) return;
    yield page;
    after = page[page.length - 1]!.id;
  }
}

export function adminRoutes(o: AdminRoutesOptions): Hono<BffEnv> {
  const app = new Hono<BffEnv>();
  const { store, ledger, teamCap, now } = o;
  const actorOf = (c: Context<BffEnv>): Actor => {
    const user = c.get('user');
    return { id: user.id, name: user.name };
  };
  const builtIn = new Map(o.builtInUsers.map((u) => [u.id, u.name]));
  const nameOf = (row: { user_id: string; name: string | null }) =>
    row.name ?? builtIn.get(row.user_id) ?? row.user_id;

  route(app, 'bff.admin.users', async (c) => {
    await ledger.flush();
    return c.json({ data: await store.listUsers(utcDay(now())) });
  });

  route(app, 'bff.admin.addUser', async (c) => {
    const input = await jsonInput(c, NewUserRequest);
    if (!input.ok) return input.response;
    const { name, password, role, daily_budget } = input.value;
    const id = randomUUID();
    const created = await store.createUser(
      { id, name, ...(await hashPassword(password)), role, dailyBudget: daily_budget },
      actorOf(c),
      now(),
    );
    if (created.kind === 'exists') {
      const detail = `A user named "${created.name}" exists already.`;
      return problem(409, detail, { errors: [{ path: 'name', message: detail }] });
    }
    return c.json(await store.getUser(id, utcDay(now())), 201);
  });

  route(app, 'bff.admin.updateUser', async (c) => {
    const input = await jsonInput(c, UserPatch);
    if (!input.ok) return input.response;
    const id = c.req.param('id') ?? '';
    const patch = input.value;
    const changes: UserChanges = {
      ...(patch.role !== undefined ? { role: patch.role } : {}),
      ...(patch.disabled !== undefined ? { disabled: patch.disabled } : {}),
      ...(patch.daily_budget !== undefined ? { dailyBudget: patch.daily_budget } : {}),
      ...(patch.password !== undefined ? { password: await hashPassword(patch.password) } : {}),
    };
    const result = await store.updateUser(id, changes, actorOf(c), now());
    if (result.kind === 'not_found') return problem(404, 'No such user.');
    if (result.kind === 'last_admin') {
      return problem(
        409,
        'This is the last enabled admin: make another user an admin first, or the team has nobody to run it.',
      );
    }
    // Disabled, or a new password: the store deleted the user's sessions, and every instance forgets
    // them now. A new role or budget applies to their next request.
    if (result.endSessions || result.refreshSessions)
      await forgetSessionsOf(store, id, { ended: result.endSessions });
    await ledger.flush();
    return c.json(await store.getUser(id, utcDay(now())));
  });

  const team = async (): Promise<TeamSettings> => {
    await ledger.flush();
    const month = utcMonth(now());
    const today = utcDay(now());
    return {
      monthly_cap: await teamCap.current(),
      spent_this_month: await store.teamSpendSince(`${month}-01`),
      spent_today: await store.teamSpendSince(today),
      month,
      default_daily_budget: o.defaultDailyBudget,
    };
  };

  route(app, 'bff.admin.team', async (c) => c.json(await team()));

  route(app, 'bff.admin.updateTeam', async (c) => {
    const input = await jsonInput(c, TeamPatch);
    if (!input.ok) return input.response;
    await store.setMonthlyCap(input.value.monthly_cap, actorOf(c), now());
    teamCap.changed();
    return c.json(await team());
  });

  route(app, 'bff.admin.audit', async (c) => {
    const input = queryInput(c, AuditQuery);
    if (!input.ok) return input.response;
    return c.json({ data: await store.auditEntries(input.value.limit) });
  });

  route(app, 'bff.admin.spend', async (c) => {
    const input = queryInput(c, SpendQuery);
    if (!input.ok) return input.response;
    const days = windowDays(now(), input.value.days);
    await ledger.flush();
    const rows = await store.spendRows(days[0]!, days[days.length - 1]!);
    const saved = await o.savedSince(days[0]!);
    return c.json(buildSpend(rows, days, nameOf, saved));
  });

  route(app, 'bff.admin.ledgerCsv', async (c) => {
    await ledger.flush();
    const pages = ledgerEntries(store);
    const encoder = new TextEncoder();
    let header = true;
    const csv = (rows: readonly LedgerCsvRow[]) => {
      const text = stringify(
        rows.map((r) => ({ ...r, user: nameOf(r) })),
        {
          header,
          columns: [...LEDGER_CSV_COLUMNS],
          // The rules of every CSV the BFF writes (exports/csv.ts).
          ...CSV_STRINGIFY_OPTIONS,
        },
      );
      header = false;
      return encoder.encode(text);
    };
    // Pulled page by page as the client reads: a large ledger is never held in memory at once.
    const body = new ReadableStream<Uint8Array>({
      async pull(controller) {
        const next = await pages.next();
        if (next.done) {
          if (header) controller.enqueue(csv([]));
          controller.close();
        } else controller.enqueue(csv(next.value));
      },
      async cancel() {
        await pages.return(undefined);
      },
    });
    return c.body(body, 200, {
      'content-type': 'text/csv; charset=utf-8',
      'content-disposition': `attachment; filename="ledger-${utcDay(now())}.csv"`,
    });
  });
  return app;
}
