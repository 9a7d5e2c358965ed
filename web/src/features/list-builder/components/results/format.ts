/** Number formats of the grid: one formatter each, built once. */
const money = new Intl.NumberFormat('en-US', {
  style: 'currency',
  currency: 'USD',
  notation: 'compact',
  maximumFractionDigits: 1,
});
const number = new Intl.NumberFormat('en-US', { maximumFractionDigits: 2 });
const creditsFormat = new Intl.NumberFormat('en-US', { maximumFractionDigits: 2 });
const count = new Intl.NumberFormat('en-US');

/** "$12.5M", "$980K", "$1.2B". */
export const formatMoney = (n: number): string => money.format(n);
export const formatNumber = (n: number): string => number.format(n);
/** Credits with up to 2 decimals: "21.5", "0.25", "1,234". */
export const formatCredits = (n: number): string => creditsFormat.format(n);
export const formatCount = (n: number): string => count.format(n);

/** The host of a URL for display ("acme.com" for "https://www.acme.com/"), or the text itself. */
export function displayUrl(url: string): string {
  try {
    const u = new URL(/^https?:\/\//i.test(url) ? url : `https://${url}`);
    const path = u.pathname === '/' ? '' : u.pathname;
    return `${u.hostname.replace(/^www\./, '')}${path}`;
  } catch {
    return url;
  }
}

export function hrefOf(url: string): string {
  return /^https?:\/\//i.test(url) ? url : `https://${url}`;
}
