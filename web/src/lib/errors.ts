/**
 * The one way the app words a failure for the user. Every call to the BFF fails with an `ApiError`
 * whose message is already a sentence for people: the problem's `detail` (RFC 9457, as the BFF
 * writes it with `bff/contract/problem.ts`), or the network sentence when the BFF could not be
 * reached. Anything else (a body that is no JSON, a bug) was never worded for users: the caller's
 * fallback says what failed instead, or, without one, the error's own message.
 */
import type { ProblemField } from '@contract/problem';
import type { FieldPath, FieldValues, UseFormSetError } from 'react-hook-form';
import { ApiError } from './api-client';
import { plainDetail } from './problem-words';

/**
 * What to show of `err`: the BFF's sentence (a field error's path and message made a sentence:
 * ./problem-words.ts), else `fallback`, else the error's own message.
 */
export function errorMessage(err: unknown, fallback?: string): string {
  if (err instanceof ApiError) return plainDetail(err.message, err.problem?.errors);
  if (fallback !== undefined) return fallback;
  return err instanceof Error ? err.message : String(err);
}

/** The fields a problem names (its `errors`: `path` and `message` each); none for other errors. */
export function problemFields(err: unknown): ProblemField[] {
  return err instanceof ApiError ? (err.problem?.errors ?? []) : [];
}

/**
 * Puts a refused submit onto a react-hook-form form: each field error of the problem whose path is
 * one of the form's `fields` under that field; when none is, the whole message at `root.server`
 * (typed with the HTTP status, or `network`, for forms that title a refusal by its status).
 */
export function setProblemErrors<T extends FieldValues>(
  setError: UseFormSetError<T>,
  err: unknown,
  { fields, fallback }: { fields: readonly FieldPath<T>[]; fallback: string },
): void {
  let placed = false;
  for (const f of problemFields(err)) {
    const field = fields.find((name) => name === f.path);
    if (field !== undefined) {
      setError(field, { message: f.message });
      placed = true;
    }
  }
  if (!placed)
    setError('root.server', {
      type: err instanceof ApiError ? String(err.status) : 'network',
      message: errorMessage(err, fallback),
    });
}
