/**
 * Product reviews (spec endpoint 4). Without `products`: the company's catalog, free. With
 * `products`: per product its ratings, distributions, pros, cons, pricing and a page of reviews
 * (`limit` per product, default 0), charged by `reviewsCallCost` (decisions section 7).
 */
import { type Product, ProductReviewsQuery, type ProductReviewsResponse } from '../../contract/api';
import { reviewsCallCost } from '../../contract/pricing';
import type { ServiceContext } from '../context';
import { invalid, parseOrThrow } from '../problem';
import { resolveSignalCompany, signalEnv } from '../signals/company';
import { productCatalog, productPlans, productWithReviews } from '../signals/product-reviews';
import { type ApiKey, charge } from '../store/keys';
import { chargeOrThrow } from './charge';

export function productReviews(
  ctx: ServiceContext,
  key: ApiKey,
  query: Record<string, unknown>,
): ProductReviewsResponse {
  const q = parseOrThrow(ProductReviewsQuery, query);
  const company = resolveSignalCompany(ctx.db, q.company);
  if (q.products.length === 0) {
    charge(ctx.db, key.id, 'company.product-reviews', 0);
    return {
      data: { uuid: company.uuid, product_reviews: productCatalog(company) },
      limit: q.limit,
      offset: q.offset,
      credits_consumed: 0,
    };
  }
  const env = signalEnv(ctx.db);
  const plans = new Map(productPlans(company, env).map((p) => [p.product.id, p]));
  const wanted = [...new Set(q.products)];
  const unknown = wanted.filter((id) => !plans.has(id));
  if (unknown.length > 0) {
    throw invalid(
      unknown.map((id) => ({ path: 'products', message: `unknown product id "${id}" for ${company.uuid}` })),
      `${company.name} has no product${unknown.length > 1 ? 's' : ''} ${unknown.map((id) => `"${id}"`).join(', ')}; call without products for its catalog.`,
    );
  }
  const products: Product[] = wanted.map((id) =>
    productWithReviews(company, env, plans.get(id)!, q.offset, q.limit),
  );
  const returned = products.reduce((n, p) => n + (p.reviews?.data.length ?? 0), 0);
  const cost = reviewsCallCost(returned);
  chargeOrThrow(ctx, key, 'company.product-reviews', cost);
  return {
    data: { uuid: company.uuid, product_reviews: products },
    limit: q.limit,
    offset: q.offset,
    credits_consumed: cost,
  };
}
