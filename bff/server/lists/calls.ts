/**
 * The calls the list resolver makes to the service, all through the typed port (./port.ts) and
 * never answered from the read cache: a resolution asks afresh. It sums what they cost, for the
 * answer's `credits_consumed`. A refusal of the service is thrown as it came (`ServiceRefusal`).
 */
import { z } from 'zod';
import { type SkippedSection, Warning } from '../../contract/api';
import type { Filters } from '../../contract/filters';
import type { SortBy, SortOrder } from '../../contract/list-params';
import { credits, PLAN_RULES, type Plan } from '../../contract/pricing';
import type { ListSection } from '../../contract/section-names';
import type { BffUser } from '../context';
import { problem, ServiceRefusal } from '../proxy/problem';
import type { ListRow, ServicePort } from './port';

export type { ListRow };

/** The list changed between two readings (a company was added): the cached readings are wrong. */
export class Stale extends Error {}

const ListAnswer = z.object({
  data: z.array(z.object({ uuid: z.string() }).loose()),
  total_count: z.number().int().nonnegative(),
  warnings: z.array(Warning).default([]),
  skipped_sections: z.array(z.object({ section: z.string(), reason: z.string() })).default([]),
  credits_consumed: z.number().default(0),
});
export type ListAnswer = z.infer<typeof ListAnswer>;

const EnrichmentAnswer = z.object({
  data: z.object({ uuid: z.string() }).loose(),
  credits_consumed: z.number().default(0),
});

export type ListQuery = {
  filters: Filters;
  sort_by: SortBy;
  sort_order: SortOrder;
  limit: number;
  offset: number;
  sections?: readonly ListSection[];
};

/** Warnings and skipped sections of the page reads, each once. */
export class Notes {
  readonly warnings: Warning[] = [];
  readonly skipped: SkippedSection[] = [];

  add(a: Pick<ListAnswer, 'warnings' | 'skipped_sections'>): void {
    for (const w of a.warnings) if (!this.warnings.some((x) => x.code === w.code)) this.warnings.push(w);
    for (const s of a.skipped_sections)
      if (!this.skipped.some((x) => x.section === s.section)) this.skipped.push(s);
  }
}

export class Calls {
  private spent = 0;
  readonly maxLimit: number;
  readonly listSections: boolean;
  constructor(
    private readonly port: ServicePort,
    private readonly user: BffUser,
    readonly plan: Plan,
    /**
     * Asked afresh: the keys of the resolver's memory that may be read, those written by the calls
     * sharing this set (`RunOptions.memory`, ./port.ts); nothing older is read. Undefined: all of it.
     */
    readonly remembered?: Set<string>,
  ) {
    this.maxLimit = PLAN_RULES[plan].maxListLimit;
    this.listSections = PLAN_RULES[plan].listSections;
  }

  get credits(): number {
    return credits(this.spent);
  }

  /** One list generation call. */
  async list(q: ListQuery): Promise<ListAnswer> {
    const input = {
      filters: q.filters,
      sort_by: q.sort_by,
      sort_order: q.sort_order,
      limit: q.limit,
      offset: q.offset,
      ...(q.sections && q.sections.length > 0 ? { sections: [...q.sections] } : {}),
    };
    const { data } = await this.port(this.user, 'list.generate', input, { fresh: true });
    const parsed = ListAnswer.safeParse(data);
    if (!parsed.success)
      throw new ServiceRefusal(
        problem(502, 'The Company Data Service answered a list page the BFF cannot read.'),
      );
    this.spent += parsed.data.credits_consumed;
    return parsed.data;
  }

  /** One company's sections by enrichment (the probes of plans without sections in lists). */
  async enrich(uuid: string, sections: readonly string[]): Promise<Record<string, unknown>> {
    const { data } = await this.port(
      this.user,
      'company.enrichment',
      { company: uuid, sections: sections.join(',') },
      { fresh: true },
    );
    const parsed = EnrichmentAnswer.safeParse(data);
    if (!parsed.success)
      throw new ServiceRefusal(
        problem(502, 'The Company Data Service answered an enrichment the BFF cannot read.'),
      );
    this.spent += parsed.data.credits_consumed;
    return parsed.data.data;
  }

  /**
   * Positions [from, to) of an order, in pages the plan allows. `total` is the list's size as the
   * readings that placed the range saw it: another size means the list changed under them.
   */
  async range(
    q: Omit<ListQuery, 'limit' | 'offset'>,
    from: number,
    to: number,
    total: number | undefined,
    notes?: Notes,
  ): Promise<ListRow[]> {
    const rows: ListRow[] = [];
    let offset = from;
    while (offset < to) {
      const a = await this.list({ ...q, offset, limit: Math.min(this.maxLimit, to - offset) });
      if (total !== undefined && a.total_count !== total) throw new Stale();
      if (a.data.length === 0) throw new Stale();
      notes?.add(a);
      rows.push(...(a.data.slice(0, to - offset) as ListRow[]));
      offset += a.data.length;
    }
    return rows;
  }
}
