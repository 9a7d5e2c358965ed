import { describe, expect, it } from 'vitest';
import { findNegations } from './negation-words';

/** [cue and scope as written, the negated words] of each negation. */
const negations = (text: string, opts = {}) => findNegations(text, opts).map((n) => [n.text, n.scope]);

describe('the issue’s descriptions', () => {
  it.each([
    ['fintech companies not in the US', 'not in the US', 'in the US'],
    ['B2B companies that are not venture backed', 'not venture backed', 'venture backed'],
    ['private companies but not family owned', 'not family owned', 'family owned'],
    ['companies in Germany other than software', 'other than software', 'software'],
    ['companies with no B2C business', 'no B2C', 'B2C'],
    ['non-US SaaS companies', 'non-US', 'US'],
    ['software companies in Europe excluding Germany', 'excluding Germany', 'Germany'],
    ['European fintechs apart from the UK', 'apart from the UK', 'the UK'],
    ['SaaS companies outside of North America', 'outside of North America', 'North America'],
  ])('%s', (text, chip, scope) => {
    expect(negations(text)).toEqual([[chip, scope]]);
  });

  it('leaves words the caller read to it: "without funding"', () => {
    const text = 'companies without funding in Spain';
    const start = text.indexOf('without');
    expect(negations(text, { read: [{ start, end: start + 'without funding'.length }] })).toEqual([]);
    expect(negations(text)).toEqual([['without funding', 'funding']]);
  });
});

describe('cues', () => {
  it.each([
    ["companies that aren't B2B in Canada", "aren't B2B", 'B2B'],
    ['companies that aren’t B2B', 'aren’t B2B', 'B2B'],
    ["B2C companies that don't sell software", "don't sell software", 'sell software'],
    ["fintechs that isn't B2C", "isn't B2C", 'B2C'],
    // a status is excluded, every other kept: no idiom names "operating, IPO or closed"
    ['European companies that are not acquired', 'not acquired', 'acquired'],
    ['fintechs except those in the UK', 'except those in the UK', 'those in the UK'],
    ['fintechs except for those in the UK', 'except for those in the UK', 'those in the UK'],
    ['banks, aside from Germany', 'aside from Germany', 'Germany'],
    ['hardware companies outside the EU', 'outside the EU', 'the EU'],
    ['non US banks', 'non US', 'US'],
    ['non-venture-backed startups', 'non-venture-backed', 'venture-backed'],
    ['companies that never got acquired', 'never got acquired', 'got acquired'],
    ['companies no longer active', 'no longer active', 'active'],
    ['startups not yet profitable', 'not yet profitable', 'profitable'],
    ['excluding startups', 'excluding startups', 'startups'],
    ['banks not in the U.S.', 'not in the U.S.', 'in the U.S.'],
    ['IT firms not in IT', 'not in IT', 'in IT'],
    ['fintechs outside the us', 'outside the us', 'the us'],
    ['non-us fintechs', 'non-us', 'us'],
    ['FINTECHS NOT IN THE US', 'NOT IN THE US', 'IN THE US'],
    ['software companies that have not raised a Series A', 'not raised a Series A', 'raised a Series A'],
  ])('%s', (text, chip, scope) => {
    expect(negations(text)).toEqual([[chip, scope]]);
  });

  it('gives offsets in the text as written', () => {
    const text = 'Fintech companies NOT in the US';
    const [n] = findNegations(text);
    expect(text.slice(n!.start, n!.end)).toBe('NOT in the US');
    expect(text.slice(n!.scopeStart, n!.scopeEnd)).toBe('in the US');
    expect(n!.cue).toBe('NOT');
  });
});

describe('scope', () => {
  it.each([
    ['companies not in the US or Canada', [['not in the US or Canada', 'in the US or Canada']]],
    ['companies in Asia excluding China and India', [['excluding China and India', 'China and India']]],
    ['companies not in the US and founded after 2010', [['not in the US', 'in the US']]],
    ['companies not in the US and with a SaaS model', [['not in the US', 'in the US']]],
    ['companies not venture backed in Germany', [['not venture backed', 'venture backed']]],
    ['companies not in Europe with 50-200 employees', [['not in Europe', 'in Europe']]],
    ['companies outside Europe that are B2B', [['outside Europe', 'Europe']]],
    ['companies not in Germany, B2B', [['not in Germany', 'in Germany']]],
    ['fintechs not in the US, UK or Canada', [['not in the US, UK or Canada', 'in the US, UK or Canada']]],
    [
      'banks excluding Germany, France, and Spain',
      [['excluding Germany, France, and Spain', 'Germany, France, and Spain']],
    ],
    [
      'banks excluding Germany, France and Spain, B2B',
      [['excluding Germany, France and Spain', 'Germany, France and Spain']],
    ],
    // a list after the comma that opens another criterion is no continuation
    ['banks not in Germany, B2B or B2C in France', [['not in Germany', 'in Germany']]],
    ['banks not in Germany, and B2B', [['not in Germany', 'in Germany']]],
    ['banks not in Germany, founded after 2010 or later', [['not in Germany', 'in Germany']]],
    ['companies not in Germany; B2B', [['not in Germany', 'in Germany']]],
    ['companies not in Germany. B2B ones', [['not in Germany', 'in Germany']]],
    ['companies not in Germany but B2B', [['not in Germany', 'in Germany']]],
    ['excluding companies in Germany', [['excluding companies in Germany', 'companies in Germany']]],
    ['not family owned companies in Italy', [['not family owned', 'family owned']]],
    [
      'companies not headquartered in the US or Canada',
      [['not headquartered in the US or Canada', 'headquartered in the US or Canada']],
    ],
    ['companies that are not subscription based', [['not subscription', 'subscription']]],
    ['companies not founded after 2015', [['not founded after 2015', 'founded after 2015']]],
    [
      'fintechs not in the US, not venture backed',
      [
        ['not in the US', 'in the US'],
        ['not venture backed', 'venture backed'],
      ],
    ],
    [
      'fintechs excluding Germany but not Austria',
      [
        ['excluding Germany', 'Germany'],
        ['not Austria', 'Austria'],
      ],
    ],
    ['software companies that are not small', [['not small', 'small']]],
    [
      'companies with no more than 3 funding rounds',
      [['no more than 3 funding rounds', 'more than 3 funding rounds']],
    ],
    ['companies not older than 5 years', [['not older than 5 years', 'older than 5 years']]],
  ])('%s', (text, expected) => {
    expect(negations(text)).toEqual(expected);
  });

  it.each(['companies that are not', 'not, companies', 'companies with no', 'not the companies'])(
    'a cue with no content word after it negates nothing: %s',
    (text) => {
      expect(negations(text)).toEqual([]);
    },
  );
});

describe('no negation', () => {
  it.each([
    'non-profits in Kenya',
    'nonprofit hospitals',
    'not-for-profit schools',
    'non-tech family businesses',
    'companies with no AI in Germany',
    'fintechs without an API',
    'companies without a mobile app',
    'software companies that are not public',
    'not listed companies',
    // "isn't public" names a value as "not public" does: private
    "fintechs that isn't public",
    'companies with no revenue',
    'companies not yet generating revenue',
    'not only B2B but also B2C',
    'companies with outside sales teams',
    'nonstop logistics',
    'Notion partners',
    'Nordic companies',
  ])('%s', (text) => {
    expect(negations(text)).toEqual([]);
  });

  it('keeps what the caller names as idioms', () => {
    expect(negations('not vc backed startups', { keep: ['not vc backed'] })).toEqual([]);
    expect(negations('not vc backed startups')).toEqual([['not vc backed', 'vc backed']]);
  });
});
