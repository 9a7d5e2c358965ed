/**
 * The Accounts page's state in the URL: the import being followed (a reload or a shared link keeps
 * following it) and the account list whose companies are open.
 */
import { z } from 'zod';

export const AccountsSearch = z.object({
  import: z.string().min(1).max(100).optional().catch(undefined),
  list: z.string().min(1).max(100).optional().catch(undefined),
});
export type AccountsSearch = z.infer<typeof AccountsSearch>;
