import { describe, expect, it } from 'vitest';
import { csrfRefusal } from './csrf';

const URL_ = 'http://127.0.0.1:8787/api/v1/list/generate/companies';
const refusal = (origin: string | undefined, extra: Record<string, string> = {}) =>
  csrfRefusal(
    new Headers({
      'x-requested-with': 'list-builder',
      ...(origin !== undefined ? { origin } : {}),
      ...extra,
    }),
    URL_,
    ['https://app.example.com'],
  );

describe('CSRF: the Origin of an unsafe request', () => {
  it("passes the request's own origin, an allowed one, and a same-origin fetch without Origin", () => {
    expect(refusal('http://127.0.0.1:8787')).toBeUndefined();
    expect(refusal('https://127.0.0.1:8787')).toBeUndefined(); // behind a TLS proxy: host, not scheme
    expect(refusal('https://app.example.com')).toBeUndefined();
    expect(refusal(undefined, { 'sec-fetch-site': 'same-origin' })).toBeUndefined();
  });

  it('refuses other hosts and ports, look-alikes, malformed and opaque origins', () => {
    for (const origin of [
      'http://127.0.0.1:8788',
      'http://127.0.0.1',
      'http://127.0.0.1:8787.evil.com',
      'http://evil.com',
      'http:',
      'http://',
      'not a url',
      'null',
    ]) {
      expect(refusal(origin), origin).toBeDefined();
    }
    expect(refusal(undefined)).toBeDefined();
    expect(csrfRefusal(new Headers({ origin: 'http://127.0.0.1:8787' }), URL_)).toBeDefined(); // no header
  });
});
