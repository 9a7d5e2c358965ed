import type { Entry, Sections } from '@contract/sections';
import { Block, EmptyState, Missing, Sources } from '../panel-states';

type BusinessData = {
  business_model?: Sections['business_model'] | undefined;
  company_assessment?: Sections['company_assessment'] | undefined;
};

/** Business model and assessment: how the company sells and earns, its moats, strengths and weaknesses. */
export function BusinessView({ business_model: bm, company_assessment: ca }: BusinessData) {
  if (!bm && !ca) return <EmptyState title="No business model or assessment data for this company" />;
  return (
    <div className="grid gap-4 lg:grid-cols-2">
      {bm ? (
        <>
          <Block
            title="Go-to-market"
            aside={
              <span className="text-xs text-slate-500">
                {bm.gtm_type.label} · {bm.offering_type.label}
              </span>
            }
          >
            <EntryList entries={bm.gtm_motion} empty="No go-to-market motions listed." />
            {bm.marketing_channels.length > 0 && (
              <>
                <SubHeading>Marketing channels</SubHeading>
                <EntryList entries={bm.marketing_channels} empty="" />
              </>
            )}
            {bm.distribution_channels.length > 0 && (
              <>
                <SubHeading>Distribution channels</SubHeading>
                <EntryList entries={bm.distribution_channels} empty="" />
              </>
            )}
          </Block>
          <Block title="Revenue models">
            <EntryList entries={bm.revenue_model} empty="No revenue models listed." />
            <SubHeading>Pricing</SubHeading>
            <EntryList entries={bm.pricing_details} empty="No pricing details listed." />
            {bm.cost_components.length > 0 && (
              <>
                <SubHeading>Cost components</SubHeading>
                <p className="text-sm text-slate-700">{bm.cost_components.join(' · ')}</p>
              </>
            )}
          </Block>
        </>
      ) : (
        <Block title="Business model" className="lg:col-span-2">
          <Missing label="No business model data" />
        </Block>
      )}
      {ca ? (
        <>
          <Block title="Competitive moats" className="lg:col-span-2">
            {ca.market_position && (
              <p className="mb-3 text-sm leading-6 text-slate-700">{ca.market_position}</p>
            )}
            <EntryList entries={ca.competitive_moat} empty="No moats identified." />
          </Block>
          <Block title="Strengths">
            <PointList points={ca.strengths} empty="No strengths listed." tone="good" />
          </Block>
          <Block title="Weaknesses">
            <PointList points={ca.weakness} empty="No weaknesses listed." tone="bad" />
          </Block>
        </>
      ) : (
        <Block title="Assessment" className="lg:col-span-2">
          <Missing label="No assessment data" />
        </Block>
      )}
    </div>
  );
}

function SubHeading({ children }: { children: string }) {
  return (
    <h3 className="mt-4 mb-2 text-xs font-semibold tracking-wide text-slate-500 uppercase">{children}</h3>
  );
}

export function EntryList({ entries, empty }: { entries: readonly Entry[]; empty: string }) {
  if (entries.length === 0) return empty ? <p className="text-sm text-slate-500">{empty}</p> : null;
  return (
    <ul className="space-y-3">
      {entries.map((e, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: entries have no id and may repeat a type
        <li key={i} className="text-sm">
          <p className="flex flex-wrap items-baseline gap-x-2">
            <span className="font-medium text-slate-900">{e.title || e.type.label || <Missing />}</span>
            {e.type.label && e.title && e.type.label !== e.title && (
              <span className="rounded bg-slate-100 px-1.5 text-xs text-slate-600">{e.type.label}</span>
            )}
          </p>
          {e.description && <p className="mt-0.5 leading-6 text-slate-600">{e.description}</p>}
          <Sources urls={e.source} />
        </li>
      ))}
    </ul>
  );
}

function PointList({
  points,
  empty,
  tone,
}: {
  points: readonly { title: string; description: string; source: readonly string[] }[];
  empty: string;
  tone: 'good' | 'bad';
}) {
  if (points.length === 0) return <p className="text-sm text-slate-500">{empty}</p>;
  return (
    <ul className="space-y-3">
      {points.map((p, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: points have no id
        <li key={i} className="flex gap-2 text-sm">
          <span aria-hidden="true" className={tone === 'good' ? 'text-emerald-600' : 'text-rose-600'}>
            {tone === 'good' ? '+' : '−'}
          </span>
          <div>
            <p className="font-medium text-slate-900">{p.title || <Missing />}</p>
            {p.description && <p className="mt-0.5 leading-6 text-slate-600">{p.description}</p>}
            <Sources urls={p.source} />
          </div>
        </li>
      ))}
    </ul>
  );
}
