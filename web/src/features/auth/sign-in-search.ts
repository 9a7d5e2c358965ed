import { z } from 'zod';

/** `/sign-in?redirect=/...`: where to go back to after signing in. */
export const SignInSearch = z.object({
  redirect: z.string().max(4000).optional().catch(undefined),
});
export type SignInSearch = z.infer<typeof SignInSearch>;

/** Only a path of this app: an absolute or protocol-relative URL would be an open redirect. */
export function safeRedirect(target: string | undefined): string {
  if (!target?.startsWith('/') || target.startsWith('//') || target.startsWith('/\\')) return '/';
  if (target.startsWith('/sign-in')) return '/';
  return target;
}
