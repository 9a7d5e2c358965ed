import { describe, expect, it } from 'vitest';
import { leftOutWords } from './left-out-words';

const lists = [
  { id: 'crm', name: 'HubSpot customers', source: 'import' as const },
  { id: 'exp', name: 'Exported before', source: 'exported' as const },
  { id: 'hid', name: 'Hidden companies', source: 'hidden' as const },
];

describe('leftOutWords', () => {
  it('names Hidden companies when the user’s hidden companies are among the lists left out', () => {
    expect(leftOutWords(['hid'], lists)).toBe('in Hidden companies');
    expect(leftOutWords(['crm', 'hid'], lists)).toBe('in your CRM or in Hidden companies');
    expect(leftOutWords(['exp', 'hid'], lists)).toBe('exported before or in Hidden companies');
  });

  it('says "in your CRM" for imports, and for lists not known yet', () => {
    expect(leftOutWords(['crm'], lists)).toBe('in your CRM');
    expect(leftOutWords(['crm'], undefined)).toBe('in your CRM');
    expect(leftOutWords(['exp'], lists)).toBe('exported before');
  });
});
