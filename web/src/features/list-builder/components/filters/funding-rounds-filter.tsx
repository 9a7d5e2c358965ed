import { FILTER_BY_KEY, type FundingRoundsCondition, type Range } from '@contract/filters';
import { Checkbox } from '@/components/ui/checkbox';
import { EnumFilter } from './enum-filter';
import { FieldError } from './field-error';
import { InvestorFilter } from './investor-filter';
import { RangeFilter } from './range-filter';

const STAGES = FILTER_BY_KEY.get('funding_detail.funding_overview.funding_stage')?.values ?? [];

/**
 * Conditions that must all hold for one and the same funding round ("a Series B of at least
 * $20M led by Sequoia"), not for different rounds of the company.
 */
export function FundingRoundsFilter({
  label,
  help,
  value,
  onChange,
  error,
  errorId,
}: {
  label: string;
  help?: string | undefined;
  value: FundingRoundsCondition | undefined;
  onChange: (next: FundingRoundsCondition | undefined) => void;
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
        <InvestorFilter
          label="Investors in the round"
          value={uuids}
          onChange={(next) => setInvestors(next, lead)}
        />
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
