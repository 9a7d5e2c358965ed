import { describe, expect, it } from 'vitest';
import { bestMatched } from './best-matched';

const row = (uuid: string | null, confidence: number | null, line: number) => ({ uuid, confidence, line });

describe('bestMatched', () => {
  it('takes the list’s best-matched companies, confidence first, then the file’s order, each once', () => {
    const members = ['a', 'b', 'c', 'd', 'e'].map((uuid) => ({ uuid }));
    const rows = [
      row('a', 2, 2),
      row('b', 5, 3),
      row(null, 0, 4),
      row('c', 3, 5),
      row('b', 5, 6),
      row('d', 5, 7),
    ];
    expect(bestMatched(rows, members, 3)).toEqual(['b', 'd', 'c']);
    expect(bestMatched(rows, members)).toEqual(['b', 'd', 'c', 'a', 'e']);
  });

  it('leaves out a company no longer in the list, and fills up from the members in list order', () => {
    const members = ['x', 'y'].map((uuid) => ({ uuid }));
    expect(bestMatched([row('gone', 5, 2), row('y', 4, 3)], members)).toEqual(['y', 'x']);
    expect(bestMatched([], members)).toEqual(['x', 'y']);
  });

  it('takes at most 20', () => {
    const members = Array.from({ length: 30 }, (_, i) => ({ uuid: `c${i}` }));
    expect(bestMatched([], members)).toHaveLength(20);
  });
});
