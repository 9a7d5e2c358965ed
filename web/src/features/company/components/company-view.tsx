import type { SignalReading } from '@contract/signal-columns';
import { useQueries } from '@tanstack/react-query';
import { Tabs } from '@/components/ui/tabs';
import { ApiError } from '@/lib/api-client';
import { quoteSectionsQueryOptions } from '@/lib/companies-quote';
import { quoteSignalsQueryOptions } from '@/lib/company-signals';
import { errorMessage } from '@/lib/errors';
import { formatCredits } from '@/lib/format';
import { usePricing } from '@/lib/pricing';
import { useEnrichment } from '../api/get-enrichment';
import { useResolvedCompany } from '../api/resolve-company';
import {
  COMPANY_TABS,
  type CompanyTab,
  HEADER_SECTIONS,
  TAB_LABELS,
  TAB_SECTIONS,
  tabEstimate,
} from '../company-tabs';
import { CompanyHeader, CompanyNotFound } from './company-header';
import { PanelSkeleton } from './panel-states';
import {
  BusinessPanel,
  EmployeesPanel,
  FundingPanel,
  fundingAllowed,
  GrowthPanel,
  JobsPanel,
  NewsPanel,
  OverviewPanel,
  PostsPanel,
  ProductsPanel,
  SignalsPanel,
  TrafficPanel,
} from './tab-panels';

/** The tabs that show enrichment sections (the others show reviews, posts, news). */
const SECTION_TABS = Object.keys(TAB_SECTIONS) as (keyof typeof TAB_SECTIONS)[];

/** The signal tabs and the reading each opens with (the Jobs tab: its first page of 50). */
const SIGNAL_TABS = [
  ['growth', 'headcount_trends'],
  ['jobs', 'jobs'],
  ['traffic', 'website_traffic'],
] as const satisfies readonly (readonly [CompanyTab, SignalReading])[];

/** The company page below the route: header, then the tabs (the open one from the URL). */
export function CompanyView({
  company,
  tab,
  onTabChange,
}: {
  company: string;
  tab: CompanyTab;
  onTabChange: (tab: CompanyTab) => void;
}) {
  const plan = usePricing();
  // The free search says first whether the company exists: a wrong id buys nothing and fails nothing.
  const resolved = useResolvedCompany(company);
  const known = resolved.state === 'known';
  const header = useEnrichment(company, HEADER_SECTIONS, { enabled: known });
  // Which tabs' sections the team's company store already holds: those open at no charge.
  const uuid = known ? resolved.record?.uuid : undefined;
  const stored = useQueries({
    queries: SECTION_TABS.map((id) => ({
      ...quoteSectionsQueryOptions(uuid ? [uuid] : [], TAB_SECTIONS[id]),
      enabled: uuid !== undefined,
    })),
  });
  // The same for the signal tabs: what the store holds (a screening's, the grid's columns, a
  // colleague's look) opens at no charge.
  const signalsStored = useQueries({
    queries: SIGNAL_TABS.map(([, reading]) => ({
      ...quoteSignalsQueryOptions(uuid ? [uuid] : [], [reading]),
      enabled: uuid !== undefined,
    })),
  });
  const isStored = (id: CompanyTab) => {
    const s = SIGNAL_TABS.findIndex(([tab]) => tab === id);
    if (s >= 0) {
      const q = signalsStored[s]?.data;
      return q?.store && q.pairs_missing === 0;
    }
    const i = (SECTION_TABS as readonly CompanyTab[]).indexOf(id);
    const q = i < 0 ? undefined : stored[i]?.data;
    return q?.store && q.pairs_missing === 0;
  };
  const tabs = COMPANY_TABS.map((id) => {
    // Until the plan's prices are known, each tab keeps the room of its price (no layout shift).
    let hint: string | null = null;
    if (plan.data) {
      if (id === 'funding' && !fundingAllowed(plan.data).ok) hint = 'Not in your plan';
      else if (isStored(id)) hint = 'Stored';
      else {
        const e = tabEstimate(id, plan.data.prices);
        hint =
          e.credits === 0
            ? id === 'products'
              ? 'Catalog free'
              : 'Free'
            : `${e.upTo ? '≤ ' : ''}${formatCredits(e.credits)}`;
      }
    }
    return { id, label: TAB_LABELS[id], hint };
  });
  if (resolved.state === 'missing') return <CompanyNotFound company={company} />;
  // An unknown company has no tabs to open: each would only fail the same way.
  if (header.error instanceof ApiError && header.error.status === 404)
    return <CompanyNotFound company={company} detail={errorMessage(header.error)} />;
  return (
    <>
      <CompanyHeader company={company} preview={resolved.record} enabled={known} />
      <Tabs label="Company details" tabs={tabs} selected={tab} onSelect={onTabChange} className="mt-5">
        {known ? (
          <Panel key={`${company}-${tab}`} company={company} tab={tab} />
        ) : (
          <PanelSkeleton label="Loading the company" rows={2} />
        )}
      </Tabs>
    </>
  );
}

function Panel({ company, tab }: { company: string; tab: CompanyTab }) {
  switch (tab) {
    case 'overview':
      return <OverviewPanel company={company} />;
    case 'business':
      return <BusinessPanel company={company} />;
    case 'signals':
      return <SignalsPanel company={company} />;
    case 'growth':
      return <GrowthPanel company={company} />;
    case 'jobs':
      return <JobsPanel company={company} />;
    case 'traffic':
      return <TrafficPanel company={company} />;
    case 'funding':
      return <FundingPanel company={company} />;
    case 'products':
      return <ProductsPanel company={company} />;
    case 'employees':
      return <EmployeesPanel company={company} />;
    case 'posts':
      return <PostsPanel company={company} />;
    case 'news':
      return <NewsPanel company={company} />;
  }
}
