import type { Product, ProductReview } from '@contract/api';
import { Checkbox } from '@/components/ui/checkbox';
import { formatCount, formatDate, formatRating, humanize } from '@/lib/format';
import { Block, EmptyState, Missing } from '../panel-states';
import { StarDistribution, Stars } from '../ratings';

/** The catalog: every product with a checkbox; choosing products loads their reviews. */
export function ProductCatalogView({
  products,
  selected,
  onToggle,
}: {
  products: readonly Product[];
  selected: readonly string[];
  onToggle: (id: string, on: boolean) => void;
}) {
  if (products.length === 0) return <EmptyState title="No products listed for this company" />;
  return (
    <fieldset>
      <legend className="mb-2 text-sm font-medium text-slate-700">
        Choose products to see their ratings and reviews
      </legend>
      <ul className="grid gap-2 md:grid-cols-2">
        {products.map((p) => (
          <li key={p.id} className="rounded-lg border border-slate-200 bg-white px-3 py-2">
            <Checkbox
              checked={selected.includes(p.id)}
              onCheckedChange={(on) => onToggle(p.id, on)}
              label={<span className="font-medium text-slate-900">{p.product_name || p.id}</span>}
              hint={p.main_category || undefined}
            />
            {p.description && (
              <p className="mt-0.5 ml-6 line-clamp-2 text-xs leading-5 text-slate-500">{p.description}</p>
            )}
          </li>
        ))}
      </ul>
    </fieldset>
  );
}

/** One chosen product: ratings and star distribution per provider, pros and cons, pricing, reviews. */
export function ProductDetailView({ product: p, offset }: { product: Product; offset: number }) {
  const rating = p.rating ?? {};
  const providers = Object.keys({ ...rating, ...(p.star_distribution ?? {}) }).sort();
  const reviews = p.reviews;
  return (
    <article aria-label={p.product_name} className="rounded-lg border border-slate-200 bg-white p-4">
      <header className="mb-4">
        <h2 className="text-base font-semibold text-slate-900">{p.product_name}</h2>
        <p className="text-xs text-slate-500">
          {[p.main_category, ...p.categories.filter((c) => c !== p.main_category)]
            .filter(Boolean)
            .join(' · ')}
        </p>
      </header>
      {/* Ratings and pricing share a column: the pros and cons run long, and three columns
          left two of them mostly empty. */}
      <div className="grid gap-4 lg:grid-cols-2">
        <div className="flex flex-col gap-4">
          <Block title="Ratings by provider">
            {providers.length === 0 ? (
              <p className="text-sm text-slate-500">No ratings yet.</p>
            ) : (
              <ul className="space-y-4">
                {providers.map((prov) => {
                  const r = rating[prov];
                  const dist = p.star_distribution?.[prov];
                  return (
                    <li key={prov}>
                      <p className="mb-1 flex items-center gap-2 text-sm">
                        <span className="font-medium text-slate-900">{humanize(prov)}</span>
                        {r !== undefined ? (
                          <>
                            <Stars value={r} />
                            <span className="tabular-nums text-slate-700">{formatRating(r)}</span>
                          </>
                        ) : (
                          <Missing label="No rating" />
                        )}
                        {reviews?.total_by_provider[prov] !== undefined && (
                          <span className="ml-auto text-xs text-hint">
                            {formatCount(reviews.total_by_provider[prov] ?? 0)} reviews
                          </span>
                        )}
                      </p>
                      {dist && (
                        <StarDistribution label={`${humanize(prov)} star distribution`} counts={dist} />
                      )}
                    </li>
                  );
                })}
              </ul>
            )}
          </Block>
          <Block title="Pricing">
            {(p.pricing ?? []).length === 0 ? (
              <p className="text-sm text-slate-500">No pricing published.</p>
            ) : (
              <ul className="space-y-2 text-sm">
                {(p.pricing ?? []).map((pr) => (
                  <li key={`${pr.plan}-${pr.price}`}>
                    <p className="flex items-baseline justify-between gap-2">
                      <span className="font-medium text-slate-900">{pr.plan || <Missing />}</span>
                      <span className="tabular-nums text-slate-700">
                        {pr.price || <Missing />}
                        {pr.billing_period && (
                          <span className="text-xs text-slate-500"> / {pr.billing_period}</span>
                        )}
                      </span>
                    </p>
                    {pr.description && <p className="text-xs text-slate-500">{pr.description}</p>}
                  </li>
                ))}
              </ul>
            )}
          </Block>
        </div>
        <Block title="Pros and cons">
          <PointList title="Pros" points={p.pros_list ?? []} tone="good" />
          <div className="mt-3" />
          <PointList title="Cons" points={p.cons_list ?? []} tone="bad" />
        </Block>
      </div>
      <section aria-label={`Reviews of ${p.product_name}`} className="mt-4">
        <h3 className="mb-2 flex items-baseline justify-between text-sm font-semibold text-slate-900">
          Reviews
          {reviews && reviews.total > 0 && (
            <span className="text-xs font-normal text-slate-500 tabular-nums">
              {formatCount(Math.min(offset + 1, reviews.total))}–
              {formatCount(Math.min(offset + reviews.data.length, reviews.total))} of{' '}
              {formatCount(reviews.total)}
            </span>
          )}
        </h3>
        {!reviews || reviews.data.length === 0 ? (
          <p className="text-sm text-slate-500">
            {offset > 0 ? 'No more reviews of this product.' : 'No reviews of this product.'}
          </p>
        ) : (
          <ul className="space-y-3">
            {reviews.data.map((r) => (
              <ProductReviewItem key={`${r.provider}-${r.review_id}`} review={r} />
            ))}
          </ul>
        )}
      </section>
    </article>
  );
}

function PointList({
  title,
  points,
  tone,
}: {
  title: string;
  points: readonly { text: string; mentions: number; provider: string }[];
  tone: 'good' | 'bad';
}) {
  return (
    <div>
      <h3 className="mb-1 text-xs font-semibold tracking-wide text-slate-500 uppercase">{title}</h3>
      {points.length === 0 ? (
        <p className="text-sm text-slate-500">None listed.</p>
      ) : (
        <ul className="space-y-1 text-sm">
          {points.map((pt, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: two providers may list the same point
            <li key={i} className="flex gap-2">
              <span aria-hidden="true" className={tone === 'good' ? 'text-emerald-600' : 'text-rose-600'}>
                {tone === 'good' ? '+' : '−'}
              </span>
              <span className="text-slate-700">
                {pt.text}
                <span className="ml-1 text-xs text-hint">
                  {formatCount(pt.mentions)} {pt.mentions === 1 ? 'mention' : 'mentions'} ·{' '}
                  {humanize(pt.provider)}
                </span>
              </span>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

function ProductReviewItem({ review: r }: { review: ProductReview }) {
  const date = formatDate(r.publish_date);
  return (
    <li
      className="rounded-md border border-slate-100 bg-slate-50/60 p-3 text-sm"
      data-testid="product-review"
    >
      <p className="flex flex-wrap items-center gap-x-2 gap-y-1">
        <Stars value={r.review_rating} />
        <span className="font-medium text-slate-900">{r.review_title || 'Untitled review'}</span>
        <span className="ml-auto text-xs text-slate-500">
          {[humanize(r.provider), r.reviewer_company_size, date].filter(Boolean).join(' · ')}
        </span>
      </p>
      {r.review_question_answers.length > 0 ? (
        <dl className="mt-2 space-y-1.5">
          {r.review_question_answers.map((qa, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: a question may repeat
            <div key={i}>
              <dt className="text-xs font-medium text-slate-500">{qa.question}</dt>
              <dd className="leading-6 text-slate-700">{qa.answer || <Missing label="No answer" />}</dd>
            </div>
          ))}
        </dl>
      ) : (
        r.review_content && <p className="mt-2 leading-6 text-slate-700">{r.review_content}</p>
      )}
      {/^https?:\/\//i.test(r.review_link) && (
        <a
          href={r.review_link}
          target="_blank"
          rel="noreferrer noopener"
          className="mt-1 inline-block text-xs text-indigo-600 hover:underline"
        >
          Read on {humanize(r.provider)}
        </a>
      )}
    </li>
  );
}
