/**
 * One cookie's value from a Cookie header, read where it is: the session cookie is read on every
 * API call, and Hono's `getCookie` splits the whole header and tests every pair with two regular
 * expressions, which cost more than the rest of finding the session. Same reading as Hono's for the
 * values the BFF sets (names matched exactly, whitespace trimmed, quotes removed, %-escapes decoded),
 * the first pair of that name winning; cookie.test.ts holds the two to each other.
 */
import { tryDecodeURIComponent } from 'hono/utils/url';

export function cookieNamed(header: string | null | undefined, name: string): string | undefined {
  if (!header) return undefined;
  for (let from = 0; ; ) {
    const at = header.indexOf(name, from);
    if (at < 0) return undefined;
    from = at + 1;
    let before = at - 1;
    while (before >= 0 && isBlank(header.charCodeAt(before))) before--;
    if (before >= 0 && header[before] !== ';') continue;
    let eq = at + name.length;
    while (isBlank(header.charCodeAt(eq))) eq++;
    if (header[eq] !== '=') continue;
    const semi = header.indexOf(';', eq + 1);
    let value = header.slice(eq + 1, semi < 0 ? header.length : semi).trim();
    if (value.length >= 2 && value.startsWith('"') && value.endsWith('"')) value = value.slice(1, -1);
    // %-escapes as Hono decodes them: each valid run of them, the rest left as it is.
    return tryDecodeURIComponent(value);
  }
}

const isBlank = (c: number): boolean => c === 32 || c === 9;
