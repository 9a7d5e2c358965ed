/**
 * The benches' statistics: the median they all take, and how far a figure may move with the rounds
 * it happened to get (`bootstrapInterval`, a 95% bootstrap interval).
 *
 * The interval: the rounds are drawn again with replacement, 2,000 times, and the figure worked out
 * on each draw; the interval runs from the 2.5th to the 97.5th percentile of those figures. Each round
 * is drawn whole (its two proxies' figures together), as it was measured. The draws are seeded
 * (mulberry32, `prng`), so the same rounds give the same interval.
 */
import { prng } from '../testing/compact-companies';

/** The middle value (the upper one of an even count), as every figure of the benches takes it. */
export function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted.length === 0 ? Number.NaN : sorted[Math.floor(sorted.length / 2)]!;
}

export function bootstrapInterval<R>(
  rounds: readonly R[],
  figure: (rounds: readonly R[]) => number,
  resamples = 2000,
): [number, number] | undefined {
  if (rounds.length < 2) return undefined;
  const next = prng(0x5eed);
  const figures: number[] = [];
  const draw: R[] = new Array(rounds.length);
  for (let i = 0; i < resamples; i++) {
    for (let j = 0; j < rounds.length; j++) draw[j] = rounds[Math.floor(next() * rounds.length)]!;
    figures.push(figure(draw));
  }
  figures.sort((a, b) => a - b);
  const at = (p: number) => figures[Math.min(figures.length - 1, Math.floor(p * figures.length))]!;
  return [at(0.025), at(0.975)];
}
