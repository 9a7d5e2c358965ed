/**
 * The generated dataset of the embedded Company Data Service: `count` companies, deterministic for
 * (seed, count, today). See README.md in this folder for the rules that keep the data coherent.
 */
import type { CompanyRecord, CompanyStatus } from '../store/companies';
import { type Core, computeCore } from './core';
import { uuidOf } from './identity';
import { OPERATING_INDUSTRIES } from './industries';
import { slugify } from './names';
import { COUNTRY_CODES, countryDomainSuffix } from './places';
import { buildPlan, DEFAULT_TODAY, type Plan } from './plan';
import { hashString } from './random';
import { buildSections, productCategoryOf } from './sections';

/** Bump whenever generation changes, so a stored dataset can tell it is stale. */
export const DATASET_VERSION = '3';

type GenerateOptions = {
  seed: number;
  count: number;
  /** The dataset's "now", YYYY-MM-DD; fixed by default so the data is reproducible. */
  today?: string;
};

export function* generateCompanies(opts: GenerateOptions): Generator<CompanyRecord> {
  const plan = buildPlan(opts.seed, opts.count, opts.today ?? DEFAULT_TODAY);
  for (let idx = 0; idx < opts.count; idx++) yield companyAt(plan, idx);
}

/** Company `idx` of the planned dataset. */
export function companyAt(plan: Plan, idx: number): CompanyRecord {
  return recordOf(plan, computeCore(plan, idx));
}

function recordOf(plan: Plan, core: Core): CompanyRecord {
  return {
    uuid: core.uuid,
    name: core.name,
    website: core.website,
    domain: core.domain,
    product_category: productCategoryOf(core),
    company_type: core.companyType,
    company_status: statusOf(core),
    prominence: core.prominence,
    sections: buildSections(plan, core),
  };
}

/** What a caller submitted for addition (docs/product-rules.md, section 9), already checked to be a real domain. */
export type AddedIdentity = { name: string; domain: string; website: string };

/**
 * Random streams of an added company are those of a virtual position derived from its domain: far
 * beyond any planned index (so no special company or forced value applies), the same for the same
 * domain whatever the order of additions.
 */
const ADDED_STREAM_BASE = 0x8000_0000;
/** Candidate streams tried for a fitting industry and an operating company before taking the first. */
const ADDED_CANDIDATES = 128;

const COUNTRY_OF_SUFFIX: ReadonlyMap<string, string> = (() => {
  const m = new Map<string, string>();
  for (const code of COUNTRY_CODES) {
    const suffix = countryDomainSuffix(code);
    // Only country codes (two letters at the end) name a country; `.com` names none.
    if (suffix && /(?:^|\.)[a-z]{2}$/.test(suffix) && !m.has(suffix)) m.set(suffix, code);
  }
  return m;
})();

/** The country a country-code domain (`.de`, `.co.uk`) places its company in. */
export function countryOfDomain(domain: string): string | undefined {
  const labels = domain.split('.');
  for (let i = 1; i < labels.length; i++) {
    const country = COUNTRY_OF_SUFFIX.get(labels.slice(i).join('.'));
    if (country) return country;
  }
  return undefined;
}

/** Words of industry names too general to say which industry a company is in. */
const GENERIC_WORDS = new Set([
  'and',
  'other',
  'services',
  'service',
  'solutions',
  'products',
  'systems',
  'general',
]);

const stem = (w: string) => (w.length > 4 && w.endsWith('s') ? w.slice(0, -1) : w);
const wordsOf = (text: string) =>
  slugify(text)
    .split('-')
    .filter((w) => w.length >= 4 && !GENERIC_WORDS.has(w))
    .map(stem);

/** Operating industries whose name shares a word with a company name ("Velora Robotics" -> Robotics). */
function industriesNamed(name: string): Set<string> {
  const words = new Set(wordsOf(name));
  const codes = new Set<string>();
  for (const industry of OPERATING_INDUSTRIES)
    if (wordsOf(industry.name).some((w) => words.has(w))) codes.add(industry.code);
  return codes;
}

/**
 * A company outside the planned dataset, as ingestion creates it: the submitted name, domain and
 * website, and every other fact drawn by the same generator under the same coherence rules,
 * deterministically from the domain. Where the name or the domain says something, the company
 * agrees: a country-code domain puts its HQ in that country, a name word of an industry
 * ("... Robotics") picks that industry, and a company someone adds is operating (neither closed nor
 * acquired) whenever one of the candidate streams allows it. `idx` is the company's position in the
 * store; it only makes the id (`base36(idx)-slug`).
 */
export function companyForDomain(plan: Plan, idx: number, identity: AddedIdentity): CompanyRecord {
  const country = countryOfDomain(identity.domain);
  // The plan as it is, except that the HQ country draw lands on the domain's country.
  const placed: Plan = country
    ? Object.assign(Object.create(plan) as Plan, {
        drawCountry: (rng: Parameters<Plan['drawCountry']>[0]) => {
          plan.drawCountry(rng);
          return country;
        },
      })
    : plan;
  const wanted = industriesNamed(identity.name);
  const fitness = (c: Core) =>
    (wanted.size === 0 || wanted.has(c.industry.code) ? 2 : 0) +
    (c.status === 'operating' || c.status === 'ipo' ? 1 : 0);
  let best: Core | undefined;
  for (let k = 0; k < ADDED_CANDIDATES; k++) {
    const stream = ADDED_STREAM_BASE + (hashString(`${identity.domain}#${k}`) & 0x3fff_ffff);
    const core = computeCore(placed, stream);
    if (!best || fitness(core) > fitness(best)) best = core;
    if (fitness(best) === 3) break;
  }
  const core = best!;
  core.name = identity.name;
  core.domain = identity.domain;
  core.website = identity.website;
  core.uuid = uuidOf(idx, identity.name);
  return recordOf(placed, core);
}

function statusOf(c: Core): CompanyStatus {
  if (c.status === 'acquired') return 'acquired';
  if (c.status === 'closed') return 'unknown';
  return c.companyType === 'public' ? 'public' : 'private';
}
