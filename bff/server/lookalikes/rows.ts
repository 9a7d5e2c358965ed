/**
 * The rows of a lookalike answer: the part of a row the answer keeps and, on plans without sections
 * in lists, unscored lookalikes in the service's order with reasons from the filters they were read
 * with.
 */
import { GTM_TYPES, HEADCOUNT_RANGES, OFFERING_TYPES } from '../../contract/enums';
import type { ListFilters } from '../../contract/filters';
import { HEADCOUNT_KEY } from '../../contract/list-rules';
import { LOOKALIKE_ROW_SECTIONS, type LookalikeRow } from '../../contract/lookalikes';
import { GTM_KEY, INDUSTRY_KEY, NAICS_KEY, OFFERING_KEY } from './derive';
import type { Facts } from './facts';

export type Row = { uuid: string } & Record<string, unknown>;

const labelOf = (list: readonly { code: string; label: string }[], code: string) =>
  list.find((o) => o.code === code)?.label ?? code;

/** "A", "A or B", "A, B or C". */
function either(list: readonly string[]): string {
  return list.length <= 1 ? list.join('') : `${list.slice(0, -1).join(', ')} or ${list.at(-1)}`;
}

/**
 * Reasons on plans without sections in lists: what the filters the row was read with say about
 * it, and its product category (an identity field every list row carries).
 */
function filterReasons(filters: ListFilters, seeds: readonly Facts[], industryNames: Map<string, string>) {
  const f = filters as Record<string, unknown>;
  const out: ((row: Row) => string | undefined)[] = [];
  const list = (key: string) => (Array.isArray(f[key]) ? (f[key] as string[]) : []);
  const industries = list(INDUSTRY_KEY);
  if (industries.length > 0) {
    const names = industries.map((c) => industryNames.get(c) ?? c);
    const text =
      names.length === 1
        ? `in your seeds’ industry: ${names[0]}`
        : `in one of your seeds’ industries: ${either(names)}`;
    out.push(() => text);
  } else if (list(NAICS_KEY).length > 0) out.push(() => 'in your seeds’ NAICS industry groups');
  const categories = new Set(seeds.map((s) => s.productCategory?.toLowerCase()).filter(Boolean));
  out.push((row) =>
    typeof row.product_category === 'string' && categories.has(row.product_category.toLowerCase())
      ? `same product category: ${row.product_category}`
      : undefined,
  );
  const bands = list(HEADCOUNT_KEY);
  if (bands.length > 0) {
    const sorted = HEADCOUNT_RANGES.filter((b) => bands.includes(b));
    out.push(() => `${either(sorted)} employees, like your seeds`);
  }
  const gtm = list(GTM_KEY).map((c) => labelOf(GTM_TYPES, c));
  const offering = list(OFFERING_KEY).map((c) => labelOf(OFFERING_TYPES, c).toLowerCase());
  if (gtm.length > 0 || offering.length > 0) {
    const what = [offering.length > 0 ? either(offering) : '', gtm.length > 0 ? `sold ${either(gtm)}` : '']
      .filter(Boolean)
      .join(', ');
    out.push(() => `${what}, like your seeds`);
  }
  return (row: Row) => out.map((r) => r(row)).filter((r): r is string => r !== undefined);
}

/** The part of a row the answer keeps: identity and the sections the grid's columns read. */
export function rowOf(row: Row): Record<string, unknown> {
  const kept: Record<string, unknown> = {
    uuid: row.uuid,
    name: row.name,
    website: row.website,
    product_category: row.product_category ?? null,
    company_type: row.company_type,
  };
  for (const s of LOOKALIKE_ROW_SECTIONS) if (row[s] !== undefined) kept[s] = row[s];
  return kept;
}

/**
 * Unscored lookalikes: the service's order, the rows of the seeds' product categories first (an
 * identity field every row carries), the most widely held category first; each with the filters it
 * matched as its reasons.
 */
export function unscored(
  rows: readonly Row[],
  facts: readonly Facts[],
  filters: ListFilters,
  limit: number,
): LookalikeRow[] {
  const industryNames = new Map(
    facts.flatMap((f) => (f.industries ?? []).map((i) => [i.code, i.label] as const)),
  );
  const reasonsOf = filterReasons(filters, facts, industryNames);
  const held = new Map<string, number>();
  for (const f of facts) {
    const c = f.productCategory?.toLowerCase();
    if (c) held.set(c, (held.get(c) ?? 0) + 1);
  }
  const heldBy = (row: Row) =>
    typeof row.product_category === 'string' ? (held.get(row.product_category.toLowerCase()) ?? 0) : 0;
  return rows
    .map((row, order) => ({ row, order, held: heldBy(row) }))
    .sort((a, b) => b.held - a.held || a.order - b.order)
    .slice(0, limit)
    .map(({ row }) => ({ ...rowOf(row), score: null, reasons: reasonsOf(row) }) as LookalikeRow);
}
