import { describe, expect, it } from 'vitest';
import { formatMoney, formatMoneyInput, parseMoney } from './money';

describe('parseMoney', () => {
  it.each([
    ['10m', 10_000_000],
    ['1.5b', 1_500_000_000],
    ['250k', 250_000],
    ['250K', 250_000],
    ['$2,500,000', 2_500_000],
    ['3 million', 3_000_000],
    ['2bn', 2_000_000_000],
    ['.5m', 500_000],
    ['1.2345k', 1235],
    ['0', 0],
    ['  7  ', 7],
    ['usd 4m', 4_000_000],
    ['1t', 1_000_000_000_000],
  ])('reads %j as %d', (text, usd) => {
    expect(parseMoney(text)).toBe(usd);
  });

  it('gives undefined for an empty bound', () => {
    expect(parseMoney('')).toBeUndefined();
    expect(parseMoney('   ')).toBeUndefined();
  });

  it.each(['ten', '10x', '1.2.3m', '-5m', 'm', '5 m m', '1e6'])('rejects %j', (text) => {
    expect(parseMoney(text)).toBeNull();
  });
});

describe('formatMoneyInput', () => {
  it.each([
    [10_000_000, '10m'],
    [1_500_000_000, '1.5b'],
    [250_000, '250k'],
    [999, '999'],
    [1234, '1.234k'],
    [1_234_567, '1234567'],
    [0, '0'],
  ])('writes %d as %j', (usd, text) => {
    expect(formatMoneyInput(usd)).toBe(text);
  });

  it('reads back as the same amount', () => {
    for (const usd of [1, 12, 1000, 1500, 2_750_000, 3_333_333, 42_000_000_000, 987_654_321]) {
      expect(parseMoney(formatMoneyInput(usd))).toBe(usd);
    }
  });
});

describe('formatMoney', () => {
  it('writes amounts in compact dollars', () => {
    expect(formatMoney(10_000_000)).toBe('$10M');
    expect(formatMoney(1_500_000_000)).toBe('$1.5B');
    expect(formatMoney(250_000)).toBe('$250K');
  });
});
