import { ListsPage as Lists } from '@/features/lists/components/lists-page';

/** `/lists`: the user's saved lists and the team's shared ones (loaded lazily). */
export function ListsPage() {
  return <Lists />;
}
