/**
 * GET /api/v1/company/product-reviews: the product catalog (free, without `products`), and for
 * chosen products their ratings, star distributions, pros and cons, pricing and a page of reviews
 * (paid per started block of reviews returned).
 */
import type { Product } from '@contract/api';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { PAID_QUERY_DEFAULTS, type Paid, paidGet } from './paid-call';

export const PRODUCT_REVIEWS_PAGE = 5;

async function getProductCatalog(company: string, signal?: AbortSignal): Promise<Paid<Product[]>> {
  const res = await paidGet('company.productReviews', { company }, signal);
  return { ...res, body: res.body.data.product_reviews };
}

const productCatalogQueryOptions = (company: string) =>
  queryOptions({
    queryKey: ['company', company, 'products'],
    queryFn: ({ signal }) => getProductCatalog(company, signal),
    ...PAID_QUERY_DEFAULTS,
  });

export function useProductCatalog(company: string) {
  return useQuery(productCatalogQueryOptions(company));
}

async function getProductReviews(
  company: string,
  products: readonly string[],
  offset: number,
  signal?: AbortSignal,
): Promise<Paid<Product[]>> {
  const res = await paidGet(
    'company.productReviews',
    { company, products: [...products], limit: PRODUCT_REVIEWS_PAGE, offset },
    signal,
  );
  return { ...res, body: res.body.data.product_reviews };
}

const productReviewsQueryOptions = (company: string, products: readonly string[], offset: number) =>
  queryOptions({
    queryKey: ['company', company, 'product-reviews', [...products].sort(), offset],
    queryFn: ({ signal }) => getProductReviews(company, [...products].sort(), offset, signal),
    placeholderData: keepPreviousData,
    ...PAID_QUERY_DEFAULTS,
  });

export function useProductReviews(company: string, products: readonly string[], offset: number) {
  return useQuery({ ...productReviewsQueryOptions(company, products, offset), enabled: products.length > 0 });
}
