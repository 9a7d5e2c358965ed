/**
 * Product reviews (service endpoint 4, docs/api.md): the catalog is the company's `product_offering.products`; the
 * reviews are dealt from fixed totals so that every figure agrees with every other:
 *
 * - the company's review total is `trust_signal.review_count`, split over its products (flagship
 *   first) and each product's total over its providers (largest remainder);
 * - each provider's star distribution is dealt around `trust_signal.review_rating`, its `rating` is
 *   the distribution's mean, and review i of a product gets its provider and its stars from fixed
 *   shuffles of those counts, so the reviews of a provider carry exactly its distribution;
 * - review i is dated by its position (newest first) between the product's launch and today.
 *
 * Any page is computed alone (no review is stored), identical on every read.
 */
import type { Product, ProductReview } from '../../contract/api';
import { slugify } from '../dataset/names';
import { capitalise, inSentence } from '../dataset/phrases';
import { hashInts, hashString, type Rng } from '../dataset/random';
import {
  activeWindow,
  consumerScaleOf,
  employeesOf,
  industryNameOf,
  type SignalCompany,
  type SignalEnv,
  sectorOf,
  techFocusOf,
} from './company';
import {
  COMPANY_SIZE_BANDS,
  fill,
  REVIEW_BENEFITS,
  REVIEW_BENEFITS_NEGATIVE,
  REVIEW_DISLIKES,
  REVIEW_LIKES,
  REVIEW_TITLES,
  type ReviewKind,
  sectorTerms,
  type Tone,
  toneOf,
  type Vars,
} from './phrases';
import { apportion, blockOf, dayMs, itemRng, Shuffle, signalRng, spreadTime } from './rng';
import { countsList, ratingOf, type StarCounts, starCounts } from './stars';

type CatalogProduct = Pick<Product, 'id' | 'product_name' | 'main_category' | 'categories' | 'description'>;

/** Online product reviews in volume start around here; older companies' reviews start then too. */
const REVIEWABLE_FROM = '2010-01-01';

type Provider = { id: string; weight: number; rating: number; questions: readonly string[] | null };

const Q_G2 = [
  'What do you like best about {P}?',
  'What do you dislike about {P}?',
  'What problems is {P} solving and how is that benefiting you?',
];
const Q_CAPTERRA = ['Pros', 'Cons', 'Overall'];
const Q_TRUSTRADIUS = ['Use Cases and Deployment Scope', 'Pros', 'Cons'];
const Q_GARTNER = [
  'Overall Comment',
  'What do you like most about the product or service?',
  'What do you dislike most about the product or service?',
];
const Q_CLUTCH = [
  'What challenge were you trying to address?',
  'What did they do well?',
  'What could they improve?',
];

/** Where a product is reviewed depends on what it is and who buys it; `rating` shifts each site's mean. */
function providersOf(kind: ReviewKind, gtm: string, employees: number): Provider[] {
  switch (kind) {
    case 'business_software':
      return [
        { id: 'g2', weight: 0.45, rating: 0.05, questions: Q_G2 },
        { id: 'capterra', weight: 0.3, rating: 0.1, questions: Q_CAPTERRA },
        { id: 'trustradius', weight: 0.15, rating: -0.15, questions: Q_TRUSTRADIUS },
        ...(employees >= 200
          ? [{ id: 'gartner_peer_insights', weight: 0.1, rating: -0.05, questions: Q_GARTNER }]
          : []),
      ];
    case 'consumer_app':
      return [
        { id: 'apple_app_store', weight: 0.45, rating: 0.15, questions: null },
        { id: 'google_play', weight: 0.43, rating: -0.05, questions: null },
        { id: 'trustpilot', weight: 0.12, rating: -0.6, questions: null },
      ];
    case 'physical':
      return gtm === 'b2b'
        ? [
            { id: 'google_reviews', weight: 0.6, rating: 0, questions: null },
            { id: 'trustpilot', weight: 0.4, rating: -0.3, questions: null },
          ]
        : [
            { id: 'amazon', weight: 0.65, rating: 0.05, questions: null },
            { id: 'trustpilot', weight: 0.35, rating: -0.4, questions: null },
          ];
    case 'consumer_service':
      return [
        { id: 'google_reviews', weight: 0.55, rating: 0.1, questions: null },
        { id: 'trustpilot', weight: 0.3, rating: -0.4, questions: null },
        { id: 'yelp', weight: 0.15, rating: -0.3, questions: null },
      ];
    case 'service':
      return gtm === 'b2b'
        ? [
            { id: 'clutch', weight: 0.6, rating: 0.2, questions: Q_CLUTCH },
            { id: 'g2', weight: 0.2, rating: 0, questions: Q_G2 },
            { id: 'trustpilot', weight: 0.2, rating: -0.3, questions: null },
          ]
        : [
            { id: 'google_reviews', weight: 0.55, rating: 0.1, questions: null },
            { id: 'trustpilot', weight: 0.45, rating: -0.3, questions: null },
          ];
  }
}

function reviewKindOf(c: SignalCompany): ReviewKind {
  const offering = c.sections.business_model.offering_type.code;
  const gtm = c.sections.business_model.gtm_type.code;
  const consumer = gtm === 'b2c' || (gtm === 'b2b_and_b2c' && consumerScaleOf(c) >= 0.5);
  if (offering === 'hardware_manufacturing') return 'physical';
  if (offering === 'services') return consumer ? 'consumer_service' : 'service';
  // Shops, restaurants and venues are reviewed for the visit; apps and online services in stores.
  if (consumer && offering === 'digital_commerce_content' && techFocusOf(c) < 0.5) return 'consumer_service';
  return consumer ? 'consumer_app' : 'business_software';
}

export function productCatalog(c: SignalCompany): CatalogProduct[] {
  const industry = industryNameOf(c);
  return c.sections.product_offering.products.map((p) => ({
    id: p.id,
    product_name: p.name,
    main_category: p.category,
    categories: [...new Set([p.category, industry, c.sections.product_offering.product_category])],
    description: p.description,
  }));
}

// ---------------------------------------------------------------------------------------------
// Totals and distributions

type ProviderStats = { provider: Provider; total: number; counts: StarCounts; rating: number };

export type ProductPlan = {
  product: CatalogProduct;
  kind: ReviewKind;
  /** Per provider with at least one review, in provider order. */
  stats: ProviderStats[];
  total: number;
  startMs: number;
  endMs: number;
};

/** Reviews per product: the flagship takes the largest share of the company's review total. */
function productTotals(c: SignalCompany, env: SignalEnv): number[] {
  const products = c.sections.product_offering.products;
  const r = signalRng(env.seed, c.uuid, 'product-review-split');
  const weights = products.map((p, i) => (p.is_flagship ? 1 : 0.45 ** i) * (0.7 + 0.6 * r.next()));
  return apportion(c.sections.trust_signal.review_count, weights);
}

export function productPlans(c: SignalCompany, env: SignalEnv): ProductPlan[] {
  const catalog = productCatalog(c);
  const totals = productTotals(c, env);
  const kind = reviewKindOf(c);
  const base = c.sections.trust_signal.review_rating ?? 4;
  const providers = providersOf(kind, c.sections.business_model.gtm_type.code, employeesOf(c));
  const [windowStart, endMs] = activeWindow(c, env, REVIEWABLE_FROM);
  return catalog.map((product, pi) => {
    const r = signalRng(env.seed, c.uuid, `product-review-plan:${product.id}`);
    const total = totals[pi] ?? 0;
    const perProvider = apportion(
      total,
      providers.map((p) => p.weight * (0.75 + 0.5 * r.next())),
    );
    const productShift = pi === 0 ? 0 : r.normal(0, 0.2);
    const stats: ProviderStats[] = [];
    providers.forEach((provider, i) => {
      const n = perProvider[i] ?? 0;
      if (n === 0) return;
      const counts = starCounts(n, base + provider.rating + productShift + r.normal(0, 0.08));
      stats.push({ provider, total: n, counts, rating: ratingOf(counts)! });
    });
    const launched = c.sections.product_offering.products[pi]?.launched_year;
    const startMs = launched
      ? Math.min(endMs, Math.max(windowStart, dayMs(`${launched}-01-15`)))
      : windowStart;
    return { product, kind, stats, total, startMs, endMs };
  });
}

// ---------------------------------------------------------------------------------------------
// Pros, cons and pricing

const POINTS: Readonly<Record<ReviewKind, { pros: readonly string[]; cons: readonly string[] }>> = {
  business_software: {
    pros: ['Ease of use', 'Customer support', 'Integrations', 'Time savings', 'Reporting', 'Reliability'],
    cons: ['Pricing', 'Learning curve', 'Missing features', 'Slow performance', 'Limited customization'],
  },
  consumer_app: {
    pros: ['Easy to use', 'Clean design', 'Reliable sync', 'Good value', 'Helpful features'],
    cons: ['Subscription price', 'Too many ads', 'Crashes after updates', 'Battery drain', 'Slow support'],
  },
  physical: {
    pros: ['Build quality', 'Value for money', 'Easy setup', 'Design', 'Performance'],
    cons: ['Durability', 'Shipping delays', 'Unclear instructions', 'Warranty handling', 'Noise'],
  },
  consumer_service: {
    pros: ['Friendly staff', 'Value for money', 'Convenience', 'Fast service'],
    cons: ['Waiting times', 'Customer service', 'Refunds', 'Stock availability'],
  },
  service: {
    pros: ['Communication', 'Expertise', 'On-time delivery', 'Responsiveness', 'Quality of work'],
    cons: ['Cost', 'Timelines', 'Staff turnover', 'Slow responses', 'Scope changes'],
  },
};

function points(
  plan: ProductPlan,
  c: SignalCompany,
  env: SignalEnv,
  side: 'pros' | 'cons',
): Product['pros_list'] {
  const r = signalRng(env.seed, c.uuid, `product-points:${side}:${plan.product.id}`);
  const feature = capitalise(r.pick(sectorTerms(sectorOf(c)).features).replace(/^the /, ''));
  const labels = r.sample([feature, ...POINTS[plan.kind][side]], 4);
  const shares = [0.42, 0.27, 0.17, 0.1];
  const out: NonNullable<Product['pros_list']> = [];
  for (const s of plan.stats) {
    const [c1, c2, c3, c4, c5] = countsList(s.counts);
    // Praise comes from the happy reviews; complaints from the unhappy ones and some of the mixed.
    const pool =
      side === 'pros' ? c4 + c5 + Math.round(c3 / 2) : c1 + c2 + Math.round(c3 / 2) + Math.round(c4 / 5);
    labels.forEach((text, i) => {
      const mentions = Math.floor(pool * shares[i]! * (0.8 + 0.4 * r.next()));
      if (mentions > 0) out.push({ text, mentions, provider: s.provider.id });
    });
  }
  return out;
}

function pricing(c: SignalCompany): NonNullable<Product['pricing']> {
  const out: NonNullable<Product['pricing']> = [];
  for (const e of c.sections.business_model.pricing_details) {
    const amounts = e.description.match(/\$\d[\d,.]*/g) ?? [];
    const period = /per month|a month|\/month/.test(e.description)
      ? 'month'
      : /per year|annual/.test(e.description)
        ? 'year'
        : null;
    if (e.type.code === 'freemium') {
      out.push({ plan: 'Free', price: '$0', billing_period: null, description: e.description });
      if (amounts[0])
        out.push({
          plan: 'Paid plans',
          price: `from ${amounts[0]}`,
          billing_period: 'month',
          description: e.description,
        });
      continue;
    }
    const price =
      amounts.length >= 2
        ? `${amounts[0]}-${amounts[1]}`
        : amounts[0]
          ? `from ${amounts[0]}`
          : /%/.test(e.description)
            ? (e.description.match(/[\d.]+%/)?.[0] ?? 'Variable')
            : 'Contact vendor';
    out.push({ plan: e.title, price, billing_period: period, description: e.description });
  }
  return out;
}

// ---------------------------------------------------------------------------------------------
// Reviews

function reviewVars(c: SignalCompany, plan: ProductPlan, r: Rng): Vars {
  const terms = sectorTerms(sectorOf(c));
  const [f1, f2] = r.sample(terms.features, 2);
  const useCases = c.sections.product_offering.use_cases;
  return {
    P: plan.product.product_name,
    C: c.name,
    F: f1 ?? 'the core features',
    F2: f2 ?? 'the reporting',
    A: r.pick(terms.areas),
    N: String(r.int(2, 9)),
    // Never longer than the company has existed.
    Y: String(
      Math.max(
        1,
        Math.min(
          r.int(2, 9),
          Number(new Date(plan.endMs).getUTCFullYear()) - (c.sections.firmographic.founded_year ?? 2000),
        ),
      ),
    ),
    I: inSentence(industryNameOf(c)),
    U: (useCases.length > 0 ? r.pick(useCases) : plan.product.main_category).toLowerCase(),
  };
}

function sentence(s: string): string {
  return capitalise(s.trim());
}

function reviewerSize(kind: ReviewKind, c: SignalCompany, r: Rng): string {
  if (kind === 'consumer_app' || (kind === 'physical' && c.sections.business_model.gtm_type.code !== 'b2b'))
    return 'Individual';
  if (kind === 'consumer_service') return 'Individual';
  // Bigger vendors sell to bigger customers.
  const e = employeesOf(c);
  const w = e >= 1000 ? [0.2, 0.4, 0.4] : e >= 100 ? [0.4, 0.45, 0.15] : [0.7, 0.27, 0.03];
  return r.weighted(COMPANY_SIZE_BANDS, w);
}

function reviewLink(provider: string, c: SignalCompany, plan: ProductPlan, id: number, date: string): string {
  const slug = slugify(plan.product.product_name);
  const company = c.uuid.slice(7);
  switch (provider) {
    case 'g2':
      return `https://www.g2.com/products/${slug}/reviews/${slug}-review-${id}`;
    case 'capterra':
      return `https://www.capterra.com/p/${hashString(slug) % 900000}/${slug}/reviews/${id}/`;
    case 'trustradius':
      return `https://www.trustradius.com/reviews/${slug}-${date}-${id}`;
    case 'gartner_peer_insights':
      return `https://www.gartner.com/reviews/market/${slugify(industryNameOf(c))}/vendor/${company}/product/${slug}/review/view/${id}`;
    case 'apple_app_store':
      return `https://apps.apple.com/app/${slug}/id${1_000_000_000 + (hashString(slug) % 800_000_000)}?review=${id}`;
    case 'google_play':
      return `https://play.google.com/store/apps/details?id=com.${company.replace(/-/g, '')}.app&reviewId=${id}`;
    case 'amazon':
      return `https://www.amazon.com/gp/customer-reviews/R${id.toString(36).toUpperCase()}`;
    case 'clutch':
      return `https://clutch.co/profile/${company}#review-${id}`;
    case 'yelp':
      return `https://www.yelp.com/biz/${company}?hrid=${id.toString(36)}`;
    case 'google_reviews':
      return `https://www.google.com/maps/reviews/${company}?review=${id}`;
    default:
      return `https://www.trustpilot.com/reviews/${id.toString(16)}`;
  }
}

/**
 * Review `i`'s phrase from a bank: the bank dealt in a per-product, per-bank order (a bijection of
 * its entries), so reviews next to each other never share a title or a sentence, as independent
 * draws from a bank of five to eight did (two neighbours could read word for word alike).
 */
type Deal = (bank: readonly string[], name: string) => string;

function dealer(c: SignalCompany, env: SignalEnv, pid: string, tone: Tone, i: number): Deal {
  return (bank, name) => {
    const deal = new Shuffle(bank.length, signalRng(env.seed, c.uuid, `review-${name}:${pid}:${tone}`));
    return bank[deal.at(i % bank.length)] ?? '';
  };
}

function answers(
  provider: Provider,
  kind: ReviewKind,
  tone: Tone,
  vars: Vars,
  deal: Deal,
): { qa: { question: string; answer: string }[]; content: string } {
  const like = fill(deal(REVIEW_LIKES[kind][tone], 'like'), vars);
  const dislike = fill(deal(REVIEW_DISLIKES[kind][tone], 'dislike'), vars);
  const benefit = fill(
    deal(tone === 'negative' ? REVIEW_BENEFITS_NEGATIVE : REVIEW_BENEFITS, 'benefit'),
    vars,
  );
  if (!provider.questions) {
    const text = tone === 'negative' ? `${dislike} ${like}` : `${like} ${dislike}`;
    return { qa: [], content: sentence(text) };
  }
  const byQuestion: Record<string, string> = {
    'What do you like best about {P}?': like,
    'What do you dislike about {P}?': dislike,
    'What problems is {P} solving and how is that benefiting you?': benefit,
    Pros: like,
    Cons: dislike,
    Overall: benefit,
    'Use Cases and Deployment Scope': benefit,
    'Overall Comment': benefit,
    'What do you like most about the product or service?': like,
    'What do you dislike most about the product or service?': dislike,
    'What challenge were you trying to address?': benefit,
    'What did they do well?': like,
    'What could they improve?': dislike,
  };
  const qa = provider.questions.map((q) => ({
    question: fill(q, vars),
    answer: sentence(byQuestion[q] ?? like),
  }));
  return { qa, content: qa.map((x) => `${x.question}\n${x.answer}`).join('\n\n') };
}

/** Review `i` (0 = newest) of a product. */
export function productReviewAt(
  c: SignalCompany,
  env: SignalEnv,
  plan: ProductPlan,
  i: number,
): ProductReview {
  const pid = plan.product.id;
  const providerShuffle = new Shuffle(plan.total, signalRng(env.seed, c.uuid, `review-providers:${pid}`));
  const { block, offset } = blockOf(
    plan.stats.map((s) => s.total),
    providerShuffle.at(i),
  );
  const stat = plan.stats[block]!;
  const starShuffle = new Shuffle(
    stat.total,
    signalRng(env.seed, c.uuid, `review-stars:${pid}:${stat.provider.id}`),
  );
  const stars = blockOf(countsList(stat.counts), starShuffle.at(offset)).block + 1;
  const r = itemRng(env.seed, c.uuid, `product-review:${pid}`, i);
  const tone = toneOf(stars);
  const vars = reviewVars(c, plan, r);
  const when = spreadTime(i, plan.total, plan.startMs, plan.endMs, r.next());
  const date = new Date(when).toISOString();
  const reviewId = (hashInts(env.seed, hashString(`${c.uuid}:${pid}`)) % 900_000) * 100_000 + 100_000_000 + i;
  const deal = dealer(c, env, pid, tone, i);
  const { qa, content } = answers(stat.provider, plan.kind, tone, vars, deal);
  return {
    review_id: reviewId,
    review_title: sentence(fill(deal(REVIEW_TITLES[plan.kind][tone], 'title'), vars)),
    review_content: content,
    review_question_answers: qa,
    review_rating: stars,
    publish_date: date,
    reviewer_company_size: reviewerSize(plan.kind, c, r),
    review_link: reviewLink(stat.provider.id, c, plan, reviewId, date.slice(0, 10)),
    provider: stat.provider.id,
  };
}

/** A product with its ratings, points, pricing and one page of reviews. */
export function productWithReviews(
  c: SignalCompany,
  env: SignalEnv,
  plan: ProductPlan,
  offset: number,
  limit: number,
): Product {
  const data: ProductReview[] = [];
  for (let i = offset; i < Math.min(plan.total, offset + limit); i++)
    data.push(productReviewAt(c, env, plan, i));
  return {
    ...plan.product,
    rating: Object.fromEntries(plan.stats.map((s) => [s.provider.id, s.rating])),
    star_distribution: Object.fromEntries(plan.stats.map((s) => [s.provider.id, { ...s.counts }])),
    pros_list: points(plan, c, env, 'pros'),
    cons_list: points(plan, c, env, 'cons'),
    pricing: pricing(c),
    reviews: {
      data,
      total: plan.total,
      total_by_provider: Object.fromEntries(plan.stats.map((s) => [s.provider.id, s.total])),
    },
  };
}
