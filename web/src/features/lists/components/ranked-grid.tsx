/**
 * The companies of a saved list's run ranked by similarity to its seeds (a list saved from the
 * lookalikes): most similar first, each with its Similarity (0 to 100), the reasons in words and
 * the lookalikes' columns, as the run read them. Paged here: showing them costs nothing more.
 */
import { COLUMN_BY_ID } from '@contract/columns';
import { RANKED_COLUMNS } from '@contract/saved-lists';
import { Link } from '@tanstack/react-router';
import { Pager } from '@/components/ui/pager';
import { SimilarityBar } from '@/components/ui/similarity-bar';
import { displayUrl } from '@/lib/format';
import type { CompanyName, ListRun } from '../types';
import { NewBadge } from './list-grid';

type RankedGridProps = {
  /** The run's members in its order (most similar first), or only the new ones. */
  members: readonly string[];
  /** Each member's rank in the whole run (1-based), so "only new" keeps the run's numbers. */
  rankOf: ReadonlyMap<string, number>;
  scores: NonNullable<ListRun['scores']> | null;
  names: ReadonlyMap<string, CompanyName>;
  added: ReadonlySet<string>;
  paging?: { offset: number; pageSize: number; total: number; onOffsetChange: (offset: number) => void };
  /** Shown in place of rows when there are none. */
  empty: React.ReactNode;
};

function Missing() {
  return <span className="text-hint">—</span>;
}

export function RankedGrid({ members, rankOf, scores, names, added, paging, empty }: RankedGridProps) {
  const th =
    'border-b border-slate-200 bg-slate-50 px-3 py-2.5 text-left text-xs font-semibold tracking-wide whitespace-nowrap text-slate-600';
  const td = 'border-b border-slate-100 px-3 py-2 align-top';
  const shown = paging ? members.slice(paging.offset, paging.offset + paging.pageSize) : members;
  return (
    <div className="flex flex-col overflow-hidden rounded-lg border border-slate-200 bg-white shadow-sm">
      <div className="max-h-[36rem] overflow-auto">
        <table
          aria-label="Companies of the list, most similar to its seeds first"
          className="w-full border-separate border-spacing-0 text-sm"
        >
          <thead className="sticky top-0 z-10">
            <tr>
              <th scope="col" className={`${th} w-10 text-right`}>
                #
              </th>
              <th scope="col" className={`${th} min-w-48`}>
                Company
              </th>
              <th scope="col" className={`${th} w-28`}>
                Similarity
              </th>
              <th scope="col" className={`${th} min-w-64`}>
                Why it is similar
              </th>
              {RANKED_COLUMNS.map((id) => (
                <th key={id} scope="col" className={th}>
                  {COLUMN_BY_ID.get(id)?.header ?? id}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {shown.map((uuid) => {
              const score = scores?.[uuid];
              const named = names.get(uuid);
              const isNew = added.has(uuid);
              return (
                <tr key={uuid} data-new={isNew || undefined} className="hover:bg-slate-50">
                  <td className={`${td} text-right text-slate-500 tabular-nums`}>{rankOf.get(uuid)}</td>
                  <td className={td}>
                    <span className="flex items-center gap-2">
                      <Link
                        to="/companies/$companyId"
                        params={{ companyId: uuid }}
                        className="font-medium text-slate-900 hover:text-indigo-600 hover:underline focus-visible:outline-2 focus-visible:outline-indigo-600"
                      >
                        {named?.name ?? <span className="font-mono text-xs">{uuid}</span>}
                      </Link>
                      {isNew && <NewBadge />}
                    </span>
                    {named?.website && (
                      <div className="text-xs text-slate-500">{displayUrl(named.website)}</div>
                    )}
                  </td>
                  <td className={td}>{score ? <SimilarityBar score={score.score} /> : <Missing />}</td>
                  <td className={td}>
                    {score && score.reasons.length > 0 ? (
                      <ul className="flex flex-col gap-0.5 text-xs leading-5 text-slate-700">
                        {score.reasons.map((r) => (
                          <li key={r}>{r}</li>
                        ))}
                      </ul>
                    ) : (
                      <Missing />
                    )}
                  </td>
                  {RANKED_COLUMNS.map((id) => (
                    <td key={id} className={`${td} text-slate-700`}>
                      {score?.cells[id] ?? <Missing />}
                    </td>
                  ))}
                </tr>
              );
            })}
          </tbody>
        </table>
        {shown.length === 0 && <div className="px-6 py-8 text-sm">{empty}</div>}
      </div>
      {paging && (
        <Pager
          noun="companies"
          offset={paging.offset}
          pageSize={paging.pageSize}
          total={paging.total}
          onOffsetChange={paging.onOffsetChange}
          className="border-t border-slate-200 px-3 py-2"
        />
      )}
    </div>
  );
}
