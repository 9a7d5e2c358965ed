/**
 * A list request read at the edge, once (docs/decisions/0021-typed-list-planner.md): its JSON, then
 * the contract's `ListRequest` (the service's fields plus the BFF's: company size in `filters`,
 * `exclude`, `exclude_account_lists`, `mark_account_lists`). Nothing past this reads the body.
 */
import { certainlyPlainListRequest, ListRequest, type ParsedListRequest } from '../../contract/api';
import { readJsonText } from '../../contract/http';
import { zodFields } from '../../contract/problem';
import { BffProblem, InvalidRequest } from '../proxy/problem';

/**
 * - `plain`: the body certainly passes `ListRequest` with none of the BFF's fields (told without
 *   zod: most pages the list builder asks for); it can go to the service as read.
 * - `typed`: the request parsed; the planner decides what it needs. `body` is what was read.
 */
export type ListEdge =
  | { kind: 'plain'; body: { value: unknown; text: string } }
  | { kind: 'typed'; request: ParsedListRequest; body: { value: unknown; text: string } };

/** Reads a list generation body; throws the 415/400 problem of a body that is no valid request. */
export function readListRequest(contentType: string | null, text: string): ListEdge {
  const read = readJsonText(contentType, text);
  if (!read.ok) throw new BffProblem(read.status, read.detail);
  const body = { value: read.value, text: read.text };
  if (certainlyPlainListRequest(read.value)) return { kind: 'plain', body };
  const parsed = ListRequest.safeParse(read.value);
  if (!parsed.success) throw new InvalidRequest(zodFields(parsed.error));
  return { kind: 'typed', request: parsed.data, body };
}

/** The request as the service takes it: the BFF's own fields left out. */
export function serviceRequest(
  r: ParsedListRequest,
): Omit<ParsedListRequest, 'exclude' | 'exclude_account_lists' | 'mark_account_lists' | 'screen'> {
  const { exclude: _e, exclude_account_lists: _h, mark_account_lists: _m, screen: _s, ...rest } = r;
  return rest;
}
