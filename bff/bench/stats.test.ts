import { describe, expect, it } from 'vitest';
import { bootstrapInterval, median } from './stats';

/** A ratio of medians, as the overhead bench's CPU verdict takes it. */
const ratioOfMedians = (rounds: readonly { bff: number; floor: number }[]) =>
  median(rounds.map((r) => r.bff)) / median(rounds.map((r) => r.floor));

function interval(rounds: readonly { bff: number; floor: number }[]): [number, number] {
  const found = bootstrapInterval(rounds, ratioOfMedians);
  if (!found) throw new Error('no interval');
  return found;
}

describe('the bench’s 95% bootstrap interval', () => {
  it('collapses to the figure when every round agrees', () => {
    const rounds = Array.from({ length: 15 }, () => ({ bff: 0.3, floor: 0.2 }));
    const [low, high] = interval(rounds);
    expect(low).toBeCloseTo(1.5, 10);
    expect(high).toBeCloseTo(1.5, 10);
  });

  it('holds the figure, and widens with the rounds’ spread', () => {
    const noisy = (spread: number) =>
      Array.from({ length: 15 }, (_, i) => ({
        bff: 0.3 * (1 + spread * Math.sin(i * 1.7)),
        floor: 0.2 * (1 + spread * Math.cos(i * 2.3)),
      }));
    const narrow = interval(noisy(0.05));
    const wide = interval(noisy(0.3));
    for (const [rounds, [low, high]] of [
      [noisy(0.05), narrow],
      [noisy(0.3), wide],
    ] as const) {
      const figure = ratioOfMedians(rounds);
      expect(low).toBeLessThanOrEqual(figure);
      expect(high).toBeGreaterThanOrEqual(figure);
    }
    expect(wide[1] - wide[0]).toBeGreaterThan(2 * (narrow[1] - narrow[0]));
  });

  it('gives the same interval for the same rounds (its resampling is seeded)', () => {
    const rounds = [0.21, 0.18, 0.25, 0.2, 0.19].map((floor, i) => ({ bff: 0.29 + i * 0.01, floor }));
    expect(interval(rounds)).toEqual(interval(rounds));
  });

  it('has no interval from one round', () => {
    expect(bootstrapInterval([{ bff: 0.3, floor: 0.2 }], ratioOfMedians)).toBeUndefined();
  });
});
