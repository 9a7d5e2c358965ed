/**
 * The real service's signal endpoints beyond the spec in the embedded service's shapes (decisions
 * section 15; docs/decisions/0025-signal-endpoint-shapes.md), for `fromUpstream` (./real-service.ts).
 * The reference gives their envelopes and top-level fields only: headcount trends and website traffic
 * come without `status`; the inner records' spellings are the project's, and the other plausible
 * spelling of each field is read too. An answer already in the embedded service's shape gives
 * `undefined` (relayed as it came).
 */
import type { BrowserRequest } from './real-service';

type Json = Record<string, unknown>;

function isRecord(v: unknown): v is Json {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

/** The first of `names` the record has (not undefined), or undefined. */
function firstOf(r: Json, names: readonly string[]): unknown {
  for (const n of names) if (r[n] !== undefined) return r[n];
  return undefined;
}

/**
 * A copy of `r` with `field` set from the first of its other spellings when it lacks it, through
 * `as`; `r` itself when nothing is to be done (so an answer in shape is recognised as unchanged).
 */
function aliased(
  r: Json,
  fields: Record<string, readonly string[]>,
  as: (field: string, v: unknown) => unknown = (_f, v) => v,
): Json {
  let out: Json | undefined;
  for (const [field, others] of Object.entries(fields)) {
    if (r[field] !== undefined) continue;
    const v = firstOf(r, others);
    if (v === undefined) continue;
    out ??= { ...r };
    out[field] = as(field, v);
  }
  return out ?? r;
}

/** `{status: "success", ...}` and a numeric `credits_consumed` around an answer that has `data`. */
function signalEnvelope(body: Json, data: unknown): Json | undefined {
  const inShape =
    body.status === 'success' && typeof body.credits_consumed === 'number' && data === body.data;
  if (inShape) return undefined;
  return {
    status: 'success',
    ...body,
    data,
    credits_consumed: typeof body.credits_consumed === 'number' ? body.credits_consumed : 0,
  };
}

/** Each array's items through `fn`; the array itself when no item changed. */
function mapSame(list: unknown, fn: (item: Json) => Json): unknown {
  if (!Array.isArray(list)) return list;
  const out = list.map((x) => (isRecord(x) ? fn(x) : x));
  return out.every((x, i) => x === list[i]) ? list : out;
}

export function headcountTrends(body: unknown): Json | undefined {
  if (!isRecord(body) || !isRecord(body.data)) return undefined;
  const d = body.data;
  const growth = (g: Json) => aliased(g, { percent: ['percentage', 'growth', 'growth_rate'] });
  const byFunction = mapSame(d.headcount_by_function, (f) =>
    aliased(f, { function: ['name', 'function_name'], count: ['headcount', 'employees', 'employee_count'] }),
  );
  const headcountGrowth = mapSame(d.headcount_growth, growth);
  const data =
    byFunction === d.headcount_by_function && headcountGrowth === d.headcount_growth
      ? d
      : { ...d, headcount_growth: headcountGrowth, headcount_by_function: byFunction };
  return signalEnvelope(body, data);
}

export function jobs(body: unknown, request: BrowserRequest): Json | undefined {
  if (!isRecord(body) || !Array.isArray(body.data)) return undefined;
  const listing = (j: Json) =>
    aliased(
      j,
      {
        title: ['job_title'],
        seniority: ['experience_level'],
        key_skills: ['skills'],
        url: ['job_url'],
        posted_date: ['posted_at', 'date_posted'],
      },
      (field, v) => (field === 'posted_date' && typeof v === 'string' ? v.slice(0, 10) : v),
    );
  const data = mapSame(body.data, listing) as unknown[];
  const paging = {
    count: typeof body.count === 'number' ? body.count : data.length,
    limit: typeof body.limit === 'number' ? body.limit : Number(request.query.get('limit') ?? 10),
    offset: typeof body.offset === 'number' ? body.offset : Number(request.query.get('offset') ?? 0),
  };
  const same = data === body.data && Object.entries(paging).every(([k, v]) => body[k] === v);
  if (same) return signalEnvelope(body, body.data);
  return { status: 'success', ...body, data, ...paging, credits_consumed: body.credits_consumed ?? 0 };
}

const TRAFFIC_SOURCE_NAMES: Record<string, string> = {
  direct: 'direct',
  search: 'search',
  organic: 'search',
  organic_search: 'search',
  social: 'social',
  social_media: 'social',
  referral: 'referral',
  referrals: 'referral',
  paid: 'paid',
  paid_search: 'paid',
  display: 'paid',
  email: 'email',
  mail: 'email',
};
const sourceName = (s: string) =>
  TRAFFIC_SOURCE_NAMES[
    s
      .trim()
      .toLowerCase()
      .replace(/[^a-z]+/g, '_')
  ];

/** Visits by month as `{"YYYY-MM": n}`, from that or a list of `{month|date, visits|...}`, oldest first. */
function monthlyVisits(v: unknown): unknown {
  const pairs: [string, unknown][] = Array.isArray(v)
    ? v
        .filter(isRecord)
        .map((m) => [
          String(firstOf(m, ['month', 'date', 'period']) ?? ''),
          firstOf(m, ['visits', 'estimated_visits', 'value', 'count']),
        ])
    : isRecord(v)
      ? Object.entries(v)
      : [];
  if (isRecord(v) && pairs.every(([k]) => /^\d{4}-\d{2}$/.test(k))) return v;
  const out = pairs
    .filter(([k, n]) => /^\d{4}-\d{2}/.test(k) && typeof n === 'number')
    .map(([k, n]) => [k.slice(0, 7), Math.round(n as number)] as const)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return Object.fromEntries(out);
}

/** Each source's share, 0..1, under the six names, from shares or percents, an object or a list. */
function trafficSources(v: unknown): unknown {
  const pairs: [string, unknown][] = Array.isArray(v)
    ? v
        .filter(isRecord)
        .map((s) => [
          String(firstOf(s, ['source', 'name', 'channel']) ?? ''),
          firstOf(s, ['share', 'percentage', 'percent', 'value']),
        ])
    : isRecord(v)
      ? Object.entries(v)
      : [];
  const out: Record<string, number> = { direct: 0, search: 0, social: 0, referral: 0, paid: 0, email: 0 };
  let sum = 0;
  for (const [k, n] of pairs) {
    const name = sourceName(k);
    if (name === undefined || typeof n !== 'number') continue;
    out[name] = (out[name] ?? 0) + n;
    sum += n;
  }
  const inShape =
    isRecord(v) &&
    Object.keys(v).length === 6 &&
    Object.keys(out).every((k) => typeof v[k] === 'number') &&
    sum <= 1.5;
  if (inShape) return v;
  const scale = sum > 1.5 ? 100 : 1;
  return Object.fromEntries(
    Object.entries(out).map(([k, n]) => [k, Math.round((n / scale) * 10000) / 10000]),
  );
}

function engagements(v: unknown): unknown {
  if (!isRecord(v)) return v;
  const e = aliased(v, {
    bounce_rate: ['bounceRate'],
    pages_per_visit: ['pagesPerVisit', 'page_per_visit'],
    avg_visit_duration_seconds: ['avg_visit_duration', 'visit_duration', 'time_on_site'],
  });
  const bounce = typeof e.bounce_rate === 'number' && e.bounce_rate > 1 ? e.bounce_rate / 100 : e.bounce_rate;
  const duration = e.avg_visit_duration_seconds;
  const seconds =
    typeof duration === 'string' && /^\d+(:\d{1,2}){1,2}$/.test(duration)
      ? duration.split(':').reduce((n, part) => n * 60 + Number(part), 0)
      : duration;
  if (e === v && bounce === v.bounce_rate && seconds === duration) return v;
  return { ...e, bounce_rate: bounce, avg_visit_duration_seconds: seconds };
}

export function websiteTraffic(body: unknown): Json | undefined {
  if (!isRecord(body) || !isRecord(body.data)) return undefined;
  const d = body.data;
  const inner = {
    engagements: engagements(d.engagements),
    estimated_monthly_visits: monthlyVisits(d.estimated_monthly_visits),
    traffic_sources: trafficSources(d.traffic_sources),
  };
  const same = Object.entries(inner).every(([k, v]) => d[k] === v);
  return signalEnvelope(body, same ? d : { ...d, ...inner });
}
