/**
 * Product reviews (service endpoint 4, docs/api.md). Without `products`: the company's catalog, free. With
 * `products`: per product its ratings, distributions, pros, cons, pricing and a page of reviews
 * (`limit` per product, default 0), charged 1.5 per started block of 50 reviews returned, all
 * products together (docs/product-rules.md, section 7): a page of no reviews costs nothing.
 */
import { type Product, ProductReviewsQuery, type ProductReviewsResponse } from '../../contract/api';
import { reviewsCost } from '../../contract/pricing';
import type { ServiceContext } from '../context';
import { findSignalCompany, type SignalCompany, signalEnv, unknownCompany } from '../signals/company';
import {
  type ProductPlan,
  productCatalog,
  productPlans,
  productWithReviews,
} from '../signals/product-reviews';
import { type ApiKey, charge } from '../store/keys';
import { chargeOrThrow } from './charge';
import { parseChecked, rawStrings, type ServiceCheck } from './validate';

export function productReviews(
  ctx: ServiceContext,
  key: ApiKey,
  query: Record<string, unknown>,
): ProductReviewsResponse {
  const env = signalEnv(ctx.db);
  // Product ids can only be checked against the company's catalog, so the company is resolved
  // beside the schema: `limit=51` and an unknown id are named in one 400. An unknown company is a
  // 404 once the parameters are valid.
  let company: SignalCompany | undefined;
  let plans = new Map<string, ProductPlan>();
  let unknownIds: string[] = [];
  const unknownProducts: ServiceCheck = (raw, reported) => {
    if (typeof raw.company !== 'string' || reported.has('company')) return [];
    company = findSignalCompany(ctx.db, raw.company);
    const ids = rawStrings(raw.products).filter(
      ({ item, index }) => item !== '' && !reported.has(`products.${index}`),
    );
    if (!company || ids.length === 0) return [];
    plans = new Map(productPlans(company, env).map((p) => [p.product.id, p]));
    unknownIds = [...new Set(ids.map(({ item }) => item))].filter((id) => !plans.has(id));
    const uuid = company.uuid;
    return unknownIds.map((id) => ({ path: 'products', message: `unknown product id "${id}" for ${uuid}` }));
  };
  const q = parseChecked(ProductReviewsQuery, query, unknownProducts, (errors) =>
    company && unknownIds.length === errors.length
      ? `${company.name} has no product${unknownIds.length > 1 ? 's' : ''} ${unknownIds.map((id) => `"${id}"`).join(', ')}; call without products for its catalog.`
      : undefined,
  );
  if (!company) throw unknownCompany(q.company);
  const found = company;

  if (q.products.length === 0) {
    charge(ctx.db, key.id, 'company.product-reviews', 0);
    return {
      data: { uuid: found.uuid, product_reviews: productCatalog(found) },
      limit: q.limit,
      offset: q.offset,
      credits_consumed: 0,
    };
  }
  const products: Product[] = [...new Set(q.products)].map((id) =>
    productWithReviews(found, env, plans.get(id)!, q.offset, q.limit),
  );
  const returned = products.reduce((n, p) => n + (p.reviews?.data.length ?? 0), 0);
  const cost = reviewsCost(returned);
  chargeOrThrow(ctx, key, 'company.product-reviews', cost);
  return {
    data: { uuid: found.uuid, product_reviews: products },
    limit: q.limit,
    offset: q.offset,
    credits_consumed: cost,
  };
}
