/**
 * Saved lists (issue 14, docs/decisions/0016-saved-lists.md): a list request kept under a name, run
 * again on demand or on a schedule, each run compared with the run the user last marked seen.
 *
 * - `POST /bff/lists`, `GET /bff/lists`, `GET/PATCH/DELETE /bff/lists/{id}`: the lists the user owns
 *   or that are shared with the team (only the owner changes or deletes; a private list is 404 to
 *   everyone else, a shared one 403 to a change).
 * - `POST /bff/lists/{id}/runs` (201), `GET /bff/lists/{id}/runs`, `GET /bff/lists/{id}/runs/{run_id}`.
 * - `POST /bff/lists/{id}/seen` (204), `GET /bff/lists/{id}/estimate`.
 * - `GET /bff/lists/alerts`, `POST /bff/lists/alerts/read` (204): what scheduled checks found.
 *
 * A list saved from the lookalikes (issue 16) keeps its seed companies (`seeds`): its runs leave them
 * out and, on plans with sections in lists, rank the members by similarity to them, as
 * `POST /bff/lookalikes` ranks (docs/decisions/0016-saved-lists.md, "Lists with seeds").
 *
 * The estimate is written here, pure, so the web app shows the figure the BFF checks a scheduled run
 * against.
 */
import { z } from 'zod';
import { ListRequest } from './api';
import { COLUMN_BY_ID } from './columns';
import { LOOKALIKE_MAX_SEEDS, SAVED_LIST_NAME_MAX, STATIC_LIST_MAX_COMPANIES } from './list-params';
import { LOOKALIKE_RANKINGS } from './lookalike-cost';
import { PLAN_LABELS, PLAN_RULES, type Plan } from './pricing';

/** How often the BFF checks a list by itself; null: never. */
const LIST_SCHEDULES = ['daily', 'weekly'] as const;
export type ListSchedule = (typeof LIST_SCHEDULES)[number];
export const SCHEDULE_INTERVAL_MS: Readonly<Record<ListSchedule, number>> = {
  daily: 24 * 3600_000,
  weekly: 7 * 24 * 3600_000,
};

/** A run's members: the first 500 companies of the list's order, whatever its page size. */
export { STATIC_LIST_MAX_COMPANIES } from './list-params';
export { estimateSavedListRun, SAVED_LIST_MAX_MEMBERS } from './saved-list-cost';
export { SAVED_LIST_NAME_MAX };

/** Why a company the user last saw is no longer in the list (all the service lets us know). */
const REMOVAL_REASONS = ['no_longer_matching', 'no_longer_found'] as const;
export type RemovalReason = (typeof REMOVAL_REASONS)[number];

const Name = z
  .string('name must be a string')
  .trim()
  .min(1, 'name must not be empty')
  .max(SAVED_LIST_NAME_MAX, `name must be at most ${SAVED_LIST_NAME_MAX} characters`);

/** Column ids of `columns.ts`, in order; null: the app's default columns. */
const Columns = z
  .array(z.string().refine((id) => COLUMN_BY_ID.has(id), { error: (i) => `unknown column "${i.input}"` }))
  .max(200)
  .nullable();

const Schedule = z.enum(LIST_SCHEDULES).nullable();

/** As `POST /bff/lookalikes` tells a website from an id: a dot or a slash. */
const looksLikeWebsite = (s: string) => /[./]/.test(s);

/**
 * The seed companies of a list of lookalikes: 1 to 20 company ids, as `POST /bff/lookalikes`
 * answers them in `seeds`, each once. The BFF also checks that a company search finds each (400
 * naming those it does not).
 */
export const Seeds = z
  .array(
    z
      .string('a seed must be a company id')
      .trim()
      .min(1, 'a seed must not be empty')
      .max(200, 'a seed must be at most 200 characters')
      .refine((s) => !looksLikeWebsite(s), {
        error: 'a seed is a company id, as the lookalikes answer gives it in `seeds`, not a website',
      }),
    'seeds must be a list of company ids',
  )
  .min(1, 'give at least one seed company, or null for none')
  .max(LOOKALIKE_MAX_SEEDS, `give at most ${LOOKALIKE_MAX_SEEDS} seed companies`)
  .superRefine((ids, ctx) => {
    const seen = new Set<string>();
    ids.forEach((id, i) => {
      if (seen.has(id)) ctx.addIssue({ code: 'custom', path: [i], message: `"${id}" is given twice` });
      seen.add(id);
    });
  });

/** What a list is: a saved search (a list request run again), or a static list of companies picked by hand. */
const LIST_KINDS = ['search', 'static'] as const;
export type ListKind = (typeof LIST_KINDS)[number];

/** Company ids, each once, as list generation and the company search give them in `uuid`. */
const CompanyIds = z
  .array(
    z
      .string('a company must be given by its id')
      .trim()
      .min(1, 'a company id must not be empty')
      .max(200, 'a company id must be at most 200 characters')
      .refine((s) => !looksLikeWebsite(s), {
        error: 'a company is given by its id (`uuid` in a list or a search), not by its website',
      }),
    'companies must be a list of company ids',
  )
  .max(STATIC_LIST_MAX_COMPANIES, `a static list holds at most ${STATIC_LIST_MAX_COMPANIES} companies`)
  .superRefine((ids, ctx) => {
    const seen = new Set<string>();
    ids.forEach((id, i) => {
      if (seen.has(id)) ctx.addIssue({ code: 'custom', path: [i], message: `"${id}" is given twice` });
      seen.add(id);
    });
  });

/**
 * `POST /bff/lists` without `request`: a static list, the companies picked by hand, in the order
 * given. The BFF checks that a company search (free) finds each (400 naming those it does not).
 */
export const StaticListCreate = z.strictObject({
  name: Name,
  companies: CompanyIds.min(1, 'give at least one company'),
  columns: Columns.default(null),
  shared: z.boolean().default(false),
});
export type StaticListCreate = z.input<typeof StaticListCreate>;

/**
 * `POST /bff/lists/{id}/companies`: companies added to a static list (at its end, in the order
 * given; one already in it stays where it is) and removed from it (one not in it: nothing to do).
 */
export const StaticListChange = z
  .strictObject({
    add: CompanyIds.optional(),
    remove: CompanyIds.optional(),
  })
  .superRefine((c, ctx) => {
    if ((c.add?.length ?? 0) + (c.remove?.length ?? 0) === 0)
      ctx.addIssue({ code: 'custom', path: ['add'], message: 'give companies to add or to remove' });
    const added = new Set(c.add ?? []);
    c.remove?.forEach((id, i) => {
      if (added.has(id))
        ctx.addIssue({ code: 'custom', path: ['remove', i], message: `"${id}" is both added and removed` });
    });
  });
export type StaticListChange = z.input<typeof StaticListChange>;

/**
 * `GET /bff/lists/{id}/companies.csv`: all the list's companies, or those of `companies`
 * (comma-separated ids); with `columns` (comma-separated ids of the grid's column catalog), in
 * those columns, after the identity ones: section and signal columns are read from the team's
 * company store and bought where it lacks them (the price is `POST /bff/companies/quote`'s).
 */
export const StaticListCsvQuery = z.strictObject({
  companies: z
    .string()
    .max(STATIC_LIST_MAX_COMPANIES * 201)
    .optional(),
  columns: z
    .string()
    .max(4000)
    .optional()
    .superRefine((text, ctx) => {
      const unknown = (text ?? '').split(',').filter((id) => id !== '' && !COLUMN_BY_ID.has(id));
      if (unknown.length > 0)
        ctx.addIssue({ code: 'custom', message: `no such column: ${unknown.slice(0, 5).join(', ')}` });
    }),
});

/** A company of a static list, as the company search named it when it was added. */
export const ListCompany = z.object({
  uuid: z.string(),
  name: z.string(),
  website: z.string(),
  product_category: z.string().nullable(),
  added_at: z.string(),
});
export type ListCompany = z.infer<typeof ListCompany>;

export const SavedListCreate = z.strictObject({
  name: Name,
  /** A list generation request as the proxy takes it (filters or query, sort, page size, exclude). */
  request: ListRequest,
  columns: Columns.default(null),
  shared: z.boolean().default(false),
  schedule: Schedule.default(null),
  /** The seed companies of a list of lookalikes; null (the default): none. */
  seeds: Seeds.nullable().default(null),
});
export type SavedListCreate = z.input<typeof SavedListCreate>;

/** `POST /bff/lists`: a saved search (`request`), or a static list (`companies`, no `request`). */
export const ListCreate = z.union([SavedListCreate, StaticListCreate]);
export type ListCreate = z.input<typeof ListCreate>;

export const SavedListPatch = z.strictObject({
  name: Name.optional(),
  request: ListRequest.optional(),
  columns: Columns.optional(),
  shared: z.boolean().optional(),
  schedule: Schedule.optional(),
  /** New seeds, or null: the list has none from now on (its runs are the list's order). */
  seeds: Seeds.nullable().optional(),
});
export type SavedListPatch = z.input<typeof SavedListPatch>;

export const Person = z.object({ id: z.string(), name: z.string() });
export type Person = z.infer<typeof Person>;

const LastRun = z.object({
  id: z.string(),
  at: z.string(),
  size: z.number().int(),
  added_count: z.number().int(),
});

const CHECK_OUTCOMES = ['ran', 'skipped', 'failed'] as const;
export const LastCheck = z.object({
  at: z.string(),
  outcome: z.enum(CHECK_OUTCOMES),
  /** Why a check was skipped or failed, in words. */
  detail: z.string().nullable(),
  run_id: z.string().nullable(),
  /**
   * Which attempt at its slot (the day of a daily list, the week of a weekly one) this was: 1 the
   * first, more when earlier attempts failed or stopped; null for checks from before attempts were
   * counted.
   */
  attempt: z.number().int().min(1).nullable(),
  /**
   * A failed check to be tried again within its slot: when, at the earliest (the first tick of any
   * instance after it); null when it is not (it ran, was skipped, or failed for good: the next
   * check is `next_check_at`).
   */
  retry_at: z.string().nullable(),
});
export type LastCheck = z.infer<typeof LastCheck>;

/** A seed company with its name and website, as a company search found it when the seeds were saved. */
export const ListSeed = z.object({ uuid: z.string(), name: z.string(), website: z.string() });
export type ListSeed = z.infer<typeof ListSeed>;

export const SavedList = z.object({
  id: z.string(),
  /** `search`: a saved list request; `static`: companies picked by hand (no request, never runs). */
  kind: z.enum(LIST_KINDS),
  name: z.string(),
  /** The list request of a saved search; null for a static list. */
  request: ListRequest.nullable(),
  columns: z.array(z.string()).nullable(),
  shared: z.boolean(),
  schedule: Schedule,
  /** The seed companies' ids (a list of lookalikes), or null. */
  seeds: z.array(z.string()).nullable(),
  /** The same seeds, named: null when the list has none. */
  seed_companies: z.array(ListSeed).nullable(),
  owner: Person,
  created_at: z.string(),
  updated_at: z.string(),
  last_run: LastRun.nullable(),
  /**
   * For the user asking: companies of the latest run that were not in the run they last marked seen
   * (every member when they marked none); null before the first run.
   */
  new_count: z.number().int().nullable(),
  /** The run the user asking last marked seen. */
  seen_run_id: z.string().nullable(),
  /**
   * When the BFF checks the list next (scheduled lists). It moves on when a check's slot ends (it
   * ran, was skipped, or failed for good), so while a check runs or waits for a retry it is the
   * slot's start, in the past.
   */
  next_check_at: z.string().nullable(),
  /** The last scheduled check: ran, or skipped (budget) or failed, and why; a retry to come. */
  last_check: LastCheck.nullable(),
  /** How many companies a static list holds; null for a saved search. */
  company_count: z.number().int().nullable(),
  /**
   * A static list's companies in the list's order: in the answers about one list (`GET`, `POST`,
   * `PATCH /bff/lists/{id}`, `POST .../companies`), not in the list of lists.
   */
  companies: z.array(ListCompany).optional(),
});
export type SavedList = z.infer<typeof SavedList>;

export const SavedListsResponse = z.object({ data: z.array(SavedList) });
export type SavedListsResponse = z.infer<typeof SavedListsResponse>;

export const RemovedCompany = z.object({ uuid: z.string(), reason: z.enum(REMOVAL_REASONS) });
export type RemovedCompany = z.infer<typeof RemovedCompany>;

const RUN_TRIGGERS = ['manual', 'schedule'] as const;

/**
 * How a run ordered its members: `similarity` (a list with seeds, on a plan with sections in lists:
 * most like the seeds first), `filters` (a list with seeds that could not be ranked: the list's
 * order, `ranking_note` says why), null (a list without seeds: the list's order).
 */
const RunRanking = z.enum(LOOKALIKE_RANKINGS).nullable();

/** The lookalikes' columns a ranked run keeps per member (what the lookalikes view shows beside the score). */
export const RANKED_COLUMNS = [
  'industry.primary',
  'firmographic.headcount_range',
  'location.hq.country',
] as const;

/** A member of a ranked run: its similarity to the seeds (0 to 1), why, and the lookalikes' columns. */
export const MemberScore = z.object({
  score: z.number().min(0).max(1),
  /** In words, strongest first (as `POST /bff/lookalikes` writes them). */
  reasons: z.array(z.string()),
  /** The text of each of RANKED_COLUMNS the company has a value for, as the run read it. */
  cells: z.record(z.string(), z.string()),
});
export type MemberScore = z.infer<typeof MemberScore>;

/** A run as the history lists it: no company ids. */
export const SavedListRunSummary = z.object({
  id: z.string(),
  list_id: z.string(),
  at: z.string(),
  /** The service's count of matches (capped at 500). */
  total_count: z.number().int(),
  /** The members: the first 500 matches in the list's order. */
  size: z.number().int(),
  added_count: z.number().int(),
  removed_count: z.number().int(),
  credits_consumed: z.number(),
  run_by: Person,
  trigger: z.enum(RUN_TRIGGERS),
  ranking: RunRanking,
});
export type SavedListRunSummary = z.infer<typeof SavedListRunSummary>;

/** Name and website by company id, as list generation (or the company search) gave them. */
export const RunCompanies = z.record(z.string(), z.object({ name: z.string(), website: z.string() }));
export type RunCompanies = z.infer<typeof RunCompanies>;

/** `POST /bff/lists/{id}/runs`: the run, compared with what the runner last marked seen. */
export const SavedListRun = SavedListRunSummary.extend({
  added: z.array(z.string()),
  removed: z.array(RemovedCompany),
  /** The members' and the removed companies' names and websites, so the app names them. */
  companies: RunCompanies,
  /** Why a list with seeds was not ranked, or what its ranking lacked (seeds no longer found). */
  ranking_note: z.string().nullable(),
  /**
   * A ranked run's members' scores, by id (null unless `ranking` is `similarity`; the BFF keeps them
   * for a list's newest runs only, older runs answer null).
   */
  scores: z.record(z.string(), MemberScore).nullable(),
});
export type SavedListRun = z.infer<typeof SavedListRun>;

export const SavedListRunDetail = SavedListRun.extend({ members: z.array(z.string()) });
export type SavedListRunDetail = z.infer<typeof SavedListRunDetail>;

export const SavedListRunsResponse = z.object({ data: z.array(SavedListRunSummary) });
export type SavedListRunsResponse = z.infer<typeof SavedListRunsResponse>;

export const SavedListEstimate = z.object({
  credits: z.number(),
  /** `credits` is a most: a list with fewer than 500 matches, or the BFF's probes, cost less. */
  up_to: z.boolean(),
  parts: z.array(z.object({ what: z.string(), credits: z.number() })),
});
export type SavedListEstimate = z.infer<typeof SavedListEstimate>;

/** One scheduled check that found companies the list's previous run did not have. */
export const ListAlert = z.object({
  id: z.string(),
  list_id: z.string(),
  list_name: z.string(),
  run_id: z.string(),
  at: z.string(),
  count: z.number().int(),
});
export type ListAlert = z.infer<typeof ListAlert>;

export const ListAlertsResponse = z.object({
  /** How many alerts the user has not read. */
  unread: z.number().int(),
  /** Those alerts, newest first. */
  data: z.array(ListAlert),
});
export type ListAlertsResponse = z.infer<typeof ListAlertsResponse>;

/** `list.new_matches` on `/bff/events`: a scheduled check found `count` new companies. */
export const ListNewMatchesEvent = z.object({
  list_id: z.string(),
  list_name: z.string(),
  run_id: z.string(),
  count: z.number().int(),
});
export type ListNewMatchesEvent = z.infer<typeof ListNewMatchesEvent>;

/** Why a run of a list with seeds on `plan` keeps the list's order (null: it ranks by similarity). */
export function unrankedNote(plan: Plan): string | null {
  return PLAN_RULES[plan].listSections
    ? null
    : `Ranking by similarity to the seeds needs a plan with sections in list generation (Subscription or Enterprise); on ${PLAN_LABELS[plan]} the list keeps its order, without its seeds.`;
}
