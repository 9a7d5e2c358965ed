/**
 * Which columns the grid shows and which sections the list asks for, read from and written to the
 * URL state. `columns` holds the visible column ids in order; when absent, the default is the
 * identity columns plus the main columns of each requested section. The identity columns a rep
 * always needs (name, website, category, type) stay whatever the URL says; the company id is
 * optional. A section is requested exactly while one of its columns is visible: a section nobody
 * looks at would still be charged per company.
 */
import {
  COLUMN_BY_ID,
  COLUMNS,
  mainColumnIds,
  sectionColumns,
  sectionsOfColumns,
  signalsOfColumns,
} from '@contract/columns';
import { LIST_SECTIONS, type ListSection } from '@contract/section-names';
import type { SignalReading } from '@contract/signal-columns';
import type { Pricing } from '@/lib/pricing';
import type { ListSearch } from '../../list-search';

/** Identity columns that cannot be hidden, in their catalog order; `name` is pinned first. */
export const FIXED_COLUMN_IDS: readonly string[] = COLUMNS.filter((c) => c.section === null && c.main).map(
  (c) => c.id,
);

type ColumnState = Pick<ListSearch, 'sections' | 'columns'>;

function ordered(sections: Iterable<ListSection>): ListSection[] {
  const set = new Set(sections);
  return LIST_SECTIONS.filter((s) => set.has(s));
}

export function defaultColumnIds(sections: readonly ListSection[]): string[] {
  return [...FIXED_COLUMN_IDS, ...ordered(sections).flatMap((s) => mainColumnIds(s))];
}

/** The visible column ids, fixed identity columns first, unknown ids dropped, no duplicates. */
export function visibleColumnIds(state: ColumnState): string[] {
  const chosen = state.columns ?? defaultColumnIds(state.sections ?? []);
  const rest = chosen.filter((id) => COLUMN_BY_ID.has(id) && !FIXED_COLUMN_IDS.includes(id));
  return [...new Set([...FIXED_COLUMN_IDS, ...rest])];
}

/** The sections the list request carries: those the visible columns read. */
export function requestedSections(state: ColumnState): ListSection[] {
  return sectionsOfColumns(visibleColumnIds(state));
}

export function addSection(state: ColumnState, section: ListSection): Required<ColumnState> {
  const visible = visibleColumnIds(state);
  const columns = [...visible, ...mainColumnIds(section).filter((id) => !visible.includes(id))];
  return { sections: ordered([...requestedSections(state), section]), columns };
}

export function removeSection(state: ColumnState, section: ListSection): Required<ColumnState> {
  const own = new Set(sectionColumns(section).map((c) => c.id));
  return {
    sections: requestedSections(state).filter((s) => s !== section),
    columns: visibleColumnIds(state).filter((id) => !own.has(id)),
  };
}

export function setColumnVisible(state: ColumnState, id: string, visible: boolean): Required<ColumnState> {
  const column = COLUMN_BY_ID.get(id);
  const current = visibleColumnIds(state);
  if (!column || FIXED_COLUMN_IDS.includes(id)) {
    return { sections: requestedSections(state), columns: current };
  }
  const columns = visible
    ? current.includes(id)
      ? current
      : [...current, id]
    : current.filter((c) => c !== id);
  return { sections: sectionsOfColumns(columns), columns };
}

/** Sections `next` asks for that `applied` does not: what applying `next` would buy. */
export function addedSections(applied: ColumnState, next: ColumnState): ListSection[] {
  const have = new Set(requestedSections(applied));
  return requestedSections(next).filter((s) => !have.has(s));
}

/** The signal readings the visible columns need (signal columns: bought per company, priced first). */
export function requestedSignals(state: ColumnState): SignalReading[] {
  return signalsOfColumns(visibleColumnIds(state));
}

/** Signal readings `next` needs that `applied` does not: what applying `next` would buy. */
export function addedSignals(applied: ColumnState, next: ColumnState): SignalReading[] {
  const have = new Set(requestedSignals(applied));
  return requestedSignals(next).filter((s) => !have.has(s));
}

/**
 * The part of a change to the columns that costs nothing: `next` without the columns of sections
 * `applied` does not ask for (sections taken out, columns of kept sections shown or hidden), nor
 * signal columns of readings it does not show yet.
 */
export function freePart(applied: ColumnState, next: ColumnState): Required<ColumnState> {
  const have = new Set(requestedSections(applied));
  const signals = new Set(requestedSignals(applied));
  const columns = visibleColumnIds(next).filter((id) => {
    const column = COLUMN_BY_ID.get(id);
    if (column?.signal) return signals.has(column.signal);
    const section = column?.section;
    return !section || have.has(section);
  });
  return { sections: sectionsOfColumns(columns), columns };
}

/**
 * One change in the Columns drawer, split into what applies at once and what waits for the user to
 * apply it: a change that adds no section (one taken out, a column of a kept section shown or
 * hidden) costs nothing and applies now; one that adds sections is kept as the pending choice, and
 * its free part (sections taken out meanwhile) still applies now. No pending choice is left once
 * nothing would be added.
 */
export function chooseColumns(
  applied: ColumnState,
  next: Required<ColumnState>,
): { apply: Required<ColumnState> | null; pending: Required<ColumnState> | null } {
  if (addedSections(applied, next).length === 0 && addedSignals(applied, next).length === 0)
    return { apply: next, pending: null };
  const free = freePart(applied, next);
  const same =
    free.columns.length === visibleColumnIds(applied).length &&
    free.columns.every((id, i) => id === visibleColumnIds(applied)[i]);
  return { apply: same ? null : free, pending: next };
}

/** Why a section cannot be had: the service's own reason first, else the plan's. */
export function unavailableReason(
  section: ListSection,
  pricing: Pricing,
  skipped: Partial<Record<ListSection, string>>,
): string | undefined {
  if (skipped[section]) return skipped[section];
  if (pricing.unavailable[section]) return pricing.unavailable[section];
  if (!pricing.rules.listSections)
    return `Your plan (${pricing.planLabel}) does not include sections in lists.`;
  return undefined;
}

export type BlockedColumn = { id: string; header: string; reason: string };

/** Visible columns whose section the plan cannot have: an export of them would be refused. */
export function blockedColumns(
  columnIds: readonly string[],
  reasonOf: (section: ListSection) => string | undefined,
): BlockedColumn[] {
  return columnIds.flatMap((id) => {
    const def = COLUMN_BY_ID.get(id);
    const reason = def?.section ? reasonOf(def.section) : undefined;
    return def && reason ? [{ id, header: def.header, reason }] : [];
  });
}
