import type { JobListing } from '@contract/api';
import { type ReactNode, useId, useState } from 'react';
import { Button } from '@/components/ui/button';
import { formatCount, formatDate, formatMoneyIn, humanize } from '@/lib/format';
import {
  ANY_JOB,
  countsByFunction,
  filterJobs,
  functionLabel,
  type JobsFilter,
  jobPlaces,
  type PlaceOption,
} from '../../jobs-filter';
import { Block, EmptyState } from '../panel-states';

const SENIORITY_LABELS: Readonly<Record<string, string>> = {
  internship: 'Internship',
  entry: 'Entry level',
  associate: 'Associate',
  mid_senior: 'Mid-senior',
  director: 'Director',
  executive: 'Executive',
};
const SOURCE_LABELS: Readonly<Record<string, string>> = { linkedin: 'LinkedIn', indeed: 'Indeed' };
const PERIODS: Readonly<Record<string, string>> = { year: 'a year', month: 'a month', hour: 'an hour' };

const selectClass =
  'h-8 rounded-md border border-slate-300 bg-white pr-7 pl-2 text-sm text-slate-800 focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-indigo-600';

/** "€65K–€78K a year" of a listing's pay, when it is known. */
function payOf(c: NonNullable<JobListing['compensation']>): string {
  const range =
    c.min === c.max
      ? formatMoneyIn(c.min, c.currency)
      : `${formatMoneyIn(c.min, c.currency)}–${formatMoneyIn(c.max, c.currency)}`;
  return `${range} ${PERIODS[c.period] ?? `per ${c.period}`}`;
}

function placeLabel(o: PlaceOption): string {
  return `${o.label} (${formatCount(o.count)})`;
}

/**
 * Jobs: the open roles loaded so far (newest first) with their function, seniority, place, date and
 * source; filtered by function and by place; and how many roles each function has, in the chosen
 * place. `total` is every open role of the company; `more` offers the next ones.
 */
export function JobsView({
  jobs,
  total,
  more,
}: {
  jobs: readonly JobListing[];
  total: number;
  more?: ReactNode;
}) {
  const id = useId();
  const [filter, setFilter] = useState<JobsFilter>(ANY_JOB);
  if (jobs.length === 0) return <EmptyState title="No open roles listed for this company" />;
  const places = jobPlaces(jobs);
  const functions = countsByFunction(jobs);
  const inPlace = countsByFunction(jobs, filter.place);
  const shown = filterJobs(jobs, filter);
  const most = Math.max(1, ...inPlace.map((f) => f.count));
  const loaded =
    jobs.length < total
      ? `the ${formatCount(jobs.length)} newest of ${formatCount(total)} open roles`
      : `all ${formatCount(total)} open ${total === 1 ? 'role' : 'roles'}`;
  return (
    <div className="space-y-4">
      <Block
        title="Open roles by function"
        aside={<span className="text-xs text-slate-500">Of {loaded}</span>}
      >
        {inPlace.length === 0 ? (
          <p className="text-sm text-slate-500">No role in this place.</p>
        ) : (
          <ul className="grid gap-x-8 gap-y-1.5 sm:grid-cols-2" aria-label="Open roles by function">
            {inPlace.map((f) => (
              <li
                key={f.fn}
                className="grid grid-cols-[9rem_1fr_2.5rem] items-center gap-3 text-sm"
                data-testid="function-count"
              >
                <span className="truncate text-slate-700">{f.label}</span>
                <span aria-hidden="true" className="h-2 rounded-full bg-slate-100">
                  <span
                    className="block h-2 rounded-full bg-indigo-500"
                    style={{ width: `${(f.count / most) * 100}%` }}
                  />
                </span>
                <span className="text-right text-slate-900 tabular-nums">{formatCount(f.count)}</span>
              </li>
            ))}
          </ul>
        )}
      </Block>

      <section aria-label="Open roles" className="rounded-lg border border-slate-200 bg-white">
        <div className="flex flex-wrap items-end gap-3 border-b border-slate-200 p-3">
          <div className="flex flex-col gap-1">
            <label htmlFor={`${id}-fn`} className="text-xs font-medium text-slate-600">
              Function
            </label>
            <select
              id={`${id}-fn`}
              value={filter.fn}
              onChange={(e) => setFilter((f) => ({ ...f, fn: e.target.value }))}
              className={selectClass}
            >
              <option value="">All functions ({formatCount(jobs.length)})</option>
              {functions.map((f) => (
                <option key={f.fn} value={f.fn}>
                  {f.label} ({formatCount(f.count)})
                </option>
              ))}
            </select>
          </div>
          <div className="flex flex-col gap-1">
            <label htmlFor={`${id}-place`} className="text-xs font-medium text-slate-600">
              Place
            </label>
            <select
              id={`${id}-place`}
              value={filter.place}
              onChange={(e) => setFilter((f) => ({ ...f, place: e.target.value }))}
              className={selectClass}
            >
              <option value="">Anywhere ({formatCount(jobs.length)})</option>
              {places.remote && <option value={places.remote.value}>{placeLabel(places.remote)}</option>}
              {places.countries.length > 0 && (
                <optgroup label="Countries">
                  {places.countries.map((o) => (
                    <option key={o.value} value={o.value}>
                      {placeLabel(o)}
                    </option>
                  ))}
                </optgroup>
              )}
              {places.cities.length > 0 && (
                <optgroup label="On site in">
                  {places.cities.map((o) => (
                    <option key={o.value} value={o.value}>
                      {placeLabel(o)}
                    </option>
                  ))}
                </optgroup>
              )}
            </select>
          </div>
          {(filter.fn !== '' || filter.place !== '') && (
            <Button size="compact" variant="ghost" onClick={() => setFilter(ANY_JOB)}>
              Clear filters
            </Button>
          )}
          <p
            className="ml-auto text-sm text-slate-600 tabular-nums"
            aria-live="polite"
            data-testid="jobs-shown"
          >
            {shown.length === jobs.length
              ? `${formatCount(jobs.length)} ${jobs.length === 1 ? 'role' : 'roles'}`
              : `${formatCount(shown.length)} of ${formatCount(jobs.length)} roles`}
          </p>
        </div>
        {shown.length === 0 ? (
          <p className="px-4 py-8 text-center text-sm text-slate-500">
            No role of this function in this place among {loaded}.
          </p>
        ) : (
          <section
            // A region that may scroll sideways: reached with Tab to scroll it by keyboard (WCAG 2.1.1).
            // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must take the focus
            tabIndex={0}
            aria-label="Open roles, scrollable"
            className="overflow-x-auto focus-visible:outline-2 focus-visible:outline-indigo-600"
          >
            <table className="w-full min-w-[48rem] text-sm">
              <caption className="sr-only">
                Open roles, newest first: function, seniority, place, date posted and where it is listed
              </caption>
              <thead className="bg-slate-50 text-left text-xs font-medium text-slate-500">
                <tr>
                  <th scope="col" className="px-3 py-2">
                    Role
                  </th>
                  <th scope="col" className="px-3 py-2">
                    Function
                  </th>
                  <th scope="col" className="px-3 py-2">
                    Seniority
                  </th>
                  <th scope="col" className="px-3 py-2">
                    Place
                  </th>
                  <th scope="col" className="px-3 py-2">
                    Posted
                  </th>
                  <th scope="col" className="px-3 py-2">
                    Source
                  </th>
                </tr>
              </thead>
              <tbody className="divide-y divide-slate-100 align-top">
                {shown.map((j) => (
                  <JobRow key={j.id} job={j} />
                ))}
              </tbody>
            </table>
          </section>
        )}
      </section>
      {more}
    </div>
  );
}

function JobRow({ job: j }: { job: JobListing }) {
  const source = SOURCE_LABELS[j.source] ?? humanize(j.source);
  const details = [humanize(j.employment_type), j.compensation ? payOf(j.compensation) : null].filter(
    Boolean,
  );
  return (
    <tr data-testid="job">
      <th scope="row" className="max-w-72 px-3 py-2 text-left font-normal">
        <span className="font-medium text-slate-900">{j.title}</span>
        <span className="block text-xs text-slate-500">{details.join(' · ')}</span>
        {j.key_skills.length > 0 && (
          <span className="block text-xs text-slate-500">Skills: {j.key_skills.join(', ')}</span>
        )}
      </th>
      <td className="px-3 py-2 text-slate-700">{functionLabel(j.function)}</td>
      <td className="px-3 py-2 text-slate-700">{SENIORITY_LABELS[j.seniority] ?? humanize(j.seniority)}</td>
      <td className="px-3 py-2 text-slate-700">
        {j.location || '—'}
        {j.remote && !/remote/i.test(j.location) && (
          <span className="ml-1.5 rounded bg-emerald-50 px-1.5 py-0.5 text-xs text-emerald-800">Remote</span>
        )}
      </td>
      <td className="px-3 py-2 whitespace-nowrap text-slate-700 tabular-nums">
        {formatDate(j.posted_date) ?? 'Date unknown'}
      </td>
      <td className="px-3 py-2 whitespace-nowrap">
        {/^https?:\/\//i.test(j.url) ? (
          <a
            href={j.url}
            target="_blank"
            rel="noreferrer noopener"
            aria-label={`${source}: ${j.title}`}
            className="text-indigo-700 underline decoration-indigo-300 underline-offset-2 hover:decoration-indigo-700"
          >
            {source}
          </a>
        ) : (
          <span className="text-slate-700">{source}</span>
        )}
      </td>
    </tr>
  );
}
