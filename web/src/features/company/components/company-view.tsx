import { Tabs } from '@/components/ui/tabs';
import { ApiError } from '@/lib/api-client';
import { usePricing } from '@/lib/pricing';
import { useEnrichment } from '../api/get-enrichment';
import { COMPANY_TABS, type CompanyTab, HEADER_SECTIONS, TAB_LABELS, tabEstimate } from '../company-tabs';
import { formatCredits } from '../format';
import { CompanyHeader } from './company-header';
import {
  BusinessPanel,
  EmployeesPanel,
  FundingPanel,
  fundingAllowed,
  NewsPanel,
  OverviewPanel,
  PostsPanel,
  ProductsPanel,
  SignalsPanel,
} from './tab-panels';

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
  const header = useEnrichment(company, HEADER_SECTIONS);
  const tabs = COMPANY_TABS.map((id) => {
    let hint: string | undefined;
    if (plan.data) {
      if (id === 'funding' && !fundingAllowed(plan.data).ok) hint = 'Not in your plan';
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
  return (
    <>
      <CompanyHeader company={company} />
      {/* An unknown company has no tabs to open: each would only fail the same way. */}
      {!(header.error instanceof ApiError && header.error.status === 404) && (
        <Tabs label="Company details" tabs={tabs} selected={tab} onSelect={onTabChange} className="mt-4">
          <Panel key={`${company}-${tab}`} company={company} tab={tab} />
        </Tabs>
      )}
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
