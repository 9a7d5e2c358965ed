/**
 * Star distributions that agree with their rating: the counts are dealt first, the rating is their
 * mean, and each review's stars are dealt from the same counts (see `Shuffle`).
 */
import { apportion } from './rng';

export type StarCounts = { 1: number; 2: number; 3: number; 4: number; 5: number };

const STARS = [1, 2, 3, 4, 5] as const;

/** Review sites show J-shaped distributions: mostly 5s and 4s, a tail of 1s from the unhappy. */
function shape(mu: number): number[] {
  return STARS.map((k) => Math.exp(-((k - mu) ** 2) / 1.3) + (k === 1 ? 0.04 : 0));
}

function weightMean(w: readonly number[]): number {
  const sum = w.reduce((s, x) => s + x, 0);
  return w.reduce((s, x, i) => s + x * (i + 1), 0) / sum;
}

/** `n` ratings whose mean is as close to `target` (1..5) as whole counts allow. */
export function starCounts(n: number, target: number): StarCounts {
  const t = Math.min(4.95, Math.max(1.2, target));
  let best = shape(5);
  let bestGap = Number.POSITIVE_INFINITY;
  for (let mu = 0; mu <= 7.5; mu += 0.05) {
    const w = shape(mu);
    const gap = Math.abs(weightMean(w) - t);
    if (gap < bestGap) {
      bestGap = gap;
      best = w;
    }
  }
  const [c1, c2, c3, c4, c5] = apportion(n, best) as [number, number, number, number, number];
  return { 1: c1, 2: c2, 3: c3, 4: c4, 5: c5 };
}

export function countsList(c: StarCounts): [number, number, number, number, number] {
  return [c[1], c[2], c[3], c[4], c[5]];
}

export function totalOf(c: StarCounts): number {
  return c[1] + c[2] + c[3] + c[4] + c[5];
}

/** The mean of the counts, to one decimal (how review sites show it); null without ratings. */
export function ratingOf(c: StarCounts): number | null {
  const n = totalOf(c);
  if (n === 0) return null;
  return Math.round(((c[1] + 2 * c[2] + 3 * c[3] + 4 * c[4] + 5 * c[5]) / n) * 10) / 10;
}
