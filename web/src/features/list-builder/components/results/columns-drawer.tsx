/**
 * The Columns drawer: the column chooser, where ticking a section is a choice the user applies with
 * one button that says its price for the rows on screen ("Add 3 sections to 50 rows: 125 credits"),
 * the team's company store counted, so looking through the sections spends nothing. Taking a
 * section out, or showing and hiding the columns of a section already in the list, costs nothing
 * and applies at once. Cancel, or closing the drawer, leaves the list as it was.
 */
import type { ListSection } from '@contract/section-names';
import { SIGNAL_READING_PRICES, type SignalReading } from '@contract/signal-columns';
import { useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useCallback, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Drawer } from '@/components/ui/drawer';
import { Spinner } from '@/components/ui/spinner';
import { QUOTE_KEY, useSectionsQuote } from '@/lib/companies-quote';
import { SIGNALS_QUOTE_KEY, useSignalsQuote } from '@/lib/company-signals';
import { formatCount, formatCredits } from '@/lib/format';
import { type Pricing, sectionPrice } from '@/lib/pricing';
import type { ListSearch } from '../../list-search';
import { addedSections, addedSignals, chooseColumns } from './visible-columns';

// Opened now and then, so it loads when first opened rather than with the page.
const ColumnChooser = lazy(() => import('./column-chooser').then((m) => ({ default: m.ColumnChooser })));

type ColumnState = Required<Pick<ListSearch, 'sections' | 'columns'>>;

type ColumnsDrawerProps = {
  open: boolean;
  onClose: () => void;
  /** The columns the list shows now (the URL's). */
  state: Pick<ListSearch, 'sections' | 'columns'>;
  onApply: (next: ColumnState) => void;
  pricing: Pricing;
  skipped: Partial<Record<ListSection, string>>;
  pageSize: number;
  /** The companies on screen: what an added section is bought for. */
  companies: readonly string[];
  /** The identity columns the page can show; all by default. */
  identity?: readonly string[] | undefined;
};

export function ColumnsDrawer({
  open,
  onClose,
  state,
  onApply,
  pricing,
  skipped,
  pageSize,
  companies,
  identity,
}: ColumnsDrawerProps) {
  const queryClient = useQueryClient();
  const [pending, setPending] = useState<ColumnState | null>(null);
  const added = pending ? addedSections(state, pending) : [];
  const addedReadings = pending ? addedSignals(state, pending) : [];

  const onChange = (next: ColumnState) => {
    const choice = chooseColumns(state, next);
    if (choice.apply) onApply(choice.apply);
    setPending(choice.pending);
  };
  const close = useCallback(() => {
    setPending(null);
    onClose();
  }, [onClose]);
  const apply = () => {
    if (pending) onApply(pending);
    setPending(null);
    // What was just bought is stored: a quote asked before it is out of date.
    queryClient.removeQueries({ queryKey: QUOTE_KEY });
    queryClient.removeQueries({ queryKey: SIGNALS_QUOTE_KEY });
    onClose();
  };

  return (
    <Drawer
      open={open}
      onClose={close}
      title="Columns"
      description="Sections add data to every company in the list, priced per company."
      footer={
        added.length > 0 || addedReadings.length > 0 ? (
          <PendingChoice
            added={added}
            readings={addedReadings}
            companies={companies}
            pricing={pricing}
            onApply={apply}
            onCancel={() => setPending(null)}
          />
        ) : (
          <p className="text-sm text-slate-600">
            Tick the sections you want, then add them in one go. What your team already has costs nothing.
          </p>
        )
      }
    >
      <Suspense fallback={<Spinner label="Loading columns" />}>
        <ColumnChooser
          state={pending ?? state}
          pricing={pricing}
          skipped={skipped}
          pageSize={pageSize}
          onChange={onChange}
          toAdd={added}
          signalsToAdd={addedReadings}
          identity={identity}
        />
      </Suspense>
    </Drawer>
  );
}

/** "Add 3 sections to 50 rows: 125 credits", from the BFF's quote; the catalog's price while it answers. */
export function pendingLabel(
  added: number,
  rows: number,
  quote: { credits: number; exact: boolean } | null,
  signals = 0,
): string {
  const parts = [
    ...(added > 0 ? [`${formatCount(added)} ${added === 1 ? 'section' : 'sections'}`] : []),
    ...(signals > 0 ? [`${formatCount(signals)} ${signals === 1 ? 'signal' : 'signals'}`] : []),
  ];
  const what = `Add ${parts.join(' and ')}`;
  if (rows === 0) return what;
  const to = `${what} to ${formatCount(rows)} ${rows === 1 ? 'row' : 'rows'}`;
  if (!quote) return to;
  if (quote.credits === 0) return `${to}: free, already stored`;
  return `${to}: ${quote.exact ? '' : '~'}${formatCredits(quote.credits)}`;
}

function PendingChoice({
  added,
  readings,
  companies,
  pricing,
  onApply,
  onCancel,
}: {
  added: readonly ListSection[];
  readings: readonly SignalReading[];
  companies: readonly string[];
  pricing: Pricing;
  onApply: () => void;
  onCancel: () => void;
}) {
  const sectionQuote = useSectionsQuote(companies, added);
  const signalQuote = useSignalsQuote(companies, readings);
  const quotes = [...(added.length > 0 ? [sectionQuote] : []), ...(readings.length > 0 ? [signalQuote] : [])];
  const isError = quotes.some((x) => x.isError);
  const ready = quotes.every((x) => x.data !== undefined);
  const fetching = quotes.some((x) => x.isFetching);
  // Without the BFF's quote (it failed), the catalog's price for every pair stands as a most.
  const fallback =
    (added.reduce((sum, s) => sum + sectionPrice(pricing, s), 0) +
      readings.reduce((sum, r) => sum + SIGNAL_READING_PRICES[r], 0)) *
    companies.length;
  const sq = added.length > 0 ? sectionQuote.data : undefined;
  const gq = readings.length > 0 ? signalQuote.data : undefined;
  // "Open roles" is quoted at its most (a company with no listing pays nothing for it): "~".
  const price = ready
    ? { credits: (sq?.credits ?? 0) + (gq?.credits ?? 0), exact: !readings.includes('open_roles') }
    : isError
      ? { credits: fallback, exact: false }
      : null;
  const q = ready
    ? {
        credits: price!.credits,
        pairs_stored: (sq?.pairs_stored ?? 0) + (gq?.pairs_stored ?? 0),
        pairs_missing: (sq?.pairs_missing ?? 0) + (gq?.pairs_missing ?? 0),
      }
    : undefined;
  const quote = { isError, isFetching: fetching, data: q };
  return (
    <div className="flex flex-col gap-2" data-testid="pending-columns">
      <p className="text-sm text-slate-600 tabular-nums" aria-live="polite">
        {q && q.pairs_stored > 0 && q.credits > 0
          ? `Your team already has ${formatCount(q.pairs_stored)} of these ${formatCount(
              q.pairs_stored + q.pairs_missing,
            )} company ${readings.length > 0 && added.length === 0 ? 'signals' : 'sections'}: you pay for the rest.`
          : q && q.credits === 0
            ? 'Your team already has this data: adding it costs nothing.'
            : quote.isError
              ? 'The price could not be checked: at most the figure shown.'
              : 'Only the new sections are bought, for the rows on screen.'}
      </p>
      <div className="flex flex-wrap justify-end gap-2">
        <Button variant="secondary" onClick={onCancel}>
          Cancel
        </Button>
        <Button variant="primary" onClick={onApply} loading={quote.isFetching && !quote.data}>
          {pendingLabel(added.length, companies.length, price, readings.length)}
        </Button>
      </div>
    </div>
  );
}
