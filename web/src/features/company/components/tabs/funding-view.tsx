import type { Sections } from '@contract/sections';
import { formatCount, formatDate, formatMoney } from '@/lib/format';
import { CompanyLink } from '../company-link';
import { Block, EmptyState, Facts, Sources } from '../panel-states';
import { FundingTimeline } from './funding-timeline';

/** Funding: totals, the rounds on a timeline, and each round's amount and investors. */
export function FundingView({ funding }: { funding: Sections['funding_detail'] | undefined }) {
  if (!funding) return <EmptyState title="No funding data for this company" />;
  const o = funding.funding_overview;
  const rounds = funding.funding_rounds;
  return (
    <div className="space-y-4">
      <Block title="Totals">
        <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
          <Stat label="Total raised" value={formatMoney(o.total_funding_usd)} />
          <Stat label="Rounds" value={formatCount(o.num_funding_rounds)} />
          <Stat label="Investors" value={formatCount(o.investor_count)} />
          <Stat label="Stage" value={o.funding_stage?.label ?? 'No outside funding'} />
        </div>
        <div className="mt-4">
          <Facts
            items={[
              ['Last round', formatDate(o.last_funding_date)],
              [
                'Last round amount',
                o.last_round_amount_usd === null ? null : formatMoney(o.last_round_amount_usd),
              ],
              [
                'Lead investors',
                o.lead_investors.length === 0 ? null : (
                  <span key="leads" className="flex flex-wrap gap-x-3">
                    {o.lead_investors.map((l) => (
                      <CompanyLink key={`${l.uuid ?? ''}-${l.name}`} uuid={l.uuid}>
                        {l.name}
                      </CompanyLink>
                    ))}
                  </span>
                ),
              ],
            ]}
          />
        </div>
      </Block>
      {rounds.length === 0 ? (
        <EmptyState title="No funding rounds recorded for this company" />
      ) : (
        <>
          <Block title="Timeline">
            <FundingTimeline rounds={rounds} />
          </Block>
          <Block title="Rounds">
            <ol className="divide-y divide-slate-100" aria-label="Funding rounds">
              {[...rounds].reverse().map((r, i) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: two rounds may share a date and a type
                <li key={`${r.date}-${i}`} className="grid gap-2 py-3 text-sm md:grid-cols-[10rem_8rem_1fr]">
                  <div>
                    <p className="font-medium text-slate-900">{r.round.label}</p>
                    <p className="text-xs text-slate-500">{formatDate(r.date) ?? r.date}</p>
                  </div>
                  <div className="tabular-nums">
                    <p className="font-medium text-slate-900">{formatMoney(r.amount_usd)}</p>
                    {r.post_money_valuation_usd !== null && (
                      <p className="text-xs text-slate-500">
                        post-money {formatMoney(r.post_money_valuation_usd)}
                      </p>
                    )}
                  </div>
                  <div>
                    {r.investors.length === 0 ? (
                      <p className="text-slate-500">Investors not disclosed</p>
                    ) : (
                      <ul
                        className="flex flex-wrap gap-x-3 gap-y-1"
                        aria-label={`Investors in the ${r.round.label} round`}
                      >
                        {r.investors.map((inv) => (
                          <li key={inv.uuid}>
                            <CompanyLink uuid={inv.uuid}>{inv.name}</CompanyLink>
                            {inv.lead_investor && <span className="ml-1 text-xs text-slate-500">(lead)</span>}
                          </li>
                        ))}
                      </ul>
                    )}
                    <Sources urls={r.source} />
                  </div>
                </li>
              ))}
            </ol>
          </Block>
        </>
      )}
    </div>
  );
}

function Stat({ label, value }: { label: string; value: string }) {
  return (
    <div>
      <p className="text-xs text-slate-500">{label}</p>
      <p className="mt-0.5 text-xl font-semibold text-slate-900 tabular-nums">{value}</p>
    </div>
  );
}
