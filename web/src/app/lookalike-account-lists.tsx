/**
 * "In CRM" on the lookalikes: the account lists whose companies never come back as lookalikes
 * (hide only: the lookalikes mark nothing). Whatever opened the lookalikes, the user can hide lists
 * here: a company page's "More like this" has no builder state to carry hidden lists from. The
 * choice is the URL's `hide_accounts`, as in the builder, and a change asks for a re-rank. In the
 * app layer because it joins the list builder's menu to the lookalikes.
 */
import { useNavigate, useSearch } from '@tanstack/react-router';
import { useMemo } from 'react';
import {
  type AccountListsChoice,
  AccountListsMenu,
  type AccountListUse,
} from '@/features/list-builder/components/results/account-lists-menu';

const HIDE_ONLY: readonly AccountListUse[] = ['show', 'hide'];

export function LookalikeAccountLists() {
  const { hide_accounts } = useSearch({ from: '/' });
  const navigate = useNavigate({ from: '/' });
  const choice = useMemo<AccountListsChoice>(
    () => ({ mark: [], hide: hide_accounts ?? [] }),
    [hide_accounts],
  );
  return (
    <AccountListsMenu
      choice={choice}
      uses={HIDE_ONLY}
      intro="Hide the companies of an account list (your customers, what you exported before): they never come back as lookalikes."
      onChange={(next) =>
        void navigate({
          search: (prev) => ({ ...prev, hide_accounts: next.hide.length > 0 ? [...next.hide] : undefined }),
          resetScroll: false,
        })
      }
    />
  );
}
