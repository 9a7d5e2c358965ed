import { AccountsPage as Accounts } from '@/features/accounts/components/accounts-page';
import { MoreLikeAccountList } from '@/features/lookalikes/components/more-like-account-list';
import type { AccountList } from '@/lib/account-lists';

const moreLikeList = (list: AccountList) => <MoreLikeAccountList list={list} />;

/** `/accounts`: account imports and lists (loaded lazily); an account list's lookalikes from here. */
export function AccountsPage() {
  return <Accounts listActions={moreLikeList} />;
}
