import { type ErrorComponentProps, Link, useRouter } from '@tanstack/react-router';
import { Button } from '@/components/ui/button';
import { ApiError } from '@/lib/api-client';
import { errorMessage } from '@/lib/errors';

/**
 * What a page shows in place of itself when it fails to render or its code cannot be loaded (the
 * router's `defaultErrorComponent`): what happened in words, and two ways on. The rest of the frame (header, navigation) stays.
 */
export function ErrorPage({ error, reset }: ErrorComponentProps) {
  const router = useRouter();
  // A failed call already says what failed in the BFF's words; anything else was never worded for
  // users, so its own message goes under "Details".
  const technical = error instanceof Error && !(error instanceof ApiError) ? error.message : null;
  return (
    <div role="alert" className="mx-auto max-w-xl px-6 py-16 text-center">
      <h1 className="text-2xl font-semibold">This page could not be shown</h1>
      <p className="mt-2 text-slate-600">
        {errorMessage(error, 'Something went wrong while showing it. Try again, or reload the app.')}
      </p>
      {technical ? (
        <details className="mt-4 text-left text-sm text-slate-500">
          <summary className="cursor-pointer">Details</summary>
          <p className="mt-1 break-words font-mono text-xs">{technical}</p>
        </details>
      ) : null}
      <div className="mt-6 flex items-center justify-center gap-6">
        <Button
          variant="primary"
          onClick={() => {
            reset();
            void router.invalidate();
          }}
        >
          Try again
        </Button>
        <Link to="/" className="text-indigo-700 hover:underline">
          Go to the list builder
        </Link>
      </div>
    </div>
  );
}
