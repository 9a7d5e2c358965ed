/**
 * What a submitted website is (docs/product-rules.md, section 9). Two verdicts at two moments:
 *
 * - at submission, input that is not a website at all (no hostname, one label, another URL scheme,
 *   spaces) is a 400 and creates nothing;
 * - at ingestion, a well-formed hostname that no real company can own (a reserved TLD such as
 *   `.invalid`, a documentation domain, an IP address, no ICANN public suffix, a label DNS refuses)
 *   makes the request `failed` with a `reason`. The request is accepted first so that the caller
 *   sees the failure where every other outcome shows up: in the status and the webhook.
 */
import { domainToUnicode } from 'node:url';
import { parse } from 'tldts';

type ParsedWebsite =
  | {
      ok: true;
      hostname: string;
      domain: string;
      isIp: boolean;
      isIcann: boolean;
      publicSuffix: string | null;
    }
  | { ok: false; message: string };

/** TLDs that RFC 2606 and RFC 6761 keep out of the public DNS, plus mDNS's `.local`. */
const RESERVED_TLDS: readonly string[] = ['invalid', 'test', 'example', 'localhost', 'local'];
/** Second-level names reserved for documentation (RFC 2606 section 3). */
const DOCUMENTATION_DOMAINS = new Set(['example.com', 'example.net', 'example.org']);

/**
 * Parses a website in any common spelling (`acme.com`, `https://www.acme.com/pricing`). `domain` is
 * the registrable domain when there is one, the hostname otherwise (an IP address, an unknown TLD).
 */
export function parseWebsite(website: string): ParsedWebsite {
  const text = website.trim();
  if (/\s/.test(text)) return { ok: false, message: 'website must not contain spaces' };
  // `acme.com:8080` has no scheme: a port starts with a digit.
  const scheme = /^([a-z][a-z0-9+.-]*):(?!\d)/i.exec(text)?.[1]?.toLowerCase();
  const http = (scheme === 'http' || scheme === 'https') && text.slice(scheme.length + 1).startsWith('//');
  if (scheme !== undefined && !http)
    return { ok: false, message: 'website must be an http(s) URL or a bare domain such as acme.com' };
  const p = parse(text.toLowerCase(), { allowPrivateDomains: false });
  const hostname = p.hostname?.replace(/\.$/, '') ?? '';
  if (hostname === '' || (!p.isIp && !hostname.includes('.')))
    return { ok: false, message: 'website must name a host with a domain, such as acme.com' };
  return {
    ok: true,
    hostname,
    domain: p.isIp ? hostname : (p.domain ?? hostname),
    isIp: p.isIp === true,
    isIcann: p.isIcann === true,
    publicSuffix: p.publicSuffix,
  };
}

/** Why a well-formed website cannot be a real company's, or null when it can. */
export function unrealDomainReason(site: Extract<ParsedWebsite, { ok: true }>): string | null {
  const { hostname, domain } = site;
  if (site.isIp) return `${hostname} is an IP address, not a company's domain.`;
  const tld = hostname.slice(hostname.lastIndexOf('.') + 1);
  if (RESERVED_TLDS.includes(tld))
    return `.${tld} is a reserved top-level domain (RFC 2606, RFC 6761); no real website can use it.`;
  if (DOCUMENTATION_DOMAINS.has(domain))
    return `${domain} is reserved for documentation (RFC 2606); no company can own it.`;
  if (!site.isIcann) return `${hostname} is not under a public top-level domain, so it cannot be a website.`;
  for (const label of hostname.split('.')) {
    if (!/^[a-z0-9](?:[a-z0-9-]*[a-z0-9])?$/.test(label) && !/^[\p{L}\p{N}-]+$/u.test(label))
      return `${hostname} is not a valid domain name: "${label}" holds characters DNS does not allow.`;
    if (label.startsWith('xn--') && domainToUnicode(label) === '')
      return `${hostname} is not a valid domain name: "${label}" is not valid punycode.`;
  }
  return null;
}
