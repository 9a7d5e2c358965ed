/**
 * Coherence of the generated signals over many generated companies: totals add up, ratings are the
 * means of their distributions, reviews carry exactly those stars, dates fall between founding and
 * today, reads are deterministic, volume follows size, and news copies collapse by story.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { EmployeeReview, NewsArticle, Post, ProductReview } from '../../contract/api';
import { countryByCode } from '../../contract/geo';
import { generateCompanies } from '../dataset/generate';
import { DEFAULT_TODAY } from '../dataset/plan';
import type { SignalCompany, SignalEnv } from './company';
import { employeePlan, employeeReviewAt, employeeReviewsPage, employeeSummary } from './employee-reviews';
import { companyArticles, companyStories, selectArticles } from './news';
import { EMPLOYEE_SUMMARIES, REVIEW_TITLES, toneOf } from './phrases';
import { postAt, postsPage, postsPlan } from './posts';
import { productPlans, productReviewAt, productWithReviews } from './product-reviews';
import { apportion, Shuffle, signalRng } from './rng';
import { countsList, ratingOf, starCounts, totalOf } from './stars';

const env: SignalEnv = { seed: 11, today: DEFAULT_TODAY };
const END = Date.parse(`${DEFAULT_TODAY}T23:59:59Z`);

const companies: SignalCompany[] = [...generateCompanies({ seed: env.seed, count: 1500 })].map((c, idx) => ({
  idx,
  uuid: c.uuid,
  name: c.name,
  website: c.website,
  domain: c.domain,
  sections: c.sections,
}));

const anyCompany = fc.integer({ min: 0, max: companies.length - 1 }).map(
  (i) => companies[i]!,
  (c) => (c as SignalCompany).idx,
);
const RUNS = { numRuns: 120 };

function foundedMs(c: SignalCompany): number {
  return Date.UTC(c.sections.firmographic.founded_year!, 0, 1);
}

/** Counts one review's stars under its provider. */
function tally(seen: Record<string, number[]>, provider: string, stars: number): void {
  const counts = seen[provider] ?? [0, 0, 0, 0, 0];
  counts[stars - 1]! += 1;
  seen[provider] = counts;
}

function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)] ?? 0;
}

describe('building blocks', () => {
  it('Shuffle is a bijection of 0..n-1', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 3000 }), fc.integer(), (n, seed) => {
        const sh = new Shuffle(n, signalRng(seed, 'x', 'y'));
        const seen = new Set<number>();
        for (let j = 0; j < n; j++) seen.add(sh.at(j));
        expect(seen.size).toBe(n);
        expect(Math.max(...seen)).toBe(n - 1);
      }),
    );
  });

  it('apportion splits exactly and starCounts hits its target mean', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 100_000 }),
        fc.array(fc.double({ min: 0.01, max: 5, noNaN: true }), { minLength: 1, maxLength: 6 }),
        fc.double({ min: 1.5, max: 4.8, noNaN: true }),
        (n, weights, target) => {
          expect(apportion(n, weights).reduce((s, x) => s + x, 0)).toBe(n);
          const counts = starCounts(n, target);
          expect(totalOf(counts)).toBe(n);
          if (n >= 200) expect(Math.abs(ratingOf(counts)! - target)).toBeLessThan(0.25);
        },
      ),
    );
  });
});

describe('product reviews', () => {
  it('totals add up and each rating is the mean of its star distribution', () => {
    fc.assert(
      fc.property(anyCompany, (c) => {
        const plans = productPlans(c, env);
        expect(plans.reduce((s, p) => s + p.total, 0)).toBe(c.sections.trust_signal.review_count);
        for (const plan of plans) {
          const p = productWithReviews(c, env, plan, 0, 0);
          const byProvider = Object.values(p.reviews!.total_by_provider);
          expect(byProvider.reduce((s, x) => s + x, 0)).toBe(p.reviews!.total);
          for (const [provider, dist] of Object.entries(p.star_distribution!)) {
            const n = dist[1] + dist[2] + dist[3] + dist[4] + dist[5];
            expect(n).toBe(p.reviews!.total_by_provider[provider]);
            const mean = (dist[1] + 2 * dist[2] + 3 * dist[3] + 4 * dist[4] + 5 * dist[5]) / n;
            expect(Math.abs(p.rating![provider]! - mean)).toBeLessThanOrEqual(0.05 + 1e-9);
          }
        }
      }),
      RUNS,
    );
  });

  it('the reviews of each provider carry exactly its distribution, newest first, founded..today', () => {
    const small = companies.filter((c) => {
      const t = c.sections.trust_signal.review_count;
      return t > 0 && t <= 400;
    });
    expect(small.length).toBeGreaterThan(50);
    for (const c of small.slice(0, 60)) {
      for (const plan of productPlans(c, env)) {
        const p = productWithReviews(c, env, plan, 0, plan.total);
        const reviews = p.reviews!.data;
        expect(reviews).toHaveLength(plan.total);
        const seen: Record<string, number[]> = {};
        let last = Number.POSITIVE_INFINITY;
        for (const r of reviews) {
          ProductReview.parse(r);
          tally(seen, r.provider, r.review_rating);
          const at = Date.parse(r.publish_date);
          expect(at).toBeLessThanOrEqual(last);
          expect(at).toBeGreaterThanOrEqual(foundedMs(c));
          expect(at).toBeLessThanOrEqual(END);
          last = at;
          // The title's tone follows the stars.
          expect(REVIEW_TITLES[plan.kind][toneOf(r.review_rating)].length).toBeGreaterThan(0);
          expect(`${r.review_title} ${r.review_content}`).not.toMatch(/[{}]|undefined/);
        }
        for (const [provider, dist] of Object.entries(p.star_distribution!)) {
          expect(seen[provider]).toEqual(countsList(dist));
        }
        expect(new Set(reviews.map((r) => r.review_id)).size).toBe(reviews.length);
      }
    }
  });

  it('a 1- or 2-star review reads negative and a 4- or 5-star one positive', () => {
    const asRegex = (t: string) =>
      new RegExp(`^${t.replace(/[.*+?^$()|[\]\\"]/g, '\\$&').replace(/\{\w+\}/g, '.+')}$`, 'i');
    let checked = 0;
    for (const c of companies.filter((x) => x.sections.trust_signal.review_count > 100).slice(0, 20)) {
      const plan = productPlans(c, env)[0]!;
      const bank = REVIEW_TITLES[plan.kind];
      for (let i = 0; i < Math.min(plan.total, 100); i++) {
        const r = productReviewAt(c, env, plan, i);
        const tone = toneOf(r.review_rating);
        const other = tone === 'negative' ? bank.positive : tone === 'positive' ? bank.negative : [];
        expect(bank[tone].some((t) => asRegex(t).test(r.review_title))).toBe(true);
        expect(other.some((t) => asRegex(t).test(r.review_title))).toBe(false);
        checked++;
      }
    }
    expect(checked).toBeGreaterThan(500);
  });

  it('reviews next to each other never repeat a title or a text', () => {
    let pairs = 0;
    for (const c of companies.filter((x) => x.sections.trust_signal.review_count > 50).slice(0, 40)) {
      for (const plan of productPlans(c, env)) {
        let prev: ProductReview | undefined;
        for (let i = 0; i < Math.min(plan.total, 60); i++) {
          const r = productReviewAt(c, env, plan, i);
          if (prev) {
            expect(r.review_title, `${plan.product.id} #${i}`).not.toBe(prev.review_title);
            expect(r.review_content, `${plan.product.id} #${i}`).not.toBe(prev.review_content);
            pairs++;
          }
          prev = r;
        }
      }
    }
    expect(pairs).toBeGreaterThan(1000);
  });
});

describe('employee reviews', () => {
  it('ratings agree with the distributions and every dimension is on its scale', () => {
    fc.assert(
      fc.property(anyCompany, (c) => {
        const plan = employeePlan(c, env);
        expect(plan.stats.reduce((s, x) => s + x.total, 0)).toBe(plan.total);
        const summary = employeeSummary(c, env, plan);
        for (const s of plan.stats) {
          expect(summary.overall_rating[s.provider.id]).toBe(ratingOf(s.counts));
        }
        for (const o of summary.other_ratings) {
          if (['business_outlook', 'ceo', 'recommend_to_friend'].includes(o.type)) {
            expect(o.value).toBeGreaterThanOrEqual(0);
            expect(o.value).toBeLessThanOrEqual(1);
          } else {
            expect(o.value).toBeGreaterThanOrEqual(0);
            expect(o.value).toBeLessThanOrEqual(5);
          }
        }
        const glassdoor = plan.stats.find((s) => s.provider.id === 'glassdoor');
        if (plan.total > 0) {
          // Glassdoor always has reviews when anyone does, so every dimension is present.
          expect(glassdoor).toBeDefined();
          const types = new Set(summary.other_ratings.map((o) => o.type));
          for (const t of [
            'business_outlook',
            'ceo',
            'recommend_to_friend',
            'compensation_and_benefits',
            'culture_and_values',
            'diversity_and_inclusion',
            'senior_management',
            'work_life_balance',
          ])
            expect(types.has(t)).toBe(true);
          const [, , , c4, c5] = countsList(glassdoor!.counts);
          const recommend = summary.other_ratings.find(
            (o) => o.type === 'recommend_to_friend' && o.provider === 'glassdoor',
          )!;
          expect(Math.abs(recommend.value - (c4 + c5) / glassdoor!.total)).toBeLessThanOrEqual(0.005 + 1e-9);
        }
      }),
      RUNS,
    );
  });

  it('reviews carry exactly the stars of their provider, with valid fields and dates', () => {
    const some = companies.filter((c) => {
      const t = employeePlan(c, env).total;
      return t > 0 && t <= 300;
    });
    expect(some.length).toBeGreaterThan(30);
    let foreign = 0;
    for (const c of some.slice(0, 50)) {
      const plan = employeePlan(c, env);
      const reviews = employeeReviewsPage(c, env, plan, 0, plan.total);
      const seen: Record<string, number[]> = {};
      const offices = new Set(c.sections.location.offices.map((o) => countryByCode(o.country.code)!.alpha2));
      for (const r of reviews) {
        EmployeeReview.parse(r);
        tally(seen, r.provider, r.rating);
        if (r.review_date !== '') {
          expect(Date.parse(r.review_date)).toBeGreaterThanOrEqual(foundedMs(c));
          expect(Date.parse(r.review_date)).toBeLessThanOrEqual(END);
        }
        expect(['REGULAR', 'CONTRACT']).toContain(r.employment_status);
        expect([null, 'APPROVE', 'DISAPPROVE']).toContain(r.ceo_rating);
        if (r.country_code !== '') expect(offices.has(r.country_code)).toBe(true);
        else expect(r.location).toBe('');
        if (r.language === 'en') {
          const tone = toneOf(r.rating);
          expect(EMPLOYEE_SUMMARIES[tone]).toContain(r.summary);
        } else foreign++;
        expect(`${r.summary} ${r.pros} ${r.cons}`).not.toMatch(/[{}]|undefined/);
      }
      for (const s of plan.stats) expect(seen[s.provider.id]).toEqual(countsList(s.counts));
    }
    expect(foreign).toBeGreaterThanOrEqual(0);
  });
});

describe('posts', () => {
  it('are newest first inside the company window, with reactions that add up', () => {
    fc.assert(
      fc.property(anyCompany, fc.integer({ min: 0, max: 40 }), (c, offset) => {
        const plan = postsPlan(c, env);
        const posts = postsPage(c, env, plan, offset, 15);
        expect(posts.length).toBe(Math.max(0, Math.min(15, plan.total - offset)));
        let last = Number.POSITIVE_INFINITY;
        for (const p of posts) {
          Post.parse(p);
          const at = Date.parse(p.posted_date);
          expect(at).toBeLessThanOrEqual(last);
          expect(at).toBeGreaterThanOrEqual(foundedMs(c));
          expect(at).toBeLessThanOrEqual(END);
          last = at;
          const m = p.engagement_metrics;
          expect(
            m.like_count +
              m.empathy_count +
              m.praise_count +
              m.appreciation_count +
              m.interest_count +
              m.funny_count,
          ).toBe(m.total_reaction_count);
          expect(Object.keys(m)).toContain('reposts_Count');
          expect(p.text_content).not.toMatch(/[{}]|undefined/);
        }
      }),
      RUNS,
    );
  });
});

describe('news', () => {
  it('is dated between founding and today, with sentiment fitting the tag', () => {
    fc.assert(
      fc.property(anyCompany, (c) => {
        for (const a of companyArticles(c, env)) {
          NewsArticle.parse(a);
          expect(Date.parse(a.published_date)).toBeGreaterThanOrEqual(foundedMs(c) - 4 * 3600_000);
          expect(a.published_date.slice(0, 10) <= DEFAULT_TODAY).toBe(true);
          if (a.primary_tag === 'layoffs' || a.primary_tag === 'closure')
            expect(a.sentiment).toBe('negative');
          if (a.primary_tag === 'funding' || a.primary_tag === 'award') expect(a.sentiment).toBe('positive');
          expect(`${a.title} ${a.ai_summary}`).not.toMatch(/[{}]|undefined/);
        }
      }),
      RUNS,
    );
  });

  it('tells of every funding round on its date with its amount', () => {
    const funded = companies.filter((c) => c.sections.funding_detail.funding_rounds.length > 0).slice(0, 80);
    for (const c of funded) {
      const stories = companyStories(c, env).filter((s) => s.tag === 'funding');
      expect(stories).toHaveLength(c.sections.funding_detail.funding_rounds.length);
      const articles = companyArticles(c, env).filter((a) => a.primary_tag === 'funding');
      for (const round of c.sections.funding_detail.funding_rounds) {
        const onDay = articles.filter((a) => a.published_date.slice(0, 10) === round.date);
        expect(onDay.length).toBeGreaterThan(0);
        expect(onDay.some((a) => a.ai_summary.includes(round.round.label))).toBe(true);
      }
    }
  });

  it('unique_article keeps one copy per story; date bounds are inclusive', () => {
    fc.assert(
      fc.property(anyCompany, (c) => {
        const all = companyArticles(c, env);
        const unique = selectArticles(all, { unique: true }, () => true);
        expect(unique).toHaveLength(new Set(all.map((a) => a.story_id)).size);
        expect(new Set(unique.map((a) => a.story_id)).size).toBe(unique.length);
        for (const a of all.slice(0, 5)) {
          const day = a.published_date.slice(0, 10);
          const same = selectArticles(all, { unique: false, from: day, to: day }, () => true);
          expect(same).toContainEqual(a);
          expect(same.every((x) => x.published_date.slice(0, 10) === day)).toBe(true);
        }
      }),
      RUNS,
    );
    const syndicated = companies.flatMap((c) => companyArticles(c, env)).length;
    const stories = companies.reduce((n, c) => n + companyStories(c, env).length, 0);
    expect(syndicated).toBeGreaterThan(stories);
  });
});

describe('determinism and volume', () => {
  it('two reads give identical signals', () => {
    fc.assert(
      fc.property(anyCompany, fc.integer({ min: 0, max: 20 }), (c, i) => {
        const a = productPlans(c, env);
        const b = productPlans(c, env);
        expect(a).toEqual(b);
        a.forEach((plan, k) => {
          if (plan.total > i)
            expect(productReviewAt(c, env, plan, i)).toEqual(productReviewAt(c, env, b[k]!, i));
        });
        const ep = employeePlan(c, env);
        if (ep.total > i)
          expect(employeeReviewAt(c, env, ep, i)).toEqual(employeeReviewAt(c, env, employeePlan(c, env), i));
        const pp = postsPlan(c, env);
        if (pp.total > i) expect(postAt(c, env, pp, i)).toEqual(postAt(c, env, postsPlan(c, env), i));
        expect(companyArticles(c, env)).toEqual(companyArticles(c, env));
      }),
      { numRuns: 60 },
    );
  });

  it('a large consumer company has far more reviews and posts than a tiny B2B firm', () => {
    const tiny = companies.filter(
      (c) => c.sections.headcount.employee_count <= 10 && c.sections.business_model.gtm_type.code === 'b2b',
    );
    const big = companies.filter(
      (c) => c.sections.headcount.employee_count >= 1000 && c.sections.business_model.gtm_type.code !== 'b2b',
    );
    expect(tiny.length).toBeGreaterThan(20);
    expect(big.length).toBeGreaterThan(10);
    const product = (c: SignalCompany) => productPlans(c, env).reduce((s, p) => s + p.total, 0);
    const employee = (c: SignalCompany) => employeePlan(c, env).total;
    const posts = (c: SignalCompany) => postsPlan(c, env).total;
    for (const measure of [product, employee, posts]) {
      expect(median(big.map(measure))).toBeGreaterThan(5 * Math.max(1, median(tiny.map(measure))));
    }
    expect(median(tiny.map(employee))).toBeLessThanOrEqual(1);
    expect(Math.max(...tiny.map(product))).toBeLessThan(60);
  });
});
