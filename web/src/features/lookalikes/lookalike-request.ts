/**
 * The lookalikes a page shows, from its URL (the list builder's search params with `like`): the
 * seeds, and once derived, the filters as the user widened or narrowed them.
 */
import { LOOKALIKE_DEFAULT_LIMIT, LOOKALIKE_MAX_LIMIT } from '@contract/lookalike-cost';
import type { LookalikeRequest } from '@contract/lookalikes';

/** How many lookalikes a page can show. */
export const LOOKALIKE_SIZES = [10, 25, 50, 100] as const;

type LookalikeSearch = {
  like?: string[] | undefined;
  filters?: Record<string, unknown> | undefined;
  exclude?: Record<string, unknown> | undefined;
  size?: number | undefined;
  /** Account lists hidden in the list builder: their companies never come back as lookalikes. */
  hide_accounts?: string[] | undefined;
};

const hasKeys = (o: Record<string, unknown> | undefined): o is Record<string, unknown> =>
  o !== undefined && Object.keys(o).length > 0;

export function lookalikeLimit(size: number | undefined): number {
  return Math.min(LOOKALIKE_MAX_LIMIT, Math.max(1, size ?? LOOKALIKE_DEFAULT_LIMIT));
}

/**
 * Without filters the BFF derives them from the seeds; with filters (the derived ones, as the user
 * edited them) it reads those alone, and the seeds rank what they match.
 */
export function lookalikeRequestOf(s: LookalikeSearch): LookalikeRequest | null {
  if (!s.like || s.like.length === 0) return null;
  const req: LookalikeRequest = { seeds: s.like, limit: lookalikeLimit(s.size) };
  if (hasKeys(s.exclude)) req.exclude = s.exclude;
  if (s.hide_accounts && s.hide_accounts.length > 0) req.exclude_account_lists = s.hide_accounts;
  if (hasKeys(s.filters)) {
    req.filters = s.filters;
    req.derive_filters = false;
  }
  return req;
}

/** A request's identity, whatever order its keys were written in. */
export function requestKey(req: LookalikeRequest): string {
  const stable = (v: unknown): unknown =>
    Array.isArray(v)
      ? v.map(stable)
      : v && typeof v === 'object'
        ? Object.fromEntries(
            Object.keys(v)
              .sort()
              .map((k) => [k, stable((v as Record<string, unknown>)[k])]),
          )
        : v;
  return JSON.stringify(stable(req));
}

/** The name a saved list of lookalikes is offered: "Like Acme", "Like Acme and Beta", "Like Acme and 2 more". */
export function lookalikeListName(seeds: readonly { name: string }[]): string {
  const [first, second] = seeds;
  if (!first) return 'Lookalikes';
  if (seeds.length === 1) return `Like ${first.name}`;
  if (seeds.length === 2) return `Like ${first.name} and ${second!.name}`;
  return `Like ${first.name} and ${seeds.length - 1} more`;
}
