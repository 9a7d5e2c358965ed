import { useNavigate, useParams, useSearch } from '@tanstack/react-router';
import type { CompanyTab } from '@/features/company/company-tabs';
import { BackToList } from '@/features/company/components/back-to-list';
import { CompanyView } from '@/features/company/components/company-view';
import { MoreLikeThis } from '@/features/lookalikes/components/more-like-this';
import { useFirstPageDeferral } from '@/lib/use-first-page-deferral';

/** The company page (`/companies/:id?tab=`): loaded lazily, it is not part of the first load. */
export function CompanyPage() {
  const { companyId } = useParams({ from: '/companies/$companyId' });
  const { tab } = useSearch({ from: '/companies/$companyId' });
  const navigate = useNavigate({ from: '/companies/$companyId' });
  // A tab switch replaces the history entry: Back leaves the company page, not the last tab. It
  // keeps the page where it is (the tab the user just chose stays in view).
  const onTabChange = (next: CompanyTab) =>
    void navigate({
      search: (prev) => ({ ...prev, tab: next === 'overview' ? undefined : next }),
      replace: true,
      resetScroll: false,
    });
  // On a first visit, drawn in slices the browser can answer input between, not in one long task.
  const drawn = useFirstPageDeferral();
  if (!drawn) return null;
  return (
    <div className="mx-auto w-full max-w-7xl px-6 py-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <BackToList />
        <MoreLikeThis seeds={[companyId]} />
      </div>
      <div className="mt-3">
        <CompanyView key={companyId} company={companyId} tab={tab ?? 'overview'} onTabChange={onTabChange} />
      </div>
    </div>
  );
}
