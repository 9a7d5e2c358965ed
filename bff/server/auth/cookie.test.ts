import fc from 'fast-check';
import { parse } from 'hono/utils/cookie';
import { describe, expect, it } from 'vitest';
import { cookieNamed } from './cookie';
import { SECURE_SESSION_COOKIE, SESSION_COOKIE } from './sessions';

const NAMES = [SESSION_COOKIE, SECURE_SESSION_COOKIE, 'theme', 'x_lb_session', 'lb_session_old'];
// Cookie-octets (RFC 6265), as browsers send them: no blank, quote, comma, semicolon or backslash.
const octet = fc.constantFrom(..."abcXYZ019-_.~+/=%!#$&'()*:<>?@[]^`{|}".split(''));
const value = fc.oneof(
  fc.array(octet, { maxLength: 12 }).map((a) => a.join('')),
  fc.array(octet, { maxLength: 12 }).map((a) => `"${a.join('')}"`),
  fc.constantFrom('abc%20def', 'a%3Db', '%E2%82%AC', 'lb_session=1', `${SESSION_COOKIE}`),
);
const blank = fc.constantFrom('', ' ', '  ', '\t');
const pair = fc
  .tuple(fc.constantFrom(...NAMES), blank, blank, value)
  .map(([n, a, b, v]) => `${a}${n}${b}=${v}`);
const header = fc
  .array(pair, { minLength: 0, maxLength: 6 })
  .chain((pairs) => fc.constantFrom('; ', ';').map((sep) => pairs.join(sep)));

describe('cookieNamed', () => {
  it("reads a cookie as Hono's parser does", () => {
    fc.assert(
      fc.property(header, fc.constantFrom(...NAMES), (h, name) => {
        expect(cookieNamed(h, name)).toBe(parse(h, name)[name]);
      }),
      { numRuns: 5000, examples: [['lb_session_old="%0a%"; lb_session=%E2%82%AC%', 'lb_session_old']] },
    );
  });

  it('never takes a longer name, or a name inside a value, for the one asked', () => {
    expect(cookieNamed(`${SECURE_SESSION_COOKIE}=secure`, SESSION_COOKIE)).toBeUndefined();
    expect(cookieNamed(`x_lb_session=a; lb_session_old=b`, SESSION_COOKIE)).toBeUndefined();
    expect(cookieNamed(`theme=lb_session=evil; lb_session=real`, SESSION_COOKIE)).toBe('real');
    expect(cookieNamed(`theme=dark;lb_session = "id-1"`, SESSION_COOKIE)).toBe('id-1');
    expect(cookieNamed(undefined, SESSION_COOKIE)).toBeUndefined();
  });
});
