/**
 * Reading an account CSV's first line the same way on both sides: the web app's preview (before the
 * file is sent) and the BFF's import (as it streams in). Both find the delimiter and guess the
 * columns holding the company's name and its website here, so the preview shows the columns the
 * import will take.
 *
 * The guess follows the way CRMs write their headers (HubSpot: "Company name", "Company Domain Name",
 * "Website URL"; Salesforce: "Account Name", "Website"; spreadsheets: "Company", "Domain", "URL"...),
 * and failing that the values of the first rows (a column of domains). The user can always change it.
 */
import { normalizeText } from './text';

export type CsvDelimiter = ',' | ';';

/** Comma or semicolon: whichever the first record has more of outside quotes (comma on a tie). */
export function detectDelimiter(text: string): CsvDelimiter {
  let commas = 0;
  let semicolons = 0;
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (c === '"') quoted = !quoted;
    else if (!quoted && (c === '\n' || c === '\r')) break;
    else if (!quoted && c === ',') commas++;
    else if (!quoted && c === ';') semicolons++;
  }
  return semicolons > commas ? ';' : ',';
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
  'home page',
  'url',
  'web',
  'site',
  // A contact export's last resort: the domain of the contact's address is their company's.
  'email domain',
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
  const exact = DOMAIN_EXACT.indexOf(h);
  if (exact >= 0) return 100 - exact;
  if (NOT_COMPANY_SITE.test(h)) return 0;
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

type ColumnGuess = {
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
    // Compared as words: lower case, no punctuation or accents ("Company_Domain-Name", "Société").
    const s = score(normalizeText(header));
    if (s > top) {
      top = s;
      pick = header;
    }
  }
  return pick;
}

/** The column most of whose first values read as domains (at least 60% of the filled ones). */
function domainByValues(
  headers: readonly string[],
  rows: readonly (readonly string[])[],
  not?: string | null,
) {
  let pick: string | null = null;
  let top = 0;
  headers.forEach((header, i) => {
    if (header === not) return;
    const values = rows.map((r) => r[i]?.trim() ?? '').filter((v) => v !== '');
    const hits = values.filter(looksLikeDomain).length;
    if (values.length > 0 && hits / values.length >= 0.6 && hits > top) {
      top = hits;
      pick = header;
    }
  });
  return pick;
}

/**
 * The name and website columns of a header; `rows` (the first data rows) let a column of domains
 * under an unhelpful header ("Column 3", "Field 2") be found when no header names a website.
 * `known` holds a column already chosen (by the user or a parameter): it is kept, and the other is
 * guessed among the remaining columns.
 */
export function guessColumns(
  headers: readonly string[],
  rows: readonly (readonly string[])[] = [],
  known: { name?: string; domain?: string } = {},
): ColumnGuess {
  // The website first: "Company Domain Name" names a website, not the company's name.
  const domain =
    known.domain ?? best(headers, domainScore, known.name) ?? domainByValues(headers, rows, known.name);
  const name = known.name ?? best(headers, nameScore, domain);
  return { name, domain };
}
