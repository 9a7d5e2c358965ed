import { useQuery } from '@tanstack/react-query';
import { Link, useNavigate, useSearch } from '@tanstack/react-router';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { lookalikesQueryOptions } from '../api/find-lookalikes';
import { lookalikeRequestOf } from '../lookalike-request';

/**
 * Above the lookalikes, in place of the Describe box: the seed companies (named once an answer
 * has named them), how the ranking works, and the way back to an ordinary list.
 */
export function LookalikeSeeds() {
  const search = useSearch({ from: '/' });
  const navigate = useNavigate({ from: '/' });
  const req = lookalikeRequestOf(search);
  // An observer of the results' run: it never runs itself.
  const { data } = useQuery({ ...lookalikesQueryOptions(req ?? { seeds: [] }), enabled: false });
  const like = search.like ?? [];
  const named = data?.seed_companies;
  const n = named?.length ?? like.length;
  const leave = () =>
    void navigate({
      // The filters stay: the lookalikes' filters become an ordinary list.
      search: (prev) => ({ ...prev, like: undefined, page: undefined }),
      resetScroll: false,
    });
  return (
    <section
      aria-labelledby="lookalike-seeds-heading"
      className="flex flex-wrap items-start justify-between gap-3 rounded-lg border border-indigo-100 bg-indigo-50/60 px-4 py-3"
    >
      {/* At least 16 rem wide: where there is less room, the button goes under it. */}
      <div className="min-w-0 grow basis-64">
        <h2 id="lookalike-seeds-heading" className="text-sm font-semibold text-slate-900">
          More like {n === 1 ? 'this company' : `these ${n} companies`}
        </h2>
        <ul className="mt-2 flex flex-wrap gap-1.5" aria-label="Your companies">
          {named
            ? named.map((s) => (
                <li key={s.uuid}>
                  <Link
                    to="/companies/$companyId"
                    params={{ companyId: s.uuid }}
                    className="inline-flex min-h-6 items-center rounded-full border border-indigo-200 bg-white px-2.5 text-xs font-medium text-indigo-800 hover:border-indigo-400 hover:underline focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-indigo-600"
                  >
                    {s.name}
                  </Link>
                </li>
              ))
            : like.map((id) => (
                <li key={id}>
                  <Skeleton className="h-6 w-24 rounded-full" />
                </li>
              ))}
        </ul>
        <p className="mt-2 max-w-3xl text-xs leading-5 text-slate-600">
          {data?.ranking === 'filters'
            ? 'Found with the filters derived from your companies’ industry, business model and size, in the service’s order. Widen or narrow them under Filters, then run again.'
            : 'Ranked by how alike they are in industry, size, business model, customers, money, funding, place and technology, each weighed by how much your companies agree on it. Widen or narrow them under Filters, then re-rank.'}
        </p>
      </div>
      <Button
        variant="secondary"
        size="compact"
        onClick={leave}
        title="Keeps these filters as an ordinary list"
      >
        Leave lookalikes
      </Button>
    </section>
  );
}
