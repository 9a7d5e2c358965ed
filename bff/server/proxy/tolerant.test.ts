import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { creditsOf, readAnswer, trailingCredits } from './tolerant';

const SECRET = 'test-secret-key';
const ok = (text: string) => readAnswer({ status: 200, headers: new Headers(), text }, { secret: SECRET });

describe('reading credits from the end of an answer without parsing it', () => {
  it('reads the root object last member, whatever the spacing and number form', () => {
    expect(trailingCredits('{"data":[],"credits_consumed":2.5}')).toBe(2.5);
    expect(trailingCredits(' {\n  "data": [],\n  "credits_consumed" : 0\n}\n')).toBe(0);
    expect(trailingCredits('{"credits_consumed":-1.5e2}')).toBe(-150);
  });

  it('declines what it cannot be sure of, so the answer is parsed instead', () => {
    for (const text of [
      '{"data":{"credits_consumed":1}}', // nested
      '{"credits_consumed":1,"data":[]}', // not the last member
      '{"note":"a \\",\\"credits_consumed\\":1}', // inside a string, and no closing brace of its own
      '[{"credits_consumed":1}]', // not an object
      '{"data":[],"credits_consumed":01}', // not a JSON number
      '{"data":[],"credits_consumed":"1"}',
      '{"data":[],"credits_consumed":1}\u00a0', // not JSON whitespace
      '{"data": [tru',
      '',
    ]) {
      expect(trailingCredits(text), text).toBeUndefined();
    }
  });

  it('agrees with parsing on any JSON text: when it answers, the parsed root says the same', () => {
    const credits = fc.oneof(
      fc.integer({ min: -1e6, max: 1e6 }),
      fc.double({ noNaN: true, noDefaultInfinity: true }),
    );
    const member = fc.tuple(fc.constantFrom('credits_consumed', 'data', 'x'), fc.jsonValue());
    const text = fc
      .tuple(fc.array(member, { maxLength: 5 }), fc.option(credits), fc.boolean(), fc.constantFrom(0, 2))
      .map(([members, last, nested, indent]) => {
        const root: Record<string, unknown> = Object.fromEntries(members);
        if (nested) root.inner = { credits_consumed: 7, text: '","credits_consumed":9}' };
        if (last !== null) {
          delete root.credits_consumed;
          root.credits_consumed = last;
        }
        return JSON.stringify(root, null, indent);
      });
    fc.assert(
      fc.property(text, (t) => {
        const fast = trailingCredits(t);
        if (fast !== undefined) expect(fast).toBe(creditsOf(JSON.parse(t)));
        // The UTF-8 bytes as they came over the wire give the same answer as the text.
        expect(trailingCredits(Buffer.from(t, 'utf8'))).toBe(fast);
      }),
    );
    // And it does answer for the shape the embedded service writes.
    fc.assert(
      fc.property(fc.dictionary(fc.string(), fc.jsonValue()), credits, (root, c) => {
        const { credits_consumed: _dropped, ...rest } = root;
        const t = JSON.stringify({ ...rest, credits_consumed: c });
        expect(trailingCredits(t)).toBe(creditsOf(JSON.parse(t)));
      }),
    );
  });
});

describe('an answer received as bytes, relayed as it came', () => {
  const fromBytes = (text: string) => {
    const bytes = Buffer.from(text, 'utf8');
    return readAnswer(
      { status: 200, headers: new Headers(), bytes, text: bytes.toString('utf8') },
      { secret: SECRET },
    );
  };

  it('keeps the bytes and their credits, and decodes or parses them only when read', () => {
    const text = '{"data":[{"name":"Zürich Versicherung – ÅB"}],"credits_consumed":1.5}';
    const answer = fromBytes(text);
    expect(answer.bytes?.equals(Buffer.from(text, 'utf8'))).toBe(true);
    expect(answer.credits).toBe(1.5);
    expect(answer.text).toBe(text);
    expect(answer.body).toEqual(JSON.parse(text));
  });

  it('never relays bytes that hold the key: the scrubbed text goes instead', () => {
    for (const text of [
      `{"echo":"${SECRET}","credits_consumed":0}`,
      `{"echo":"${encodeURIComponent(SECRET)}","credits_consumed":0}`,
    ]) {
      const answer = fromBytes(text);
      expect(answer.bytes).toBeUndefined();
      expect(answer.text).not.toContain(SECRET);
      expect(answer.text).toContain('[redacted]');
    }
  });

  it('parses what it cannot read from the end, as for a text', () => {
    const answer = fromBytes('{"credits_consumed":3,"data":["é"]}');
    expect(answer.bytes).toBeUndefined();
    expect(answer.credits).toBe(3);
    expect(answer.body).toEqual({ credits_consumed: 3, data: ['é'] });
  });
});

describe('a successful answer, parsed only when read', () => {
  it('relays the text, with its credits and the parsed body on demand', () => {
    const text = '{"data":{"name":"Acme"},"credits_consumed":2}';
    const answer = ok(text);
    expect(answer).toMatchObject({ status: 200, ok: true, text, credits: 2 });
    expect(answer.body).toEqual({ data: { name: 'Acme' }, credits_consumed: 2 });
    expect(answer.body).toBe(answer.body); // parsed once
  });

  it('parses an answer whose credits are not its last member, and still reads them', () => {
    const answer = ok('{"credits_consumed":3,"data":[]}');
    expect(answer.credits).toBe(3);
    expect(answer.body).toEqual({ credits_consumed: 3, data: [] });
  });

  it('counts no credits for an answer without a number there', () => {
    expect(ok('{"data":[]}').credits).toBe(0);
    expect(ok('{"data":[],"credits_consumed":"3"}').credits).toBe(0);
  });

  it('still turns a body that is not JSON into a 502 problem', () => {
    const answer = ok('{"data": [tru');
    expect(answer.status).toBe(502);
    expect(answer.ok).toBe(false);
  });

  it('removes the key from the relayed text', () => {
    const answer = ok(`{"echo":"${SECRET}","credits_consumed":1}`);
    expect(answer.text).not.toContain(SECRET);
    expect(answer.credits).toBe(1);
  });
});
