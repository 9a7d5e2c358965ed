/**
 * The account lists' routes (issue 15, bff/contract/accounts.ts), one sub-app over the accounts
 * service (service.ts): CSV imports and their rows (import-routes.ts, row-routes.ts), the account
 * lists and bulk enrichment (list-routes.ts).
 */
import { Hono } from 'hono';
import type { BffEnv } from '../context';
import { importRoutes } from './import-routes';
import { listRoutes } from './list-routes';
import { rowRoutes } from './row-routes';
import type { Accounts } from './service';

export function accountRoutes(accounts: Accounts): Hono<BffEnv> {
  return new Hono<BffEnv>()
    .route('/', importRoutes(accounts))
    .route('/', rowRoutes(accounts))
    .route('/', listRoutes(accounts));
}
