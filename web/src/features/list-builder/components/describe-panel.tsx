import type { FilterBuilderResponse } from '@contract/api';
import { QUERY_MAX_LENGTH } from '@contract/list-params';
import { PRICES } from '@contract/pricing';
import { useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useEffect, useId, useMemo, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Chip } from '@/components/ui/chip';
import { errorMessage } from '@/lib/errors';
import { formatCredits } from '@/lib/format';
import { useBuildFilters } from '../api/build-filters';
import { searchIndustriesQueryOptions } from '../api/search-industries';
import { chipIsActive, describeChips, unusedWords, withoutChip } from '../describe-matches';
import { compactExclude, compactFilters, type FilterValues } from '../filter-values';
import { offerSignals, revealSignalFacets, signalsOf, signalWords } from '../signal-filters';
import { rememberedTranslation, rememberTranslation } from '../translation-memory';
import { useFilterNames } from '../use-filter-names';
import { useListSearch } from '../use-list-search';

/** The translation found no filter and nothing to leave out. */
function readNothing(result: FilterBuilderResponse): boolean {
  return (
    Object.keys(compactFilters(result.data.filters as FilterValues)).length === 0 &&
    Object.keys(signalsOf(result.data.filters as FilterValues)).length === 0 &&
    Object.keys(compactExclude(result.data.exclude as FilterValues | undefined)).length === 0
  );
}

/** Only what holds something, or undefined (so the URL drops the key). */
function orNothing(values: FilterValues): FilterValues | undefined {
  return Object.keys(values).length > 0 ? values : undefined;
}

/**
 * "Describe the companies": plain language in, filters and exclusions out (the filter-builder,
 * through the BFF). The result fills the filter editor and is then the user's to change; each chip
 * says which words became which filter ("not in the US" → "HQ not in United States" for what the
 * list leaves out), and the words that became no filter are listed under the chips as not used.
 */
export function DescribePanel() {
  const { search, update } = useListSearch();
  const filters = search.filters as FilterValues | undefined;
  const exclude = search.exclude as FilterValues | undefined;
  const [text, setText] = useState(search.q ?? '');
  const build = useBuildFilters();
  const queryClient = useQueryClient();
  const names = useFilterNames(filters, exclude);
  const id = useId();

  // Back/forward to another description shows that description.
  useEffect(() => {
    setText(search.q ?? '');
  }, [search.q]);

  // This session's answer, or the one remembered for the URL's description (after a reload, or
  // back to an earlier description): its chips show again for the filters still in place.
  const result = useMemo(
    () => (build.data && build.variables === search.q ? build.data : rememberedTranslation(search.q)),
    [build.data, build.variables, search.q],
  );
  const chips = useMemo(
    () => (result ? describeChips(result, names).filter((c) => chipIsActive(c, { filters, exclude })) : []),
    [result, names, filters, exclude],
  );
  const unused = result ? unusedWords(result) : [];
  // Signal words wait under Signals for their price (never applied unpriced): said here, where the
  // rep looks, until they are applied.
  const applied = signalsOf(filters);
  const waiting = (result?.data.matches ?? []).filter(
    (m) => m.key.startsWith('signals.') && !(m.key in applied),
  );

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const query = text.trim();
    if (!query) return;
    build.mutate(query, {
      onSuccess: (res) => {
        rememberTranslation(query, res);
        // Signal words ("hiring SDRs") are screened at a price: offered to the Signals facets, priced
        // there, applied only when the user says so.
        offerSignals(query, signalsOf(res.data.filters as FilterValues));
        update({
          q: query,
          filters: orNothing(compactFilters(res.data.filters as FilterValues)),
          exclude: orNothing(compactExclude(res.data.exclude as FilterValues | undefined)),
        });
        // Industry codes come back without names; the phrase that produced them finds them.
        for (const m of res.data.matches ?? []) {
          if (m.key === 'industry.industry')
            void queryClient.prefetchQuery(searchIndustriesQueryOptions(m.text));
        }
      },
    });
  };

  const error = build.error ? errorMessage(build.error) : undefined;
  return (
    <section
      aria-labelledby={`${id}-label`}
      className="rounded-lg border border-slate-200 bg-white p-4 shadow-sm"
    >
      <form onSubmit={submit} className="flex flex-col gap-2">
        <label id={`${id}-label`} htmlFor={`${id}-input`} className="text-sm font-semibold text-slate-900">
          Describe the companies
        </label>
        <div className="flex gap-2">
          <input
            id={`${id}-input`}
            type="text"
            value={text}
            maxLength={QUERY_MAX_LENGTH}
            onChange={(e) => setText(e.target.value)}
            placeholder="e.g. Series B fintechs in Germany or Austria founded after 2015"
            aria-describedby={`${id}-hint${error ? ` ${id}-error` : ''}`}
            aria-invalid={error ? true : undefined}
            className="h-10 min-w-0 flex-1 rounded-md border border-slate-300 bg-white px-3 text-sm text-slate-900 placeholder:text-hint focus:border-indigo-500 focus:outline-none focus:ring-2 focus:ring-indigo-500/30"
          />
          <Button
            type="submit"
            variant="primary"
            className="h-10"
            loading={build.isPending}
            disabled={!text.trim()}
          >
            Build filters
          </Button>
        </div>
        <p id={`${id}-hint`} className="text-xs text-slate-500">
          {result ? (
            <>
              Translated for{' '}
              <span className="font-medium text-slate-700 tabular-nums">
                {formatCredits(result.credits_consumed)}
              </span>
              . The filters are yours to change under Filters.
            </>
          ) : (
            <>
              Turns your words into filters for{' '}
              <span className="tabular-nums">{formatCredits(PRICES.query)}</span>.
            </>
          )}
        </p>
        {error && (
          <p id={`${id}-error`} role="alert" className="text-sm text-rose-600">
            {error}
          </p>
        )}
      </form>
      {result && chips.length > 0 && (
        <ul
          aria-label="Understood from your description"
          className="mt-3 flex flex-wrap items-center gap-1.5"
        >
          {chips.map((c) => (
            <li key={c.id}>
              <Chip
                tone="indigo"
                onRemove={() =>
                  c.excluded
                    ? update({ exclude: orNothing(withoutChip(c, exclude ?? {})) })
                    : update({ filters: orNothing(withoutChip(c, filters ?? {})) })
                }
                removeLabel={`Remove “${c.words}”: ${c.text}`}
              >
                <span className="text-indigo-600">“{c.words}”</span> → {c.text}
              </Chip>
            </li>
          ))}
        </ul>
      )}
      {waiting.length > 0 && (
        <p className="mt-2 text-sm text-slate-700" data-testid="signal-words">
          {waiting.map((m, i) => (
            <span key={m.key}>
              {i > 0 && ', '}
              <span className="text-indigo-600">“{m.text}”</span> →{' '}
              <span className="font-medium">{signalWords(m.key, m.values)}</span>
            </span>
          ))}
          <span className="text-slate-600">
            : screened company by company at a price, so {waiting.length === 1 ? 'it waits' : 'they wait'}{' '}
            under Signals until you apply {waiting.length === 1 ? 'it' : 'them'}.
          </span>{' '}
          <Button variant="link" size="sm" onClick={revealSignalFacets}>
            See the price
          </Button>
        </p>
      )}
      {result && readNothing(result) && (
        <p className="mt-2 text-sm text-slate-500">No filters could be read from that description.</p>
      )}
      {result && unused.length > 0 && (
        <p className="mt-2 text-sm text-slate-600">
          <span className="font-medium text-slate-700">Not used: {unused.join(', ')}</span>
          <span className="text-slate-500">
            {' '}
            — {unused.length === 1 ? 'this word matches' : 'these words match'} no filter, so the list ignores{' '}
            {unused.length === 1 ? 'it' : 'them'}.
          </span>
        </p>
      )}
    </section>
  );
}
