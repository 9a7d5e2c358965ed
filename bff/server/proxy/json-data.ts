/**
 * A JSON answer as the upstream sent it: its text, or its UTF-8 bytes. The proxy relays most answers
 * without reading them, so it keeps the bytes it received and looks at them in place: decoding a list
 * page to a string and encoding it again on the way out (a page with one accented name is a two-byte
 * string) was the largest part of what the BFF spent relaying list generation beyond a bare proxy.
 * These helpers read the few ASCII landmarks the proxy needs (`{`, `,`, a key near the end) from
 * either form; offsets are in the form's own units (characters or bytes).
 */
export type JsonData = string | Buffer;

export function lastIndexOf(data: JsonData, needle: string): number {
  return data.lastIndexOf(needle);
}

/** The character at `i` when it is ASCII (a byte of a multi-byte UTF-8 sequence gives ''). */
export function asciiAt(data: JsonData, i: number): string {
  if (typeof data === 'string') return data[i] ?? '';
  const b = data[i];
  return b !== undefined && b < 0x80 ? String.fromCharCode(b) : '';
}

/** The text from `start` to the end. */
export function tailText(data: JsonData, start: number): string {
  return typeof data === 'string' ? data.slice(start) : data.toString('utf8', start);
}

export function startsWithAscii(data: JsonData, prefix: string): boolean {
  if (typeof data === 'string') return data.startsWith(prefix);
  if (data.length < prefix.length) return false;
  for (let i = 0; i < prefix.length; i++) if (data[i] !== prefix.charCodeAt(i)) return false;
  return true;
}

export function includes(data: JsonData, needle: string): boolean {
  return data.includes(needle);
}
