import { describe, expect, it } from 'vitest';
import {
  broadListNote,
  changeWords,
  isOwner,
  ownerName,
  reasonWords,
  scheduleWords,
  seededListWords,
  seedNamesWords,
} from './list-words';

describe('saved lists in words', () => {
  it('names why a company left the list', () => {
    expect(reasonWords('no_longer_matching')).toBe('No longer matches the filters');
    expect(reasonWords('no_longer_found')).toBe('No longer found in the data set');
    expect(reasonWords('something_else')).toBe('Left the list');
  });

  it('says what a run changed', () => {
    expect(changeWords(0, 0)).toBe('Nothing new');
    expect(changeWords(3, 0)).toBe('3 new');
    expect(changeWords(1200, 2)).toBe('1,200 new, 2 left');
  });

  it('says when a list passes what a run follows (its top 500), and only then', () => {
    expect(broadListNote({ total_count: 499, size: 499 })).toBeNull();
    expect(broadListNote({ total_count: 500, size: 500 })).toMatch(
      /^500 or more companies match.*top 500.*Narrow/,
    );
    expect(broadListNote({ total_count: 12_034, size: 500 })).toMatch(/^12,034 companies match/);
  });

  it('names the schedule and the owner', () => {
    expect(scheduleWords(null)).toBe('Not checked');
    expect(scheduleWords('weekly')).toBe('Checked weekly');
    expect(ownerName({ id: 'u1', name: 'alice' })).toBe('alice');
  });

  it('knows who owns a list: the signed-in user, or local mode’s one user', () => {
    const team = (id: string) => ({
      mode: 'team' as const,
      user: { id, name: 'alice', role: 'member' as const },
    });
    expect(isOwner({ owner: { id: 'u1', name: 'alice' } }, team('u1'))).toBe(true);
    expect(isOwner({ owner: { id: 'u2', name: 'bob' } }, team('u1'))).toBe(false);
    expect(isOwner({ owner: { id: 'local', name: 'local' } }, { mode: 'local', user: null })).toBe(true);
  });

  it('names the seeds of a list of lookalikes, the first three and how many more', () => {
    const seeds = ['Acme', 'Beta', 'Gamma', 'Delta', 'Epsilon'].map((name) => ({ name }));
    expect(seedNamesWords(seeds.slice(0, 1))).toBe('Acme');
    expect(seedNamesWords(seeds.slice(0, 2))).toBe('Acme and Beta');
    expect(seedNamesWords(seeds.slice(0, 3))).toBe('Acme, Beta and Gamma');
    expect(seedNamesWords(seeds)).toBe('Acme, Beta, Gamma and 2 more');
    expect(seedNamesWords(seeds, 5)).toBe('Acme, Beta, Gamma, Delta and Epsilon');
  });

  it('says what Save list keeps of the seeds, and whether runs rank by them', () => {
    expect(seededListWords(1, true)).toBe(
      'its seed company: each run leaves it out and ranks the rest by similarity to it',
    );
    expect(seededListWords(3, false)).toBe(
      'its 3 seed companies: each run leaves them out (ranking by similarity needs a plan with sections)',
    );
  });
});
