/**
 * "Hide" on the list builder's selection: the companies go to the user's own "Hidden companies"
 * account list, and the list leaves that account list out from then on (it joins the lists the
 * builder hides, where "In CRM" can show them again). In the app layer: it joins the accounts' API
 * to the builder's state.
 */
import { Button } from '@/components/ui/button';
import { useListSearch } from '@/features/list-builder/use-list-search';
import { useHideCompanies } from '@/lib/account-lists';
import { errorMessage, problemFields } from '@/lib/errors';

export function HideSelected({ selected, onHidden }: { selected: readonly string[]; onHidden: () => void }) {
  const { search, update } = useListSearch();
  const hide = useHideCompanies();
  return (
    <span className="inline-flex items-center gap-2">
      <Button
        size="sm"
        variant="secondary"
        loading={hide.isPending}
        title="Leave them out of this list from now on (In CRM shows them again)"
        onClick={() =>
          hide.mutate(selected, {
            onSuccess: (list) => {
              const hidden = search.hide_accounts ?? [];
              // Hidden and marked at once would be a contradiction: hiding wins.
              const marked = (search.mark_accounts ?? []).filter((id) => id !== list.id);
              update({
                hide_accounts: hidden.includes(list.id) ? hidden : [...hidden, list.id],
                mark_accounts: marked.length > 0 ? marked : undefined,
              });
              onHidden();
            },
          })
        }
      >
        Hide
      </Button>
      {hide.error && (
        <span role="alert" className="text-xs text-rose-700">
          {problemFields(hide.error).length > 0
            ? 'We could not find some of these companies any more: nothing was hidden.'
            : `Not hidden: ${errorMessage(hide.error)}`}
        </span>
      )}
    </span>
  );
}
