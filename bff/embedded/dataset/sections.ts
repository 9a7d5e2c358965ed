/**
 * The 17 data sections of a company, derived from its core facts (core.ts) and the plan's
 * cross-references. Each section draws from its own random stream, so a change to one section's
 * texts leaves every other section of every company unchanged.
 */
import {
  AI_MATURITY_LEVELS,
  bandOf,
  COMPANY_TYPES,
  COMPETITIVE_MOATS,
  CUSTOMER_CONCENTRATIONS,
  FUNDING_STAGES,
  GTM_MOTIONS,
  GTM_TYPES,
  headcountRangeOf,
  labelOf,
  OFFERING_TYPES,
  OPERATING_STATUSES,
  type Option,
  OWNERSHIP_CATEGORIES,
  PARTNERSHIP_TYPES,
  REVENUE_BANDS,
  REVENUE_MODELS,
  VALUATION_BANDS,
} from '../../contract/enums';
import { countryByCode, regionByCode } from '../../contract/geo';
import type { Coded, CompanyRef, Entry, Sections } from '../../contract/sections';
import { sicTitle } from '../../contract/sic';
import { ANCHOR_PRODUCTS } from './anchor-products';
import type { Core } from './core';
import { isoDate, isoMonth, monthOf, yearOfMonth } from './funding';
import { industryOf } from './industries';
import { cityWord, cultureOf, legalName, type Person, personName, slugify } from './names';
import {
  AI_TEXT,
  article,
  bankOf,
  COST_COMPONENTS,
  capitalise,
  DISTRIBUTION_CHANNELS,
  inSentence,
  isPlural,
  listText,
  MARKETING_CHANNELS,
  MOAT_TEXT,
  MOTION_TEXT,
  money,
  num,
  plural,
  REVENUE_TEXT,
  roughCount,
  TECH_STACK,
  titleCase,
} from './phrases';
import { EXPANSION_COUNTRIES, EXPANSION_WEIGHTS, pickCity, postalCode, streetAddress } from './places';
import type { Plan } from './plan';
import { productBrand, productNames } from './product-names';
import { getOrCreate, Rng, WeightedTable } from './random';
import { naicsTitle } from './reference/naics';
import type { SpecialInfo } from './special';
import { GTM_TYPES as TAX_GTM, OFFERING_TYPES as TAX_OFFERING } from './taxonomy';

function coded(list: readonly Option<string>[], code: string): Coded {
  return { code, label: labelOf(list, code) };
}

/** Facts several sections share, decided once per company. */
type Shared = {
  rng: (stream: string) => Rng;
  gtm: string;
  offering: string;
  b2c: boolean;
  audience: string;
  /** Three distinct benefit phrases ('cut manual work'), first the headline one. */
  benefits: string[];
  products: { name: string; noun: string }[];
  brand: string;
  ai: number;
  age: number;
  people: Person[];
  marketCountries: string[];
  isGlobal: boolean;
  partners: { ref: CompanyRef; type: string; tier: string; month: number }[];
};

export function buildSections(plan: Plan, c: Core): Sections {
  const rngs = new Map<string, Rng>();
  const rng = (stream: string) => getOrCreate(rngs, stream, () => Rng.for(plan.seed, c.idx, stream));
  const s = shared(plan, c, rng);
  return {
    firmographic: firmographic(plan, c, s),
    business_model: businessModel(c, s),
    company_assessment: companyAssessment(c, s),
    trust_signal: trustSignal(plan, c, s),
    company_hierarchy: companyHierarchy(plan, c, s),
    digital_presence: digitalPresence(plan, c, s),
    financial_estimate: financialEstimate(plan, c, s),
    location: location(c, s),
    management_profile: managementProfile(plan, c, s),
    product_offering: productOffering(c, s),
    strategic_signal: strategicSignal(plan, c, s),
    customer_profile: customerProfile(plan, c, s),
    industry: industrySection(c),
    technology: technology(c, s),
    funding_detail: fundingDetail(plan, c),
    mna_and_investment: mnaAndInvestment(plan, c),
    headcount: headcount(plan, c, s),
  };
}

/** The product category a company is listed under (the industry it is in). */
export function productCategoryOf(c: Core): string {
  return c.industry.name;
}

const INVESTOR_BENEFITS = [
  'reach product-market fit sooner',
  'scale into new markets',
  'hire their first leaders',
  'build category-defining companies',
  'prepare for their next round',
];

const INVESTOR_AUDIENCE: Readonly<Record<string, readonly string[]>> = {
  accelerator: ['first-time founders', 'pre-seed startups'],
  angel: ['early-stage founders', 'startups raising their first round'],
  seed: ['founders at the earliest stage', 'seed-stage startups'],
  venture: ['founders building category-defining companies', 'venture-backed startups'],
  growth: ['growth-stage companies', 'scale-ups preparing for an IPO'],
  private_equity: ['established mid-market companies', 'mature businesses'],
  corporate: ['startups relevant to its parent company', 'founders looking for a strategic partner'],
  debt: ['venture-backed companies', 'growth companies that want non-dilutive capital'],
  sovereign: ['companies of national and global importance', 'long-term investment opportunities'],
  public_agency: ['innovative startups', 'small and medium-sized companies'],
  family_office: ['founder-led companies', 'long-term investments'],
  hedge_fund: ['late-stage private companies', 'listed companies'],
  asset_manager: ['institutional and retail savers', 'listed and late-stage companies'],
  pension: ['its members', 'long-term investments'],
  investment_bank: ['companies raising capital', 'corporate clients'],
};

function weightedCode<T extends string>(rng: Rng, weights: Partial<Record<T, number>>, all: readonly T[]): T {
  const codes = all.filter((code) => (weights[code] ?? 0) > 0);
  return rng.weighted(
    codes,
    codes.map((code) => weights[code]!),
  );
}

/**
 * Product names used to be drawn from the 'shared' stream. They now come from their own stream
 * (product-names.ts), but the draws they took are still taken here, so that AI maturity, people and
 * markets, drawn after them, keep the values they had.
 */
function burnLegacyNameDraws(
  r: Rng,
  nouns: readonly string[],
  investor: boolean,
  traditional: boolean,
  brand: string,
): void {
  if (investor) return;
  const names = nouns.map((noun, i) =>
    i === 0 && r.chance(0.4)
      ? brand
      : r.chance(0.6) || traditional
        ? `${brand} ${titleCase(noun)}`
        : `${brand} ${r.pick(LEGACY_SUFFIXES)}`,
  );
  const seen = new Set<string>();
  for (let name of names) {
    while (seen.has(name)) name = `${name} ${r.int(2, 9)}`;
    seen.add(name);
  }
}

const LEGACY_SUFFIXES = [
  'One',
  'Cloud',
  'Pro',
  'Hub',
  'Studio',
  'Edge',
  'Flow',
  'Insights',
  'Connect',
  'Go',
  'Core',
  'Plus',
];

function shared(plan: Plan, c: Core, rng: (s: string) => Rng): Shared {
  const r = rng('shared');
  const ind = c.industry;
  const gtm = weightedCode(r, ind.gtm, TAX_GTM);
  const offering = weightedCode(r, ind.offering, TAX_OFFERING);
  const b2c = gtm === 'b2c';
  const bank = bankOf(ind.sector);
  const investor = c.investorKind !== null;
  const consumerFacing = b2c || (gtm === 'b2b_and_b2c' && ind.consumerScale >= 0.5);
  const audience = investor
    ? r.pick(INVESTOR_AUDIENCE[c.investorKind!] ?? ['founders'])
    : r.pick(consumerFacing ? bank.b2c : bank.b2b);
  const benefits = r.sample(investor ? INVESTOR_BENEFITS : bank.benefits, 3);
  // Product names carry the brand; a name that starts with a place or a surname keeps its full name.
  const first = c.name.split(/[\s&]/)[0]!;
  const traditional =
    ind.techFocus < 0.5 ||
    c.name.startsWith(cityWord(c.city)) ||
    c.path === 'state' ||
    c.path === 'nonprofit';
  const brand = traditional ? c.name : first;
  const nProducts = investor
    ? r.int(1, 2)
    : c.employees < 20
      ? 1
      : c.employees < 200
        ? r.int(1, 3)
        : r.int(2, 5);
  const nouns = r.sample(ind.products, nProducts);
  burnLegacyNameDraws(r, nouns, investor, traditional, brand);
  const real = c.kind === 'anchor' ? ANCHOR_PRODUCTS[c.name] : undefined;
  const products = real
    ? real.slice(0, Math.max(nProducts, Math.min(3, real.length))).map(([name, noun]) => ({ name, noun }))
    : productNames(rng('product-names'), nouns, {
        companyName: c.name,
        brand: productBrand(c.name, brand),
        industry: ind,
        shortBrand: !brand.includes(' '),
        investor,
      }).map((name, i) => ({ name, noun: nouns[i]! }));
  const youth = c.founded >= plan.todayYear - 5 ? 0.4 : c.founded < 1990 ? -0.4 : 0;
  const ai = Math.max(0, Math.min(5, Math.round(ind.aiMaturity + youth + r.normal(0, 0.85))));
  const culture = cultureOf(c.country, c.region);
  const people = Array.from({ length: 12 }, () => personName(r, culture));

  // Markets: the HQ country first, then neighbours for local firms or the usual expansion markets.
  const markets = [c.country];
  const big = c.employees >= 500 || c.kind === 'anchor';
  const isGlobal =
    c.status !== 'closed' && c.international && (big ? r.chance(0.75) : c.employees >= 100 && r.chance(0.2));
  const local =
    c.path === 'state' || c.path === 'nonprofit' || (ind.techFocus < 0.3 && ind.consumerScale > 0.6);
  const extra = c.international ? (isGlobal ? r.int(10, 25) : r.int(2, 8)) : local ? 0 : r.int(0, 2);
  for (let i = 0; i < extra * 3 && markets.length < extra + 1; i++) {
    const country = r.weighted(EXPANSION_COUNTRIES, EXPANSION_WEIGHTS);
    if (!markets.includes(country)) markets.push(country);
  }

  return {
    rng,
    gtm,
    offering,
    b2c,
    audience,
    benefits,
    products,
    brand,
    ai,
    age: Math.max(0, plan.todayYear - c.founded),
    people,
    marketCountries: markets,
    isGlobal,
    partners: choosePartners(plan, c, rng('partners'), offering, b2c),
  };
}

// ---------------------------------------------------------------------------------------------
// Sources

const NEWS_SITES = [
  'techcrunch.com',
  'reuters.com',
  'bloomberg.com',
  'businesswire.com',
  'prnewswire.com',
  'ft.com',
  'forbes.com',
  'venturebeat.com',
];

function newsUrl(rng: Rng, date: string, headline: string): string {
  const site = rng.pick(NEWS_SITES);
  const slug = slugify(headline).slice(0, 80);
  const [y, m, d] = date.split('-');
  if (site === 'businesswire.com')
    return `https://www.businesswire.com/news/home/${y}${m}${d}00${rng.int(1000, 9999)}/en/${slug}`;
  if (site === 'prnewswire.com')
    return `https://www.prnewswire.com/news-releases/${slug}-${rng.int(300000000, 302999999)}.html`;
  if (site === 'reuters.com') return `https://www.reuters.com/business/${slug}-${y}-${m}-${d}/`;
  return `https://${site.startsWith('ft.') ? 'www.' : ''}${site}/${y}/${m}/${d}/${slug}/`;
}

/** The company's LinkedIn page: its id without the index prefix is its name's slug. */
function linkedinCompany(c: Core): string {
  return `https://www.linkedin.com/company/${c.uuid.slice(7)}`;
}

function page(c: Core, path: string): string {
  return `${c.website.replace(/\/$/, '')}/${path}`;
}

function entry(code: string, label: string, description: string, source: string[]): Entry {
  return { title: label, description, source, type: { code, label } };
}

// ---------------------------------------------------------------------------------------------
// firmographic

function whatItDoes(c: Core, s: Shared): string {
  const [p1, p2] = s.products;
  // Two products of one kind (TikTok and Douyin, both short-video apps) are named once, counted.
  const things = p2
    ? p2.noun !== p1!.noun
      ? `${article(p1!.noun)} and ${article(p2.noun)}`
      : plural(p1!.noun) === p1!.noun
        ? p1!.noun
        : `two ${plural(p1!.noun)}`
    : article(p1?.noun ?? inSentence(c.industry.name));
  const r = s.rng('firmographic');
  const verb =
    s.offering === 'software'
      ? r.pick(['builds', 'develops', 'offers', 'provides'])
      : s.offering === 'hardware_manufacturing'
        ? r.pick(['makes', 'designs and manufactures', 'produces', 'builds'])
        : s.offering === 'services'
          ? r.pick(['provides', 'delivers', 'offers', 'runs'])
          : r.pick(['sells', 'operates', 'offers', 'runs']);
  return `${verb} ${things} for ${s.audience}`;
}

function firmographic(plan: Plan, c: Core, s: Shared): Sections['firmographic'] {
  const r = s.rng('firmographic');
  const does = whatItDoes(c, s);
  const where = `${c.city}-based`;
  const first = r.pick([
    `${c.name} is ${article(`${where} ${inSentence(c.industry.name)} company`)} that ${does}.`,
    `Founded in ${c.founded} and headquartered in ${c.city}, ${c.name} ${does}.`,
    `${c.name} ${does}, helping them ${s.benefits[0]}.`,
  ]);
  const sentences = [c.investorKind !== null ? investorIntro(c, s) : first];
  if (c.investorKind !== null) {
    // The investor's own sentences follow below.
  } else if (s.products.length > 1) {
    sentences.push(
      `Its portfolio spans ${listText(s.products.map((p) => p.name))}, used to ${s.benefits[1]}.`,
    );
  } else {
    sentences.push(`Customers use it to ${s.benefits[1]}.`);
  }
  const size = `around ${num(c.employees)} employees`;
  if (c.investorKind !== null) {
    sentences.push(investorBlurb(plan, c));
  } else if (c.status === 'closed') {
    sentences.push(
      `The company wound down operations in ${c.closedDate!.slice(0, 4)} after ${Math.max(1, yearOfMonth(c.endMonth) - c.founded)} years.`,
    );
  } else if (c.parent?.acquired) {
    const parent = plan.special(c.parent.idx)!;
    sentences.push(
      `Since ${c.parent.date!.slice(0, 4)} it has been part of ${parent.name}, and it employs ${size}.`,
    );
  } else if (c.companyType === 'public') {
    sentences.push(
      `${c.name} has been publicly listed since ${c.listedYear}, employs ${size} and reported revenue of about ${money(c.revenue)}.`,
    );
  } else if (c.rounds.length > 0 && c.ownership === 'venture_growth_investor_backed') {
    const leads = leadNames(plan, c).slice(0, 2);
    sentences.push(
      leads.length > 0
        ? `Backed by ${listText(leads)}, it has raised ${money(c.totalFunding)} and employs ${size}.`
        : `It has raised ${money(c.totalFunding)} to date and employs ${size}.`,
    );
  } else if (c.ownership === 'family_owned') {
    sentences.push(`Family-owned since its founding in ${c.founded}, it employs ${size}.`);
  } else if (c.ownership === 'founder_individual_operated_bootstrapped') {
    sentences.push(`The company is self-funded and founder-led, with ${size}.`);
  } else if (c.ownership === 'state_government_owned') {
    sentences.push(`It is owned by the state and employs ${size}.`);
  } else if (c.ownership === 'nonprofit_foundation_owned') {
    sentences.push(`It operates as a not-for-profit organisation with ${size}.`);
  } else if (c.ownership === 'private_equity_controlled' && c.parent) {
    sentences.push(
      `It is controlled by ${plan.special(c.parent.idx)?.name ?? 'a private equity firm'} and employs ${size}.`,
    );
  } else if (c.parent) {
    sentences.push(
      `It is a subsidiary of ${plan.special(c.parent.idx)?.name ?? 'a larger group'} with ${size}.`,
    );
  } else {
    sentences.push(`It employs ${size}.`);
  }
  if (c.investorKind !== null) {
    // Investors do not serve markets the way operating companies do.
  } else if (s.isGlobal)
    sentences.push(`It serves customers in more than ${Math.max(10, s.marketCountries.length)} countries.`);
  else if (s.marketCountries.length > 2)
    sentences.push(
      `Beyond its home market it is active in ${listText(s.marketCountries.slice(1, 4).map(countryName))}.`,
    );

  return {
    name: c.name,
    legal_name: legalName(r, c.name, c.country, {
      isPublic: c.companyType === 'public',
      large: c.employees >= 250,
      partnership: c.ownership === 'management_employee_owned' && s.offering === 'services',
    }),
    website: c.website,
    company_type: coded(COMPANY_TYPES, c.companyType),
    founded_year: c.founded,
    company_description: sentences.join(' '),
    company_description_short: `${c.name} ${does}.`,
    operating_status: coded(OPERATING_STATUSES, c.status),
    ownership_category: coded(OWNERSHIP_CATEGORIES, c.ownership),
    headcount_range: headcountRangeOf(c.employees),
    website_screenshot: null,
  };
}

const INVESTOR_KIND_TEXT: Readonly<Record<string, string>> = {
  accelerator: 'startup accelerator',
  angel: 'angel investor network',
  seed: 'seed-stage venture capital firm',
  venture: 'venture capital firm',
  growth: 'growth equity investor',
  private_equity: 'private equity firm',
  corporate: 'corporate venture capital arm',
  debt: 'venture debt and private credit provider',
  sovereign: 'sovereign wealth fund',
  public_agency: 'public investment bank and venture investor',
  family_office: 'family office',
  hedge_fund: 'hedge fund',
  asset_manager: 'asset manager',
  pension: 'pension fund',
  investment_bank: 'investment bank',
};

const INVESTOR_FOCUS: Readonly<Record<string, string>> = {
  private_equity: 'buyout and growth investments',
  accelerator: 'accelerator programmes for early-stage founders',
  angel: 'angel investments by its members',
  debt: 'venture debt and growth lending',
  corporate: 'strategic minority investments',
  sovereign: 'long-term investments on behalf of its state shareholder',
  family_office: 'direct investments for the family that owns it',
  hedge_fund: 'public and late-stage private equity',
  asset_manager: 'funds for institutional and retail investors',
  pension: 'long-term investments for its members',
  investment_bank: 'underwriting, advisory and capital markets',
};

function investorIntro(c: Core, s: Shared): string {
  return `${c.name} is ${article(INVESTOR_KIND_TEXT[c.investorKind!] ?? 'investment firm')} founded in ${c.founded} and based in ${c.city}, backing ${s.audience}.`;
}

function investorBlurb(plan: Plan, c: Core): string {
  const inbound = plan.inboundOf(c.idx);
  const n = inbound?.portfolioCount ?? 0;
  const recent = (inbound?.investments ?? [])
    .map((i) => i.name)
    .filter((v, i, a) => a.indexOf(v) === i)
    .slice(0, 3);
  const what = INVESTOR_FOCUS[c.investorKind!] ?? 'venture investments';
  return n > 0
    ? `It focuses on ${what} and has backed ${num(n)} companies in this dataset, most recently ${listText(recent)}.`
    : `It focuses on ${what}.`;
}

function countryName(code: string): string {
  return countryByCode(code)?.name ?? code;
}

function leadNames(plan: Plan, c: Core): string[] {
  const names: string[] = [];
  for (const r of [...c.rounds].reverse()) {
    for (const i of r.investors) {
      const name = plan.special(i.idx)?.name;
      if (i.lead && name && !names.includes(name)) names.push(name);
    }
  }
  return names;
}

// ---------------------------------------------------------------------------------------------
// business_model

function pickCodes(
  rng: Rng,
  preferred: readonly string[],
  all: readonly string[],
  min: number,
  max: number,
): string[] {
  const n = rng.int(min, Math.min(max, Math.max(min, preferred.length)));
  const weights = preferred.map((_, i) => 1 / (i + 1));
  const picked = rng.weightedSample(preferred, weights, n);
  if (rng.chance(0.06)) {
    const extra = rng.pick(all);
    if (!picked.includes(extra)) picked.push(extra);
  }
  return picked;
}

function businessModel(c: Core, s: Shared): Sections['business_model'] {
  const r = s.rng('business_model');
  const ind = c.industry;
  const about = page(c, 'about');
  const motions = pickCodes(
    r,
    ind.gtmMotions,
    GTM_MOTIONS.map((m) => m.code),
    1,
    3,
  );
  const fits = (code: string) => !(REVENUE_MISFITS[s.offering] ?? []).includes(code);
  const preferred = ind.revenueModels.filter(fits);
  const revenueCodes = pickCodes(
    r,
    preferred.length > 0 ? preferred : ind.revenueModels,
    REVENUE_MODELS.map((m) => m.code).filter(fits),
    1,
    3,
  );
  if (c.ownership === 'nonprofit_foundation_owned' && !revenueCodes.includes('grants_donations'))
    revenueCodes.push('grants_donations');
  const b2cMarketing = s.gtm === 'b2c';
  const mkt = r.sample(b2cMarketing ? MARKETING_CHANNELS.b2c : MARKETING_CHANNELS.b2b, r.int(2, 4));
  const dist = r.sample(DISTRIBUTION_CHANNELS[s.offering] ?? DISTRIBUTION_CHANNELS.services!, r.int(1, 3));
  return {
    gtm_type: coded(GTM_TYPES, s.gtm),
    offering_type: coded(OFFERING_TYPES, s.offering),
    gtm_motion: motions.map((code) =>
      entry(code, labelOf(GTM_MOTIONS, code), r.pick(MOTION_TEXT[code] ?? ['']), [about]),
    ),
    revenue_model: revenueCodes.map((code) =>
      entry(code, labelOf(REVENUE_MODELS, code), r.pick(REVENUE_TEXT[code] ?? ['']), [
        page(c, r.chance(0.5) ? 'pricing' : 'about'),
      ]),
    ),
    marketing_channels: mkt.map(([code, label, text]) => entry(code, label, text, [c.website])),
    distribution_channels: dist.map(([code, label, text]) => entry(code, label, text, [about])),
    pricing_details: pricing(c, s, r, revenueCodes),
    cost_components: r.sample(COST_COMPONENTS[s.offering] ?? COST_COMPONENTS.services!, r.int(3, 5)),
  };
}

/** Revenue models that contradict an offering type (software does not earn hardware sales). */
const REVENUE_MISFITS: Readonly<Record<string, readonly string[]>> = {
  software: ['hardware_sales'],
  hardware_manufacturing: ['freemium', 'marketplace_commission', 'advertising'],
  services: ['hardware_sales', 'freemium'],
};

function pricing(c: Core, s: Shared, r: Rng, revenueCodes: string[]): Entry[] {
  const src = [page(c, 'pricing')];
  const out: Entry[] = [];
  const product = s.products[0]?.name ?? c.name;
  if (revenueCodes.includes('freemium')) {
    out.push(
      entry(
        'freemium',
        'Free plan',
        `A free plan covers basic use of ${product}; paid plans start at $${r.pick([5, 8, 10, 12, 15])} per user per month.`,
        src,
      ),
    );
  }
  if (revenueCodes.includes('subscription_recurring')) {
    const b2b = !s.b2c;
    const price = b2b ? r.pick([29, 49, 79, 99, 149, 299, 499]) : r.pick([4.99, 7.99, 9.99, 12.99, 14.99]);
    out.push(
      entry(
        b2b ? 'tiered_subscription' : 'consumer_subscription',
        b2b ? 'Tiered subscription' : 'Monthly subscription',
        b2b
          ? `Plans from $${price} per ${r.pick(['user', 'seat', 'month', 'location'])} per month, billed annually; Enterprise pricing on request.`
          : `$${price} per month, with a discount for annual billing.`,
        src,
      ),
    );
  }
  if (revenueCodes.includes('usage_based')) {
    out.push(
      entry(
        'usage_based',
        'Usage-based',
        `Metered by ${r.pick(['API call', 'gigabyte', 'active user', 'transaction', 'compute hour', 'event'])}, with volume discounts.`,
        src,
      ),
    );
  }
  if (revenueCodes.includes('transaction_fee')) {
    out.push(
      entry(
        'per_transaction',
        'Per-transaction fee',
        `${(r.next() * 2.4 + 0.4).toFixed(1)}% plus a fixed fee per transaction; custom rates at volume.`,
        src,
      ),
    );
  }
  if (revenueCodes.includes('marketplace_commission')) {
    out.push(entry('commission', 'Commission', `Takes ${r.int(5, 25)}% of each transaction.`, src));
  }
  if (out.length === 0) {
    const quote =
      !s.b2c && (s.offering === 'services' || c.employees > 200 || s.offering === 'hardware_manufacturing');
    out.push(
      quote
        ? entry(
            'quote_based',
            'Quote-based',
            'Pricing is quoted per project or contract; no public price list.',
            src,
          )
        : entry(
            'list_price',
            'List prices',
            `Published prices, typically between $${r.int(10, 90)} and $${r.int(100, 900)}.`,
            src,
          ),
    );
  }
  return out.slice(0, 2);
}

// ---------------------------------------------------------------------------------------------
// company_assessment

function sizeTier(c: Core): 'leader' | 'established' | 'growing' | 'emerging' {
  if (c.kind === 'anchor' || c.employees >= 5000 || c.revenue >= 1e9) return 'leader';
  if (c.employees >= 500 || c.revenue >= 100e6) return 'established';
  if (c.employees >= 50) return 'growing';
  return 'emerging';
}

function companyAssessment(c: Core, s: Shared): Sections['company_assessment'] {
  const r = s.rng('assessment');
  const ind = inSentence(c.industry.name);
  const home = countryName(c.country);
  const scope = s.isGlobal ? 'globally' : s.marketCountries.length > 2 ? 'in its region' : `in ${home}`;
  const tier = sizeTier(c);
  const investorTier = c.special?.tier ?? 4;
  const market_position =
    c.investorKind !== null
      ? investorTier === 1
        ? `One of the best-known ${INVESTOR_KIND_TEXT[c.investorKind]} names ${scope}.`
        : investorTier === 2
          ? `A well-known ${INVESTOR_KIND_TEXT[c.investorKind]} with an established track record.`
          : `A smaller ${INVESTOR_KIND_TEXT[c.investorKind]} focused on ${home}.`
      : tier === 'leader'
        ? r.pick([
            `One of the leading ${ind} companies ${scope}.`,
            `Market leader in ${ind} ${scope}, with scale few competitors match.`,
          ])
        : tier === 'established'
          ? r.pick([
              `Established challenger in ${ind} ${scope}.`,
              `A well-known mid-sized player in ${ind} ${scope}.`,
            ])
          : tier === 'growing'
            ? r.pick([
                `Fast-growing specialist in ${ind} ${scope}.`,
                `Niche specialist in ${ind}, growing ${scope}.`,
              ])
            : r.pick([`Early-stage entrant in ${ind}.`, `Small ${ind} company focused ${scope}.`]);

  const about = page(c, 'about');
  const strengths: Sections['company_assessment']['strengths'] = [];
  if (c.totalFunding >= 20e6 && c.status !== 'closed') {
    strengths.push({
      title: 'Well capitalised',
      description: `Has raised ${money(c.totalFunding)}, giving it room to invest in product and go-to-market.`,
      source: fundingSources(c),
    });
  }
  if (c.growth >= 0.2 && c.status !== 'closed') {
    strengths.push({
      title: 'Rapid growth',
      description: `Headcount grew about ${Math.round(c.growth * 100)}% over the last year.`,
      source: [page(c, 'careers')],
    });
  }
  if (c.ownership === 'founder_individual_operated_bootstrapped' && c.revenue > 1e6) {
    strengths.push({
      title: 'Capital efficient',
      description: 'Built to its current size without outside investors.',
      source: [about],
    });
  }
  if (s.age >= 30)
    strengths.push({
      title: 'Long track record',
      description: `More than ${Math.floor(s.age / 10) * 10} years in business.`,
      source: [about],
    });
  if (s.ai >= 4)
    strengths.push({
      title: 'AI-native product',
      description: 'AI is built into the core of the product rather than added on.',
      source: [c.website],
    });
  if (c.investorKind !== null && investorTier <= 2) {
    strengths.push({
      title: 'Brand with founders',
      description: 'A name founders seek out, which gives it access to competitive rounds.',
      source: [about],
    });
  }
  if (tier === 'leader' && c.investorKind === null)
    strengths.push({
      title: 'Scale and brand',
      description: `A recognised brand with ${num(c.employees)} employees and ${money(c.revenue)} in revenue.`,
      source: [about],
    });
  if (strengths.length < 2)
    strengths.push({
      title: 'Focused offering',
      description: `A clear focus on ${ind} for ${s.audience}.`,
      source: [about],
    });
  if (strengths.length < 2)
    strengths.push({
      title: 'Experienced team',
      description: 'Leadership with deep domain experience.',
      source: [page(c, 'team')],
    });

  const weakness: Sections['company_assessment']['weakness'] = [];
  if (c.status === 'closed')
    weakness.push({
      title: 'Ceased operations',
      description: `Stopped operating in ${c.closedDate!.slice(0, 4)}.`,
      source: [newsUrl(r, c.closedDate!, `${c.name} shuts down`)],
    });
  if (tier === 'emerging')
    weakness.push({
      title: 'Limited scale',
      description: 'A small team and customer base compared with established competitors.',
      source: [about],
    });
  if (!s.isGlobal && s.marketCountries.length <= 2)
    weakness.push({
      title: 'Concentrated in one market',
      description: `Most revenue comes from ${home}.`,
      source: [about],
    });
  if (c.growth < 0 && c.status !== 'closed')
    weakness.push({
      title: 'Shrinking headcount',
      description: `Headcount fell about ${Math.round(-c.growth * 100)}% over the last year.`,
      source: [page(c, 'careers')],
    });
  if (c.revenue === 0)
    weakness.push({
      title: 'Pre-revenue',
      description: 'Has not yet generated meaningful revenue.',
      source: [about],
    });
  if (weakness.length === 0)
    weakness.push({
      title: 'Crowded market',
      description: `Competes with many well-funded ${ind} companies.`,
      source: [about],
    });

  const moats = pickCodes(
    r,
    c.industry.moats,
    COMPETITIVE_MOATS.map((m) => m.code),
    1,
    tier === 'emerging' ? 1 : 3,
  );
  const concentration = concentrationOf(c, s, r);
  return {
    market_position,
    strengths: strengths.slice(0, 3),
    weakness: weakness.slice(0, 2),
    competitive_moat: moats.map((code) =>
      entry(code, labelOf(COMPETITIVE_MOATS, code), r.pick(MOAT_TEXT[code] ?? ['']), [about]),
    ),
    customer_concentration: concentration,
  };
}

function concentrationOf(
  c: Core,
  s: Shared,
  r: Rng,
): Sections['company_assessment']['customer_concentration'] {
  let code: string;
  if (s.b2c || c.employees >= 2000) code = r.chance(0.9) ? 'low' : 'moderate';
  else if (c.employees < 30 && !s.b2c)
    code = r.weighted(['moderate', 'high', 'critical', 'low'], [3, 3, 1, 2]);
  else code = r.weighted(['low', 'moderate', 'high', 'critical'], [5, 4, 1.5, 0.3]);
  const share =
    code === 'low'
      ? r.int(1, 9)
      : code === 'moderate'
        ? r.int(10, 24)
        : code === 'high'
          ? r.int(25, 49)
          : r.int(50, 85);
  const description =
    code === 'low'
      ? 'Revenue is spread across many customers; no single customer is material.'
      : code === 'moderate'
        ? `The largest customer accounts for roughly ${share}% of revenue.`
        : code === 'high'
          ? `A few large accounts drive much of the business; the largest is about ${share}% of revenue.`
          : `Depends heavily on one customer, which accounts for about ${share}% of revenue.`;
  return {
    classification: coded(CUSTOMER_CONCENTRATIONS, code),
    description,
    top_customer_share_pct: s.b2c ? null : share,
    source: [page(c, 'customers')],
  };
}

// ---------------------------------------------------------------------------------------------
// trust_signal

function trustSignal(plan: Plan, c: Core, s: Shared): Sections['trust_signal'] {
  const r = s.rng('trust');
  const sector = c.industry.sector;
  const since = (min: number) => Math.min(plan.todayYear, Math.max(c.founded + 1, min) + r.int(0, 5));
  const certs: Sections['trust_signal']['certifications'] = [];
  const software = s.offering === 'software' || c.industry.techFocus > 0.8;
  if (software && !s.b2c && c.employees >= 15 && r.chance(0.7))
    certs.push({ name: 'SOC 2 Type II', issuer: 'AICPA', year: since(2015) });
  if (software && c.employees >= 30 && r.chance(0.5))
    certs.push({
      name: 'ISO/IEC 27001',
      issuer: r.pick(['BSI', 'TÜV SÜD', 'Bureau Veritas', 'DNV', 'Schellman']),
      year: since(2012),
    });
  if (s.offering === 'hardware_manufacturing' && r.chance(0.75))
    certs.push({
      name: 'ISO 9001',
      issuer: r.pick(['TÜV Rheinland', 'SGS', 'Bureau Veritas', 'BSI', 'DNV']),
      year: since(2000),
    });
  if ((sector === 'Industrials' || sector === 'Energy & Utilities') && r.chance(0.4))
    certs.push({ name: 'ISO 14001', issuer: r.pick(['SGS', 'DNV', 'Intertek']), year: since(2005) });
  if (sector === 'Life Sciences' && s.offering === 'hardware_manufacturing' && r.chance(0.7))
    certs.push({ name: 'ISO 13485', issuer: r.pick(['BSI', 'TÜV SÜD', 'DEKRA']), year: since(2005) });
  if (
    (sector === 'Healthcare' || sector === 'Life Sciences') &&
    software &&
    c.country === 'USA' &&
    r.chance(0.6)
  )
    certs.push({
      name: 'HIPAA compliance attestation',
      issuer: r.pick(['Coalfire', 'A-LIGN', 'Schellman']),
      year: since(2015),
    });
  if (sector === 'Financial Services' && software && r.chance(0.6))
    certs.push({ name: 'PCI DSS Level 1', issuer: 'PCI Security Standards Council', year: since(2012) });
  if (c.country === 'GBR' && r.chance(0.3))
    certs.push({ name: 'Cyber Essentials Plus', issuer: 'IASME', year: since(2016) });
  if ((sector === 'Consumer' || sector === 'Retail & E-commerce') && r.chance(0.12))
    certs.push({ name: 'Certified B Corporation', issuer: 'B Lab', year: since(2012) });
  if (c.industry.code === 'IND-1039' && c.country === 'USA' && r.chance(0.5))
    certs.push({ name: 'FedRAMP Moderate', issuer: 'FedRAMP PMO', year: since(2016) });

  const awards: Sections['trust_signal']['awards'] = [];
  const year = () => Math.min(plan.todayYear - 1, Math.max(c.founded + 1, plan.todayYear - r.int(1, 4)));
  const recent = c.founded <= plan.todayYear - 2;
  if (recent && c.growth >= 0.3 && r.chance(0.5))
    awards.push({
      title: r.pick([
        'Deloitte Technology Fast 500',
        'Inc. 5000',
        'FT 1000: Europe’s Fastest-Growing Companies',
        'Red Herring Top 100',
      ]),
      issuer: r.pick(['Deloitte', 'Inc.', 'Financial Times', 'Red Herring']),
      year: year(),
    });
  if (recent && software && !s.b2c && r.chance(0.35))
    awards.push({ title: `G2 Leader, ${c.industry.name}`, issuer: 'G2', year: year() });
  if (recent && c.employees >= 50 && r.chance(0.25))
    awards.push({ title: 'Great Place to Work Certified', issuer: 'Great Place to Work', year: year() });
  if (recent && s.offering === 'hardware_manufacturing' && s.gtm !== 'b2b' && r.chance(0.3))
    awards.push({
      title: r.pick(['Red Dot Design Award', 'iF Design Award', 'CES Innovation Award']),
      issuer: r.pick(['Red Dot', 'iF International Forum Design', 'Consumer Technology Association']),
      year: year(),
    });
  if (recent && s.ai >= 4 && r.chance(0.2))
    awards.push({ title: 'CB Insights AI 100', issuer: 'CB Insights', year: year() });
  if (recent && c.valuation !== null && c.valuation >= 1e9 && software && r.chance(0.4))
    awards.push({ title: 'Forbes Cloud 100', issuer: 'Forbes', year: year() });

  const reviewBase = (s.b2c ? 40 : 3) * Math.sqrt(c.employees) * (0.3 + c.industry.consumerScale);
  const review_count =
    c.status === 'closed' && r.chance(0.5) ? 0 : Math.round(reviewBase * Math.exp(r.normal(0, 0.6)));
  const review_rating =
    review_count === 0
      ? null
      : Math.round(Math.min(4.9, Math.max(2.6, r.normal(4.1 + (c.quality - 1) * 0.2, 0.35))) * 10) / 10;
  const has_trust_center = software && c.employees >= 50 && r.chance(0.55);
  return {
    certifications: certs,
    awards,
    review_rating,
    review_count,
    has_trust_center,
    security_page_url: has_trust_center
      ? `https://trust.${c.domain}`
      : software && r.chance(0.5)
        ? page(c, 'security')
        : null,
  };
}

// ---------------------------------------------------------------------------------------------
// company_hierarchy

function refOf(plan: Plan, idx: number): CompanyRef {
  const s = plan.special(idx)!;
  return { uuid: s.uuid, name: s.name };
}

/** The top of a company's ownership chain (Google -> Alphabet). */
function ultimateParentOf(plan: Plan, idx: number): SpecialInfo {
  let current = plan.special(idx)!;
  for (let depth = 0; depth < 5; depth++) {
    const parentName = current.anchor?.parent ?? current.investor?.parent;
    const next = parentName ? plan.idxOfName(parentName) : undefined;
    if (next === undefined) break;
    current = plan.special(next)!;
  }
  return current;
}

const LOCAL_ENTITY: Readonly<Record<string, [string, string]>> = {
  DEU: ['Deutschland', 'GmbH'],
  GBR: ['UK', 'Ltd'],
  FRA: ['France', 'SAS'],
  JPN: ['Japan', 'K.K.'],
  IND: ['India', 'Pvt. Ltd.'],
  NLD: ['Netherlands', 'B.V.'],
  USA: ['USA', 'Inc.'],
  CAN: ['Canada', 'Inc.'],
  AUS: ['Australia', 'Pty Ltd'],
  SGP: ['Singapore', 'Pte. Ltd.'],
  ESP: ['España', 'S.L.'],
  ITA: ['Italia', 'S.r.l.'],
  BRA: ['Brasil', 'Ltda.'],
  IRL: ['Ireland', 'Ltd'],
  SWE: ['Sverige', 'AB'],
  CHE: ['Schweiz', 'AG'],
  POL: ['Polska', 'Sp. z o.o.'],
  MEX: ['México', 'S. de R.L. de C.V.'],
  CHN: ['China', 'Co., Ltd.'],
  ARE: ['Middle East', 'FZ-LLC'],
  ISR: ['Israel', 'Ltd.'],
  KOR: ['Korea', 'Ltd.'],
  HKG: ['Hong Kong', 'Limited'],
};

function companyHierarchy(plan: Plan, c: Core, s: Shared): Sections['company_hierarchy'] {
  const r = s.rng('hierarchy');
  const parent = c.parent ? refOf(plan, c.parent.idx) : null;
  const top = c.parent ? ultimateParentOf(plan, c.parent.idx) : null;
  const subsidiaries: CompanyRef[] = (plan.inboundOf(c.idx)?.subsidiaries ?? []).map((e) => ({
    uuid: e.uuid,
    name: e.name,
  }));
  if (c.employees >= 1000 && c.status !== 'closed' && c.investorKind === null) {
    const abroad = s.marketCountries.filter((m) => m !== c.country && LOCAL_ENTITY[m]);
    for (const country of r.sample(abroad, Math.min(abroad.length, c.employees >= 20000 ? 5 : 2))) {
      const [place, form] = LOCAL_ENTITY[country]!;
      subsidiaries.push({ uuid: null, name: `${s.brand} ${place} ${form}` });
    }
  }
  return {
    is_subsidiary: parent !== null,
    parent,
    ultimate_parent: top ? { uuid: top.uuid, name: top.name } : null,
    subsidiaries,
  };
}

// ---------------------------------------------------------------------------------------------
// digital_presence

function digitalPresence(plan: Plan, c: Core, s: Shared): Sections['digital_presence'] {
  const r = s.rng('digital');
  const handle = c.uuid.slice(7).replace(/-/g, '').slice(0, 15);
  const reach = c.employees * (20 + 400 * c.industry.consumerScale) * (c.kind === 'anchor' ? 30 : 1);
  const visits = Math.round(
    Math.max(50, reach * Math.exp(r.normal(0, 0.7))) * (c.status === 'closed' ? 0.05 : 1),
  );
  const followers = (base: number) => Math.max(0, Math.round(base * Math.exp(r.normal(0, 0.5))));
  const profiles: Sections['digital_presence']['social_profiles'] = [
    {
      platform: 'linkedin',
      url: linkedinCompany(c),
      followers: followers(c.employees * 25 + 100),
    },
  ];
  if (r.chance(0.7))
    profiles.push({
      platform: 'x',
      url: `https://x.com/${handle}`,
      followers: followers(c.employees * 8 * (1 + 5 * c.industry.consumerScale)),
    });
  if (s.gtm !== 'b2b' && r.chance(0.7))
    profiles.push({
      platform: 'instagram',
      url: `https://www.instagram.com/${handle}`,
      followers: followers(c.employees * 60),
    });
  if (s.gtm !== 'b2b' && r.chance(0.6))
    profiles.push({
      platform: 'facebook',
      url: `https://www.facebook.com/${handle}`,
      followers: followers(c.employees * 40),
    });
  if (r.chance(0.25))
    profiles.push({
      platform: 'youtube',
      url: `https://www.youtube.com/@${handle}`,
      followers: followers(c.employees * 10),
    });
  if (c.industry.techFocus >= 0.95 && s.offering === 'software' && r.chance(0.45))
    profiles.push({
      platform: 'github',
      url: `https://github.com/${handle}`,
      followers: followers(c.employees * 5 + 20),
    });
  if (s.b2c && c.industry.consumerScale >= 0.8 && r.chance(0.3))
    profiles.push({
      platform: 'tiktok',
      url: `https://www.tiktok.com/@${handle}`,
      followers: followers(c.employees * 90),
    });
  const registered = c.founded < 1995 ? r.int(1995, 2001) : c.founded + (r.chance(0.7) ? 0 : 1);
  const careers =
    c.employees < 10
      ? null
      : c.kind === 'generated' && c.employees < 500 && c.industry.techFocus > 0.7 && r.chance(0.4)
        ? r.chance(0.5)
          ? `https://jobs.lever.co/${handle}`
          : `https://boards.greenhouse.io/${handle}`
        : page(c, 'careers');
  return {
    website: c.website,
    domain: c.domain,
    domain_registered_year: Math.min(registered, plan.todayYear),
    monthly_website_visits: visits,
    social_profiles: profiles,
    blog_url: r.chance(0.35 + 0.4 * c.industry.techFocus) ? page(c, 'blog') : null,
    careers_url: careers,
  };
}

// ---------------------------------------------------------------------------------------------
// financial_estimate

function financialEstimate(plan: Plan, c: Core, s: Shared): Sections['financial_estimate'] {
  const r = s.rng('financial');
  const closed = c.status === 'closed';
  const growth =
    c.revenue === 0 || closed ? null : Math.round((c.growth * 1.2 + r.normal(0.04, 0.08)) * 1000) / 10;
  const confidence =
    c.companyType === 'public' || c.kind === 'anchor'
      ? 'high'
      : c.rounds.length > 0
        ? 'medium'
        : r.chance(0.3)
          ? 'medium'
          : 'low';
  const source =
    c.companyType === 'public'
      ? [
          page(c, 'investors'),
          c.country === 'USA'
            ? `https://www.sec.gov/cgi-bin/browse-edgar?company=${encodeURIComponent(c.name)}&type=10-K`
            : page(c, 'investors/annual-report'),
        ]
      : [page(c, 'about'), linkedinCompany(c)];
  return {
    revenue_estimate: coded(REVENUE_BANDS, bandOf(REVENUE_BANDS, c.revenue).code),
    valuation_estimate:
      c.valuation === null ? null : coded(VALUATION_BANDS, bandOf(VALUATION_BANDS, c.valuation).code),
    revenue_usd: c.revenue,
    valuation_usd: c.valuation,
    revenue_growth_pct: growth,
    fiscal_year: closed ? yearOfMonth(c.endMonth) - (c.endMonth % 12 < 6 ? 1 : 0) : plan.todayYear - 1,
    currency: 'USD',
    confidence,
    source,
  };
}

// ---------------------------------------------------------------------------------------------
// location

function location(c: Core, s: Shared): Sections['location'] {
  const r = s.rng('location');
  const country = (code: string): Coded => ({ code, label: countryName(code) });
  const offices: Sections['location']['offices'] = [
    { country: country(c.country), city: c.city, is_hq: true, type: 'headquarters' },
  ];
  const n =
    c.employees < 20
      ? 0
      : c.employees < 200
        ? r.int(0, 2)
        : c.employees < 1000
          ? r.int(1, 4)
          : c.employees < 10000
            ? r.int(3, 8)
            : r.int(6, 14);
  const typeFor = (): Sections['location']['offices'][number]['type'] =>
    s.offering === 'hardware_manufacturing' && r.chance(0.4)
      ? 'manufacturing'
      : s.offering === 'digital_commerce_content' && r.chance(0.3)
        ? 'warehouse'
        : c.industry.techFocus > 0.7 && r.chance(0.35)
          ? 'r_and_d'
          : r.chance(0.6)
            ? 'sales'
            : 'office';
  const places = new Set([`${c.country}|${c.city}`]);
  for (let i = 0; i < n * 3 && offices.length < n + 1; i++) {
    const where =
      r.chance(0.3) || s.marketCountries.length === 1 ? c.country : r.pick(s.marketCountries.slice(1));
    const city = pickCity(r, where);
    if (places.has(`${where}|${city}`)) continue;
    places.add(`${where}|${city}`);
    offices.push({ country: country(where), city, is_hq: false, type: typeFor() });
  }
  const markets = [...s.marketCountries];
  for (const o of offices) if (!markets.includes(o.country.code)) markets.push(o.country.code);
  return {
    hq: {
      country: country(c.country),
      region: c.region.map((code) => ({ code, label: regionByCode(code)?.name ?? code })),
      city: c.city,
      address: streetAddress(r, c.country),
      postal_code: postalCode(r, c.country),
    },
    market_served: { markets: markets.map(country), is_global: s.isGlobal },
    offices,
  };
}

// ---------------------------------------------------------------------------------------------
// management_profile

const ROLES: readonly (readonly [string, string])[] = [
  ['Chief Technology Officer', 'Technology'],
  ['Chief Financial Officer', 'Finance'],
  ['Chief Operating Officer', 'Operations'],
  ['Chief Marketing Officer', 'Marketing'],
  ['Chief Revenue Officer', 'Sales'],
  ['Chief Product Officer', 'Product'],
  ['General Counsel', 'Legal'],
  ['Chief People Officer', 'People'],
];

const FUND_ROLES: readonly (readonly [string, string])[] = [
  ['General Partner', 'Investment'],
  ['Partner', 'Investment'],
  ['Chief Financial Officer', 'Finance'],
  ['Principal', 'Investment'],
  ['Head of Platform', 'Operations'],
  ['Partner', 'Investment'],
  ['General Counsel', 'Legal'],
];

function linkedinOf(r: Rng, p: Person): string {
  return `https://www.linkedin.com/in/${slugify(`${p.first} ${p.last}`)}-${r.int(0x1000, 0xffff).toString(16)}`;
}

function managementProfile(plan: Plan, c: Core, s: Shared): Sections['management_profile'] {
  const r = s.rng('management');
  const anchor = c.special?.anchor;
  if (c.kind === 'anchor' || c.kind === 'investor') {
    // Real companies: name only the CEO we know; nobody is invented.
    const ceo = anchor?.ceo;
    return {
      leadership: ceo
        ? [
            {
              name: ceo,
              title: 'Chief Executive Officer',
              function: 'Executive',
              is_founder: false,
              since_year: null,
              linkedin_url: null,
            },
          ]
        : [],
      founders: [],
      board: [],
      leadership_changes: [],
    };
  }
  const young = s.age <= 30 && (c.kind === 'generated' || c.kind === 'fund');
  const founderLed =
    young && c.ownership !== 'state_government_owned' && c.ownership !== 'public' && r.chance(0.75);
  const size = c.employees < 10 ? 2 : c.employees < 50 ? 3 : c.employees < 500 ? r.int(4, 5) : r.int(6, 8);
  const ceoTitle = c.investorKind
    ? 'Managing Partner'
    : c.ownership === 'nonprofit_foundation_owned'
      ? 'Executive Director'
      : 'Chief Executive Officer';
  const people = s.people;
  const leadership: Sections['management_profile']['leadership'] = [];
  const founders: string[] = [];
  // Executives who are not founders joined within the last two decades.
  const sinceYear = () => Math.min(plan.todayYear, Math.max(c.founded, plan.todayYear - r.int(0, 20)));
  const founderCount = founderLed ? (r.chance(0.5) ? 2 : 1) : 0;
  for (let i = 0; i < size; i++) {
    const p = people[i]!;
    const roles = c.investorKind ? FUND_ROLES : ROLES;
    const [title, fn] = i === 0 ? [ceoTitle, 'Executive'] : roles[(i - 1) % roles.length]!;
    const isFounder = i < founderCount;
    if (isFounder) founders.push(p.full);
    leadership.push({
      name: p.full,
      title: isFounder ? `${founderCount > 1 ? 'Co-founder' : 'Founder'} & ${title}` : title,
      function: fn,
      is_founder: isFounder,
      since_year: isFounder ? c.founded : sinceYear(),
      linkedin_url: r.chance(0.85) ? linkedinOf(r, p) : null,
    });
  }
  if (founderLed && r.chance(0.3)) founders.push(people[10]!.full);

  // Directors: the CEO, a partner of each lead investor, the parent's nominee, independents.
  const culture = cultureOf(c.country, c.region);
  const director = () => personName(r, r.chance(0.6) ? culture : 'en').full;
  const board: Sections['management_profile']['board'] = [];
  if (c.employees >= 50 && leadership[0]) board.push({ name: leadership[0].name, affiliation: c.name });
  if (c.ownership !== 'nonprofit_foundation_owned') {
    for (const name of leadNames(plan, c).slice(0, 3)) board.push({ name: director(), affiliation: name });
  }
  if (c.parent) board.push({ name: director(), affiliation: plan.special(c.parent.idx)!.name });
  const independents = c.companyType === 'public' ? r.int(3, 6) : c.employees >= 500 ? 1 : 0;
  for (let i = 0; i < independents; i++) board.push({ name: director(), affiliation: null });

  const changes: Sections['management_profile']['leadership_changes'] = [];
  if (c.status !== 'closed' && leadership.length > 2 && r.chance(0.35)) {
    const hire = leadership[leadership.length - 1]!;
    hire.since_year = plan.todayYear - (r.chance(0.5) ? 0 : 1);
    const month = Math.min(plan.todayMonth - 1, monthOf(hire.since_year, r.int(1, 12)));
    changes.push({
      name: hire.name,
      title: hire.title,
      change: 'joined',
      date: isoDate(month, r.int(1, 28)),
    });
    if (r.chance(0.5))
      changes.push({
        name: people[11]!.full,
        title: hire.title,
        change: 'left',
        date: isoDate(Math.max(month - r.int(1, 6), monthOf(c.founded, 1)), r.int(1, 28)),
      });
  }
  return {
    leadership,
    founders: [...new Set(founders)],
    board: dedupeBoard(board),
    leadership_changes: changes,
  };
}

function dedupeBoard(
  board: Sections['management_profile']['board'],
): Sections['management_profile']['board'] {
  const seen = new Set<string>();
  return board.filter((b) => {
    if (seen.has(b.name)) return false;
    seen.add(b.name);
    return true;
  });
}

// ---------------------------------------------------------------------------------------------
// product_offering

function productOffering(c: Core, s: Shared): Sections['product_offering'] {
  const r = s.rng('products');
  const bank = bankOf(c.industry.sector);
  const idPrefix = c.uuid.slice(0, 6);
  const products = s.products.map((p, i) => ({
    id: `${idPrefix}-p${i + 1}`,
    name: p.name,
    category: titleCase(p.noun),
    description: capitalise(
      `${article(p.noun)} ${r.pick(isPlural(p.noun) ? ['that help', 'built to help', 'that let'] : ['that helps', 'built to help', 'that lets'])} ${s.audience} ${s.benefits[i % s.benefits.length]}.`,
    ),
    launched_year:
      s.age > 20
        ? Math.max(c.founded, c.endMonth > 0 ? yearOfMonth(c.endMonth) - r.int(1, 18) : c.founded)
        : Math.min(c.founded + i * r.int(1, 3) + r.int(0, 1), yearOfMonth(c.endMonth)),
    is_flagship: i === 0,
  }));
  const useCases = r.sample(bank.useCases, r.int(2, 3));
  if (s.products[0]) useCases.push(`${capitalise(s.products[0].noun)} for ${s.audience}`);
  return {
    product_category: productCategoryOf(c),
    products,
    use_cases: useCases,
    target_personas: s.b2c ? ['Consumers'] : r.sample(bank.personas, r.int(2, 4)),
    has_free_trial: s.offering === 'software' && r.chance(s.gtm === 'b2b' ? 0.55 : 0.7),
  };
}

// ---------------------------------------------------------------------------------------------
// strategic_signal

const TIERS: Readonly<Record<string, readonly string[]>> = {
  technology_integration: [
    'Premier',
    'Gold Partner',
    'Silver Partner',
    'Registered',
    'Select',
    'Advanced Technology Partner',
    'Platinum',
  ],
  implementation_si_consulting: ['Global Alliance', 'Strategic', 'Preferred Partner', 'Gold Partner'],
  channel_reseller_distributor: [
    'Authorized Reseller',
    'Gold Partner',
    'Platinum',
    'Registered',
    'Distributor',
  ],
  gtm_marketing: ['Co-marketing', 'Strategic', 'Premier'],
  oem_whitelabel_licensing: ['OEM Partner', 'Strategic', 'Licensed'],
  strategic_codevelopment: ['Strategic', 'Design Partner', 'Joint Development'],
  others: ['Registered', 'Member', 'Strategic'],
};

type Candidate = {
  idx: number;
  uuid: string;
  name: string;
  sector: string;
  industry: string;
  founded: number;
  weight: number;
};
type PartnerPools = {
  byType: Map<string, WeightedTable<Candidate>>;
  bySector: Map<string, WeightedTable<Candidate>>;
  all: WeightedTable<Candidate>;
  customers: WeightedTable<Candidate>;
};

function table(list: Candidate[]): WeightedTable<Candidate> {
  return new WeightedTable(
    list,
    list.map((c) => c.weight),
  );
}
const poolCache = new WeakMap<Plan, PartnerPools>();

const MARKETING_PLATFORMS = new Set([
  'Google',
  'Microsoft',
  'Amazon',
  'Meta Platforms',
  'Salesforce',
  'HubSpot',
  'Shopify',
  'LinkedIn',
  'TikTok',
]);

function partnerPools(plan: Plan): PartnerPools {
  const cached = poolCache.get(plan);
  if (cached) return cached;
  const all: Candidate[] = [];
  for (const s of plan.specialList()) {
    if (s.kind !== 'anchor') continue;
    all.push({
      idx: s.idx,
      uuid: s.uuid,
      name: s.name,
      sector: s.industry.sector,
      industry: s.industry.code,
      founded: s.founded,
      weight: Math.log10(s.employees + 10) * 3,
    });
  }
  for (const n of plan.notables)
    all.push({
      idx: n.idx,
      uuid: n.uuid,
      name: n.name,
      sector: n.sector,
      industry: n.industry,
      founded: n.founded,
      weight: 1,
    });
  const software = all.filter(
    (a) => a.sector === 'Software' || a.sector === 'AI & Data' || a.industry === 'IND-1008',
  );
  const byType = new Map<string, WeightedTable<Candidate>>([
    ['technology_integration', table(software)],
    [
      'implementation_si_consulting',
      table(all.filter((a) => ['IND-1202', 'IND-8102', 'IND-8101', 'IND-1201'].includes(a.industry))),
    ],
    [
      'channel_reseller_distributor',
      table(
        all.filter(
          (a) =>
            a.industry === 'IND-1213' ||
            a.sector === 'Retail & E-commerce' ||
            a.industry === 'IND-5018' ||
            a.industry === 'IND-5019',
        ),
      ),
    ],
    [
      'gtm_marketing',
      table(all.filter((a) => MARKETING_PLATFORMS.has(a.name) || a.sector === 'Marketing & Advertising')),
    ],
    [
      'oem_whitelabel_licensing',
      table(
        all.filter(
          (a) =>
            a.sector === 'Hardware & Electronics' ||
            a.sector === 'Automotive & Mobility' ||
            a.sector === 'Industrials',
        ),
      ),
    ],
  ]);
  const sectors = new Map<string, Candidate[]>();
  for (const a of all) getOrCreate(sectors, a.sector, () => [] as Candidate[]).push(a);
  const bySector = new Map([...sectors].map(([sector, list]) => [sector, table(list)]));
  const customers = all.filter((a) => {
    const s = plan.special(a.idx);
    return !s || (!s.industry.investorKind && s.employees >= 1000);
  });
  const pools = { byType, bySector, all: table(all), customers: table(customers) };
  poolCache.set(plan, pools);
  return pools;
}

function partnershipTypes(offering: string, b2c: boolean): [string[], number[]] {
  switch (offering) {
    case 'software':
      return [
        [
          'technology_integration',
          'implementation_si_consulting',
          'channel_reseller_distributor',
          'gtm_marketing',
          'oem_whitelabel_licensing',
          'strategic_codevelopment',
          'others',
        ],
        [10, 3, 2, 2, 1, 1, 0.5],
      ];
    case 'hardware_manufacturing':
      return [
        [
          'channel_reseller_distributor',
          'oem_whitelabel_licensing',
          'strategic_codevelopment',
          'technology_integration',
          'others',
        ],
        [6, 4, 3, 2, 0.5],
      ];
    case 'digital_commerce_content':
      return [
        ['gtm_marketing', 'channel_reseller_distributor', 'technology_integration', 'others'],
        b2c ? [5, 4, 2, 0.5] : [3, 4, 3, 0.5],
      ];
    default:
      return [
        [
          'technology_integration',
          'implementation_si_consulting',
          'strategic_codevelopment',
          'gtm_marketing',
          'others',
        ],
        [4, 3, 2, 1, 1],
      ];
  }
}

function choosePartners(plan: Plan, c: Core, r: Rng, offering: string, b2c: boolean): Shared['partners'] {
  if (c.investorKind !== null) return [];
  const pools = partnerPools(plan);
  const n =
    c.employees < 10
      ? r.int(0, 1)
      : c.employees < 100
        ? r.int(0, 3)
        : c.employees < 2000
          ? r.int(1, 4)
          : r.int(2, 6);
  const [types, weights] = partnershipTypes(offering, b2c);
  const out: Shared['partners'] = [];
  const used = new Set<number>([c.idx]);
  if (c.parent) used.add(c.parent.idx);
  const start = monthOf(Math.max(c.founded + 1, plan.todayYear - 8), 1);
  for (let i = 0; i < n * 2 && out.length < n; i++) {
    const type = r.chance(0.03) ? 'others' : r.weighted(types, weights);
    const sectorPool = type === 'strategic_codevelopment' ? pools.bySector.get(c.industry.sector) : undefined;
    const pool =
      sectorPool && sectorPool.items.length > 1 ? sectorPool : (pools.byType.get(type) ?? pools.all);
    if (pool.items.length === 0) continue;
    const partner = pool.draw(r);
    if (used.has(partner.idx)) continue;
    used.add(partner.idx);
    const end = c.endMonth > 0 ? c.endMonth : plan.todayMonth;
    // Announced once both companies existed.
    const from = Math.max(start, monthOf(partner.founded, 1));
    if (from >= end) continue;
    const month = r.int(from, end - 1);
    out.push({ ref: { uuid: partner.uuid, name: partner.name }, type, tier: r.pick(TIERS[type]!), month });
  }
  return out.sort((a, b) => a.month - b.month);
}

function partnershipText(c: Core, s: Shared, r: Rng, type: string, partner: string): string {
  const product = s.products[0]?.name ?? c.name;
  switch (type) {
    case 'technology_integration':
      return r.pick([
        `Native integration between ${product} and ${partner}, available to joint customers.`,
        `${c.name} connects with ${partner} so customers can sync data in both directions.`,
        `Certified ${partner} integration listed in its partner directory.`,
      ]);
    case 'implementation_si_consulting':
      return `${partner} implements and supports ${product} for enterprise clients.`;
    case 'channel_reseller_distributor':
      return r.pick([
        `${partner} resells ${c.name}'s products to its customers.`,
        `Products are available through ${partner}.`,
      ]);
    case 'gtm_marketing':
      return `Joint go-to-market programme with ${partner}, including co-marketing and referrals.`;
    case 'oem_whitelabel_licensing':
      return `${partner} licenses ${c.name}'s technology and ships it in its own products.`;
    case 'strategic_codevelopment':
      return `${c.name} and ${partner} are jointly developing new ${inSentence(c.industry.name)} products.`;
    default:
      return `${c.name} works with ${partner} on shared initiatives.`;
  }
}

function partialDate(r: Rng, month: number): { day?: number; month?: number; year?: number } {
  const year = yearOfMonth(month);
  const m = (month % 12) + 1;
  const u = r.next();
  if (u < 0.2) return { year };
  if (u < 0.6) return { month: m, year };
  return { day: r.int(1, 28), month: m, year };
}

function strategicSignal(plan: Plan, c: Core, s: Shared): Sections['strategic_signal'] {
  const r = s.rng('strategic');
  const scale: Entry[] = [];
  const customers = customerCountOf(plan, c, s);
  if (customers !== null && customers >= 20) {
    scale.push(
      entry('customer_count', 'Customer base', `${roughCount(customers)} ${s.b2c ? 'users' : 'customers'}.`, [
        page(c, 'customers'),
      ]),
    );
  }
  if (c.growth >= 0.15 && c.status !== 'closed') {
    scale.push(
      entry(
        'headcount_growth',
        'Headcount growth',
        `Headcount up ${Math.round(c.growth * 100)}% year over year to ${num(c.employees)}.`,
        [linkedinCompany(c)],
      ),
    );
  }
  if (c.totalFunding > 0)
    scale.push(
      entry(
        'funding',
        'Capital raised',
        `${money(c.totalFunding)} raised across ${c.rounds.length} round${c.rounds.length === 1 ? '' : 's'}.`,
        fundingSources(c),
      ),
    );
  if (c.revenue >= 10e6)
    scale.push(
      entry('revenue', 'Revenue scale', `Annual revenue of about ${money(c.revenue)}.`, [page(c, 'about')]),
    );
  if (s.marketCountries.length >= 3)
    scale.push(
      entry(
        'geographic_reach',
        'International footprint',
        `Active in ${s.marketCountries.length} countries.`,
        [page(c, 'about')],
      ),
    );
  const inbound = plan.inboundOf(c.idx);
  if (c.investorKind !== null && inbound && inbound.portfolioCount > 0) {
    scale.unshift(
      entry(
        'portfolio',
        'Portfolio',
        `${num(inbound.portfolioCount)} portfolio companies in this dataset, ${num(inbound.leadCount)} rounds led.`,
        [page(c, 'portfolio')],
      ),
    );
  }
  if (scale.length === 0)
    scale.push(entry('team_size', 'Team size', `${num(c.employees)} employees.`, [page(c, 'about')]));

  const partnership = s.partners.map((p) => ({
    name: p.ref.name,
    uuid: p.ref.uuid,
    description: partnershipText(c, s, r, p.type, p.ref.name),
    strategic_tier: p.tier,
    type: coded(PARTNERSHIP_TYPES, p.type),
    source: [page(c, 'partners')],
    announced_on: partialDate(r, p.month),
  }));

  const moves: Sections['strategic_signal']['recent_move'] = [];
  const end = c.endMonth > 0 ? c.endMonth : plan.todayMonth;
  const recent = end - 18;
  const lastRound = c.rounds[c.rounds.length - 1];
  if (lastRound && lastRound.month >= recent) {
    const label = labelOf(FUNDING_STAGES, lastRound.stage);
    const title = lastRound.amount ? `Raised ${money(lastRound.amount)} ${label}` : `Closed ${label} round`;
    const leads = lastRound.investors
      .filter((i) => i.lead)
      .map((i) => plan.special(i.idx)?.name)
      .filter(Boolean);
    moves.push({
      ...entry('funding_round', title, leads.length ? `${title}, led by ${leads[0]}.` : `${title}.`, [
        newsUrl(r, lastRound.date, `${c.name} ${title}`),
      ]),
      announced_on: partialDate(r, lastRound.month),
    });
  }
  const recentPartner = s.partners.find((p) => p.month >= recent);
  if (recentPartner) {
    moves.push({
      ...entry(
        'partnership',
        `Partnership with ${recentPartner.ref.name}`,
        partnershipText(c, s, r, recentPartner.type, recentPartner.ref.name),
        [page(c, 'news')],
      ),
      announced_on: partialDate(r, recentPartner.month),
    });
  }
  if (c.status !== 'closed' && r.chance(0.5) && s.products.length > 0) {
    const p = r.pick(s.products);
    const m = r.int(Math.max(recent, monthOf(c.founded, 1)), end - 1);
    moves.push({
      ...entry(
        'product_launch',
        `Launched ${p.name}`,
        `Released ${p.name}, ${article(p.noun)} for ${s.audience}.`,
        [page(c, 'blog')],
      ),
      announced_on: partialDate(r, m),
    });
  }
  if (c.status !== 'closed' && s.marketCountries.length > 1 && r.chance(0.3)) {
    const where = r.pick(s.marketCountries.slice(1));
    const m = r.int(Math.max(recent, monthOf(c.founded, 1)), end - 1);
    moves.push({
      ...entry(
        'expansion',
        `Expansion into ${countryName(where)}`,
        `Opened an office in ${pickCity(r, where)} to serve customers in ${countryName(where)}.`,
        [newsUrl(r, isoDate(m, 1), `${c.name} expands to ${countryName(where)}`)],
      ),
      announced_on: partialDate(r, m),
    });
  }
  for (const inv of (inbound?.investments ?? []).filter((i) => i.date >= isoMonth(recent)).slice(0, 2)) {
    const label = labelOf(FUNDING_STAGES, inv.round);
    const title = inv.lead ? `Led ${inv.name}'s ${label}` : `Joined ${inv.name}'s ${label}`;
    const amount = inv.amount ? ` ${money(inv.amount)}` : '';
    moves.push({
      ...entry(
        'investment',
        title,
        `${c.name} ${inv.lead ? 'led' : 'participated in'} the${amount} ${label} round of ${inv.name}.`,
        [newsUrl(r, inv.date, `${inv.name} raises${amount} ${label}`)],
      ),
      announced_on: {
        day: Number(inv.date.slice(8, 10)),
        month: Number(inv.date.slice(5, 7)),
        year: Number(inv.date.slice(0, 4)),
      },
    });
  }
  const acquisitions = inbound?.acquisitions ?? [];
  const lastAcq = acquisitions[0];
  if (lastAcq && lastAcq.date >= isoMonth(recent)) {
    moves.push({
      ...entry(
        'acquisition',
        `Acquired ${lastAcq.name}`,
        `${c.name} acquired ${lastAcq.name}${lastAcq.amount ? ` for ${money(lastAcq.amount)}` : ''}.`,
        [newsUrl(r, lastAcq.date, `${c.name} acquires ${lastAcq.name}`)],
      ),
      announced_on: { year: Number(lastAcq.date.slice(0, 4)), month: Number(lastAcq.date.slice(5, 7)) },
    });
  }
  if (c.status === 'closed') {
    moves.push({
      ...entry('shutdown', 'Ceased operations', `${c.name} announced it would wind down operations.`, [
        newsUrl(r, c.closedDate!, `${c.name} shuts down`),
      ]),
      announced_on: partialDate(r, c.endMonth),
    });
  }
  return { scale_indicator: scale.slice(0, 3), partnership, recent_move: moves.slice(0, 3) };
}

// ---------------------------------------------------------------------------------------------
// customer_profile

function customerCountOf(plan: Plan, c: Core, s: Shared): number | null {
  if (c.investorKind !== null) return null;
  const seed = Rng.for(plan.seed, c.idx, 'customer-count').next();
  const perEmployee = s.b2c
    ? 400 + seed * 3000
    : s.offering === 'software'
      ? 2 + seed * 20
      : s.offering === 'services'
        ? 0.3 + seed * 2
        : 1 + seed * 8;
  return Math.max(1, Math.round(c.employees * perEmployee));
}

function customerProfile(plan: Plan, c: Core, s: Shared): Sections['customer_profile'] {
  const r = s.rng('customers');
  const bank = bankOf(c.industry.sector);
  const select: Sections['customer_profile']['select_customer'] = [];
  if (!s.b2c && c.investorKind === null) {
    const pools = partnerPools(plan);
    const n = c.employees < 10 ? r.int(0, 2) : c.employees < 500 ? r.int(1, 4) : r.int(2, 5);
    const used = new Set<number>([c.idx]);
    for (let i = 0; i < n * 2 && select.length < n && pools.customers.items.length > 0; i++) {
      const sameSector = pools.bySector.get(c.industry.sector);
      const pool = sameSector && r.chance(0.25) ? sameSector : pools.customers;
      const customer = pool.draw(r);
      if (used.has(customer.idx)) continue;
      used.add(customer.idx);
      const product = s.products.length > 0 ? r.pick(s.products).name : c.name;
      const industryName = industryOf(customer.industry).name;
      select.push({
        name: customer.name,
        uuid: customer.uuid,
        description: r.pick([
          `${customer.name} uses ${product} to ${r.pick(bank.benefits)}.`,
          `${customer.name} rolled out ${product} across ${r.pick(['several business units', 'its European operations', 'its global teams', 'its US operations', 'multiple sites'])}.`,
          `${c.name} works with ${customer.name}'s ${r.pick(['IT', 'operations', 'finance', 'marketing', 'procurement', 'engineering'])} team.`,
        ]),
        industry: industryName,
        source: [page(c, `customers/${slugify(customer.name)}`)],
      });
    }
  }
  const segments = s.b2c
    ? ['Consumers']
    : c.employees >= 1000
      ? ['Enterprise', 'Mid-market']
      : c.employees >= 100
        ? r.sample(['Enterprise', 'Mid-market', 'SMB'], 2)
        : ['SMB', 'Mid-market'].slice(0, r.int(1, 2));
  if (s.gtm === 'b2b_and_b2c') segments.push('Consumers');
  if (c.industry.sector === 'Public Sector & Nonprofit' || c.industry.code === 'IND-1039')
    segments.push('Public sector');
  const related = r.sample(
    [
      ...new Set([
        c.industry.name,
        ...(c.secondary ? [c.secondary.name] : []),
        ...select.map((x) => x.industry ?? '').filter(Boolean),
      ]),
    ],
    4,
  );
  return {
    select_customer: select,
    target_segments: [...new Set(segments)],
    target_industries: related,
    customer_count_estimate: customerCountOf(plan, c, s),
  };
}

// ---------------------------------------------------------------------------------------------
// industry

function industrySection(c: Core): Sections['industry'] {
  const industries = [c.industry, ...(c.secondary ? [c.secondary] : [])];
  return {
    industry: industries.map((i) => ({ code: i.code, label: i.name })),
    naics: c.industry.naics.map((code) => ({ code, label: naicsTitle(code) ?? code })),
    sic: c.industry.sic.map((code) => ({ code, label: sicTitle(code) ?? code })),
  };
}

// ---------------------------------------------------------------------------------------------
// technology

function technology(c: Core, s: Shared): Sections['technology'] {
  const r = s.rng('technology');
  const tech = c.industry.techFocus;
  const software = s.offering === 'software';
  const apiChance = software
    ? 0.45 + 0.45 * tech
    : s.offering === 'hardware_manufacturing'
      ? 0.15
      : s.offering === 'digital_commerce_content'
        ? 0.2
        : 0.05;
  const hasApi = r.chance(apiChance);
  const isPublic = hasApi && r.chance(0.7);
  const appChance = c.industry.consumerScale >= 0.6 ? 0.75 : software ? 0.35 : 0.08;
  const hasApp = r.chance(appChance);
  const platforms = hasApp ? r.sample(['iOS', 'Android', 'Web', 'macOS', 'Windows'], r.int(1, 3)) : [];
  if (hasApp && !platforms.includes('iOS') && c.industry.consumerScale >= 0.6) platforms.unshift('iOS');
  const stack: Sections['technology']['tech_stack'] = [];
  const categories =
    software || tech > 0.7
      ? [
          'Cloud',
          'Frontend',
          'Backend',
          'Database',
          'Monitoring',
          'DevOps',
          'CRM',
          'Analytics',
          'Collaboration',
        ]
      : s.offering === 'digital_commerce_content'
        ? ['Ecommerce', 'Payments', 'Analytics', 'Marketing', 'Support', 'Cloud']
        : ['ERP', 'CRM', 'Collaboration', 'Analytics', 'Marketing', 'Support'];
  for (const category of r.sample(categories, r.int(3, 6)))
    stack.push({ name: r.pick(TECH_STACK[category]!), category });
  const patentBase =
    s.offering === 'hardware_manufacturing' || c.industry.sector === 'Life Sciences'
      ? 0.05
      : software
        ? 0.004
        : 0.0005;
  const patents = Math.round(c.employees * patentBase * tech * Math.exp(r.normal(0, 0.8)));
  return {
    ai_maturity: { scale: s.ai, label: AI_MATURITY_LEVELS[s.ai]!.label, description: AI_TEXT[s.ai]! },
    api_detail: {
      has_api: hasApi,
      api_type: hasApi ? r.weighted(['REST', 'GraphQL', 'gRPC', 'SOAP', 'Webhooks'], [10, 3, 1, 1, 1]) : null,
      is_public: isPublic,
      documentation_url: isPublic
        ? r.pick([`https://docs.${c.domain}`, `https://developers.${c.domain}`, page(c, 'developers')])
        : null,
    },
    app_detail: {
      has_app: hasApp,
      platforms: [...new Set(platforms)],
      app_names: hasApp
        ? s.products.length > 1 && r.chance(0.3)
          ? [c.name, s.products[1]!.name]
          : [s.brand === c.name ? c.name : r.pick([c.name, s.brand])]
        : [],
    },
    is_technology_focussed: r.chance(tech),
    tech_stack: stack,
    patents_count: Math.max(0, patents),
  };
}

// ---------------------------------------------------------------------------------------------
// funding_detail

function fundingSources(c: Core): string[] {
  const last = c.rounds[c.rounds.length - 1];
  if (!last) return [page(c, 'about')];
  const rng = Rng.for(last.month, c.idx, 'funding-news');
  return [
    newsUrl(
      rng,
      last.date,
      `${c.name} raises ${last.amount ? money(last.amount) : ''} ${labelOf(FUNDING_STAGES, last.stage)}`,
    ),
  ];
}

function fundingDetail(plan: Plan, c: Core): Sections['funding_detail'] {
  const rng = Rng.for(plan.seed, c.idx, 'funding-sources');
  const rounds = c.rounds.map((r) => {
    const label = labelOf(FUNDING_STAGES, r.stage);
    const headline = r.amount
      ? `${c.name} raises ${money(r.amount)} ${label}`
      : `${c.name} closes ${label} round`;
    return {
      round: coded(FUNDING_STAGES, r.stage),
      date: r.date,
      amount_usd: r.amount,
      investors: r.investors.map((i) => {
        const investor = plan.special(i.idx)!;
        return { uuid: investor.uuid, name: investor.name, lead_investor: i.lead };
      }),
      post_money_valuation_usd: r.postMoney,
      source: [newsUrl(rng, r.date, headline)],
    };
  });
  const investors = new Set<number>();
  const leads: number[] = [];
  for (const r of c.rounds) {
    for (const i of r.investors) {
      investors.add(i.idx);
      if (i.lead && !leads.includes(i.idx)) leads.push(i.idx);
    }
  }
  const last = c.rounds[c.rounds.length - 1];
  return {
    funding_overview: {
      funding_stage: c.fundingStage ? coded(FUNDING_STAGES, c.fundingStage) : null,
      total_funding_usd: c.totalFunding,
      num_funding_rounds: c.rounds.length,
      last_funding_date: last?.date ?? null,
      last_round_amount_usd: last?.amount ?? null,
      investor_count: investors.size,
      lead_investors: leads.map((idx) => refOf(plan, idx)),
    },
    funding_rounds: rounds,
  };
}

// ---------------------------------------------------------------------------------------------
// mna_and_investment

function mnaAndInvestment(plan: Plan, c: Core): Sections['mna_and_investment'] {
  const inbound = plan.inboundOf(c.idx);
  const rng = Rng.for(plan.seed, c.idx, 'mna');
  const rationale = (name: string) =>
    rng.pick([
      `Adds ${name}'s products and team to ${c.name}'s portfolio.`,
      `Expands ${c.name}'s capabilities and customer base.`,
      `Brings ${name}'s technology in-house.`,
      `Consolidates a competitor and extends market reach.`,
    ]);
  return {
    acquisitions: (inbound?.acquisitions ?? []).map((a) => ({
      target: { uuid: a.uuid, name: a.name },
      date: a.date,
      amount_usd: a.amount,
      rationale: rationale(a.name),
    })),
    investments: (inbound?.investments ?? []).map((i) => ({
      company: { uuid: i.uuid, name: i.name },
      date: i.date,
      round: coded(FUNDING_STAGES, i.round),
      amount_usd: i.amount,
      lead_investor: i.lead,
    })),
    acquired_by:
      c.parent?.acquired && c.parent.date
        ? { company: refOf(plan, c.parent.idx), date: c.parent.date, amount_usd: c.parent.amount }
        : null,
  };
}

// ---------------------------------------------------------------------------------------------
// headcount

function headcount(plan: Plan, c: Core, s: Shared): Sections['headcount'] {
  const r = s.rng('headcount');
  const end = c.endMonth > 0 ? c.endMonth : plan.todayMonth;
  const history: { month: string; employee_count: number }[] = [];
  const foundedMonth = monthOf(c.founded, 1);
  for (let k = 23; k >= 0; k--) {
    const m = end - k;
    const trend = c.employees * (1 + c.growth) ** (-k / 12);
    const noise = k === 0 ? 1 : 1 + r.normal(0, 0.012);
    // Nobody worked there before the company existed.
    const count = k === 0 ? c.employees : m < foundedMonth ? 0 : Math.max(1, Math.round(trend * noise));
    history.push({ month: isoMonth(m), employee_count: count });
  }
  const pct = (from: number) => Math.round((c.employees / Math.max(1, from) - 1) * 1000) / 10;
  return {
    headcount_range: headcountRangeOf(c.employees),
    employee_count: c.employees,
    growth_6m_pct: pct(history[history.length - 7]!.employee_count),
    growth_12m_pct: pct(history[history.length - 13]!.employee_count),
    history,
  };
}
