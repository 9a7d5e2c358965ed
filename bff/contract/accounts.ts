/**
 * Account lists (issue 15, docs/decisions/0017-account-lists.md): a CSV of accounts a team already
 * has, imported and matched to the service's companies, then used to hide or mark those companies
 * in the list builder and to enrich them in bulk. Shared by the BFF (`bff/server/accounts/`) and the
 * web app. The CRM presets' headers are the CRMs' own import field names.
 */
import { z } from 'zod';
import type { StoredSection } from './section-names';

// ---------------------------------------------------------------------------------------------
// Import limits and the matching ladder

/** Data rows (the header not counted) one import takes; more is 413. */
export const IMPORT_MAX_ROWS = 50_000;
/** Bytes one import's body may have (the app's `accounts.maxBytes` overrides): 50,000 wide CRM rows. */
export const IMPORT_MAX_BYTES = 64 * 1024 * 1024;
/** Rows the preview answers. */
export const IMPORT_PREVIEW_ROWS = 10;
/** Candidates an ambiguous row lists at most. */
export const MAX_CANDIDATES = 5;
/** Account lists one list request may hide or mark. */
const MAX_ACCOUNT_LISTS_PER_REQUEST = 20;

/**
 * Why a row matched as it did, with its confidence (0-5). The report's `reason` column writes these
 * words; `invalid row` is a row the BFF could not read (its line is in `invalid`).
 */
export const MATCH_REASONS = {
  'exact domain': 5,
  'same registrable domain': 4,
  'sister domain': 3,
  'exact name': 3,
  'close name': 2,
  'several candidates': 1,
  none: 0,
  /** The user picked the company (PATCH rows/{line}). */
  'picked by user': 5,
  /** The user said no listed company is this account (PATCH rows/{line} with `uuid: null`). */
  'rejected by user': 0,
  'invalid row': 0,
} as const;
export type MatchReason = keyof typeof MATCH_REASONS;

/** A row at this confidence or above names one company, which joins the account list. */
export const MATCHED_CONFIDENCE = 2;

const IMPORT_STATES = ['queued', 'matching', 'completed', 'cancelled', 'failed'] as const;
export type ImportState = (typeof IMPORT_STATES)[number];

// ---------------------------------------------------------------------------------------------
// POST /bff/accounts/imports (and /preview): query parameters (or multipart fields)

export const ImportParams = z.strictObject({
  /** The account list's name; default the file's name, or "Accounts <date>". */
  name: z.string().trim().min(1).max(200).optional(),
  /** The header of the column holding the company name; guessed from the headers when absent. */
  name_column: z.string().trim().min(1).max(200).optional(),
  /** The header of the column holding the website or domain; guessed when absent. */
  domain_column: z.string().trim().min(1).max(200).optional(),
});
export type ImportParams = z.infer<typeof ImportParams>;

export const ImportAccepted = z.object({
  id: z.string(),
  status: z.literal('queued'),
  /** Data rows in the file (the header not counted), invalid ones included. */
  rows: z.number().int(),
  account_list_id: z.string(),
  name_column: z.string().nullable(),
  domain_column: z.string().nullable(),
  delimiter: z.enum([',', ';']),
  /** Seconds the matching is expected to take at the pace of the upstream's rate limit. */
  eta_seconds: z.number().int().nullable(),
});
export type ImportAccepted = z.infer<typeof ImportAccepted>;

export const ImportPreview = z.object({
  delimiter: z.enum([',', ';']),
  /** The header row. */
  columns: z.array(z.string()),
  /** The columns chosen (given or guessed); null when none fits. */
  name_column: z.string().nullable(),
  domain_column: z.string().nullable(),
  /** The first data rows, cells by column, each with its line in the file. */
  preview: z.array(z.object({ line: z.number().int(), cells: z.array(z.string()) })),
  rows: z.number().int(),
  eta_seconds: z.number().int().nullable(),
});
export type ImportPreview = z.infer<typeof ImportPreview>;

// ---------------------------------------------------------------------------------------------
// GET /bff/accounts/imports/{id}

export const ImportStatus = z.object({
  id: z.string(),
  name: z.string(),
  status: z.enum(IMPORT_STATES),
  rows: z.number().int(),
  /** Rows done: matched, ambiguous, unmatched and invalid ones. */
  processed: z.number().int(),
  /** Confidence 2 or more: one company, in the account list. */
  matched: z.number().int(),
  /** Several candidates (confidence 1): the user picks one. */
  ambiguous: z.number().int(),
  /** No company found (confidence 0). */
  unmatched: z.number().int(),
  /** Rows the BFF could not read (empty, unreadable, neither name nor domain). */
  invalid: z.number().int(),
  /** The lines of the invalid rows, first 1,000. */
  invalid_lines: z.array(z.number().int()),
  account_list_id: z.string(),
  name_column: z.string().nullable(),
  domain_column: z.string().nullable(),
  /** Company searches made so far (each free, each paced). */
  requests: z.number().int(),
  /** Requests per minute the matching is paced to; null: not paced (the embedded service). */
  requests_per_minute: z.number().nullable(),
  /** Seconds left, estimated; 0 when finished, null when not yet measurable. */
  eta_seconds: z.number().int().nullable(),
  /** Why it failed (status `failed`). */
  error: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type ImportStatus = z.infer<typeof ImportStatus>;

export const ImportsResponse = z.object({ data: z.array(ImportStatus) });
export type ImportsResponse = z.infer<typeof ImportsResponse>;

// ---------------------------------------------------------------------------------------------
// PATCH /bff/accounts/imports/{id}/rows/{line}

export const PickRequest = z.strictObject({
  /** A candidate's uuid (or any company's); null: none of them (the row leaves the list). */
  uuid: z.string().trim().min(1).max(200).nullable(),
});
export type PickRequest = z.infer<typeof PickRequest>;

export const Candidate = z.object({ uuid: z.string(), name: z.string(), domain: z.string() });
export type Candidate = z.infer<typeof Candidate>;

export const ImportRow = z.object({
  line: z.number().int(),
  cells: z.array(z.string()),
  uuid: z.string().nullable(),
  name: z.string().nullable(),
  domain: z.string().nullable(),
  confidence: z.number().int().min(0).max(5).nullable(),
  reason: z.string().nullable(),
  candidates: z.array(Candidate),
});
export type ImportRow = z.infer<typeof ImportRow>;

// ---------------------------------------------------------------------------------------------
// GET /bff/accounts/imports/{id}/rows (the rows to review: ambiguous, close or invalid ones)

const ROW_FILTERS = ['all', 'review', 'ambiguous', 'unmatched', 'invalid', 'matched'] as const;
export const RowsQuery = z.strictObject({
  /** `review`: ambiguous, close-name and unmatched rows. Default all. */
  filter: z.enum(ROW_FILTERS).default('all'),
  limit: z.coerce.number().int().min(1).max(1000).default(100),
  /** Rows after this line. */
  after: z.coerce.number().int().min(0).default(0),
});
export const RowsResponse = z.object({ data: z.array(ImportRow), next_after: z.number().int().nullable() });
export type RowsResponse = z.infer<typeof RowsResponse>;

// ---------------------------------------------------------------------------------------------
// Account lists

/** `hidden`: the companies the user hid by hand (issue 35's "Hide"), one such list per user. */
const ACCOUNT_LIST_SOURCES = ['import', 'exported', 'hidden'] as const;
export type AccountListSource = (typeof ACCOUNT_LIST_SOURCES)[number];

export const AccountListSummary = z.object({
  id: z.string(),
  name: z.string(),
  size: z.number().int(),
  shared: z.boolean(),
  source: z.enum(ACCOUNT_LIST_SOURCES),
  owner: z.object({ id: z.string(), name: z.string() }),
  /** Whether the signed-in user owns it (may rename it and share it). */
  own: z.boolean(),
  import_id: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type AccountListSummary = z.infer<typeof AccountListSummary>;

export const AccountListsResponse = z.object({ data: z.array(AccountListSummary) });
export type AccountListsResponse = z.infer<typeof AccountListsResponse>;

const AccountMember = z.object({ uuid: z.string(), name: z.string(), domain: z.string() });

/** `GET /bff/accounts/lists/{id}`: all members by default; `limit`/`offset` page them (oldest first). */
export const AccountListQuery = z.strictObject({
  limit: z.coerce.number().int().min(1).max(10_000).optional(),
  offset: z.coerce.number().int().min(0).default(0),
});

export const AccountListDetail = AccountListSummary.extend({ members: z.array(AccountMember) });
export type AccountListDetail = z.infer<typeof AccountListDetail>;

export const AccountListPatch = z
  .strictObject({
    name: z.string().trim().min(1).max(200).optional(),
    shared: z.boolean().optional(),
  })
  .refine((p) => p.name !== undefined || p.shared !== undefined, {
    message: 'give name or shared',
    path: ['shared'],
  });
export type AccountListPatch = z.infer<typeof AccountListPatch>;

/** Companies hidden at most in one request (a page of the list builder is at most 500). */
export const HIDE_MAX_COMPANIES = 500;

/**
 * `POST /bff/accounts/hidden`: companies (their ids) added to the user's "Hidden companies" account
 * list, which list requests leave out through `exclude_account_lists` like any account list.
 */
export const HideCompanies = z.strictObject({
  companies: z
    .array(
      z.string().trim().min(1, 'a company id must not be empty').max(200),
      'companies must be a list of company ids',
    )
    .min(1, 'give at least one company')
    .max(HIDE_MAX_COMPANIES, `hide at most ${HIDE_MAX_COMPANIES} companies at once`),
});
export type HideCompanies = z.input<typeof HideCompanies>;

export const AccountListIds = z
  .array(z.string().trim().min(1).max(100))
  .max(MAX_ACCOUNT_LISTS_PER_REQUEST, `at most ${MAX_ACCOUNT_LISTS_PER_REQUEST} account lists`);

// ---------------------------------------------------------------------------------------------
// CRM presets: the CRMs' own import field names, in their order

export const CRM_PRESETS = ['hubspot', 'salesforce'] as const;
export type CrmPreset = (typeof CRM_PRESETS)[number];

export const CRM_PRESET_LABELS: Readonly<Record<CrmPreset, string>> = {
  hubspot: 'HubSpot companies',
  salesforce: 'Salesforce accounts',
};

/** What a preset column holds; `bff/server/accounts/presets.ts` reads each from a company. */
export type PresetField =
  | 'name'
  | 'domain'
  | 'website'
  | 'industry'
  | 'employees'
  | 'revenue'
  | 'city'
  | 'state'
  | 'country'
  | 'description'
  | 'linkedin';

export const CRM_PRESET_COLUMNS: Readonly<
  Record<CrmPreset, readonly { header: string; field: PresetField }[]>
> = {
  hubspot: [
    { header: 'Company name', field: 'name' },
    { header: 'Company Domain Name', field: 'domain' },
    { header: 'Industry', field: 'industry' },
    { header: 'Number of Employees', field: 'employees' },
    { header: 'Annual Revenue', field: 'revenue' },
    { header: 'City', field: 'city' },
    { header: 'State/Region', field: 'state' },
    { header: 'Country/Region', field: 'country' },
    { header: 'Description', field: 'description' },
    { header: 'LinkedIn Company Page', field: 'linkedin' },
  ],
  salesforce: [
    { header: 'Account Name', field: 'name' },
    { header: 'Website', field: 'website' },
    { header: 'Industry', field: 'industry' },
    { header: 'Employees', field: 'employees' },
    { header: 'Annual Revenue', field: 'revenue' },
    { header: 'Billing City', field: 'city' },
    { header: 'Billing State/Province', field: 'state' },
    { header: 'Billing Country', field: 'country' },
    { header: 'Description', field: 'description' },
  ],
};

/**
 * The sections a preset reads. `headcount` (the exact employee count) is an enrichment section: a
 * preset on a list generation export has no exact count and leaves the employees column empty.
 */
export const PRESET_SECTIONS: Readonly<Record<PresetField, readonly StoredSection[]>> = {
  name: [],
  domain: [],
  website: [],
  industry: ['industry'],
  employees: ['headcount'],
  revenue: ['financial_estimate'],
  city: ['location'],
  state: ['location'],
  country: ['location'],
  description: ['firmographic'],
  linkedin: ['digital_presence'],
};

// ---------------------------------------------------------------------------------------------
// Bulk enrichment of an account list: POST /bff/exports with `source: {account_list}`

export const ExportSource = z.strictObject({ account_list: z.string().trim().min(1).max(100) });

export const EnrichmentEstimate = z.object({
  account_list_id: z.string(),
  /** Members of the list: the matched rows. */
  rows: z.number().int(),
  /** The enrichment sections the columns need (identity columns need none). */
  sections: z.array(z.string()),
  /** Credits per company: the sum of those sections' prices. */
  price_per_company: z.number(),
  /** price_per_company x rows: what the whole run costs from nothing. */
  credits: z.number(),
  /** Companies whose sections an earlier run of this list already holds (not paid again). */
  already_enriched: z.number().int(),
  /** What this run would cost: the sections still missing. */
  credits_to_spend: z.number(),
  /** Credits the user may still spend today (daily budget and team cap); null: unlimited. */
  budget_remaining: z.number().nullable(),
  /** Whether the budget left covers `credits_to_spend` (otherwise the run stops at 402, keeping what it did). */
  within_budget: z.boolean(),
});
export type EnrichmentEstimate = z.infer<typeof EnrichmentEstimate>;

const ENRICHMENT_STATES = ['running', 'completed', 'stopped', 'failed'] as const;
export const EnrichmentRun = z.object({
  account_list_id: z.string(),
  status: z.enum(ENRICHMENT_STATES),
  /** Companies written so far / in the list. */
  done: z.number().int(),
  total: z.number().int(),
  credits_consumed: z.number(),
  /** Why it stopped: `budget` (402), or the upstream's status. */
  stopped_reason: z.string().nullable(),
  sections: z.array(z.string()),
  started_at: z.string(),
  updated_at: z.string(),
});
export type EnrichmentRun = z.infer<typeof EnrichmentRun>;
export const EnrichmentRunResponse = z.object({ run: EnrichmentRun.nullable() });
