/**
 * Bulk enrichment of one account list: a CRM preset or sections picked by hand, the cost (each
 * section's price per company times the list's matched companies) beside the budget left today, then
 * the run with its progress and the CSV saved. A run the budget stops keeps what it got.
 */

import { LIST_SECTIONS, type ListSection, SECTION_LABELS } from '@contract/section-names';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useRef, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Checkbox } from '@/components/ui/checkbox';
import { Drawer } from '@/components/ui/drawer';
import { FormAlert } from '@/components/ui/form-field';
import { ProgressBar } from '@/components/ui/progress-bar';
import { usageQueryOptions } from '@/features/usage/api/get-usage';
import type { AccountList } from '@/lib/account-lists';
import { ApiError } from '@/lib/api-client';
import { errorMessage } from '@/lib/errors';
import { formatCount, formatCredits } from '@/lib/format';
import { FALLBACK_PRICING, usePricing } from '@/lib/pricing';
import { saveBlob } from '@/lib/save-blob';
import { invalidateUsage } from '@/lib/usage';
import { type EnrichRequest, enrichEstimateQueryOptions, enrichFileName, runEnrichment } from '../api/enrich';
import {
  CRM_PRESETS,
  type CrmPreset,
  columnsOf,
  enrichCost,
  PRESET_LABELS,
  presetHeaders,
  sectionsOf,
} from '../enrich-plan';

type Mode = CrmPreset | 'sections';

type Run =
  | { state: 'idle' }
  | { state: 'running'; rows: number; total: number | null }
  | {
      state: 'done';
      rows: number;
      total: number | null;
      fileName: string;
      stopped: string | null;
      blob: Blob;
    }
  | { state: 'failed'; message: string; budget: boolean };

export function EnrichDrawer({ list, onClose }: { list: AccountList | null; onClose: () => void }) {
  return (
    <Drawer
      open={list !== null}
      onClose={onClose}
      title="Enrich an account list"
      description={list ? `${list.name}: ${formatCount(list.size)} matched companies` : undefined}
    >
      {list && <EnrichForm key={list.id} list={list} />}
    </Drawer>
  );
}

function EnrichForm({ list }: { list: AccountList }) {
  const id = useId();
  const queryClient = useQueryClient();
  const pricing = usePricing().data ?? FALLBACK_PRICING;
  const usage = useQuery(usageQueryOptions).data;
  const [mode, setMode] = useState<Mode>('hubspot');
  const [picked, setPicked] = useState<ListSection[]>(['firmographic']);
  const [run, setRun] = useState<Run>({ state: 'idle' });
  const abort = useRef<AbortController | null>(null);

  const allowed = LIST_SECTIONS.filter((s) => pricing.rules.sections.includes(s));
  const sections = mode === 'sections' ? sectionsOf({ sections: picked }) : sectionsOf({ preset: mode });
  const nothing = mode === 'sections' && sections.length === 0;
  const request: EnrichRequest = {
    accountListId: list.id,
    ...(mode === 'sections' ? { columns: columnsOf(picked) } : { preset: mode }),
  };
  // The BFF's estimate knows what an earlier run already paid for; ours stands in while it answers.
  const estimate = useQuery({
    ...enrichEstimateQueryOptions(request),
    enabled: !nothing && list.size > 0,
  }).data;
  const local = enrichCost(sections, list.size, pricing.prices.sections);
  const cost = estimate
    ? { perCompany: estimate.price_per_company, companies: estimate.rows, credits: estimate.credits }
    : local;
  const toSpend = estimate ? estimate.credits_to_spend : local.credits;
  const remaining = estimate ? estimate.budget_remaining : (usage?.remaining ?? null);
  const over = estimate ? !estimate.within_budget : remaining !== null && toSpend > remaining;

  const start = async () => {
    abort.current?.abort();
    const controller = new AbortController();
    abort.current = controller;
    setRun({ state: 'running', rows: 0, total: list.size });
    try {
      const result = await runEnrichment(
        request,
        (p) => setRun({ state: 'running', rows: p.rows, total: p.total ?? list.size }),
        controller.signal,
      );
      const fileName = enrichFileName(list.name, mode === 'sections' ? 'enriched' : mode, new Date());
      if (result.rows > 0) saveBlob(result.blob, fileName);
      setRun({ state: 'done', ...result, fileName });
    } catch (err) {
      if (controller.signal.aborted) return;
      setRun({
        state: 'failed',
        message: errorMessage(err, 'The enrichment stopped before it started. Try again.'),
        budget: err instanceof ApiError && err.status === 402,
      });
    } finally {
      void invalidateUsage(queryClient);
    }
  };

  return (
    <div className="flex flex-col gap-5 text-sm">
      <fieldset className="flex flex-col gap-1.5">
        <legend className="mb-1 text-xs font-semibold tracking-wide text-slate-500 uppercase">Columns</legend>
        {[...CRM_PRESETS, 'sections' as const].map((m) => (
          <label key={m} className="flex cursor-pointer items-start gap-2">
            <input
              type="radio"
              name={`${id}-mode`}
              className="mt-0.5 accent-indigo-600"
              checked={mode === m}
              onChange={() => setMode(m)}
            />
            <span>
              <span className="font-medium text-slate-800">
                {m === 'sections' ? 'Sections I choose' : PRESET_LABELS[m]}
              </span>
              <span className="block text-xs text-slate-500">
                {m === 'sections'
                  ? 'The company’s name and website, and the main columns of each section.'
                  : `The CRM’s import fields: ${presetHeaders(m).join(', ')}.`}
              </span>
            </span>
          </label>
        ))}
      </fieldset>

      {mode === 'sections' && (
        <fieldset className="flex flex-col">
          <legend className="mb-1 text-xs font-semibold tracking-wide text-slate-500 uppercase">
            Sections
          </legend>
          {allowed.map((s) => (
            <Checkbox
              key={s}
              label={SECTION_LABELS[s]}
              hint={`${formatCredits(pricing.prices.sections[s] ?? 0)} a company`}
              checked={picked.includes(s)}
              onCheckedChange={(on) => setPicked((p) => (on ? [...p, s] : p.filter((x) => x !== s)))}
            />
          ))}
        </fieldset>
      )}

      <div className="rounded-lg border border-slate-200 bg-slate-50 px-3 py-2.5" data-testid="enrich-cost">
        <p className="text-slate-800 tabular-nums">
          Cost: <span className="font-semibold">{formatCredits(cost.credits)}</span>{' '}
          <span className="text-slate-500">
            ({formatCredits(cost.perCompany)} a company × {formatCount(cost.companies)} matched)
          </span>
        </p>
        {estimate && estimate.already_enriched > 0 && (
          <p className="text-slate-600 tabular-nums">
            {formatCount(estimate.already_enriched)} already enriched by an earlier run: this run spends{' '}
            {formatCredits(toSpend)}.
          </p>
        )}
        <p className="text-slate-600 tabular-nums">
          Budget left today: {remaining === null ? 'no limit' : formatCredits(remaining)}
        </p>
        {over && (
          <p className="mt-1 text-amber-900">
            More than the budget left: the run stops when the budget runs out, and keeps the rows it got.
          </p>
        )}
      </div>

      <Button
        variant="primary"
        onClick={start}
        loading={run.state === 'running'}
        disabled={nothing || list.size === 0}
      >
        Enrich and download CSV
      </Button>

      {run.state === 'running' && (
        <div className="flex flex-col gap-1">
          <ProgressBar label="Enrichment progress" value={run.rows} max={Math.max(run.total ?? 1, 1)} />
          <p className="text-xs text-slate-500 tabular-nums" aria-live="polite">
            {formatCount(run.rows)} of {formatCount(run.total ?? list.size)} companies
          </p>
        </div>
      )}
      {run.state === 'done' &&
        (run.stopped ? (
          <div
            role="alert"
            className="rounded-md border border-amber-200 bg-amber-50 px-3 py-2 text-amber-900"
          >
            <p className="font-medium">
              Stopped after {formatCount(run.rows)} of {formatCount(run.total ?? list.size)} companies.
            </p>
            <p>{run.stopped}</p>
            {run.rows > 0 && (
              <p className="mt-1">
                Saved what was done as {run.fileName}.{' '}
                <button type="button" className="underline" onClick={() => saveBlob(run.blob, run.fileName)}>
                  Save it again
                </button>
              </p>
            )}
          </div>
        ) : (
          <p role="status" className="text-emerald-700">
            Saved {run.fileName} ({formatCount(run.rows)} companies).
          </p>
        ))}
      {run.state === 'failed' && (
        <FormAlert>
          {run.budget ? 'Not enough budget left: ' : ''}
          {run.message}
        </FormAlert>
      )}
    </div>
  );
}
