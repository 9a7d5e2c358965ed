import { FILTER_BY_KEY, type FundingRoundsCondition, type Range } from '@contract/filters';
import { useId, useState } from 'react';
import { Checkbox } from '@/components/ui/checkbox';
import { useResolveCompanyNames } from '../../api/search-companies';
import { useNames } from '../../filter-names';
import { EnumFilter } from './enum-filter';
import { FieldError } from './field-error';
import { InvestorFilter } from './investor-filter';
import { type MatchMode, MatchToggle } from './match-toggle';
import { RangeFilter } from './range-filter';
import { ValueChips } from './value-chips';

const STAGES = FILTER_BY_KEY.get('funding_detail.funding_overview.funding_stage')?.values ?? [];

/** The investors a list leaves out (`exclude`, no round may name them), and how to change them. */
export type NotBackedBy = {
  value: readonly string[] | undefined;
  onChange: (next: string[] | undefined) => void;
  /**
   * Moves the investors to the other side of the match in one edit: "is none of" takes the round's
   * investors out of the round and leaves them out of the list; "is any of" puts them back.
   */
  onSwitch: (to: MatchMode) => void;
};

/**
 * Conditions that must all hold for one and the same funding round ("a Series B of at least
 * $20M led by Sequoia"), not for different rounds of the company. Its investors can also be
 * turned to "is none of": the list then leaves out every company with a round naming one of them,
 * whatever its other rounds ("Not backed by Sequoia Capital"), which is no condition of the round.
 */
export function FundingRoundsFilter({
  label,
  help,
  value,
  onChange,
  notBackedBy,
  error,
  errorId,
}: {
  label: string;
  help?: string | undefined;
  value: FundingRoundsCondition | undefined;
  onChange: (next: FundingRoundsCondition | undefined) => void;
  notBackedBy: NotBackedBy;
  error: string | undefined;
  errorId: string;
}) {
  const v = value ?? {};
  const set = <K extends keyof FundingRoundsCondition>(key: K, part: FundingRoundsCondition[K]) => {
    const next: FundingRoundsCondition = { ...v, [key]: part };
    if (part === undefined || (Array.isArray(part) && part.length === 0)) delete next[key];
    onChange(Object.keys(next).length > 0 ? next : undefined);
  };
  const setInvestors = (uuid: string[] | undefined, lead: boolean | undefined) => {
    const next: FundingRoundsCondition = { ...v };
    delete next['investors.uuid'];
    delete next['investors.lead_investor'];
    if (uuid && uuid.length > 0) next['investors.uuid'] = uuid;
    if (lead !== undefined) next['investors.lead_investor'] = lead;
    onChange(Object.keys(next).length > 0 ? next : undefined);
  };
  const uuids = v['investors.uuid'] ?? [];
  const lead = v['investors.lead_investor'];
  const left = notBackedBy.value ?? [];
  const noteId = useId();

  // As in every "is none of" facet, the values decide the mode; with none picked, the last choice stays.
  const said: MatchMode | null = uuids.length > 0 ? 'any' : left.length > 0 ? 'none' : null;
  const [chosen, setChosen] = useState<MatchMode>(said ?? 'any');
  if (said !== null && said !== chosen) setChosen(said);
  const mode = said ?? chosen;
  const switchTo = (next: MatchMode) => {
    setChosen(next);
    if (next !== mode) notBackedBy.onSwitch(next);
  };
  const removeLeft = (uuid: string) => {
    const rest = left.filter((u) => u !== uuid);
    notBackedBy.onChange(rest.length > 0 ? rest : undefined);
  };

  return (
    <fieldset
      aria-describedby={error ? errorId : undefined}
      className="rounded-md border border-slate-200 bg-slate-50/60 p-2.5"
    >
      <legend className="px-1 text-xs font-medium text-slate-600">{label}</legend>
      {help && <p className="mb-2 text-xs text-slate-500">{help}</p>}
      <div className="space-y-3">
        <EnumFilter
          label="Round type"
          options={STAGES}
          value={v.round}
          onChange={(codes) => set('round', codes.map(String))}
        />
        <RangeFilter
          kind="usd_range"
          label="Round amount (USD)"
          value={v.amount_usd}
          onChange={(r) => set('amount_usd', r as Range<number> | undefined)}
        />
        <RangeFilter
          kind="date_range"
          label="Round date"
          value={v.date}
          onChange={(r) => set('date', r as Range<string> | undefined)}
        />
        <div className="relative">
          <div className="absolute top-0 right-0">
            <MatchToggle label="Investors" mode={mode} onChange={switchTo} />
          </div>
          {mode === 'any' ? (
            <InvestorFilter
              label="Investors in the round"
              value={uuids}
              onChange={(next) => setInvestors(next, lead)}
              exclude={left}
            />
          ) : (
            <InvestorFilter
              label="Investors to leave out"
              value={left}
              onChange={(next) => notBackedBy.onChange(next.length > 0 ? next : undefined)}
              describedBy={noteId}
              tone="excluded"
              exclude={uuids}
            />
          )}
          {mode === 'any' && left.length > 0 && <ExceptInvestors uuids={left} onRemove={removeLeft} />}
          {mode === 'none' && (
            <p id={noteId} className="mt-1 text-xs text-slate-500">
              Not backed by these investors: leaves out every company with a round naming one of them,
              whatever the conditions above.
            </p>
          )}
        </div>
        <Checkbox
          label={uuids.length > 0 ? 'One of these investors led the round' : 'The round had a lead investor'}
          checked={lead === true}
          onCheckedChange={(on) => setInvestors(uuids, on ? true : undefined)}
        />
      </div>
      <FieldError id={errorId} message={error} />
    </fieldset>
  );
}

/** Investors left out beside the round's own ("backed by Accel but not Sequoia"), each removable. */
function ExceptInvestors({
  uuids,
  onRemove,
}: {
  uuids: readonly string[];
  onRemove: (uuid: string) => void;
}) {
  return (
    <div className="mt-1.5">
      <div className="flex items-start gap-1.5">
        <span className="pt-2 text-xs text-slate-500">Except</span>
        <NamedChips uuids={uuids} onRemove={onRemove} />
      </div>
      <p className="mt-1 text-xs text-slate-500">Companies with a round naming one of these are left out.</p>
    </div>
  );
}

function NamedChips({ uuids, onRemove }: { uuids: readonly string[]; onRemove: (uuid: string) => void }) {
  const names = useNames('company');
  useResolveCompanyNames(uuids, names);
  return (
    <ValueChips
      label="Investors left out"
      tone="excluded"
      items={uuids.map((uuid) => ({ value: uuid, text: names[uuid] ?? 'Loading name…' }))}
      onRemove={onRemove}
    />
  );
}
