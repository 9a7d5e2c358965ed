/**
 * `POST /bff/lookalikes`: companies like 1 to 20 seeds (docs/decisions/0014-lookalikes.md), built on
 * the service's own endpoints through the typed ways in (`deps.port`, and `deps.planner` for sizes,
 * exclusions and account lists: validation, budget, cache, the ledger), so it works on the embedded
 * and the real service alike.
 *
 * 1. Resolve the seeds by company search (free): every seed not found is named in one 400.
 * 2. Estimate the run's cost; 402 when the budget left cannot cover it, before anything is spent.
 * 3. Read each seed's profile by enrichment, and derive filters from the profiles.
 * 4. Find how broadly to look: the narrowest rung of the ladder (industry and business model, then
 *    industry alone, NAICS industry groups, no derived filter) that matches enough companies, and
 *    within the first rung the seeds' median size, then the sizes either side (one-company counts;
 *    sizes through the list resolver's probes).
 * 5. Read the candidates with the sections the score needs, drop the seeds, rank by similarity and
 *    write each row's reasons. Plans without sections in lists keep the service's order, unscored.
 */
import { z } from 'zod';
import type { Warning } from '../../contract/api';
import { HEADCOUNT_RANGES } from '../../contract/enums';
import { type Exclusions, type ListFilters, ListFiltersSchema } from '../../contract/filters';
import { LIST_TOTAL_CAP } from '../../contract/list-params';
import { HEADCOUNT_KEY } from '../../contract/list-rules';
import {
  estimateLookalikeCost,
  type LookalikeResponse,
  type LookalikeRow,
  type LookalikeSeed,
  lookalikePoolSize,
  lookalikeSections,
  type ParsedLookalikeRequest,
} from '../../contract/lookalikes';
import { credits, PLAN_LABELS, PLAN_RULES, type Plan } from '../../contract/pricing';
import type { ProblemField } from '../../contract/problem';
import type { ListSection } from '../../contract/section-names';
import type { BffUser } from '../context';
import { listPage, type ServiceWays } from '../lists/list-page';
import { answerOf, invalidProblem, problem, ServiceRefusal } from '../proxy/problem';
import { derive, type Ladder, type LevelName, ladder } from './derive';
import { readFacts } from './facts';
import { rankBySimilarity, seedFacts } from './rank';
import { type Row, rowOf, unscored } from './rows';

export type LookalikeOptions = ServiceWays & {
  plan: Plan;
  /** The credits the user has left today (null: no budget). */
  remaining: (user: BffUser) => number | null | Promise<number | null>;
  /**
   * Checks the account lists a request hides (`exclude_account_lists`): the user's or shared with
   * them. The accounts part's own check (`Accounts.usableLists`, the one list generation uses): a
   * 400 naming each list it cannot use. Absent: account lists are not available (503).
   */
  usableAccountLists?: (user: BffUser, ids: readonly string[]) => Promise<Response | undefined>;
};

const SearchAnswer = z.object({
  data: z.array(
    z
      .object({
        uuid: z.string(),
        name: z.string(),
        website: z.string(),
        product_category: z.string().nullish(),
      })
      .loose(),
  ),
});
const EnrichmentAnswer = z.object({
  data: z.record(z.string(), z.unknown()),
  credits_consumed: z.number().default(0),
});
const ListAnswer = z.object({
  data: z.array(z.object({ uuid: z.string() }).loose()),
  total_count: z.number().int().nonnegative(),
  warnings: z
    .array(z.object({ code: z.string(), message: z.string(), key: z.string().optional() }))
    .default([]),
  credits_consumed: z.number().default(0),
});
type ListAnswer = z.infer<typeof ListAnswer>;

/** A seed is a website when it has a dot or a slash; ids are opaque (`0001sk-microsoft`, `00031n-tesla`). */
export function isWebsite(seed: string): boolean {
  return /[./]/.test(seed);
}

/**
 * The calls of one run, each through the port (lists through `listPage`), with what they cost and
 * the warnings they gave. Every refusal is a `ServiceRefusal` carrying the answer to relay.
 */
class Run {
  spent = 0;
  readonly warnings: Warning[] = [];
  readonly maxLimit: number;

  constructor(
    private readonly opts: LookalikeOptions,
    private readonly user: BffUser,
    /** Account lists whose companies every list read leaves out (the list call's own hiding). */
    private readonly hide: readonly string[] = [],
  ) {
    this.maxLimit = PLAN_RULES[opts.plan].maxListLimit;
  }

  /** An answer's JSON read with `schema`, its cost counted. */
  private read<S extends z.ZodType>(body: unknown, schema: S, what: string): z.output<S> {
    const parsed = schema.safeParse(body);
    if (!parsed.success)
      throw new ServiceRefusal(
        problem(502, `The Company Data Service answered ${what} the BFF cannot read.`),
      );
    const cost = (body as { credits_consumed?: unknown }).credits_consumed;
    if (typeof cost === 'number') this.spent += cost;
    return parsed.data;
  }

  async search(seed: string) {
    const input = isWebsite(seed) ? { website: seed, limit: 1 } : { uuid: seed, limit: 1 };
    const { data } = await this.opts.port(this.user, 'company.search', input);
    return this.read(data, SearchAnswer, 'a company search').data[0];
  }

  async enrich(uuid: string, sections: readonly ListSection[]) {
    const { data } = await this.opts.port(this.user, 'company.enrichment', {
      company: uuid,
      sections: sections.join(','),
    });
    return this.read(data, EnrichmentAnswer, 'an enrichment').data;
  }

  async list(q: {
    filters: ListFilters;
    exclude: Exclusions | undefined;
    limit: number;
    offset?: number;
    sections?: readonly ListSection[];
  }): Promise<ListAnswer> {
    const banded = Array.isArray((q.filters as Record<string, unknown>)[HEADCOUNT_KEY]);
    const page = await listPage(this.opts, this.user, {
      filters: q.filters,
      ...(q.exclude && Object.keys(q.exclude).length > 0 ? { exclude: q.exclude } : {}),
      ...(this.hide.length > 0 ? { exclude_account_lists: this.hide } : {}),
      // A banded list comes in employee order whatever is asked: ask it, and no warning says so.
      sort_by: banded ? 'employee_range' : 'relevance',
      sort_order: 'desc',
      limit: q.limit,
      offset: q.offset ?? 0,
      ...(q.sections && q.sections.length > 0 ? { sections: q.sections } : {}),
    }).catch((e: unknown) => {
      // The planner's own refusals (a list too broad, changed while read) are relayed alike.
      throw e instanceof ServiceRefusal ? e : new ServiceRefusal(answerOf(e));
    });
    const answer = this.read(page, ListAnswer, 'a list');
    for (const w of answer.warnings) {
      if (w.code === 'employee_sort' || this.warnings.some((x) => x.code === w.code)) continue;
      this.warnings.push(w);
    }
    return answer;
  }

  /** How many companies filters match (at most 500); null when the list is too broad to slice (422). */
  async count(filters: ListFilters, exclude: Exclusions | undefined): Promise<number | null> {
    try {
      return (await this.list({ filters, exclude, limit: 1 })).total_count;
    } catch (e) {
      if (e instanceof ServiceRefusal && e.response.status === 422) return null;
      throw e;
    }
  }
}

/** The rung chosen: its filters, and how many companies they match (as the service counts). */
type Choice = { level: LevelName | 'given'; filters: ListFilters; total: number };

/** The narrowest rung that matches enough companies, or the widest (step 4). */
async function chooseLevel(
  run: Run,
  steps: Ladder,
  exclude: Exclusions | undefined,
  need: number,
): Promise<Choice> {
  let tooBroad: ServiceRefusal | undefined;
  for (const [i, level] of steps.levels.entries()) {
    const total = await run.count(level.filters, exclude);
    if (total === null) {
      tooBroad = new ServiceRefusal(
        problem(422, 'The lists these seeds lead to are too broad to read: add a filter.'),
      );
      continue;
    }
    if (total >= need || i === steps.levels.length - 1)
      return { level: level.name, filters: level.filters, total };
  }
  throw tooBroad ?? new ServiceRefusal(problem(502, 'The BFF found no list to read.'));
}

/** Reads up to `limit` companies of a list from its top, in pages the plan allows. */
async function readList(
  run: Run,
  q: {
    filters: ListFilters;
    exclude: Exclusions | undefined;
    limit: number;
    sections: readonly ListSection[];
  },
  add: (rows: readonly Row[]) => void,
): Promise<number> {
  let total = 0;
  for (let offset = 0; offset < q.limit; ) {
    const answer = await run.list({ ...q, limit: Math.min(run.maxLimit, q.limit - offset), offset });
    total = answer.total_count;
    add(answer.data as Row[]);
    offset += answer.data.length;
    if (answer.data.length === 0 || offset >= total) break;
  }
  return total;
}

const WIDENED: Readonly<Record<LevelName, string | undefined>> = {
  model: undefined,
  industry: 'their industry alone (few companies share their business model too)',
  industry_group: 'their NAICS industry groups (few companies share their industry)',
  open: 'no filter of theirs (few companies share their industry or its NAICS groups)',
};

export async function findLookalikes(
  opts: LookalikeOptions,
  user: BffUser,
  req: ParsedLookalikeRequest,
): Promise<LookalikeResponse | Response> {
  const hide = [...new Set(req.exclude_account_lists ?? [])];
  if (hide.length > 0) {
    // Checked before anything is read or spent, as list generation checks them.
    if (!opts.usableAccountLists) return problem(503, 'Account lists are not available yet; try again.');
    const refused = await opts.usableAccountLists(user, hide);
    if (refused) return refused;
  }
  const run = new Run(opts, user, hide);
  try {
    return await find(run, opts, user, req);
  } catch (e) {
    if (e instanceof ServiceRefusal) return e.response;
    throw e;
  }
}

type Seeds = {
  seeds: LookalikeSeed[];
  /** Each seed's search answer, by uuid (its product category feeds its profile). */
  identity: Map<string, { product_category?: string | null | undefined }>;
};

/** Step 1: the seeds, by company search (free), each once; every one not found named in one 400. */
async function resolveSeeds(run: Run, req: ParsedLookalikeRequest): Promise<Seeds | Response> {
  const found = await Promise.all(req.seeds.map((s) => run.search(s)));
  const errors: ProblemField[] = [];
  found.forEach((f, i) => {
    if (!f) errors.push({ path: `seeds.${i}`, message: `no company found for "${req.seeds[i]}"` });
  });
  if (errors.length > 0) return invalidProblem(errors);
  const seeds: LookalikeSeed[] = [];
  const identity: Seeds['identity'] = new Map();
  for (const f of found) {
    if (!f || identity.has(f.uuid)) continue;
    identity.set(f.uuid, f);
    seeds.push({ uuid: f.uuid, name: f.name, website: f.website });
  }
  return { seeds, identity };
}

/** Step 2: a 402 when what the run may cost is more than the user has left. */
async function refuseOverBudget(
  opts: LookalikeOptions,
  user: BffUser,
  req: ParsedLookalikeRequest,
  seeds: number,
): Promise<Response | undefined> {
  const estimate = estimateLookalikeCost(
    {
      seeds,
      limit: req.limit,
      derive_filters: req.derive_filters,
      filters: req.filters,
      exclude: req.exclude,
    },
    opts.plan,
  );
  const left = await opts.remaining(user);
  if (left === null || estimate.credits <= left) return undefined;
  return problem(
    402,
    `Finding lookalikes of ${seeds === 1 ? 'this company' : `these ${seeds} companies`} may cost up to ${estimate.credits} credits; your daily budget has ${credits(left)} left. Nothing was spent.`,
  );
}

/** The candidates read, and the filters and count the answer reports for them. */
type Candidates = { rows: Row[]; filters: ListFilters; total: number };

/**
 * Step 5: the candidates (seeds left out), ring by ring of the seeds' sizes, nearest first, until
 * the pool is full; or the chosen rung in the service's order.
 */
async function readCandidates(
  run: Run,
  q: { req: ParsedLookalikeRequest; steps: Ladder; chosen: Choice; pool: number },
  readSections: readonly ListSection[],
  seedIds: ReadonlySet<string>,
): Promise<Candidates> {
  const { req, steps, chosen, pool } = q;
  const rows: Row[] = [];
  const seen = new Set<string>();
  const add = (page: readonly Row[]) => {
    for (const row of page) {
      if (seen.has(row.uuid)) continue;
      seen.add(row.uuid);
      if (!seedIds.has(row.uuid)) rows.push(row);
    }
  };
  const read = (filters: ListFilters, limit: number) =>
    readList(run, { filters, exclude: req.exclude, limit, sections: readSections }, add);
  let filters = chosen.filters;
  let total = chosen.total;
  // A list the service counts at 500 may be longer: its slices may lie out of the 500 positions
  // served (the resolver's 422, after probes paid for), so its candidates come in the service's order.
  const rings = req.derive_filters && total > 0 && total < LIST_TOTAL_CAP ? steps.rings : undefined;
  if (rings) {
    const bands: string[] = [];
    let ringsTotal = 0;
    let broken = false;
    for (const ring of rings) {
      if (seen.size >= pool) break;
      try {
        ringsTotal += await read(
          { ...chosen.filters, [HEADCOUNT_KEY]: ring } as ListFilters,
          pool - seen.size,
        );
        bands.push(...ring);
      } catch (e) {
        // Too broad to slice (422): the rest comes from the rung in the service's order.
        if (!(e instanceof ServiceRefusal) || e.response.status !== 422) throw e;
        broken = true;
        break;
      }
    }
    if (broken) {
      if (seen.size < Math.min(pool, total)) await read(chosen.filters, Math.min(pool, total));
    } else if (bands.length < HEADCOUNT_RANGES.length) {
      filters = {
        ...chosen.filters,
        [HEADCOUNT_KEY]: HEADCOUNT_RANGES.filter((b) => bands.includes(b)),
      } as ListFilters;
      total = ringsTotal;
    }
  } else {
    const t = await read(chosen.filters, total < 0 ? pool : Math.min(pool, total));
    if (total < 0) total = t;
  }
  return { rows, filters, total };
}

/** What the answer warns of: no ranking on this plan, a widened search, fewer candidates than asked. */
function lookalikeWarnings(
  run: Run,
  o: { plan: Plan; chosen: Choice; found: number; limit: number },
): Warning[] {
  const warnings: Warning[] = [];
  if (!PLAN_RULES[o.plan].listSections) {
    warnings.push({
      code: 'ranking_needs_sections',
      message: `Ranking by similarity needs a plan with sections in list generation (Subscription or Enterprise); on ${PLAN_LABELS[o.plan]} these companies match the filters derived from your seeds, in the service’s order.`,
    });
  }
  const widened = o.chosen.level === 'given' ? undefined : WIDENED[o.chosen.level];
  if (widened) {
    warnings.push({
      code: 'lookalikes_widened',
      message: `Few companies are like your seeds on every count: the candidates were read with ${widened}.`,
    });
  }
  if (o.found < o.limit) {
    warnings.push({
      code: 'fewer_candidates',
      message: `Only ${o.found} ${o.found === 1 ? 'company matches' : 'companies match'} these filters besides your seeds.`,
    });
  }
  warnings.push(...run.warnings);
  return warnings;
}

async function find(
  run: Run,
  opts: LookalikeOptions,
  user: BffUser,
  req: ParsedLookalikeRequest,
): Promise<LookalikeResponse | Response> {
  const rules = PLAN_RULES[opts.plan];

  // 1. The seeds, by company search (free): all unknown ones in one 400.
  const resolved = await resolveSeeds(run, req);
  if (resolved instanceof Response) return resolved;
  const { seeds, identity } = resolved;

  // 2. What the run may cost, against what the user has left.
  const overBudget = await refuseOverBudget(opts, user, req, seeds.length);
  if (overBudget) return overBudget;

  // 3. The seeds' profiles, and the filters they lead to.
  const sections = lookalikeSections(opts.plan);
  const profiles = await Promise.all(seeds.map((s) => run.enrich(s.uuid, sections)));
  const facts = profiles.map((data, i) =>
    seedFacts(data, { ...seeds[i]!, product_category: identity.get(seeds[i]!.uuid)?.product_category }),
  );
  const derivation = derive(facts);
  const userFilters = (req.filters ?? {}) as ListFilters;
  const steps: Ladder = req.derive_filters
    ? ladder(derivation, userFilters)
    : { levels: [{ name: 'open', filters: userFilters }] };

  // 4. How broadly to look.
  const need = req.limit + seeds.length;
  const pool = lookalikePoolSize(req.limit, seeds.length, opts.plan);
  const chosen: Choice = req.derive_filters
    ? await chooseLevel(run, steps, req.exclude, need)
    : { level: 'given', filters: userFilters, total: -1 };

  // 5. The candidates, ranked by similarity where the plan's lists carry the sections to score.
  const { rows, filters, total } = await readCandidates(
    run,
    { req, steps, chosen, pool },
    rules.listSections ? sections : [],
    new Set(seeds.map((s) => s.uuid)),
  );
  const data: LookalikeRow[] = rules.listSections
    ? rankBySimilarity(facts, rows)
        .slice(0, req.limit)
        .map(({ row, score, reasons }) => ({ ...rowOf(row), score, reasons }) as LookalikeRow)
    : unscored(rows, facts, filters, req.limit);
  const warnings = lookalikeWarnings(run, { plan: opts.plan, chosen, found: data.length, limit: req.limit });

  return {
    data,
    // As list generation normalises them (and the web app's URL state reads them back).
    filters: (ListFiltersSchema.safeParse(filters).data ?? filters) as Record<string, unknown>,
    ...(req.exclude && Object.keys(req.exclude).length > 0
      ? { exclude: req.exclude as Record<string, unknown> }
      : {}),
    ...(req.exclude_account_lists && req.exclude_account_lists.length > 0
      ? { exclude_account_lists: [...new Set(req.exclude_account_lists)] }
      : {}),
    seeds: seeds.map((s) => s.uuid),
    seed_companies: seeds,
    industry_names: Object.fromEntries(
      [...facts, ...data.map((r) => readFacts(r as Record<string, unknown>))].flatMap((f) =>
        (f.industries ?? []).map((i) => [i.code, i.label] as const),
      ),
    ),
    ranking: rules.listSections ? 'similarity' : 'filters',
    candidates: Math.max(0, total),
    warnings,
    credits_consumed: credits(run.spent),
  };
}
