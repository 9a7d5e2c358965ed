/**
 * The saved lists of issue 14 as the BFF answers them (`/bff/lists`). Written against the issue's
 * API; the BFF's contract schemas replace these types once they land in `@contract`.
 */
import type { ListRequest } from '@contract/api';

export const SCHEDULES = ['daily', 'weekly'] as const;
export type Schedule = (typeof SCHEDULES)[number];

/** Who owns a list: the BFF's user (an object), or only a name or an id. */
export type ListOwner = { id?: string | null; name?: string | null } | string | null;

export type LastRun = { id: string; at: string; size: number; added_count: number };

export type SavedList = {
  id: string;
  name: string;
  /** The contract's list request: filters or query, exclusions, sort, page size (`limit`). */
  request: ListRequest;
  /** Visible column ids of `@contract/columns`, in order. */
  columns: string[] | null;
  shared: boolean;
  schedule: Schedule | null;
  owner: ListOwner;
  created_at: string;
  updated_at: string;
  last_run: LastRun | null;
  /** Whether the signed-in user owns the list, when the BFF says so. */
  is_owner?: boolean;
  /** Companies of the latest run new to this user (all when they marked nothing seen); null before a run. */
  new_count?: number | null;
  /** The run this user last marked seen. */
  seen_run_id?: string | null;
  next_check_at?: string | null;
  /** The last scheduled check; a check skipped for budget says so in `detail`. */
  last_check?: {
    at: string;
    outcome: 'ran' | 'skipped' | 'failed';
    detail: string | null;
    run_id: string | null;
  } | null;
};

export type NewList = {
  name: string;
  request: ListRequest;
  columns?: string[];
  shared?: boolean;
  schedule?: Schedule | null;
};

export type ListChanges = Partial<Pick<SavedList, 'name' | 'shared' | 'schedule'>>;

export const REMOVAL_REASONS = ['no_longer_matching', 'no_longer_found'] as const;
export type RemovalReason = (typeof REMOVAL_REASONS)[number];

export type RemovedCompany = { uuid: string; reason: RemovalReason };

/** A company's name and website, when the BFF sends them beside the ids. */
export type CompanyName = { name: string; website?: string | null };

/** `GET /bff/lists/{id}/runs`: a run without its lists of ids. */
export type RunSummary = {
  id: string;
  list_id: string;
  at: string;
  total_count: number;
  size: number;
  added_count?: number;
  removed_count?: number;
  credits_consumed: number;
  /** `schedule` for a scheduled check's run. */
  trigger?: 'manual' | 'schedule';
  run_by?: { id: string; name: string } | null;
};

/** `POST /bff/lists/{id}/runs`: the run with what it added and removed for this user. */
export type ListRun = RunSummary & {
  added: string[];
  removed: RemovedCompany[];
  members?: string[];
  companies?: Record<string, CompanyName>;
};

/** `GET /bff/lists/{id}/runs/{run_id}`: a past run with its members. */
export type RunDetail = RunSummary & {
  members: string[];
  added?: string[];
  removed?: RemovedCompany[];
  companies?: Record<string, CompanyName>;
};

/** An unread alert: a scheduled check found `count` companies new to the list. */
export type ListAlert = {
  id: string;
  list_id: string;
  list_name: string;
  run_id: string;
  at: string;
  count: number;
};

/** `GET /bff/lists/{id}/estimate`: what a run would cost (`credits` a most when `up_to`). */
export type RunEstimate = { credits: number; up_to: boolean; parts: { what: string; credits: number }[] };
