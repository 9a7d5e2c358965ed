import type { EmployeeReview } from '@contract/api';
import { EMPLOYEE_RATING_TYPES, FRACTION_RATING_TYPES } from '@contract/employee-ratings';
import { formatCount, formatDate, formatRating, humanize } from '@/lib/format';
import type { EmployeeReviewsData } from '../../api/get-employee-reviews';
import { Block, EmptyState } from '../panel-states';
import { ScaleBar, Stars } from '../ratings';

const RATING_LABELS: Readonly<Record<string, string>> = {
  business_outlook: 'Positive business outlook',
  ceo: 'Approve of CEO',
  recommend_to_friend: 'Recommend to a friend',
  compensation_and_benefits: 'Compensation and benefits',
  culture_and_values: 'Culture and values',
  diversity_and_inclusion: 'Diversity and inclusion',
  senior_management: 'Senior management',
  work_life_balance: 'Work-life balance',
  career_opportunities: 'Career opportunities',
};

const isFraction = (type: string) => (FRACTION_RATING_TYPES as readonly string[]).includes(type);

/** Known dimensions in the spec's order, then any the service adds. */
function dimensionOrder(types: readonly string[]): string[] {
  const known = EMPLOYEE_RATING_TYPES.filter((t) => types.includes(t));
  return [...known, ...types.filter((t) => !(EMPLOYEE_RATING_TYPES as readonly string[]).includes(t)).sort()];
}

/** Employees: overall rating per provider, each dimension on its own scale, and a page of reviews. */
export function EmployeesView({ data, offset }: { data: EmployeeReviewsData; offset: number }) {
  const providers = [
    ...new Set([...Object.keys(data.overall_rating), ...data.other_ratings.map((r) => r.provider)]),
  ].sort();
  const reviews = data.reviews;
  if (providers.length === 0 && reviews.total === 0)
    return <EmptyState title="No employee reviews for this company" />;
  return (
    <div className="space-y-4">
      {/* Three providers side by side where there is room, rather than a lone card on a second row. */}
      <div className={`grid gap-4 lg:grid-cols-2 ${providers.length >= 3 ? 'xl:grid-cols-3' : ''}`}>
        {providers.map((prov) => {
          const overall = data.overall_rating[prov];
          const dims = data.other_ratings.filter((r) => r.provider === prov);
          return (
            <Block
              key={prov}
              title={humanize(prov)}
              aside={
                reviews.total_by_provider[prov] !== undefined ? (
                  <span className="text-xs text-slate-500">
                    {formatCount(reviews.total_by_provider[prov] ?? 0)} reviews
                  </span>
                ) : undefined
              }
            >
              <p className="mb-3 flex items-center gap-2">
                {overall !== undefined ? (
                  <>
                    <span className="text-2xl font-semibold text-slate-900 tabular-nums">
                      {formatRating(overall)}
                    </span>
                    <Stars value={overall} size="md" />
                    <span className="text-xs text-slate-500">overall</span>
                  </>
                ) : (
                  <span className="text-sm text-slate-500">No overall rating</span>
                )}
              </p>
              {dims.length === 0 ? (
                <p className="text-sm text-slate-500">No ratings by dimension.</p>
              ) : (
                <div className="space-y-2.5">
                  {dimensionOrder(dims.map((d) => d.type)).map((type) => {
                    const d = dims.find((x) => x.type === type);
                    if (!d) return null;
                    return (
                      <ScaleBar
                        key={type}
                        label={RATING_LABELS[type] ?? humanize(type)}
                        value={d.value}
                        scale={isFraction(type) ? 'fraction' : 'five'}
                      />
                    );
                  })}
                </div>
              )}
            </Block>
          );
        })}
      </div>
      <section aria-label="Employee reviews">
        <h2 className="mb-2 text-sm font-semibold text-slate-900">Reviews</h2>
        {reviews.data.length === 0 ? (
          <EmptyState
            title={offset > 0 ? 'No more employee reviews' : 'No employee reviews for this company'}
          />
        ) : (
          <ul className="space-y-3">
            {reviews.data.map((r) => (
              <EmployeeReviewItem key={`${r.provider}-${r.id}`} review={r} />
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}

const REVIEW_DIMENSIONS = [
  ['career_opportunities_rating', 'Career opportunities'],
  ['compensation_and_benefits_rating', 'Compensation and benefits'],
  ['culture_and_values_rating', 'Culture and values'],
  ['diversity_and_inclusion_rating', 'Diversity and inclusion'],
  ['senior_management_rating', 'Senior management'],
  ['work_life_balance_rating', 'Work-life balance'],
] as const;

function EmployeeReviewItem({ review: r }: { review: EmployeeReview }) {
  const date = formatDate(r.review_date);
  const status = [
    r.is_current_employee ? 'Current employee' : 'Former employee',
    r.employment_status ? humanize(r.employment_status) : null,
    r.years_of_employment > 0
      ? `${formatCount(r.years_of_employment)} yr${r.years_of_employment === 1 ? '' : 's'}`
      : null,
  ].filter(Boolean);
  const dims = REVIEW_DIMENSIONS.filter(([k]) => r[k] !== null);
  return (
    <li className="rounded-lg border border-slate-200 bg-white p-4 text-sm" data-testid="employee-review">
      <p className="flex flex-wrap items-center gap-x-2 gap-y-1">
        <Stars value={r.rating} />
        <span className="font-medium text-slate-900">{r.summary || 'No summary'}</span>
        <span className="ml-auto text-xs text-slate-500">
          {[humanize(r.provider), date].filter(Boolean).join(' · ')}
        </span>
      </p>
      <p className="mt-1 text-xs text-slate-500">
        {[r.job_title || 'Role not given', ...status, [r.location, r.country_code].filter(Boolean).join(', ')]
          .filter(Boolean)
          .join(' · ')}
      </p>
      <div className="mt-2 grid gap-3 md:grid-cols-2">
        <div>
          <p className="text-xs font-semibold text-emerald-700">Pros</p>
          <p className="leading-6 text-slate-700">
            {r.pros || <span className="text-hint">None given</span>}
          </p>
        </div>
        <div>
          <p className="text-xs font-semibold text-rose-700">Cons</p>
          <p className="leading-6 text-slate-700">
            {r.cons || <span className="text-hint">None given</span>}
          </p>
        </div>
      </div>
      {(dims.length > 0 || r.ceo_rating) && (
        <ul className="mt-2 flex flex-wrap gap-x-4 gap-y-1 text-xs text-slate-600">
          {dims.map(([k, label]) => (
            <li key={k}>
              {label}: <span className="font-medium tabular-nums">{r[k]}</span>/5
            </li>
          ))}
          {r.ceo_rating && <li>CEO: {humanize(r.ceo_rating)}</li>}
        </ul>
      )}
    </li>
  );
}
