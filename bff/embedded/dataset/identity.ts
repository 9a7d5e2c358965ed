/**
 * A company's identifiers: the opaque id (`00031n-tesla`: base36 index, then the name's slug), its
 * registrable domain and its home page. Domains follow how companies really pick them: the brand,
 * sometimes decorated (getacme, acmehq), on .com mostly, .io/.ai for technology companies, the
 * country's own domain for local firms.
 */

import { getDomain } from 'tldts';
import { domainLabel, slugify } from './names';
import { ccTldShare, countryDomainSuffix } from './places';
import type { Rng } from './random';

export function uuidOf(idx: number, name: string): string {
  return `${idx.toString(36).padStart(6, '0')}-${slugify(name).slice(0, 48).replace(/-+$/, '') || 'company'}`;
}

type DomainTraits = {
  country: string;
  /** 0..1 how technology-focused. */
  tech: number;
  /** AI maturity 0..5. */
  ai: number;
  /** Sells across borders (a global company rarely uses a country domain). */
  international: boolean;
  /** Investment firm: .vc / .capital / .ventures are common. */
  fund: boolean;
};

/** Words that read as decoration rather than brand in a domain label. */
const SUFFIX_WORDS = new Set(['group', 'holdings', 'and']);

/**
 * Some names are public suffixes themselves ('oslo.no', 'city.kawasaki.jp'): such a label moves to
 * .com, where anything is registrable.
 */
function registrable(domain: string): string {
  if (getDomain(domain) === domain) return domain;
  return `${domain.replace(/\./g, '')}.com`;
}

/** How many domain spellings are tried for one name before the name itself changes. */
export const DOMAIN_VARIANTS = 8;

/**
 * The domain and home page of a company called `name`. Variant 0 is the usual pick; variants 1..7
 * are the alternatives a company falls back to when its first choice is taken.
 */
export function makeDomain(
  rng: Rng,
  name: string,
  t: DomainTraits,
  variant = 0,
): { domain: string; website: string } {
  if (variant > 0) {
    const full = slugify(name).replace(/-/g, '') || 'company';
    const local = countryDomainSuffix(t.country) ?? 'com';
    const domain = [
      `${full}.com`,
      `get${full}.com`,
      `${full}hq.com`,
      `${full}.co`,
      `${full}.io`,
      `${full}.${local}`,
      `${full}group.com`,
    ][(variant - 1) % 7]!;
    return { domain: registrable(domain), website: `https://www.${registrable(domain)}` };
  }
  const words = slugify(name)
    .split('-')
    .filter((w) => w !== '' && !SUFFIX_WORDS.has(w));
  const full = words.join('') || domainLabel(name) || 'company';
  const brand = words[0] ?? full;
  // Technology brands often register the brand alone ('velora.io' for Velora Health).
  let label = words.length > 1 && t.tech > 0.6 && rng.chance(0.35) && brand.length >= 5 ? brand : full;
  if (label.length > 22) label = brand;
  const r = rng.next();
  if (t.tech > 0.6 && r < 0.1) label = `get${label}`;
  else if (t.tech > 0.6 && r < 0.16) label = `${label}hq`;
  else if (t.tech > 0.6 && r < 0.2) label = `try${label}`;
  else if (words.length > 1 && !t.fund && r < 0.3 && t.tech < 0.4) label = words.join('-');

  let suffix = 'com';
  const local = countryDomainSuffix(t.country);
  const u = rng.next();
  if (t.fund) {
    suffix = u < 0.55 ? 'com' : u < 0.75 ? 'vc' : u < 0.88 ? 'capital' : 'ventures';
    if (local && !t.international && rng.chance(ccTldShare(t.country))) suffix = local;
  } else if (local && !t.international && rng.chance(ccTldShare(t.country))) {
    suffix = local;
  } else if (t.ai >= 4 && u < 0.4) {
    suffix = 'ai';
  } else if (t.tech > 0.8 && u < 0.2) {
    suffix = 'io';
  } else if (t.tech > 0.6 && u < 0.26) {
    suffix = rng.pick(['co', 'app', 'dev', 'tech', 'io']);
  }
  const domain = registrable(`${label}.${suffix}`);
  const bare = suffix === 'io' || suffix === 'ai' || suffix === 'app' || suffix === 'dev' ? 0.5 : 0.15;
  return { domain, website: rng.chance(bare) ? `https://${domain}` : `https://www.${domain}` };
}
