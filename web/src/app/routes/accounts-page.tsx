import { AccountsPage as Accounts } from '@/features/accounts/components/accounts-page';

/** `/accounts`: account imports and lists (loaded lazily). */
export function AccountsPage() {
  return <Accounts />;
}
