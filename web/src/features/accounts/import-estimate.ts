/**
 * How long matching a file will take, shown before it starts: each row is one free company search
 * (a second one by name when the domain finds nothing), and the BFF keeps within the upstream's rate
 * limit (real service: Pay-as-you-go 100 requests a minute, Subscription 200). A 50,000-row file is
 * hours on a real key, which the user should know before pressing Start.
 */
import type { Plan } from '@contract/pricing';

/** Requests a minute the upstream allows each plan (Enterprise: no lower than Subscription). */
const REQUESTS_PER_MINUTE: Readonly<Record<Plan, number>> = {
  payg: 100,
  subscription: 200,
  enterprise: 200,
};

type ImportEstimate = { minutes: number; perMinute: number };

export function estimateImport(
  rows: number,
  plan: Plan,
  perMinute = REQUESTS_PER_MINUTE[plan],
): ImportEstimate {
  return { minutes: rows / perMinute, perMinute };
}

/** "under a minute", "about 12 minutes", "about 4 hours 10 minutes". */
export function formatDuration(minutes: number): string {
  if (minutes < 1) return 'under a minute';
  const whole = Math.ceil(minutes);
  if (whole < 60) return `about ${whole} minute${whole === 1 ? '' : 's'}`;
  const hours = Math.floor(whole / 60);
  // Past a few hours the minutes are noise: round to the quarter hour.
  const rest = hours >= 3 ? Math.round((whole % 60) / 15) * 15 : whole % 60;
  const h = rest === 60 ? hours + 1 : hours;
  const m = rest === 60 ? 0 : rest;
  return `about ${h} hour${h === 1 ? '' : 's'}${m > 0 ? ` ${m} minutes` : ''}`;
}
