/**
 * One 400 naming every invalid field (docs/product-rules.md, section 3), including the fields only the service
 * can judge: codes that must exist, product ids of one company, a website that must be a hostname.
 * Those checks run beside the contract's schema, on the raw input, so a request with `limit: 501`
 * and an unknown NAICS code hears about both at once rather than one per attempt.
 */
import type { z } from 'zod';
import type { ProblemField } from '../../contract/problem';
import { zodFields } from '../../contract/problem';
import { invalid } from '../problem';

/**
 * The service's own checks. They read the raw input (the schema may have failed elsewhere) and
 * skip every path the schema already reported, so a field is named once.
 */
export type ServiceCheck = (
  raw: Readonly<Record<string, unknown>>,
  reported: ReadonlySet<string>,
) => ProblemField[];

/**
 * Parses with the contract's schema and runs `check` in the same pass; any error from either is one
 * 400 listing them all. `detail` may word the problem when the default ("3 fields are invalid")
 * says too little.
 */
export function parseChecked<S extends z.ZodType>(
  schema: S,
  input: unknown,
  check: ServiceCheck,
  detail?: (errors: readonly ProblemField[]) => string | undefined,
): z.output<S> {
  const parsed = schema.safeParse(input);
  const errors = parsed.success ? [] : zodFields(parsed.error);
  const raw = typeof input === 'object' && input !== null && !Array.isArray(input) ? input : {};
  errors.push(...check(raw as Record<string, unknown>, new Set(errors.map((e) => e.path))));
  if (errors.length > 0 || !parsed.success) throw invalid(errors, detail?.(errors));
  return parsed.data;
}

/** The raw string items of an array field, with their positions (non-strings are the schema's to report). */
export function rawStrings(value: unknown): { item: string; index: number }[] {
  if (!Array.isArray(value)) return [];
  return value.flatMap((item, index) => (typeof item === 'string' ? [{ item: item.trim(), index }] : []));
}
