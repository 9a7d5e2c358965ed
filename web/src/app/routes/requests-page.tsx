import { RequestsPage as Requests } from '@/features/additions/components/requests-page';

/** `/requests`: the user's company addition requests (loaded lazily). */
export function RequestsPage() {
  return <Requests />;
}
