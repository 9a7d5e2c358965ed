/**
 * A static list's paid columns in its CSV (issue 35): the section and signal columns of the grid's
 * catalog a user chose on the list's page, read for the list's companies from the team's company
 * store and bought only where it lacks them (../companies/sections.ts, ../companies/signals.ts). The
 * sum of both quotes is checked against what the user may still spend before either is bought, so a
 * refusal (402) spends nothing.
 */
import type { CompanyListItem } from '../../contract/api';
import { COLUMN_BY_ID, type ColumnDef, sectionsOfColumns, signalsOfColumns } from '../../contract/columns';
import { SECTIONS_COMPANIES_MAX } from '../../contract/company-store';
import { credits } from '../../contract/pricing';
import { readSections, type SectionReader } from '../companies/sections';
import { quoteSignals, readSignals } from '../companies/signals';
import type { BffUser } from '../context';
import { BffProblem } from '../proxy/problem';
import type { StoredListCompany } from './records';

function chunks<T>(items: readonly T[], size: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}

/**
 * The columns of `wanted` beyond the identity the list keeps, and one row per company (in order)
 * carrying the sections and signals they read. Without a reader (no company store wired), only the
 * identity: no paid column is written.
 */
export async function companyColumnValues(
  reader: SectionReader | undefined,
  user: BffUser,
  companies: readonly StoredListCompany[],
  wanted: readonly string[],
): Promise<{ columns: ColumnDef[]; rows: CompanyListItem[] }> {
  const columns = [...new Set(wanted)]
    .map((id) => COLUMN_BY_ID.get(id))
    .filter((d): d is ColumnDef => d !== undefined && (d.section !== null || d.signal !== undefined));
  const rows = companies.map(
    (c) =>
      ({
        uuid: c.uuid,
        name: c.name,
        website: c.website,
        product_category: c.productCategory,
      }) as unknown as CompanyListItem,
  );
  if (!reader || columns.length === 0 || rows.length === 0) return { columns: [], rows };
  const ids = columns.map((d) => d.id);
  const sections = sectionsOfColumns(ids);
  const readings = signalsOfColumns(ids);
  const uuids = rows.map((r) => r.uuid);

  const price =
    (sections.length > 0 ? (await reader.store.quote(uuids, sections)).credits : 0) +
    (readings.length > 0 ? (await quoteSignals(reader.store, uuids, readings)).credits : 0);
  if (price > 0) {
    const remaining = await reader.remaining(user);
    if (remaining !== null && remaining < price)
      throw new BffProblem(
        402,
        `This export’s columns cost up to ${credits(price).toLocaleString('en-US')} credits for data your team does not have yet; you have ${credits(remaining).toLocaleString('en-US')} left. Nothing was spent.`,
      );
  }
  const byUuid = new Map(rows.map((r) => [r.uuid, r as unknown as Record<string, unknown>]));
  if (sections.length > 0)
    for (const part of chunks(uuids, SECTIONS_COMPANIES_MAX)) {
      const got = await readSections(reader, user, part, sections);
      for (const d of got.data) Object.assign(byUuid.get(d.company) ?? {}, d.sections);
    }
  if (readings.length > 0)
    for (const part of chunks(uuids, SECTIONS_COMPANIES_MAX)) {
      const got = await readSignals(reader, user, part, readings);
      for (const d of got.data) {
        const row = byUuid.get(d.company);
        if (row) row.signals = d.signals;
      }
    }
  return { columns, rows };
}
