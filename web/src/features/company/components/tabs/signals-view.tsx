import type { Sections } from '@contract/sections';
import { formatCount, formatDate, formatPartialDate } from '@/lib/format';
import { CompanyLink } from '../company-link';
import { Block, EmptyState, Missing, Sources } from '../panel-states';
import { EntryList } from './business-view';

type SignalsData = {
  strategic_signal?: Sections['strategic_signal'] | undefined;
  management_profile?: Sections['management_profile'] | undefined;
  customer_profile?: Sections['customer_profile'] | undefined;
};

/** Signals: partnerships, recent moves, scale indicators, management and customers. */
export function SignalsView({
  strategic_signal: ss,
  management_profile: mp,
  customer_profile: cp,
}: SignalsData) {
  if (!ss && !mp && !cp) return <EmptyState title="No signals for this company" />;
  return (
    <div className="grid gap-4 lg:grid-cols-2">
      <Block title="Partnerships">
        {!ss ? (
          <Missing label="No strategic signals" />
        ) : ss.partnership.length === 0 ? (
          <p className="text-sm text-slate-500">No partnerships announced.</p>
        ) : (
          <ul className="space-y-3">
            {ss.partnership.map((p, i) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: partnerships have no id
              <li key={i} className="text-sm">
                <p className="flex flex-wrap items-baseline gap-x-2">
                  <span className="font-medium">
                    <CompanyLink uuid={p.uuid}>{p.name || 'Unnamed partner'}</CompanyLink>
                  </span>
                  {p.type.label && (
                    <span className="rounded bg-slate-100 px-1.5 text-xs text-slate-600">{p.type.label}</span>
                  )}
                  {p.strategic_tier && <span className="text-xs text-slate-500">{p.strategic_tier}</span>}
                  <span className="ml-auto text-xs text-hint">{formatPartialDate(p.announced_on) ?? ''}</span>
                </p>
                {p.description && <p className="mt-0.5 leading-6 text-slate-600">{p.description}</p>}
                <Sources urls={p.source} />
              </li>
            ))}
          </ul>
        )}
      </Block>
      <Block title="Recent moves">
        {!ss ? (
          <Missing label="No strategic signals" />
        ) : ss.recent_move.length === 0 ? (
          <p className="text-sm text-slate-500">No recent moves.</p>
        ) : (
          <ul className="space-y-3">
            {ss.recent_move.map((m, i) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: moves have no id
              <li key={i} className="text-sm">
                <p className="flex flex-wrap items-baseline gap-x-2">
                  <span className="font-medium text-slate-900">{m.title || m.type.label}</span>
                  <span className="rounded bg-slate-100 px-1.5 text-xs text-slate-600">{m.type.label}</span>
                  <span className="ml-auto text-xs text-hint">{formatPartialDate(m.announced_on) ?? ''}</span>
                </p>
                {m.description && <p className="mt-0.5 leading-6 text-slate-600">{m.description}</p>}
                <Sources urls={m.source} />
              </li>
            ))}
          </ul>
        )}
      </Block>
      <Block title="Scale indicators">
        {ss ? (
          <EntryList entries={ss.scale_indicator} empty="No scale indicators." />
        ) : (
          <Missing label="No strategic signals" />
        )}
      </Block>
      <Block title="Management">
        {!mp ? (
          <Missing label="No management data" />
        ) : (
          <>
            {mp.leadership.length === 0 ? (
              <p className="text-sm text-slate-500">No leadership listed.</p>
            ) : (
              <ul className="divide-y divide-slate-100 text-sm">
                {mp.leadership.map((l) => (
                  <li
                    key={`${l.name}-${l.title}`}
                    className="flex items-baseline justify-between gap-3 py-1.5"
                  >
                    <span>
                      <span className="font-medium text-slate-900">{l.name}</span>
                      {l.is_founder && <span className="ml-1.5 text-xs text-indigo-600">Founder</span>}
                      <span className="block text-xs text-slate-500">{l.title || <Missing />}</span>
                    </span>
                    <span className="text-xs text-hint">{l.since_year ? `since ${l.since_year}` : ''}</span>
                  </li>
                ))}
              </ul>
            )}
            {mp.board.length > 0 && (
              <p className="mt-3 text-sm text-slate-600">
                <span className="font-medium text-slate-700">Board: </span>
                {mp.board.map((b) => (b.affiliation ? `${b.name} (${b.affiliation})` : b.name)).join(', ')}
              </p>
            )}
            {mp.leadership_changes.length > 0 && (
              <ul className="mt-3 space-y-1 text-xs text-slate-500">
                {mp.leadership_changes.map((c) => (
                  <li key={`${c.name}-${c.date}-${c.change}`}>
                    {c.name} {c.change} as {c.title} · {formatDate(c.date) ?? c.date}
                  </li>
                ))}
              </ul>
            )}
          </>
        )}
      </Block>
      <Block
        title="Customers"
        className="lg:col-span-2"
        aside={
          cp?.customer_count_estimate ? (
            <span className="text-xs text-slate-500">
              ≈ {formatCount(cp.customer_count_estimate)} customers
            </span>
          ) : undefined
        }
      >
        {!cp ? (
          <Missing label="No customer data" />
        ) : (
          <>
            {cp.select_customer.length === 0 ? (
              <p className="text-sm text-slate-500">No named customers.</p>
            ) : (
              <ul className="grid gap-3 md:grid-cols-2">
                {cp.select_customer.map((c, i) => (
                  // biome-ignore lint/suspicious/noArrayIndexKey: customers may repeat a name
                  <li key={i} className="text-sm">
                    <p className="font-medium">
                      <CompanyLink uuid={c.uuid}>{c.name || 'Unnamed customer'}</CompanyLink>
                      {c.industry && (
                        <span className="ml-1.5 text-xs font-normal text-slate-500">{c.industry}</span>
                      )}
                    </p>
                    {c.description && <p className="mt-0.5 leading-6 text-slate-600">{c.description}</p>}
                    <Sources urls={c.source} />
                  </li>
                ))}
              </ul>
            )}
            {(cp.target_segments.length > 0 || cp.target_industries.length > 0) && (
              <p className="mt-3 text-sm text-slate-600">
                {cp.target_segments.length > 0 && <>Segments: {cp.target_segments.join(', ')}. </>}
                {cp.target_industries.length > 0 && <>Industries: {cp.target_industries.join(', ')}.</>}
              </p>
            )}
          </>
        )}
      </Block>
    </div>
  );
}
