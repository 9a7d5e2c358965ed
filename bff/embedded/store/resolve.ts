/**
 * Company identification (docs/product-rules.md, section 8): a `company` parameter is a company id or a website
 * in any common spelling; websites resolve by registrable domain.
 */
import { getDomain } from 'tldts';
import { type CompanyIdentityRow, findByDomain, findByUuid } from './companies';
import type { Db } from './db';

/** The registrable domain of a website in any common spelling, or undefined when it has none. */
export function registrableDomain(website: string): string | undefined {
  const trimmed = website.trim().toLowerCase();
  if (trimmed === '' || /\s/.test(trimmed)) return undefined;
  const domain = getDomain(trimmed, { allowPrivateDomains: false });
  return domain ?? undefined;
}

export function resolveCompany(db: Db, company: string): CompanyIdentityRow | undefined {
  const byId = findByUuid(db, company.trim());
  if (byId) return byId;
  const domain = registrableDomain(company);
  return domain ? findByDomain(db, domain) : undefined;
}
