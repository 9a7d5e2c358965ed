/**
 * US-dollar amounts as people type them in a range bound: "10m", "1.5b", "250k", "$2,500,000",
 * "3 million". Filters hold whole dollars, so a parsed amount is rounded to the dollar.
 */

const UNITS: Readonly<Record<string, number>> = {
  '': 1,
  k: 1e3,
  thousand: 1e3,
  m: 1e6,
  mm: 1e6,
  mn: 1e6,
  mio: 1e6,
  million: 1e6,
  b: 1e9,
  bn: 1e9,
  billion: 1e9,
  t: 1e12,
  tn: 1e12,
  trillion: 1e12,
};

const MONEY = /^\$?\s*(\d+(?:\.\d+)?|\.\d+)\s*([a-z]*)$/;

/**
 * The whole-dollar amount a text means; `undefined` for an empty text (no bound), `null` when the
 * text is not an amount.
 */
export function parseMoney(text: string): number | null | undefined {
  const t = text
    .trim()
    .toLowerCase()
    .replace(/^usd\s*/, '')
    .replace(/,/g, '')
    .replace(/_/g, '');
  if (t === '') return undefined;
  const m = MONEY.exec(t);
  if (!m) return null;
  const unit = UNITS[m[2] ?? ''];
  if (unit === undefined) return null;
  const value = Math.round(Number(m[1]) * unit);
  return Number.isSafeInteger(value) ? value : null;
}

const SHORT_UNITS: readonly (readonly [number, string])[] = [
  [1e12, 't'],
  [1e9, 'b'],
  [1e6, 'm'],
  [1e3, 'k'],
];

/**
 * The shortest shorthand that reads back as exactly the same amount: 10000000 -> "10m",
 * 1500000000 -> "1.5b", 1234 -> "1234" (no unit fits exactly).
 */
export function formatMoneyInput(usd: number): string {
  for (const [size, unit] of SHORT_UNITS) {
    if (usd >= size) {
      // Only the largest unit that fits: "1234.567k" would read worse than the digits.
      const text = String(Number((usd / size).toFixed(3)));
      return Math.round(Number(text) * size) === usd ? `${text}${unit}` : String(usd);
    }
  }
  return String(usd);
}

const compactUsd = new Intl.NumberFormat('en-US', {
  style: 'currency',
  currency: 'USD',
  notation: 'compact',
  minimumFractionDigits: 0,
  maximumFractionDigits: 2,
});

/** An amount as a person reads it in a sentence: "$10M", "$1.5B", "$250K". */
export function formatMoney(usd: number): string {
  return compactUsd.format(usd);
}
