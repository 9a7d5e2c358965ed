import { describe, expect, it } from 'vitest';
import { fieldLabel, fieldSentence, plainDetail } from './problem-words';

describe('field errors in words a rep reads', () => {
  it('says which company could not be found, by website or by name', () => {
    expect(fieldSentence({ path: 'seeds.0', message: 'no company found for "acme.io"' })).toBe(
      'We could not find a company at acme.io.',
    );
    expect(fieldSentence({ path: 'seeds.1', message: 'no company found for "no-such-company-000"' })).toBe(
      'We could not find a company called “no-such-company-000”.',
    );
    expect(fieldSentence({ path: 'add.2', message: 'no company found with the id "x"' })).toBe(
      'We could not find one of these companies any more.',
    );
  });

  it('names a filter by its label, never by its key or index', () => {
    const s = fieldSentence({
      path: 'filters.funding_detail.funding_overview.funding_stage.2',
      message: 'not a funding stage',
    });
    expect(s).toBe('Funding stage: not a funding stage.');
    expect(fieldLabel('exclude.location.hq.country.0')).toBe('HQ country (left out)');
    expect(fieldLabel('limit')).toBe('Number of companies');
    expect(fieldLabel('something_new.3')).toBe('Something new');
    expect(fieldSentence({ path: '', message: 'the body is not JSON' })).toBe('The body is not JSON.');
  });

  it('turns a detail that is a path and a message into the sentence, and leaves words alone', () => {
    const errors = [{ path: 'seeds.0', message: 'no company found for "acme.io"' }];
    expect(plainDetail('seeds.0: no company found for "acme.io"', errors)).toBe(
      'We could not find a company at acme.io.',
    );
    expect(plainDetail('2 fields are invalid', [...errors, ...errors])).toBe(
      '2 things in this request need a change.',
    );
    expect(plainDetail('Your daily budget is spent.', undefined)).toBe('Your daily budget is spent.');
  });
});
