/**
 * Contract-shaped answers of the signal endpoints (headcount trends, jobs, website traffic) for the
 * company page's component tests, each parsed with the contract's own schema.
 */
import { HeadcountTrendsResponse, JobListing, WebsiteTrafficResponse } from '@contract/api';

/** A listing with the given fields; the others plausible. */
export function job(over: Partial<JobListing> & Pick<JobListing, 'id'>): JobListing {
  return JobListing.parse({
    title: `Role ${over.id}`,
    function: 'sales',
    seniority: 'mid_senior',
    employment_type: 'full_time',
    remote: false,
    location: 'Berlin, Germany',
    country: 'DE',
    posted_date: '2026-11-20',
    description: 'A role.',
    compensation: null,
    key_skills: ['Prospecting'],
    source: 'linkedin',
    url: `https://www.linkedin.com/jobs/view/${over.id}/`,
    ...over,
  });
}

const change = (period: string, months: number, start: number, end: number) => ({
  period,
  months,
  start_count: start,
  end_count: end,
  change: end - start,
  percent: start > 0 ? Math.round((end / start - 1) * 1000) / 10 : null,
});

export const headcountTrends: HeadcountTrendsResponse['data'] = HeadcountTrendsResponse.parse({
  status: 'success',
  credits_consumed: 2.5,
  data: {
    uuid: '00000000-0000-4000-8000-000000000001',
    linkedin_username: 'acme-robotics',
    linkedin_official_name: 'Acme Robotics',
    total_employees: 1200,
    date: '2026-11-28',
    growth_periods: ['3m', '6m', '12m', '24m'],
    headcount_growth: [
      { ...change('3m', 3, 1150, 1200), start_date: '2026-08-28', end_date: '2026-11-28' },
      { ...change('6m', 6, 1100, 1200), start_date: '2026-05-28', end_date: '2026-11-28' },
      { ...change('12m', 12, 1000, 1200), start_date: '2025-11-28', end_date: '2026-11-28' },
      { ...change('24m', 24, 800, 1200), start_date: '2024-11-28', end_date: '2026-11-28' },
    ],
    headcount_by_function: [
      {
        function: 'engineering',
        count: 500,
        share: 0.4167,
        growth: [
          change('3m', 3, 470, 500),
          change('6m', 6, 450, 500),
          change('12m', 12, 400, 500),
          change('24m', 24, 300, 500),
        ],
      },
      {
        function: 'sales',
        count: 300,
        share: 0.25,
        growth: [
          change('3m', 3, 310, 300),
          change('6m', 6, 320, 300),
          change('12m', 12, 300, 300),
          change('24m', 24, 250, 300),
        ],
      },
      {
        function: 'data',
        count: 20,
        share: 0.0167,
        growth: [
          change('3m', 3, 10, 20),
          change('6m', 6, 5, 20),
          change('12m', 12, 0, 20),
          change('24m', 24, 0, 20),
        ],
      },
    ],
  },
}).data;

export const websiteTraffic: WebsiteTrafficResponse['data'] = WebsiteTrafficResponse.parse({
  status: 'success',
  credits_consumed: 1,
  data: {
    uuid: '00000000-0000-4000-8000-000000000001',
    engagements: { bounce_rate: 0.452, pages_per_visit: 3.25, avg_visit_duration_seconds: 192 },
    estimated_monthly_visits: Object.fromEntries(
      Array.from({ length: 12 }, (_, i) => [
        `${i < 1 ? 2025 : 2026}-${String(((i + 11) % 12) + 1).padStart(2, '0')}`,
        10_000 + i * 1_000,
      ]),
    ),
    traffic_sources: { direct: 0.35, search: 0.4, social: 0.08, referral: 0.1, paid: 0.05, email: 0.02 },
  },
}).data;
