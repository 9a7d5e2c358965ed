/**
 * Which columns of an uploaded CSV hold the company's name and its website, guessed from the header
 * the way CRMs write it (HubSpot: "Company name", "Company Domain Name", "Website URL"; Salesforce:
 * "Account Name", "Website"; spreadsheets: "Company", "Domain", "URL"...), and failing that from the
 * values of the first rows (a column of domains). The user can always change the guess.
 */

/** A header as compared: lower case, words separated by single spaces, no punctuation. */
export function normalizeHeader(header: string): string {
  return header
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^a-z0-9]+/g, ' ')
    .trim();
}

const NAME_EXACT = [
  'company name',
  'account name',
  'company',
  'account',
  'organization name',
  'organisation name',
  'organization',
  'organisation',
  'business name',
  'company legal name',
  'legal name',
  'employer',
  'firm',
  'name',
];

const DOMAIN_EXACT = [
  'company domain name',
  'domain',
  'website',
  'company website',
  'website url',
  'company domain',
  'domain name',
  'web site',
  'company url',
  'homepage',
  'url',
  'web',
  'site',
];

/** Words that make a header someone else's name or another thing than the company's. */
const NOT_COMPANY_NAME =
  /\b(first|last|full|contact|owner|user|person|parent|industry|id|domain|website|url|email|phone|file|list|stage|type|linkedin|page|size|city|country)\b/;
/** Words that make a header another site than the company's own. */
const NOT_COMPANY_SITE =
  /\b(email|e mail|linkedin|twitter|facebook|instagram|youtube|logo|image|photo|crunchbase|github)\b/;

function nameScore(h: string): number {
  const exact = NAME_EXACT.indexOf(h);
  if (exact >= 0) return 100 - exact;
  if (NOT_COMPANY_NAME.test(h)) return 0;
  if (/\b(company|account|organi[sz]ation|business)\b/.test(h) && /\bname\b/.test(h)) return 50;
  if (/\b(company|account|organi[sz]ation)\b/.test(h)) return 20;
  return 0;
}

function domainScore(h: string): number {
  if (NOT_COMPANY_SITE.test(h)) return 0;
  const exact = DOMAIN_EXACT.indexOf(h);
  if (exact >= 0) return 100 - exact;
  if (/\b(domain|website|web site|homepage)\b/.test(h)) return 50;
  if (/\b(url|site)\b/.test(h)) return 20;
  return 0;
}

const DOMAIN_LIKE =
  /^(?:https?:\/\/)?(?:www\.)?[a-z0-9](?:[a-z0-9-]*[a-z0-9])?(?:\.[a-z0-9-]+)*\.[a-z]{2,}(?::\d+)?(?:[/?#].*)?$/i;

/** Whether a cell reads as a website or a bare domain ("acme.com", "https://www.acme.co.uk/about"). */
export function looksLikeDomain(value: string): boolean {
  const v = value.trim();
  return v.length > 3 && !v.includes('@') && !/\s/.test(v) && DOMAIN_LIKE.test(v);
}

export type ColumnGuess = {
  /** The header of the company-name column, or null when none reads as one. */
  name: string | null;
  /** The header of the website or domain column, or null. */
  domain: string | null;
};

function best(headers: readonly string[], score: (h: string) => number, not?: string | null): string | null {
  let pick: string | null = null;
  let top = 0;
  for (const header of headers) {
    if (header === not) continue;
    const s = score(normalizeHeader(header));
    if (s > top) {
      top = s;
      pick = header;
    }
  }
  return pick;
}

/**
 * The name and website columns of a header; `rows` (the first data rows) let a column of domains
 * under an unhelpful header ("Column 3", "Field 2") be found when no header names a website.
 */
export function guessColumns(
  headers: readonly string[],
  rows: readonly (readonly string[])[] = [],
): ColumnGuess {
  // The website first: "Company Domain Name" names a website, not the company's name.
  let domain = best(headers, domainScore);
  if (domain === null && rows.length > 0) {
    let top = 0;
    headers.forEach((header, i) => {
      const values = rows.map((r) => r[i]?.trim() ?? '').filter((v) => v !== '');
      const hits = values.filter(looksLikeDomain).length;
      if (values.length > 0 && hits / values.length >= 0.6 && hits > top) {
        top = hits;
        domain = header;
      }
    });
  }
  const name = best(headers, nameScore, domain);
  return { name, domain };
}
