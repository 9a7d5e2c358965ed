/**
 * Website traffic (decisions section 15; shapes: docs/decisions/0025-signal-endpoint-shapes.md): visits
 * over the 12 months up to the last whole month before the data set's today, the latest equal to the
 * company's `digital_presence.monthly_website_visits`; earlier months follow the company's growth
 * (traffic moves with headcount, less tightly), a consumer season (shops peak in November and
 * December) and a little noise. Engagement follows the size of the site; the sources its audience:
 * consumer brands with a large social following get more social and paid visits, software more from
 * search, large and old brands more direct ones. The shares sum to exactly 1.
 */
import { TRAFFIC_SOURCES, type TrafficSource, type WebsiteTrafficResponse } from '../../contract/api';
import { consumerScaleOf, employeesOf, type SignalCompany, type SignalEnv, techFocusOf } from './company';
import { itemRng, signalRng } from './rng';

type WebsiteTraffic = WebsiteTrafficResponse['data'];

export const TRAFFIC_MONTHS = 12;

/** `YYYY-MM` of the month `back` months before the data set's today's month. */
function monthBefore(today: string, back: number): string {
  const y = Number(today.slice(0, 4));
  const m = Number(today.slice(5, 7));
  const d = new Date(Date.UTC(y, m - 1 - back, 1));
  return `${d.getUTCFullYear()}-${String(d.getUTCMonth() + 1).padStart(2, '0')}`;
}

/** A consumer site's season: up to 35% more visits in November and December, fewer in summer. */
function season(month: string, consumer: number): number {
  const m = Number(month.slice(5, 7));
  const swing = m === 11 || m === 12 ? 0.35 : m >= 6 && m <= 8 ? -0.1 : 0;
  return 1 + consumer * swing;
}

function shares(c: SignalCompany, env: SignalEnv): Record<TrafficSource, number> {
  const r = signalRng(env.seed, c.uuid, 'traffic-sources');
  const consumer = consumerScaleOf(c);
  const tech = techFocusOf(c);
  const followers = c.sections.digital_presence.social_profiles.reduce((s, p) => s + p.followers, 0);
  const social = Math.min(1, Math.log10(followers + 10) / 7);
  const big = Math.min(1, Math.log10(employeesOf(c) + 1) / 5);
  const weights: Record<TrafficSource, number> = {
    direct: 0.3 + 0.2 * big,
    search: 0.3 + 0.12 * tech,
    social: 0.04 + 0.12 * social + 0.06 * consumer,
    referral: 0.1,
    paid: 0.04 + 0.08 * consumer,
    email: 0.03 + 0.03 * consumer,
  };
  const drawn = TRAFFIC_SOURCES.map((s) => weights[s] * Math.exp(r.normal(0, 0.25)));
  const sum = drawn.reduce((a, b) => a + b, 0);
  const rounded = drawn.map((w) => Math.round((w / sum) * 10000) / 10000);
  // The rounding's remainder goes to the largest source, so the shares sum to exactly 1.
  const largest = rounded.indexOf(Math.max(...rounded));
  rounded[largest] =
    Math.round((1 - rounded.reduce((a, b, i) => (i === largest ? a : a + b), 0)) * 10000) / 10000;
  return Object.fromEntries(TRAFFIC_SOURCES.map((s, i) => [s, rounded[i]!])) as Record<TrafficSource, number>;
}

export function websiteTraffic(c: SignalCompany, env: SignalEnv): WebsiteTraffic {
  const r = signalRng(env.seed, c.uuid, 'traffic');
  const latest = c.sections.digital_presence.monthly_website_visits;
  const consumer = consumerScaleOf(c);
  const growth = Math.max(
    -0.6,
    Math.min(2, 0.8 * (c.sections.headcount.growth_12m_pct / 100) + r.normal(0, 0.08)),
  );
  const newest = monthBefore(env.today, 1);
  const estimated_monthly_visits: Record<string, number> = {};
  for (let back = TRAFFIC_MONTHS - 1; back >= 0; back--) {
    const month = monthBefore(env.today, back + 1);
    const noise = back === 0 ? 1 : Math.exp(itemRng(env.seed, c.uuid, 'traffic-month', back).normal(0, 0.06));
    const trend = (1 + growth) ** (-back / 12) * (season(month, consumer) / season(newest, consumer));
    estimated_monthly_visits[month] = back === 0 ? latest : Math.max(0, Math.round(latest * trend * noise));
  }
  // Larger sites hold their visitors longer.
  const depth = Math.min(1, Math.log10(latest + 10) / 8);
  return {
    uuid: c.uuid,
    engagements: {
      bounce_rate:
        Math.round(Math.min(0.9, Math.max(0.2, 0.62 - 0.2 * depth + r.normal(0, 0.06))) * 1000) / 1000,
      pages_per_visit: Math.round(Math.max(1.1, 1.6 + 3 * depth + r.normal(0, 0.4)) * 100) / 100,
      avg_visit_duration_seconds: Math.round(Math.max(20, 60 + 280 * depth * Math.exp(r.normal(0, 0.25)))),
    },
    estimated_monthly_visits,
    traffic_sources: shares(c, env),
  };
}
