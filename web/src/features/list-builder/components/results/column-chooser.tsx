/**
 * The column chooser: every column of the catalog, grouped by section. Ticking a section chooses it
 * and shows its main fields (the Columns drawer adds it to the list when the user applies the
 * choice); each field can then be shown or hidden on its own. Each section says what it costs per
 * company and, where the plan cannot have it, why.
 */
import { type ColumnDef as CatalogColumn, COLUMNS, SIGNAL_COLUMNS, sectionColumns } from '@contract/columns';
import { LIST_SECTIONS, type ListSection, SECTION_LABELS } from '@contract/section-names';
import { SIGNAL_READING_LABELS, SIGNAL_READING_PRICES, type SignalReading } from '@contract/signal-columns';
import { useId } from 'react';
import { Checkbox } from '@/components/ui/checkbox';
import { cn } from '@/components/ui/cn';
import { formatCount, formatCredits } from '@/lib/format';
import { type Pricing, sectionPrice } from '@/lib/pricing';
import type { ListSearch } from '../../list-search';
import {
  addSection,
  FIXED_COLUMN_IDS,
  removeSection,
  requestedSections,
  setColumnVisible,
  unavailableReason,
  visibleColumnIds,
} from './visible-columns';

type ColumnState = Pick<ListSearch, 'sections' | 'columns'>;

type ColumnChooserProps = {
  state: ColumnState;
  pricing: Pricing;
  /** Reasons the service gave for sections it left out of the last list (`skipped_sections`). */
  skipped: Partial<Record<ListSection, string>>;
  /** Companies per page, to put a section's price in terms of one page. */
  pageSize: number;
  onChange: (next: Required<ColumnState>) => void;
  /** Sections ticked but not yet added to the list (the drawer's pending choice). */
  toAdd?: readonly ListSection[];
  /** Signal readings ticked but not yet added (the drawer's pending choice). */
  signalsToAdd?: readonly SignalReading[];
  /** The identity columns the page can show (a static list keeps no company type); all by default. */
  identity?: readonly string[] | undefined;
};

const IDENTITY_COLUMNS = COLUMNS.filter((c) => c.section === null);

function ColumnToggle({
  column,
  checked,
  disabled,
  onToggle,
}: {
  column: CatalogColumn;
  checked: boolean;
  disabled: boolean;
  onToggle: (on: boolean) => void;
}) {
  return <Checkbox label={column.header} checked={checked} disabled={disabled} onCheckedChange={onToggle} />;
}

function SectionGroup({
  section,
  requested,
  visible,
  price,
  pageSize,
  reason,
  pending,
  onSection,
  onColumn,
}: {
  section: ListSection;
  requested: boolean;
  /** Ticked, waiting to be added. */
  pending: boolean;
  visible: ReadonlySet<string>;
  price: number;
  pageSize: number;
  reason: string | undefined;
  onSection: (on: boolean) => void;
  onColumn: (id: string, on: boolean) => void;
}) {
  const headingId = useId();
  const label = SECTION_LABELS[section];
  // A section already in the list can always be taken out, even if the plan turned out not to have it.
  const blocked = reason !== undefined && !requested;
  return (
    <section
      aria-labelledby={headingId}
      className={cn(
        'rounded-lg border p-3',
        requested ? 'border-indigo-200 bg-indigo-50/40' : 'border-slate-200',
      )}
    >
      <div className="flex items-center justify-between gap-3">
        <h3 id={headingId} className="sr-only">
          {label}
        </h3>
        <Checkbox
          label={<span className="font-medium text-slate-900">{label}</span>}
          checked={requested}
          disabled={blocked}
          onCheckedChange={onSection}
        />
        <span className="flex shrink-0 items-center gap-2">
          {pending && (
            <span className="rounded-full bg-indigo-100 px-2 text-xs leading-5 font-medium text-indigo-800">
              To add
            </span>
          )}
          <span
            className="text-xs text-slate-500 tabular-nums"
            title={`At most ${formatCredits(price * pageSize)} more per page of ${formatCount(pageSize)}: what your team already has is free`}
          >
            +{formatCredits(price)} / company
          </span>
        </span>
      </div>
      {reason && (
        <p className="mt-1 ml-6 text-xs text-amber-700">
          <span className="font-medium">Unavailable:</span> {reason}
        </p>
      )}
      {requested && (
        <fieldset className="mt-2 ml-6 grid grid-cols-1 gap-x-4 sm:grid-cols-2">
          <legend className="sr-only">{label} columns</legend>
          {sectionColumns(section).map((c) => (
            <ColumnToggle
              key={c.id}
              column={c}
              checked={visible.has(c.id)}
              disabled={false}
              onToggle={(on) => onColumn(c.id, on)}
            />
          ))}
        </fieldset>
      )}
    </section>
  );
}

const NONE: readonly ListSection[] = [];
const NO_SIGNALS: readonly SignalReading[] = [];

/**
 * The signal columns (issue 36): each priced per company by the signal call it needs; what the
 * team's company store holds (a screening's, a company page's tab, a colleague's columns) is free.
 */
function SignalGroup({
  visible,
  pending,
  onColumn,
}: {
  visible: ReadonlySet<string>;
  pending: readonly SignalReading[];
  onColumn: (id: string, on: boolean) => void;
}) {
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className="rounded-lg border border-slate-200 p-3">
      <h3 id={headingId} className="mb-1 text-sm font-medium text-slate-900">
        Signals
      </h3>
      <p className="mb-2 text-xs text-slate-500">
        Growth, hiring and traffic, bought per company from the signal endpoints. What your team already has
        is free.
      </p>
      <fieldset className="grid grid-cols-1 gap-x-4 gap-y-1">
        <legend className="sr-only">Signal columns</legend>
        {SIGNAL_COLUMNS.map((c) => {
          const reading = c.signal!;
          return (
            <div key={c.id} className="flex items-center justify-between gap-3">
              <ColumnToggle
                column={c}
                checked={visible.has(c.id)}
                disabled={false}
                onToggle={(on) => onColumn(c.id, on)}
              />
              <span className="flex shrink-0 items-center gap-2">
                {pending.includes(reading) && visible.has(c.id) && (
                  <span className="rounded-full bg-indigo-100 px-2 text-xs leading-5 font-medium text-indigo-800">
                    To add
                  </span>
                )}
                <span
                  className="text-xs text-slate-500 tabular-nums"
                  title={`${SIGNAL_READING_LABELS[reading]}: at most ${formatCredits(SIGNAL_READING_PRICES[reading])} a company`}
                >
                  +{reading === 'open_roles' ? '≤ ' : ''}
                  {formatCredits(SIGNAL_READING_PRICES[reading])} / company
                </span>
              </span>
            </div>
          );
        })}
      </fieldset>
    </section>
  );
}

export function ColumnChooser({
  state,
  pricing,
  skipped,
  pageSize,
  onChange,
  toAdd = NONE,
  signalsToAdd = NO_SIGNALS,
  identity,
}: ColumnChooserProps) {
  const visible = new Set(visibleColumnIds(state));
  const requested = new Set(requestedSections(state));
  return (
    <div className="flex flex-col gap-3">
      <section aria-label="Company" className="rounded-lg border border-slate-200 p-3">
        <h3 className="mb-1 text-sm font-medium text-slate-900">Company</h3>
        <p className="mb-2 text-xs text-slate-500">Always in the list, at no extra cost.</p>
        <fieldset className="grid grid-cols-1 gap-x-4 sm:grid-cols-2">
          <legend className="sr-only">Company columns</legend>
          {IDENTITY_COLUMNS.filter((c) => !identity || identity.includes(c.id)).map((c) => (
            <ColumnToggle
              key={c.id}
              column={c}
              checked={visible.has(c.id)}
              disabled={FIXED_COLUMN_IDS.includes(c.id)}
              onToggle={(on) => onChange(setColumnVisible(state, c.id, on))}
            />
          ))}
        </fieldset>
      </section>
      {LIST_SECTIONS.map((s) => (
        <SectionGroup
          key={s}
          section={s}
          requested={requested.has(s)}
          visible={visible}
          price={sectionPrice(pricing, s)}
          pageSize={pageSize}
          reason={unavailableReason(s, pricing, skipped)}
          pending={toAdd.includes(s)}
          onSection={(on) => onChange(on ? addSection(state, s) : removeSection(state, s))}
          onColumn={(id, on) => onChange(setColumnVisible(state, id, on))}
        />
      ))}
      <SignalGroup
        visible={visible}
        pending={signalsToAdd}
        onColumn={(id, on) => onChange(setColumnVisible(state, id, on))}
      />
    </div>
  );
}
