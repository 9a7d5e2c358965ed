/**
 * The actions on a grid's selection, wherever the list builder's grid shows companies (its results,
 * the lookalikes): "Add to list" (a list of picked companies), "More like these" (the account lists
 * hidden there stay hidden) and "Hide". In the app layer: it joins the lists, the lookalikes and the
 * accounts to the builder's state.
 */
import { useSearch } from '@tanstack/react-router';
import { AddToListButton } from '@/features/lists/components/add-to-list';
import { MoreLikeThis } from '@/features/lookalikes/components/more-like-this';
import { HideSelected } from './hide-selected';

function SelectedActions({ selected, clear }: { selected: readonly string[]; clear: () => void }) {
  const { hide_accounts } = useSearch({ from: '/' });
  return (
    <>
      <AddToListButton companies={selected} />
      <MoreLikeThis seeds={selected} hideAccounts={hide_accounts} size="sm" />
      <HideSelected selected={selected} onHidden={clear} />
    </>
  );
}

export const selectedActions = (selected: readonly string[], { clear }: { clear: () => void }) => (
  <SelectedActions selected={selected} clear={clear} />
);
