/**
 * How the web app writes what it shows: money, credits, counts, percentages, ratings, dates, links
 * and codes. Every display formats through here, so an amount reads the same in the grid, the
 * filter summary and the company page. The CSV export does not: it writes the column catalog's plain
 * `text` (`@contract/columns`), digits a spreadsheet can read as numbers.
 *
 * One fixed locale, en-US, rather than the browser's: every sentence around these values is
 * English, so "Cost 2,5 credits" or "12 avr. 2024" inside them would read as a mistake, and a fixed
 * locale makes what a test (or a teammate's screenshot) sees the same everywhere. Calendar dates are
 * written in UTC, the zone they are stored in ("2024-03-01" stays Mar 1 west of Greenwich); moments
 * (a request's creation) in the user's own time zone, where they lived through them.
 *
 * The formatters are built once: creating an `Intl` formatter per cell is what makes long lists slow.
 * Each is built on first use rather than when the module loads: building one costs more than many
 * uses, and most pages use a few of them (eleven built at once held the first load for tens of ms).
 */

const LOCALE = 'en-US';

function lazily<F>(make: () => F): () => F {
  let made: F | undefined;
  return () => {
    made ??= make();
    return made;
  };
}

// Money --------------------------------------------------------------------------------------------

const compactUsd = lazily(
  () =>
    new Intl.NumberFormat(LOCALE, {
      style: 'currency',
      currency: 'USD',
      notation: 'compact',
      maximumSignificantDigits: 3,
    }),
);
const compactUsdToTheCent = lazily(
  () =>
    new Intl.NumberFormat(LOCALE, {
      style: 'currency',
      currency: 'USD',
      notation: 'compact',
      // A currency's default is two decimals at least: "$950", not "$950.00".
      minimumFractionDigits: 0,
      maximumFractionDigits: 2,
    }),
);
const wholeUsd = lazily(
  () =>
    new Intl.NumberFormat(LOCALE, {
      style: 'currency',
      currency: 'USD',
      minimumFractionDigits: 0,
      maximumFractionDigits: 0,
    }),
);

/**
 * An amount of data (revenue, valuation, a funding round) as a person reads it: compact, with up to
 * three significant digits: "$12.5M", "$1.25B", "$950K", "$0". An amount the source does not give
 * reads "Undisclosed", never a misleading "$0".
 */
export function formatMoney(usd: number | null | undefined): string {
  if (usd === null || usd === undefined) return 'Undisclosed';
  return compactUsd().format(usd);
}

const UNITS: readonly (readonly [size: number, letter: string])[] = [
  [1e12, 't'],
  [1e9, 'b'],
  [1e6, 'm'],
  [1e3, 'k'],
];

function unitOf(usd: number): number {
  return UNITS.find(([size]) => Math.abs(usd) >= size)?.[0] ?? 1;
}

/**
 * An amount a person set (a filter's bound), written in the same style as `formatMoney` but never
 * rounded, so the summary states the filter that is applied: "$12.46M", "$10M", and where no short
 * form is exact, every dollar: "$1,234,567".
 */
export function formatMoneyExact(usd: number): string {
  const unit = unitOf(usd);
  const exact = Math.round(Number((usd / unit).toFixed(2)) * unit) === usd;
  return exact ? compactUsdToTheCent().format(usd) : wholeUsd().format(usd);
}

const SPOKEN_UNITS: Readonly<Record<string, number>> = {
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

const MONEY_TEXT = /^\$?\s*(\d+(?:\.\d+)?|\.\d+)\s*([a-z]*)$/;

/**
 * The whole-dollar amount a typed bound means ("10m", "1.5b", "250k", "$2,500,000", "3 million");
 * `undefined` for an empty text (no bound), `null` when the text is not an amount. Filters hold whole
 * dollars, so the amount is rounded to the dollar.
 */
export function parseMoney(text: string): number | null | undefined {
  const t = text
    .trim()
    .toLowerCase()
    .replace(/^usd\s*/, '')
    .replace(/,/g, '')
    .replace(/_/g, '');
  if (t === '') return undefined;
  const m = MONEY_TEXT.exec(t);
  if (!m) return null;
  const unit = SPOKEN_UNITS[m[2] ?? ''];
  if (unit === undefined) return null;
  const value = Math.round(Number(m[1]) * unit);
  return Number.isSafeInteger(value) ? value : null;
}

/**
 * An amount back in a range input, as a person would type it: the shortest shorthand that reads back
 * as exactly the same amount: 10000000 -> "10m", 1500000000 -> "1.5b", 1234567 -> "1234567".
 */
export function formatMoneyInput(usd: number): string {
  for (const [size, letter] of UNITS) {
    if (usd >= size) {
      // Only the largest unit that fits: "1234.567k" would read worse than the digits.
      const text = String(Number((usd / size).toFixed(3)));
      return Math.round(Number(text) * size) === usd ? `${text}${letter}` : String(usd);
    }
  }
  return String(usd);
}

// Credits ------------------------------------------------------------------------------------------

// Prices go down to the hundredth of a credit (0.01 per news article).
const creditAmount = lazily(() => new Intl.NumberFormat(LOCALE, { maximumFractionDigits: 2 }));

/** A number of credits without the word, where the unit is said once for several: "12.5", "1,234". */
export function formatCreditAmount(credits: number): string {
  return creditAmount().format(credits);
}

/** A cost or a balance in credits: "0 credits", "1 credit", "2.5 credits", "1,234.5 credits". */
export function formatCredits(credits: number): string {
  const amount = creditAmount().format(credits);
  return `${amount} ${amount === '1' ? 'credit' : 'credits'}`;
}

/**
 * Builds the formatter of credit amounts, the first number every page shows (the header's usage).
 * The first number formatter a page builds loads the locale's number data, some 30 ms of the main
 * thread; `first-visit.ts` has that done in a task of its own while the first calls are on the
 * wire, rather than inside the render that first shows a number.
 */
export function prepareNumberFormats(): void {
  creditAmount();
}

// Counts, measures, percentages and ratings --------------------------------------------------------

const count = lazily(() => new Intl.NumberFormat(LOCALE, { maximumFractionDigits: 0 }));
const measure = lazily(() => new Intl.NumberFormat(LOCALE, { maximumFractionDigits: 2 }));
const percent = lazily(() => new Intl.NumberFormat(LOCALE, { style: 'percent', maximumFractionDigits: 0 }));
const rating = lazily(
  () => new Intl.NumberFormat(LOCALE, { minimumFractionDigits: 1, maximumFractionDigits: 1 }),
);

/** How many of something (rows, pages, reviews, reactions), every digit kept: "1,234". */
export function formatCount(n: number): string {
  return count().format(n);
}

/** A measured quantity that may have a fraction (a grid's number column): "1,234.57", "12.5". */
export function formatNumber(n: number): string {
  return measure().format(n);
}

/** A 0..1 share as a whole percentage: 0.825 -> "83%". */
export function formatPercent(fraction: number): string {
  return percent().format(fraction);
}

/** A score on a five-point scale, always to one decimal: "4.0", "3.9". */
export function formatRating(score: number): string {
  return rating().format(score);
}

const compactCount = lazily(
  () => new Intl.NumberFormat(LOCALE, { notation: 'compact', maximumSignificantDigits: 3 }),
);
const change = lazily(
  () =>
    new Intl.NumberFormat(LOCALE, { style: 'percent', maximumFractionDigits: 1, signDisplay: 'exceptZero' }),
);

/** A large count where its size matters more than its digits (an axis, monthly visits): "12.5K", "1.2M", "950". */
export function formatCompactCount(n: number): string {
  return compactCount().format(n);
}

/** A change given in percent (12.5 means +12.5%), signed, to one decimal: "+12.5%", "-3%", "0%". */
export function formatChange(percent: number): string {
  return change().format(percent / 100);
}

/** A length of time in seconds as a person reads it: "45s", "3m 12s", "1h 5m". */
export function formatDuration(seconds: number): string {
  const s = Math.max(0, Math.round(seconds));
  if (s < 60) return `${s}s`;
  if (s < 3600) return `${Math.floor(s / 60)}m ${s % 60}s`;
  return `${Math.floor(s / 3600)}h ${Math.floor((s % 3600) / 60)}m`;
}

const moneyIn = new Map<string, Intl.NumberFormat>();

/**
 * An amount in a currency of its own (a job's pay), compact like `formatMoney`: "€65K", "$120K",
 * "CHF 98K"; a currency code Intl does not know is written after the amount ("65K XYZ").
 */
export function formatMoneyIn(amount: number, currency: string): string {
  let f = moneyIn.get(currency);
  if (!f) {
    try {
      f = new Intl.NumberFormat(LOCALE, {
        style: 'currency',
        currency,
        notation: 'compact',
        maximumSignificantDigits: 3,
      });
    } catch {
      return `${formatCompactCount(amount)} ${currency}`;
    }
    moneyIn.set(currency, f);
  }
  return f.format(amount);
}

// Dates --------------------------------------------------------------------------------------------

const day = lazily(() => new Intl.DateTimeFormat(LOCALE, { dateStyle: 'medium', timeZone: 'UTC' }));
const month = lazily(
  () => new Intl.DateTimeFormat(LOCALE, { year: 'numeric', month: 'short', timeZone: 'UTC' }),
);
const moment = lazily(() => new Intl.DateTimeFormat(LOCALE, { dateStyle: 'medium', timeStyle: 'short' }));

export type PartialDate = { year?: number; month?: number; day?: number };

/** A date known to a varying precision, at that precision: "2024", "Mar 2024", "Mar 1, 2024". */
export function formatPartialDate(d: PartialDate): string | null {
  if (d.year === undefined) return null;
  if (d.month === undefined) return String(d.year);
  const t = Date.UTC(d.year, d.month - 1, d.day ?? 1);
  return d.day === undefined ? month().format(t) : day().format(t);
}

const YEAR_OR_MONTH = /^(\d{4})(?:-(\d{2}))?$/;

/**
 * A calendar date (ISO 8601: "2024-03-01", or the date of a timestamp) as "Mar 1, 2024"; a year or a
 * year-month keeps its precision ("2024", "Mar 2024"). Empty or unreadable gives null.
 */
export function formatDate(iso: string | null | undefined): string | null {
  if (!iso) return null;
  const partial = YEAR_OR_MONTH.exec(iso);
  if (partial) {
    return formatPartialDate({
      year: Number(partial[1]),
      ...(partial[2] === undefined ? {} : { month: Number(partial[2]) }),
    });
  }
  const t = Date.parse(iso);
  return Number.isNaN(t) ? null : day().format(t);
}

const dayOfYear = lazily(() => new Intl.DateTimeFormat(LOCALE, { month: 'short', day: 'numeric' }));
const localDay = lazily(() => new Intl.DateTimeFormat(LOCALE, { dateStyle: 'medium' }));

/**
 * When data was fetched, in the user's time zone, as short as reads unambiguously: "Nov 3" this
 * year, "Nov 3, 2025" before it. Empty or unreadable gives null.
 */
export function formatAsOf(iso: string | null | undefined, now: Date = new Date()): string | null {
  if (!iso) return null;
  const t = Date.parse(iso);
  if (Number.isNaN(t)) return null;
  return new Date(t).getFullYear() === now.getFullYear() ? dayOfYear().format(t) : localDay().format(t);
}

/** A moment (ISO 8601 timestamp) in the user's time zone: "Mar 1, 2024, 10:20 AM". */
export function formatDateTime(iso: string | null | undefined): string | null {
  if (!iso) return null;
  const t = Date.parse(iso);
  return Number.isNaN(t) ? null : moment().format(t);
}

// Links and codes ----------------------------------------------------------------------------------

const SCHEME = /^[a-z][a-z0-9+.-]*:\/\//i;

function parseWebsite(url: string): URL | null {
  try {
    return new URL(SCHEME.test(url) ? url : `https://${url}`);
  } catch {
    return null;
  }
}

/**
 * A web address as a person reads it: the host without "www." and the path when there is one
 * ("https://www.acme.com/" -> "acme.com", "acme.com/careers/" -> "acme.com/careers/"); the text
 * itself when it is not an address.
 */
export function displayUrl(url: string): string {
  const u = parseWebsite(url.trim());
  if (!u) return url;
  const path = u.pathname === '/' ? '' : u.pathname;
  return `${u.hostname.replace(/^www\./, '')}${path}`;
}

/** A link target for an address that may come without a scheme; only http(s) is ever linked. */
export function websiteHref(url: string): string | null {
  if (!url.trim()) return null;
  const u = parseWebsite(url.trim());
  return u && (u.protocol === 'http:' || u.protocol === 'https:') ? u.href : null;
}

/** A code in words: `linkedInVideo`, `REGULAR`, `work_life_balance` -> "Linked in video", "Regular"... */
export function humanize(code: string): string {
  const spaced = code
    .replace(/_/g, ' ')
    .replace(/([a-z])([A-Z])/g, '$1 $2')
    .toLowerCase()
    .trim();
  return spaced.charAt(0).toUpperCase() + spaced.slice(1);
}
