/**
 * "In CRM": which account lists (the accounts the team already has, issue 15) the list builder marks
 * (an "In CRM" badge and column) or hides (the grid and its exports leave them out). The choice is
 * the URL's (`mark_accounts`, `hide_accounts`), like the rest of the builder's state.
 */
import { Link } from '@tanstack/react-router';
import { useId } from 'react';
import { Button } from '@/components/ui/button';
import { Popover } from '@/components/ui/popover';
import { Skeleton } from '@/components/ui/skeleton';
import { useAccountLists } from '@/lib/account-lists';
import { formatCount } from '@/lib/format';

export type AccountListUse = 'show' | 'mark' | 'hide';

const USES: readonly { use: AccountListUse; label: string }[] = [
  { use: 'show', label: 'Show' },
  { use: 'mark', label: 'Mark' },
  { use: 'hide', label: 'Hide' },
];

export type AccountListsChoice = { mark: readonly string[]; hide: readonly string[] };

/** The choice with one list set to a use (a list is marked or hidden, never both). */
function withUse(choice: AccountListsChoice, id: string, use: AccountListUse): AccountListsChoice {
  const mark = choice.mark.filter((x) => x !== id);
  const hide = choice.hide.filter((x) => x !== id);
  if (use === 'mark') mark.push(id);
  if (use === 'hide') hide.push(id);
  return { mark, hide };
}

type AccountListsMenuProps = {
  choice: AccountListsChoice;
  onChange: (next: AccountListsChoice) => void;
  /** The uses offered (the lookalikes hide, they do not mark); all three by default. */
  uses?: readonly AccountListUse[];
  /** What the menu does, in words, above the lists. */
  intro?: string;
};

const ALL_USES: readonly AccountListUse[] = ['show', 'mark', 'hide'];
const BUILDER_INTRO =
  'Mark the companies of an account list with an “In CRM” badge, or hide them from the grid and its exports.';

export function AccountListsMenu({
  choice,
  onChange,
  uses = ALL_USES,
  intro = BUILDER_INTRO,
}: AccountListsMenuProps) {
  const active = choice.mark.length + choice.hide.length;
  return (
    <Popover
      label="Accounts in your CRM"
      className="w-96"
      trigger={(props) => (
        <Button variant="secondary" {...props}>
          <svg viewBox="0 0 16 16" className="h-4 w-4" aria-hidden="true">
            <path
              d="M2.5 4.5h11v8h-11zM5.5 4.5v-2h5v2M2.5 8h11"
              stroke="currentColor"
              strokeWidth="1.5"
              fill="none"
              strokeLinejoin="round"
            />
          </svg>
          In CRM
          {active > 0 && (
            <span className="rounded bg-indigo-100 px-1.5 text-xs text-indigo-800 tabular-nums">
              {active}
            </span>
          )}
        </Button>
      )}
    >
      {() => <MenuBody choice={choice} onChange={onChange} uses={uses} intro={intro} />}
    </Popover>
  );
}

function MenuBody({ choice, onChange, uses, intro }: Required<AccountListsMenuProps>) {
  const q = useAccountLists();
  const id = useId();
  const chosenUse = (listId: string): AccountListUse =>
    choice.hide.includes(listId) ? 'hide' : choice.mark.includes(listId) ? 'mark' : 'show';
  return (
    <div className="flex flex-col gap-3 text-sm">
      <p className="text-slate-600">{intro}</p>
      {q.error ? (
        <p role="alert" className="text-rose-700">
          Your account lists could not be loaded.
        </p>
      ) : !q.data ? (
        <Skeleton className="h-16 w-full" />
      ) : q.data.length === 0 ? (
        <p className="text-slate-500">No account lists yet.</p>
      ) : (
        <ul className="flex max-h-72 flex-col gap-2 overflow-y-auto">
          {q.data.map((list) => (
            <li key={list.id}>
              <fieldset className="flex items-center justify-between gap-3">
                <legend className="sr-only">{list.name}</legend>
                <span className="min-w-0 truncate" aria-hidden="true">
                  <span className="font-medium text-slate-800">{list.name}</span>{' '}
                  <span className="text-xs text-slate-500 tabular-nums">{formatCount(list.size)}</span>
                </span>
                <span className="inline-flex shrink-0 overflow-hidden rounded-md border border-slate-300">
                  {USES.filter((u) => uses.includes(u.use)).map(({ use, label }) => (
                    <label
                      key={use}
                      className="cursor-pointer px-2 py-1 text-xs text-slate-700 has-checked:bg-indigo-600 has-checked:text-white has-focus-visible:outline-2 has-focus-visible:-outline-offset-2 has-focus-visible:outline-indigo-600 [&:not(:first-child)]:border-l [&:not(:first-child)]:border-slate-300"
                    >
                      <input
                        type="radio"
                        className="sr-only"
                        name={`${id}-${list.id}`}
                        checked={chosenUse(list.id) === use}
                        onChange={() => onChange(withUse(choice, list.id, use))}
                      />
                      {label}
                    </label>
                  ))}
                </span>
              </fieldset>
            </li>
          ))}
        </ul>
      )}
      <Link
        to="/accounts"
        search={{}}
        className="self-start text-sm text-indigo-700 hover:underline focus-visible:outline-2 focus-visible:outline-indigo-600"
      >
        Import accounts…
      </Link>
    </div>
  );
}
