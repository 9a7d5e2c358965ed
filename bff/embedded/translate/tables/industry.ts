/** Words too generic to name an industry on their own ("software" alone is an offering, not an industry). */
export const GENERIC_INDUSTRY_WORDS: ReadonlySet<string> = new Set([
  'software',
  'tech',
  'technology',
  'services',
  'platform',
  'platforms',
  'data',
  'digital',
  'online',
  'app',
  'apps',
  // who runs a company, not what it does ("founders" is no foundry)
  'founder',
  'founders',
  'cofounder',
  'cofounders',
]);
