/** The matching ladder's pieces: domains, names, closeness; and the ladder on a staged search. */
import { describe, expect, it } from 'vitest';
import {
  editDistance,
  matchRow,
  nameCloseness,
  nameKey,
  parseDomain,
  type SearchParams,
  type SearchRecord,
  searchText,
} from './match';

describe('parseDomain', () => {
  it('reads a website in any common spelling to its host and registrable domain', () => {
    for (const raw of [
      'acme.com',
      'ACME.COM',
      'https://www.acme.com/pricing?x=1',
      'http://acme.com:8080',
      'www2.acme.com',
    ])
      expect(parseDomain(raw), raw).toEqual({ host: 'acme.com', registrable: 'acme.com', label: 'acme' });
    expect(parseDomain('https://app.acme.co.uk/login')).toEqual({
      host: 'app.acme.co.uk',
      registrable: 'acme.co.uk',
      label: 'acme',
    });
    expect(parseDomain('jane@acme.de')?.registrable).toBe('acme.de');
    for (const junk of ['', 'n/a', 'acme', 'not a website', 'http://', 'localhost'])
      expect(parseDomain(junk), junk).toBeNull();
  });
});

describe('names', () => {
  it('compares names without case, accents, punctuation, "&"/"and", "The" and legal suffixes', () => {
    expect(nameKey('Acme, Inc.')).toBe('acme');
    expect(nameKey('The Acme Company GmbH')).toBe('acme');
    expect(nameKey('Johnson & Johnson')).toBe(nameKey('johnson and johnson'));
    expect(nameKey('Société Générale S.A.')).toBe('societe generale');
    expect(nameKey('Inc')).toBe('inc');
    expect(searchText('Acme Inc.')).toBe('Acme');
    expect(searchText('Liu & Co.')).toBe('Liu');
    expect(searchText('Johnson & Johnson')).toBe('Johnson & Johnson');
  });

  it('scores closeness: word prefixes, a letter off, unrelated names', () => {
    expect(editDistance('acme', 'acme')).toBe(0);
    expect(editDistance('acme', 'acem')).toBe(1);
    expect(editDistance('telsaer gen', 'telsaer gn')).toBe(1);
    expect(nameCloseness('spedarais', 'spedarais align')).toBeGreaterThanOrEqual(0.6);
    expect(nameCloseness('brookloop ril', 'brookloop')).toBeLessThan(
      nameCloseness('brookloop ril', 'brookloop rail'),
    );
    expect(nameCloseness('hyoni ion', 'hyoni iron')).toBeGreaterThanOrEqual(0.85);
    expect(nameCloseness('acme', 'zenith')).toBeLessThan(0.6);
  });
});

describe('matchRow on a staged search', () => {
  const data: SearchRecord[] = [
    { uuid: 'a', name: 'Acme', website: 'https://www.acme.com', domain: 'acme.com' },
    { uuid: 'h', name: 'HSBC', website: 'https://www.hsbc.com', domain: 'hsbc.com' },
    { uuid: 'n1', name: 'Notion', website: 'https://notion.so', domain: 'notion.so' },
    { uuid: 'n2', name: 'Notion Capital', website: 'https://notion.vc', domain: 'notion.vc' },
    { uuid: 's1', name: 'Smith Breeze', website: 'https://smithbreeze.com', domain: 'smithbreeze.com' },
    { uuid: 's2', name: 'Smith Shield', website: 'https://smithshield.com', domain: 'smithshield.com' },
  ];
  const asked: SearchParams[] = [];
  const search = async (p: SearchParams) => {
    asked.push(p);
    if ('website' in p) return data.filter((d) => d.domain === p.website);
    const q = nameKey(p.name);
    return data.filter((d) => nameKey(d.name) === q || nameKey(d.name).startsWith(`${q}`));
  };
  const match = (name: string | null, domain: string | null) => matchRow({ name, domain }, search);

  it('climbs the ladder', async () => {
    expect((await match(null, 'https://www.acme.com/x')).result).toMatchObject({ uuid: 'a', confidence: 5 });
    expect((await match(null, 'blog.acme.com')).result).toMatchObject({
      uuid: 'a',
      confidence: 4,
      reason: 'same registrable domain',
    });
    expect((await match('HSBC', 'hsbc.net')).result).toMatchObject({
      uuid: 'h',
      confidence: 3,
      reason: 'sister domain',
    });
    const notion = (await match(null, 'notion.com')).result;
    expect(notion).toMatchObject({ uuid: null, confidence: 1, reason: 'several candidates' });
    expect(notion.candidates.map((c) => c.uuid).sort()).toEqual(['n1', 'n2']);
    expect((await match('ACME Inc.', null)).result).toMatchObject({
      uuid: 'a',
      confidence: 3,
      reason: 'exact name',
    });
    expect((await match('Smith', null)).result).toMatchObject({
      confidence: 1,
      reason: 'several candidates',
    });
    expect((await match('Zenith', 'zenith.io')).result).toMatchObject({
      uuid: null,
      confidence: 0,
      reason: 'none',
    });
  });

  it('asks the search once per distinct question of a row', async () => {
    asked.length = 0;
    const m = await match('Acme', 'acme.com');
    expect(m.requests).toBe(1);
    expect(asked).toEqual([{ website: 'acme.com' }]);
  });
});
