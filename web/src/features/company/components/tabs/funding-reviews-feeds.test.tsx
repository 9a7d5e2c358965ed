// @vitest-environment jsdom
import { PLAN_RULES } from '@contract/pricing';
import { cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { FALLBACK_PRICING } from '@/lib/pricing';
import { renderWithProviders } from '@/testing/render-with-providers';
import {
  catalog,
  employeeReviews,
  employeeReviewsEmpty,
  funding,
  fundingNone,
  news,
  posts,
  productBare,
  productDetail,
} from '../../../../testing/company-fixtures';
import { fundingAllowed } from '../tab-panels';
import { EmployeesView } from './employees-view';
import { FundingView } from './funding-view';
import { NewsView } from './news-view';
import { PostsView } from './posts-view';
import { ProductCatalogView, ProductDetailView } from './products-view';

afterEach(cleanup);

describe('Funding', () => {
  it('draws each round on the timeline and lists amounts and investors linked to their pages', async () => {
    renderWithProviders(<FundingView funding={funding} />);
    const chart = await screen.findByRole('img', { name: /Funding timeline/ });
    expect(chart.querySelectorAll('[data-testid="funding-round-mark"]').length).toBe(3);
    // The undisclosed seed round is a hollow marker, the others bars.
    expect(chart.querySelectorAll('rect').length).toBe(2);
    expect(chart.querySelectorAll('circle').length).toBe(1);
    expect(chart.getAttribute('aria-label')).toContain('Series B Jun 1, 2023: $45M');
    const totals = screen.getByRole('region', { name: 'Totals' });
    expect(within(totals).getByText('$62M')).toBeTruthy();
    expect(within(totals).getByRole('link', { name: 'Sequoia Capital' }).getAttribute('href')).toBe(
      '/companies/cmp-sequoia',
    );
    const seriesB = screen.getByRole('list', { name: 'Investors in the Series B round' });
    expect(
      within(seriesB)
        .getAllByRole('link')
        .map((a) => a.getAttribute('href')),
    ).toEqual(['/companies/cmp-sequoia', '/companies/cmp-index']);
    const rounds = screen.getByRole('list', { name: 'Funding rounds' });
    expect(within(rounds).getByText('Undisclosed')).toBeTruthy();
    expect(within(rounds).getByText('Investors not disclosed')).toBeTruthy();
    expect(within(rounds).getByText('post-money $80M')).toBeTruthy();
  });

  it('shows a company that never raised without a chart', async () => {
    renderWithProviders(<FundingView funding={fundingNone} />);
    expect(await screen.findByText('No funding rounds recorded for this company')).toBeTruthy();
    expect(screen.getByText('No outside funding')).toBeTruthy();
    expect(screen.queryByRole('img', { name: /Funding timeline/ })).toBeNull();
  });

  it('is refused by a plan without funding, with the reason the BFF gave', () => {
    const base = { ...FALLBACK_PRICING, planLabel: 'Subscription', fromServer: true };
    expect(fundingAllowed({ ...base, rules: PLAN_RULES.enterprise })).toEqual({ ok: true });
    expect(
      fundingAllowed({
        ...base,
        rules: PLAN_RULES.subscription,
        unavailable: { funding_detail: 'Enterprise only' },
      }),
    ).toEqual({ ok: false, reason: 'Enterprise only' });
    const noReason = fundingAllowed({ ...base, rules: PLAN_RULES.subscription });
    expect(noReason.ok).toBe(false);
  });
});

describe('Products and reviews', () => {
  it('lists the catalog as choices and reports each choice', async () => {
    const onToggle = vi.fn();
    renderWithProviders(<ProductCatalogView products={catalog} selected={['prd-os']} onToggle={onToggle} />);
    const fleet = await screen.findByRole('checkbox', { name: /Acme Fleet/ });
    expect((fleet as HTMLInputElement).checked).toBe(false);
    expect((screen.getByRole('checkbox', { name: /Acme OS/ }) as HTMLInputElement).checked).toBe(true);
    await userEvent.click(fleet);
    expect(onToggle).toHaveBeenCalledWith('prd-fleet', true);
  });

  it('shows ratings and star distributions per provider, pros and cons, pricing and reviews with their answers', async () => {
    renderWithProviders(<ProductDetailView product={productDetail} offset={0} />);
    const ratings = await screen.findByRole('region', { name: 'Ratings by provider' });
    expect(within(ratings).getByRole('img', { name: '4.4 out of 5' })).toBeTruthy();
    expect(within(ratings).getByRole('img', { name: '3.9 out of 5' })).toBeTruthy();
    expect(within(ratings).getByRole('figure', { name: 'G2 star distribution' }).textContent).toContain('45');
    // A provider with no reviews yet still shows its (empty) bars.
    expect(within(ratings).getByRole('figure', { name: 'Capterra star distribution' })).toBeTruthy();
    const pc = screen.getByRole('region', { name: 'Pros and cons' });
    expect(within(pc).getByText(/Easy to deploy/)).toBeTruthy();
    expect(within(pc).getByText(/Pricey spare parts/)).toBeTruthy();
    const pricing = screen.getByRole('region', { name: 'Pricing' });
    expect(within(pricing).getByText('$2,000')).toBeTruthy();
    expect(within(pricing).getByText('Contact sales')).toBeTruthy();
    const reviews = screen.getByRole('region', { name: 'Reviews of Acme Fleet' });
    expect(within(reviews).getByText('1–2 of 12')).toBeTruthy();
    expect(within(reviews).getByText('What do you like best?')).toBeTruthy();
    expect(within(reviews).getByText('The speed.')).toBeTruthy();
    expect(within(reviews).getByText('No answer')).toBeTruthy();
    // A review without question-and-answer parts shows its text; without a title it says so.
    expect(within(reviews).getByText('Solid robots.')).toBeTruthy();
    expect(within(reviews).getByText('Untitled review')).toBeTruthy();
    expect(within(reviews).getAllByTestId('product-review').length).toBe(2);
  });

  it('shows a product with no ratings, points, pricing or reviews', async () => {
    renderWithProviders(<ProductDetailView product={productBare} offset={0} />);
    expect(await screen.findByText('No ratings yet.')).toBeTruthy();
    expect(screen.getAllByText('None listed.').length).toBe(2);
    expect(screen.getByText('No pricing published.')).toBeTruthy();
    expect(screen.getByText('No reviews of this product.')).toBeTruthy();
  });
});

describe('Employees', () => {
  it('shows each provider overall, each dimension on its own scale, and reviews with role, status and ratings', async () => {
    renderWithProviders(<EmployeesView data={employeeReviews} offset={0} />);
    const glassdoor = await screen.findByRole('region', { name: 'Glassdoor' });
    expect(within(glassdoor).getByText('4.1')).toBeTruthy();
    expect(within(glassdoor).getByText('20 reviews')).toBeTruthy();
    // recommend_to_friend is a 0..1 fraction (a percentage); work_life_balance a 0..5 score.
    const values = within(glassdoor)
      .getAllByTestId('scale-value')
      .map((e) => e.textContent);
    expect(values).toEqual(['82%', '3.9 / 5']);
    expect(within(glassdoor).getByText('Recommend to a friend')).toBeTruthy();
    expect(within(screen.getByRole('region', { name: 'Indeed' })).getByText('50%')).toBeTruthy();
    const list = screen.getByRole('region', { name: 'Employee reviews' });
    const [first, second] = within(list).getAllByTestId('employee-review');
    expect(first?.textContent).toContain('Field Engineer · Current employee · Regular · 3 yrs · Munich, DE');
    expect(first?.textContent).toContain('Smart colleagues');
    expect(first?.textContent).toContain('Career opportunities: 2/5');
    expect(first?.textContent).toContain('Work-life balance: 5/5');
    expect(first?.textContent).toContain('CEO: Approve');
    expect(first?.textContent).not.toContain('Culture and values');
    // Empty strings and nulls read as missing, not as blanks.
    expect(second?.textContent).toContain('Role not given · Former employee · Contract');
    expect(second?.textContent).toContain('No summary');
    expect(within(second as HTMLElement).getAllByText('None given').length).toBe(2);
  });

  it('says there are no employee reviews', async () => {
    renderWithProviders(<EmployeesView data={employeeReviewsEmpty} offset={0} />);
    expect(await screen.findByText('No employee reviews for this company')).toBeTruthy();
  });
});

describe('Posts and news', () => {
  it('shows each post with content type, date, text and engagement', async () => {
    renderWithProviders(<PostsView posts={posts} offset={0} />);
    const [video, bare] = await screen.findAllByTestId('post');
    expect(video?.textContent).toContain('Linked in video');
    expect(video?.textContent).toContain('Promoted');
    expect(video?.textContent).toContain('Meet our new robot.');
    expect(within(video as HTMLElement).getByText('1,520')).toBeTruthy();
    expect(within(video as HTMLElement).getByText('87')).toBeTruthy();
    expect(bare?.textContent).toContain('Date unknown');
    expect(bare?.textContent).toContain('No text');
    expect(bare?.textContent).toContain('Repost');
    expect(within(bare as HTMLElement).queryByRole('link')).toBeNull();
  });

  it('shows each article with publisher, date, sentiment, tag and summary', async () => {
    renderWithProviders(<NewsView articles={news} offset={0} />);
    const [full, bare] = await screen.findAllByTestId('news-article');
    expect(full?.textContent).toContain('TechWire');
    expect(full?.textContent).toContain('Jun 1, 2023');
    expect(full?.textContent).toContain('Positive');
    expect(full?.textContent).toContain('Funding');
    expect(full?.textContent).toContain('The round is led by Sequoia.');
    expect(within(full as HTMLElement).getByRole('link', { name: 'Acme raises $45M Series B' })).toBeTruthy();
    expect(bare?.textContent).toContain('Unknown publisher');
    expect(bare?.textContent).toContain('Untitled article');
  });

  it('says when there are no posts or news, and when paging ran past the end', async () => {
    renderWithProviders(<PostsView posts={[]} offset={0} />);
    expect(await screen.findByText('No posts for this company')).toBeTruthy();
    cleanup();
    renderWithProviders(<NewsView articles={[]} offset={10} />);
    expect(await screen.findByText('No more news')).toBeTruthy();
  });
});
