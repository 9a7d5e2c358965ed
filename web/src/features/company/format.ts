/**
 * Number, money, date and credit formatting for the company page. One set of `Intl` formatters,
 * created once: building them per cell is what makes long review lists slow.
 */

const integer = new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 });
const compact = new Intl.NumberFormat('en-US', { notation: 'compact', maximumFractionDigits: 1 });
const creditsFmt = new Intl.NumberFormat('en-US', { minimumFractionDigits: 0, maximumFractionDigits: 2 });
const oneDecimal = new Intl.NumberFormat('en-US', { minimumFractionDigits: 1, maximumFractionDigits: 1 });
const percent = new Intl.NumberFormat('en-US', { style: 'percent', maximumFractionDigits: 0 });
const dateFmt = new Intl.DateTimeFormat('en-US', {
  year: 'numeric',
  month: 'short',
  day: 'numeric',
  timeZone: 'UTC',
});
const monthFmt = new Intl.DateTimeFormat('en-US', { year: 'numeric', month: 'short', timeZone: 'UTC' });

export function formatInteger(n: number): string {
  return integer.format(n);
}

export function formatCompact(n: number): string {
  return compact.format(n);
}

/** `$12.5M`; an unknown amount reads "Undisclosed" rather than a misleading zero. */
export function formatUsd(n: number | null | undefined): string {
  if (n === null || n === undefined) return 'Undisclosed';
  return `$${compact.format(n)}`;
}

/** Credits with up to two decimals: "2.5 credits", "1 credit", "0 credits". */
export function formatCredits(n: number): string {
  return `${creditsFmt.format(n)} ${n === 1 ? 'credit' : 'credits'}`;
}

export function formatRating(n: number): string {
  return oneDecimal.format(n);
}

export function formatPercent(fraction: number): string {
  return percent.format(fraction);
}

/** A date or timestamp (ISO 8601) in words; an empty or unreadable value gives null. */
export function formatDate(iso: string | null | undefined): string | null {
  if (!iso) return null;
  const t = Date.parse(iso);
  return Number.isNaN(t) ? null : dateFmt.format(t);
}

/** A partial date `{year, month?, day?}` at the precision it is known. */
export function formatPartialDate(d: { year?: number; month?: number; day?: number }): string | null {
  if (d.year === undefined) return null;
  if (d.month === undefined) return String(d.year);
  const t = Date.UTC(d.year, d.month - 1, d.day ?? 1);
  return d.day === undefined ? monthFmt.format(t) : dateFmt.format(t);
}

/** The host of a website for display (`https://www.acme.com/` -> `acme.com`). */
export function displayHost(website: string): string {
  try {
    const url = new URL(/^[a-z][a-z0-9+.-]*:\/\//i.test(website) ? website : `https://${website}`);
    return url.hostname.replace(/^www\./, '');
  } catch {
    return website;
  }
}

/** A link target for a website that may come without a scheme; only http(s) is ever linked. */
export function websiteHref(website: string): string | null {
  if (!website.trim()) return null;
  try {
    const url = new URL(/^[a-z][a-z0-9+.-]*:\/\//i.test(website) ? website : `https://${website}`);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.href : null;
  } catch {
    return null;
  }
}

/** Turns `linkedInVideo`, `REGULAR` or `work_life_balance` into words. */
export function humanize(code: string): string {
  const spaced = code
    .replace(/_/g, ' ')
    .replace(/([a-z])([A-Z])/g, '$1 $2')
    .toLowerCase()
    .trim();
  return spaced.charAt(0).toUpperCase() + spaced.slice(1);
}
