import { SignInRequest } from '@contract/bff';
import { zodResolver } from '@hookform/resolvers/zod';
import { useNavigate, useSearch } from '@tanstack/react-router';
import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import { Button } from '@/components/ui/button';
import { cn } from '@/components/ui/cn';
import { ApiError } from '@/lib/api-client';
import { errorMessage } from '@/lib/errors';
import { useSession } from '../api/get-session';
import { useSignIn } from '../api/sign-in';
import { safeRedirect } from '../sign-in-search';

const inputClass =
  'h-10 w-full rounded-md border bg-white px-3 text-sm text-slate-900 focus:border-indigo-500 focus:outline-none focus:ring-2 focus:ring-indigo-500/30';

/** Team mode's sign-in; afterwards the user goes back to where they were sent from. */
export function SignInPage() {
  const { redirect } = useSearch({ from: '/sign-in' });
  const navigate = useNavigate();
  const session = useSession();
  const signIn = useSignIn();
  const form = useForm<SignInRequest>({
    resolver: zodResolver(SignInRequest),
    defaultValues: { username: '', password: '' },
  });
  const target = safeRedirect(redirect);

  // Signed in already, or nobody needs to (local mode): go on.
  const done = session.data && (session.data.mode === 'local' || session.data.user !== null);
  useEffect(() => {
    if (done) void navigate({ href: target, replace: true });
  }, [done, navigate, target]);

  const onSubmit = form.handleSubmit((values) =>
    signIn.mutateAsync(values).then(
      () => navigate({ href: target, replace: true }),
      () => undefined,
    ),
  );

  const failure = !signIn.error
    ? undefined
    : signIn.error instanceof ApiError && signIn.error.status === 401
      ? 'That user name and password do not match an account.'
      : errorMessage(signIn.error, 'Signing in failed. Try again.');
  const { errors } = form.formState;
  return (
    <div className="flex flex-1 items-start justify-center bg-slate-50 px-4 pt-24">
      <div className="w-full max-w-sm rounded-xl border border-slate-200 bg-white p-6 shadow-sm">
        <h1 className="text-lg font-semibold text-slate-900">Sign in</h1>
        <p className="mt-1 text-sm text-slate-500">Sign in with your team account to build lists.</p>
        <form onSubmit={onSubmit} noValidate className="mt-5 space-y-4">
          <div>
            <label htmlFor="sign-in-username" className="mb-1 block text-sm font-medium text-slate-700">
              User name
            </label>
            <input
              id="sign-in-username"
              autoComplete="username"
              // biome-ignore lint/a11y/noAutofocus: the page exists only to take this input
              autoFocus
              aria-invalid={errors.username ? true : undefined}
              aria-describedby={errors.username ? 'sign-in-username-error' : undefined}
              className={cn(inputClass, errors.username ? 'border-rose-400' : 'border-slate-300')}
              {...form.register('username')}
            />
            {errors.username && (
              <p id="sign-in-username-error" className="mt-1 text-xs text-rose-600">
                {errors.username.message}
              </p>
            )}
          </div>
          <div>
            <label htmlFor="sign-in-password" className="mb-1 block text-sm font-medium text-slate-700">
              Password
            </label>
            <input
              id="sign-in-password"
              type="password"
              autoComplete="current-password"
              aria-invalid={errors.password ? true : undefined}
              aria-describedby={errors.password ? 'sign-in-password-error' : undefined}
              className={cn(inputClass, errors.password ? 'border-rose-400' : 'border-slate-300')}
              {...form.register('password')}
            />
            {errors.password && (
              <p id="sign-in-password-error" className="mt-1 text-xs text-rose-600">
                {errors.password.message}
              </p>
            )}
          </div>
          {failure && (
            <p role="alert" className="rounded-md bg-rose-50 px-3 py-2 text-sm text-rose-700">
              {failure}
            </p>
          )}
          <Button type="submit" variant="primary" className="w-full" loading={signIn.isPending}>
            Sign in
          </Button>
        </form>
      </div>
    </div>
  );
}
