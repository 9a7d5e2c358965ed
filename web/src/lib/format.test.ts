import { describe, expect, it } from 'vitest';
import {
  displayUrl,
  formatAsOf,
  formatChange,
  formatCompactCount,
  formatCount,
  formatCreditAmount,
  formatCredits,
  formatDate,
  formatDateTime,
  formatDuration,
  formatMoney,
  formatMoneyExact,
  formatMoneyIn,
  formatMoneyInput,
  formatNumber,
  formatPartialDate,
  formatPercent,
  formatRating,
  humanize,
  parseMoney,
  websiteHref,
} from './format';

describe('formatMoney', () => {
  it.each([
    [12_460_000, '$12.5M'],
    [1_250_000_000, '$1.25B'],
    [950_000, '$950K'],
    [0, '$0'],
    [10_000_000, '$10M'],
    [1_500_000_000, '$1.5B'],
    [250_000, '$250K'],
    [1234, '$1.23K'],
    [999, '$999'],
    // Rounding up to the next unit says "$1M", not "$1000K".
    [999_999, '$1M'],
    [3_200_000_000_000, '$3.2T'],
  ])('writes %d as %j', (usd, text) => {
    expect(formatMoney(usd)).toBe(text);
  });

  it('says an amount the source does not give is undisclosed', () => {
    expect(formatMoney(null)).toBe('Undisclosed');
    expect(formatMoney(undefined)).toBe('Undisclosed');
  });
});

describe('formatMoneyExact', () => {
  it.each([
    [12_460_000, '$12.46M'],
    [10_000_000, '$10M'],
    [1_500_000_000, '$1.5B'],
    [250_000, '$250K'],
    [1500, '$1.5K'],
    [950, '$950'],
    [0, '$0'],
    // No short form is exact: every dollar, so the summary states the bound that is applied.
    [1_234_567, '$1,234,567'],
    [1234, '$1,234'],
    [12_345_000, '$12,345,000'],
  ])('writes %d as %j', (usd, text) => {
    expect(formatMoneyExact(usd)).toBe(text);
  });
});

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

  it('reads the displayed forms back as the same amount', () => {
    for (const usd of [10_000_000, 1_500_000_000, 12_460_000, 1_234_567, 950]) {
      expect(parseMoney(formatMoneyExact(usd))).toBe(usd);
    }
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

describe('formatCredits', () => {
  it.each([
    [0, '0 credits'],
    [1, '1 credit'],
    [2.5, '2.5 credits'],
    [0.01, '0.01 credits'],
    [0.2, '0.2 credits'],
    [0.125, '0.13 credits'],
    [1234.5, '1,234.5 credits'],
    // What reads as one credit is one credit.
    [1.001, '1 credit'],
  ])('writes %d as %j', (credits, text) => {
    expect(formatCredits(credits)).toBe(text);
  });

  it('writes a bare amount where the unit is said once for several', () => {
    expect(formatCreditAmount(12.5)).toBe('12.5');
    expect(formatCreditAmount(1000)).toBe('1,000');
    expect(formatCreditAmount(0.333)).toBe('0.33');
  });
});

describe('counts, measures, percentages and ratings', () => {
  it('writes counts whole with thousands separators', () => {
    expect(formatCount(0)).toBe('0');
    expect(formatCount(1234)).toBe('1,234');
    expect(formatCount(1_500_000)).toBe('1,500,000');
  });

  it('writes measures with up to two decimals', () => {
    expect(formatNumber(12.5)).toBe('12.5');
    expect(formatNumber(1234.567)).toBe('1,234.57');
    expect(formatNumber(-3)).toBe('-3');
  });

  it('writes shares as whole percentages and ratings to one decimal', () => {
    expect(formatPercent(0.825)).toBe('83%');
    expect(formatPercent(0.5)).toBe('50%');
    expect(formatPercent(1)).toBe('100%');
    expect(formatRating(4)).toBe('4.0');
    expect(formatRating(3.94)).toBe('3.9');
  });

  it('writes large counts compactly, changes signed, and lengths of time in minutes and seconds', () => {
    expect(formatCompactCount(950)).toBe('950');
    expect(formatCompactCount(12_480)).toBe('12.5K');
    expect(formatCompactCount(1_234_567)).toBe('1.23M');
    expect(formatChange(12.5)).toBe('+12.5%');
    expect(formatChange(-3)).toBe('-3%');
    expect(formatChange(0)).toBe('0%');
    expect(formatDuration(45)).toBe('45s');
    expect(formatDuration(192)).toBe('3m 12s');
    expect(formatDuration(3900)).toBe('1h 5m');
  });

  it('writes pay in its own currency, compactly', () => {
    expect(formatMoneyIn(65_000, 'EUR')).toBe('€65K');
    expect(formatMoneyIn(120_000, 'USD')).toBe('$120K');
    expect(formatMoneyIn(32.5, 'USD')).toBe('$32.5');
    expect(formatMoneyIn(65_000, 'not a currency')).toBe('65K not a currency');
  });
});

describe('dates', () => {
  it('writes calendar dates in one style, on the day they name in any time zone', () => {
    expect(formatDate('2024-03-01')).toBe('Mar 1, 2024');
    expect(formatDate('2023-06-01T23:30:00Z')).toBe('Jun 1, 2023');
    expect(formatDate('2024-12-31')).toBe('Dec 31, 2024');
  });

  it('keeps the precision of a year or a month', () => {
    expect(formatDate('2024')).toBe('2024');
    expect(formatDate('2024-03')).toBe('Mar 2024');
    expect(formatPartialDate({ year: 2024 })).toBe('2024');
    expect(formatPartialDate({ year: 2024, month: 3 })).toBe('Mar 2024');
    expect(formatPartialDate({ year: 2025, month: 1, day: 15 })).toBe('Jan 15, 2025');
    expect(formatPartialDate({})).toBeNull();
  });

  it('gives null for an empty or unreadable date', () => {
    expect(formatDate(null)).toBeNull();
    expect(formatDate('')).toBeNull();
    expect(formatDate('soon')).toBeNull();
    expect(formatDateTime(undefined)).toBeNull();
    expect(formatDateTime('not a time')).toBeNull();
  });

  it('writes moments with their time of day, in the user’s time zone', () => {
    // 12:20 UTC is Mar 1 or Mar 2 somewhere between UTC-12 and UTC+14; always 20 past an hour.
    expect(formatDateTime('2024-03-01T12:20:00Z')).toMatch(/^Mar [12], 2024, \d{1,2}:20\s(AM|PM)$/);
  });

  it('writes when data was fetched as briefly as reads unambiguously: the year only before this one', () => {
    const now = new Date('2026-12-02T12:00:00Z');
    // Noon UTC is the same calendar day from UTC-11 to UTC+11.
    expect(formatAsOf('2026-11-03T12:00:00Z', now)).toBe('Nov 3');
    expect(formatAsOf('2025-11-03T12:00:00Z', now)).toBe('Nov 3, 2025');
    expect(formatAsOf(null, now)).toBeNull();
    expect(formatAsOf('yesterday', now)).toBeNull();
  });
});

describe('links and codes', () => {
  it('writes addresses as host and path, without www', () => {
    expect(displayUrl('https://www.acme.com/')).toBe('acme.com');
    expect(displayUrl('acme.com/careers')).toBe('acme.com/careers');
    expect(displayUrl('http://blog.acme.io/posts/')).toBe('blog.acme.io/posts/');
    expect(displayUrl('not an address')).toBe('not an address');
  });

  it('links only http(s) addresses', () => {
    expect(websiteHref('acme.com')).toBe('https://acme.com/');
    expect(websiteHref('http://acme.com/x')).toBe('http://acme.com/x');
    expect(websiteHref('javascript:alert(1)')).toBeNull();
    expect(websiteHref('ftp://acme.com')).toBeNull();
    expect(websiteHref('  ')).toBeNull();
  });

  it('writes codes in words', () => {
    expect(humanize('linkedInVideo')).toBe('Linked in video');
    expect(humanize('REGULAR')).toBe('Regular');
    expect(humanize('work_life_balance')).toBe('Work life balance');
  });
});
