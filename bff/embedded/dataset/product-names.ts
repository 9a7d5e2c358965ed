/**
 * Product names of the `product_offering` section. The product's category ('messaging app') is kept in
 * `category` and the industry in `product_category`, so a name mostly does not repeat it: it reads like
 * what a sales rep sees in a catalogue, in the style of the kind of product (a coined or compound word
 * for software, a series and model for machinery, a line name for consumer goods, a tier for cards and
 * plans, a coined brand or a code for drugs, a title for films and games). Names are drawn from their
 * own random stream, so changing them leaves every other fact of the company unchanged.
 */
import { coinedWord, compoundWord } from './names';
import { titleCase } from './phrases';
import type { Rng } from './random';
import type { Industry } from './taxonomy';

export type ProductKind =
  | 'software'
  | 'hardware'
  | 'commodity'
  | 'consumer'
  | 'service'
  | 'finance'
  | 'membership'
  | 'programme'
  | 'drug'
  | 'candidate'
  | 'title'
  | 'channel'
  | 'store';

// ---------------------------------------------------------------------------------------------
// Word banks

/** Evocative second words of software products ('Gong Forecast', 'Lumuiq Relay'). */
const SOFTWARE_WORDS = [
  'Relay',
  'Atlas',
  'Beacon',
  'Pulse',
  'Sentinel',
  'Forge',
  'Compass',
  'Vector',
  'Orbit',
  'Prism',
  'Lens',
  'Keystone',
  'Harbor',
  'Signal',
  'Canvas',
  'Anchor',
  'Nimbus',
  'Vertex',
  'Cadence',
  'Summit',
  'Lattice',
  'Catalyst',
  'Meridian',
  'Quill',
  'Radar',
  'Tempo',
  'Echo',
  'Fathom',
  'Helix',
  'Horizon',
  'Mosaic',
  'Nexus',
  'Spark',
  'Bastion',
  'Drift',
  'Ember',
  'Flux',
  'Glide',
  'Kite',
  'Lumen',
  'Mesa',
  'Nova',
  'Onyx',
  'Quest',
  'Ridge',
  'Scout',
  'Strata',
  'Tandem',
  'Torch',
  'Vista',
  'Zenith',
  'Axis',
  'Bolt',
  'Cipher',
  'Clarity',
  'Crest',
  'Dash',
  'Insight',
  'Navigator',
  'Origin',
  'Passport',
  'Pathfinder',
  'Runway',
  'Shield',
  'Spectrum',
  'Switchboard',
  'Trellis',
  'Forecast',
  'Engage',
  'Assist',
  'Guardian',
  'Sonar',
  'Blueprint',
  'Ledger',
  'Foundry',
  'Orchestra',
  'Sprint',
];

/** Platform words a software vendor adds to its brand ('Gratiel Cloud'), used sparingly. */
const PLATFORM_WORDS = [
  'Cloud',
  'Studio',
  'Workspace',
  'Console',
  'Suite',
  'AI',
  'Connect',
  'Hub',
  'Live',
  'Go',
];

/** Tails of compounds made from a word of the category ('LendPilot', 'TenantWise', 'Cardify'). */
const SOFTWARE_TAILS = [
  'Sync',
  'Pilot',
  'Flow',
  'Desk',
  'Base',
  'Stack',
  'Kit',
  'Scope',
  'Track',
  'Loop',
  'Grid',
  'Sense',
  'Lab',
  'ly',
  'ify',
  'Wise',
  'Works',
  'Bot',
  'Mind',
  'Spot',
  'Bridge',
  'Cast',
  'Link',
  'Logic',
  'IQ',
];
const SERVICE_TAILS = [
  'Wise',
  'Check',
  'Care',
  'Path',
  'Point',
  'Works',
  'Link',
  'Guard',
  'Ready',
  'Right',
  'Mate',
  'Assist',
  'Sure',
  'Way',
  'Pro',
  'First',
  'Direct',
];

/** Series names of machines and devices ('Nimblemill Kestrel 400'). */
const SERIES_WORDS = [
  'Titan',
  'Vanta',
  'Apex',
  'Aero',
  'Falcon',
  'Kestrel',
  'Orion',
  'Nova',
  'Terra',
  'Strata',
  'Cobalt',
  'Onyx',
  'Halo',
  'Arc',
  'Axis',
  'Ridge',
  'Tundra',
  'Sierra',
  'Volta',
  'Atlas',
  'Condor',
  'Helios',
  'Zephyr',
  'Granite',
  'Stratos',
  'Vortex',
  'Meridian',
  'Comet',
  'Polaris',
  'Mistral',
  'Magnus',
  'Fusion',
  'Eclipse',
  'Vector',
  'Pioneer',
  'Ranger',
  'Voyager',
  'Trident',
  'Sabre',
  'Sigma',
  'Nimbus',
  'Osprey',
];
const MODEL_LETTERS = 'XSMRTEGVQPLKZ';
const MODEL_NUMBERS = [
  1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 12, 20, 30, 40, 50, 60, 80, 100, 120, 200, 250, 300, 400, 500, 600, 700, 800,
  900, 1000, 1200, 2000, 3000, 5000,
];

/** Words of consumer product lines ('Northford Hearth', 'Pure by Altiora'). */
const CONSUMER_WORDS = [
  'Pure',
  'Fresh',
  'Bloom',
  'Daily',
  'Harvest',
  'Meadow',
  'Velvet',
  'Golden',
  'Coastal',
  'Wild',
  'Classic',
  'Original',
  'Heritage',
  'Nordic',
  'Glow',
  'Nest',
  'Haven',
  'Linen',
  'Willow',
  'Sage',
  'Oak',
  'Ember',
  'Hearth',
  'Cove',
  'Juniper',
  'Maple',
  'Breeze',
  'Honey',
  'Cedar',
  'Aura',
  'Bliss',
  'Calm',
  'Dune',
  'Fern',
  'Grove',
  'Ivy',
  'Luxe',
  'Nomad',
  'Pebble',
  'Petal',
  'Ripple',
  'Solace',
  'Tidal',
  'Zest',
];
const LINE_ADJECTIVES = [
  'Golden',
  'Wild',
  'Silver',
  'Little',
  'Sunny',
  'Blue',
  'Green',
  'Quiet',
  'Simple',
  'True',
  'Happy',
  'Honest',
  'Bright',
  'Northern',
  'Salt',
  'Summer',
  'Morning',
  'Clear',
  'Good',
  'Urban',
  'Humble',
  'Kind',
];
const LINE_NOUNS = [
  'Meadow',
  'Harvest',
  'Birch',
  'Fox',
  'Orchard',
  'Leaf',
  'Field',
  'Tide',
  'Hollow',
  'Creek',
  'Bee',
  'Sparrow',
  'Grove',
  'Bay',
  'Ridge',
  'Acre',
  'Root',
  'Stone',
  'Moon',
  'Table',
  'Pantry',
  'Thread',
  'Loom',
];

/** Tiers and programme words of services ('Altiora Priority Pickup', 'Rockhub 360'). */
const SERVICE_WORDS = [
  'Assure',
  'Complete',
  'Select',
  'Advantage',
  'Essentials',
  'Premier',
  'Priority',
  'Direct',
  'Signature',
  'Elite',
  'Express',
  'Total',
  'Secure',
  'Care',
  'Connect',
  '360',
  'OnDemand',
  'Onsite',
  'Anywhere',
  'Momentum',
  'Clarity',
  'Compass',
  'Pathway',
  'Cornerstone',
  'Bridge',
  'Horizon',
];
const SERVICE_QUALIFIERS = [
  'Priority',
  'Premier',
  'Signature',
  'Express',
  'Complete',
  'Total',
  'Select',
  'Essential',
  'Elite',
  'Classic',
  'Everyday',
  'Flex',
  'Smart',
  'Rapid',
  'Prime',
  'Advanced',
];

/** Tiers of cards, accounts, loans and policies ('Lumuiq Sapphire Card'). */
const FINANCE_QUALIFIERS = [
  'Freedom',
  'Sapphire',
  'Platinum',
  'Everyday',
  'Flex',
  'Select',
  'Advantage',
  'Horizon',
  'Summit',
  'Essential',
  'Smart',
  'Secure',
  'Preferred',
  'Choice',
  'Premier',
  'Heritage',
  'Evergreen',
  'Keystone',
  'Liberty',
  'Gold',
  'Momentum',
  'Cornerstone',
  'Anchor',
  'Clear',
  'Active',
  'Reserve',
  'Elevate',
];
/** How a financial product's last word appears in its name (a policy is sold as cover or protection). */
const FINANCE_HEADS: Readonly<Record<string, readonly string[]>> = {
  account: ['Account'],
  card: ['Card'],
  loan: ['Loan'],
  mortgage: ['Mortgage', 'Home Loan'],
  plan: ['Plan'],
  policy: ['Cover', 'Protect', 'Policy'],
  cover: ['Cover', 'Protect'],
  insurance: ['Cover', 'Protect', 'Insurance'],
  line: ['Credit Line'],
  credit: ['Credit Line'],
  lease: ['Lease'],
  annuity: ['Annuity', 'Income'],
  vault: ['Vault'],
  overdraft: ['Overdraft'],
  financing: ['Finance', 'Pay'],
  tariff: ['Tariff', 'Energy'],
};

const REWARD_WORDS = ['Rewards', 'Club', 'Insider', 'Circle', 'Perks', 'Points', 'Collective', 'Friends'];
const PREMIUM_WORDS = ['Premium', '+', 'Unlimited', 'Pass', 'All Access', 'Select', 'Max', 'Gold', 'Pro'];
const PROGRAMME_WORDS = [
  'Pathways',
  'Thrive',
  'Journey',
  'Together',
  'Compass',
  'Bridge',
  'Forward',
  'Connect',
  'Accelerate',
  'Launchpad',
  'Academy',
  'Horizons',
  'Catalyst',
  'Ascend',
  'Spark',
  'Elevate',
];
const COMMODITY_GRADES = ['Premium', 'Ultra', 'Pure', 'Select', 'Max', 'Prime', 'Advance', 'Clean', 'Pro'];
const CHANNEL_WORDS = [
  'Live',
  'Now',
  'Gold',
  'Showcase',
  'Arena',
  'Classic',
  'Life',
  'Xtra',
  'Prime',
  'Play',
];
const STORE_WORDS = [
  'Express',
  'Local',
  'Market',
  'Outlet',
  'Home',
  'Corner',
  'Metro',
  'Fresh',
  'Select',
  'Central',
];

const TITLE_ADJECTIVES = [
  'Silent',
  'Iron',
  'Last',
  'Hidden',
  'Broken',
  'Endless',
  'Crimson',
  'Northern',
  'Wild',
  'Golden',
  'Hollow',
  'Burning',
  'Distant',
  'Quiet',
  'Electric',
  'Midnight',
  'Lost',
  'Paper',
  'Glass',
  'Velvet',
  'Savage',
  'Frozen',
  'Restless',
  'Sunken',
];
const TITLE_NOUNS = [
  'Harbour',
  'Crown',
  'Signal',
  'Frontier',
  'Empire',
  'River',
  'Kingdom',
  'Season',
  'Tides',
  'Hours',
  'Echoes',
  'Skies',
  'Road',
  'Garden',
  'Lights',
  'Line',
  'Circuit',
  'Legacy',
  'Horizon',
  'Ashes',
  'Machines',
  'Summer',
  'Orbit',
  'Hearts',
];

/** Coined drug brand names are built from these ('Xalvara', 'Olbrenza', 'Zebrix'). */
const DRUG_STARTS = [
  'Xa',
  'Ze',
  'Vy',
  'Ol',
  'Ru',
  'Tre',
  'Zo',
  'Ka',
  'Bre',
  'Lu',
  'Ny',
  'Ve',
  'Im',
  'Ox',
  'Ce',
  'Da',
  'Fle',
  'Qui',
  'Spi',
  'Ty',
  'Jar',
  'Ev',
  'Ab',
  'Or',
  'Sky',
  'Nu',
  'Ari',
  'Ta',
];
const DRUG_MIDDLES = [
  'l',
  'lv',
  'rv',
  'x',
  'z',
  'br',
  'nd',
  'lt',
  'rz',
  'mb',
  'vr',
  'tr',
  'gl',
  'n',
  's',
  'd',
  'c',
  'rd',
  'ph',
];
const DRUG_ENDINGS = [
  'a',
  'io',
  'ix',
  'ex',
  'ara',
  'ora',
  'ura',
  'eva',
  'ivo',
  'ino',
  'eto',
  'ima',
  'ilo',
  'ensa',
  'ezza',
  'ari',
  'uvi',
  'elta',
  'yn',
  'on',
  'iq',
  'ovy',
  'ysa',
];

const ROMAN = ['I', 'II', 'III', 'IV', 'V', 'VI', 'VII', 'VIII', 'IX', 'X'];

/** Words of a category that say nothing about it and never seed a compound. */
const GENERIC = new Set([
  'service',
  'services',
  'app',
  'platform',
  'tool',
  'tools',
  'api',
  'software',
  'system',
  'systems',
  'solution',
  'management',
  'programme',
  'program',
  'plan',
  'package',
  'contract',
  'product',
  'products',
  'line',
  'range',
  'module',
  'engine',
  'suite',
  'sdk',
  'portal',
  'subscription',
  'and',
  'of',
  'for',
  'the',
  'a',
  'an',
  'in',
  'to',
  'with',
  'as',
  'at',
  'per',
  'on',
  'by',
  'or',
  'set',
  'kit',
  'unit',
  'based',
  'online',
  'digital',
  'mobile',
  'home',
  'business',
  'commercial',
  'residential',
  'corporate',
  'personal',
]);

/** Trailing words of a traditional company name that its products leave out ('FTB Management'). */
const CORPORATE_TAILS = new Set([
  'Group',
  'Holdings',
  'Management',
  'Partners',
  'Company',
  'Co',
  'Co.',
  'Services',
  'Solutions',
  'Systems',
  'Industries',
  'Enterprises',
  'Associates',
  'International',
  'Global',
  'Labs',
  'Technologies',
  'Consulting',
  'Corporation',
  'Ventures',
  'Collective',
  'Works',
  'Partnership',
]);

// ---------------------------------------------------------------------------------------------
// Kinds

const SOFTWARE_HEADS = new Set([
  'app',
  'platform',
  'tool',
  'tools',
  'api',
  'software',
  'portal',
  'engine',
  'dashboard',
  'suite',
  'manager',
  'database',
  'sdk',
  'module',
  'builder',
  'assistant',
  'agent',
  'tracker',
  'generator',
  'gateway',
  'workflow',
  'editor',
  'planner',
  'analytics',
  'hub',
  'connector',
  'studio',
  'library',
  'toolkit',
  'wallet',
  'model',
  'bot',
  'pipeline',
  'notebook',
  'crm',
  'erp',
  'cms',
  'marketplace',
  'feature',
  'sync',
  'checker',
  'calculator',
  'scribe',
  'ai',
  'copilot',
  'os',
  'exchange',
  'storefront',
  'simulator',
  'integration',
  'interface',
  'feed',
  'terminal',
  'page',
  'flow',
  'scorer',
  'manager',
]);
const SERVICE_HEADS = new Set([
  'service',
  'services',
  'appointment',
  'walking',
  'session',
  'visit',
  'class',
  'cleaning',
  'repair',
  'treatment',
  'care',
  'consultation',
  'check-up',
  'exam',
  'experience',
  'booking',
  'delivery',
  'installation',
  'rental',
  'maintenance',
  'training',
  'course',
  'consulting',
  'advisory',
  'review',
  'audit',
  'placement',
  'support',
  'project',
  'assessment',
  'study',
  'testing',
  'survey',
  'collection',
  'collections',
  'pickup',
  'disposal',
  'screening',
  'coordination',
  'implementation',
  'migration',
  'advice',
  'coaching',
  'counselling',
  'therapy',
  'stay',
  'tour',
  'trip',
  'cruise',
  'voyage',
  'hire',
  'catering',
  'production',
  'shoot',
  'design',
  'retainer',
  'mandate',
  'underwriting',
  'clearing',
  'processing',
  'administration',
  'supply',
  'procurement',
  'recruitment',
  'engagement',
  'campaign',
  'licence',
  'license',
  'menu',
  'dining',
  'takeaway',
  'evaluation',
  'procedure',
  'surgery',
  'recycling',
  'packaging',
  'assembly',
  'development',
  'manufacturing',
  'run',
  'fabrication',
  'machining',
  'synthesis',
  'transfer',
  'mapping',
  'recovery',
]);
const FUND_WORDS = /\bfund\b/i;
const REWARD_NOUN = /\b(loyalty|rewards?|points|referral)\b/;
const PREMIUM_NOUN = /\b(subscription|membership|pass|premium|tier)\b/;
const TITLE_NOUN =
  /\b(content|items|expansion|series|film|game|title|album|show|documentary|ebook|book|audiobook|festival|tour|rpg|production)\b/;
const CHANNEL_NOUN = /\b(channel|station|network)\b/;
const STORE_NOUN = /\b(store|shop|centre|counter|bar|dispensary)\b/;
const DRUG_NOUN =
  /\b(medicine|medicines|tablet|injectable|remedy|biosimilar|antibody|vaccine|therapy|drug|parasiticide|treatment|supplement)\b/;
/** Materials sold by grade or blend rather than by model ('crude oil', 'metal powder'). */
const COMMODITY_NOUN =
  /\b(oil|gas|fuel|cargo|powder|materials?|pellets|ethanol|diesel|gasoline|lubricants|metal|steel|aluminium|copper|resin|chemicals?|fertili[sz]er|grain|seeds?|crops?|timber|lumber|cement|concrete|ore|coal|lithium|plastic|polymers?|yarn|pulp|media|reagents?|feedstock|beans|flour|produce)$/;
const CANDIDATE_NOUN = /\b(candidate|clinical-stage|programme|program|compound)\b/;

function weight(ind: Industry, key: keyof Industry['offering']): number {
  return ind.offering[key] ?? 0;
}

/** What kind of product a category of an industry is, which decides how it is named. */
export function productKind(noun: string, ind: Industry): ProductKind {
  const n = noun.toLowerCase();
  const words = n.split(/[\s/]+/);
  const head = words[words.length - 1]!;
  if (ind.sector === 'Life Sciences') {
    if (/\bcandidate\b|clinical-stage/.test(n) || (CANDIDATE_NOUN.test(n) && /gene|cell|discovery/.test(n)))
      return 'candidate';
    if (DRUG_NOUN.test(n) && !SERVICE_HEADS.has(head)) return 'drug';
  }
  if (REWARD_NOUN.test(n)) return 'membership';
  if (PREMIUM_NOUN.test(n)) return 'membership';
  if (head === 'programme' || head === 'program') return 'programme';
  if (ind.sector === 'Financial Services' && FINANCE_HEADS[head]) return 'finance';
  if (head === 'tariff' || (head === 'plan' && /health|medical|dental|life|wellness|telehealth/.test(n)))
    return 'finance';
  if (SOFTWARE_HEADS.has(head) && !/\b(news|crypto)\b/.test(n) && head !== 'feed') return 'software';
  if ((ind.sector === 'Media & Entertainment' || ind.sector === 'Hospitality & Travel') && TITLE_NOUN.test(n))
    return ind.sector === 'Media & Entertainment' ? 'title' : 'service';
  if (ind.sector === 'Media & Entertainment' && CHANNEL_NOUN.test(n)) return 'channel';
  if (STORE_NOUN.test(n) && (ind.sector === 'Retail & E-commerce' || ind.sector === 'Hospitality & Travel'))
    return 'store';
  if (SERVICE_HEADS.has(head) || words.some((w) => w === 'service' || w === 'services')) {
    // A cloud or managed service of a software industry is named like software.
    return head === 'service' && weight(ind, 'software') > weight(ind, 'services') ? 'software' : 'service';
  }
  const hardware = weight(ind, 'hardware_manufacturing');
  if (hardware >= weight(ind, 'services') && hardware >= weight(ind, 'software') && hardware > 0) {
    const consumer =
      ind.sector === 'Consumer' ||
      ind.sector === 'Retail & E-commerce' ||
      ((ind.gtm.b2c ?? 0) >= 5 && ind.sector !== 'Automotive & Mobility');
    if (COMMODITY_NOUN.test(n)) return 'commodity';
    return consumer ? 'consumer' : 'hardware';
  }
  if (weight(ind, 'software') > weight(ind, 'services')) return 'software';
  if (weight(ind, 'digital_commerce_content') > weight(ind, 'services')) return 'consumer';
  return 'service';
}

// ---------------------------------------------------------------------------------------------
// Naming

/** The brand a company's products carry: its brand word, or its name without a trailing corporate word. */
export function productBrand(companyName: string, brand: string): string {
  const words = brand.split(' ');
  if (words.length >= 2 && CORPORATE_TAILS.has(words[words.length - 1]!)) {
    const rest = words.slice(0, -1);
    // '& Sons', 'and Partners': drop the joining word too.
    if (rest.length >= 2 && (rest[rest.length - 1] === '&' || rest[rest.length - 1] === 'and')) rest.pop();
    if (rest.join(' ').length >= 2) return rest.join(' ');
  }
  return brand || companyName;
}

/** A word of the category usable as the stem of a compound ('Lend' of 'embedded lending API'), or null. */
function stemOf(rng: Rng, noun: string): string | null {
  const candidates = noun
    .split(/[\s/-]+/)
    .filter((w) => /^[a-z]{3,11}$/.test(w) && !GENERIC.has(w))
    .map((w) => {
      let s = w;
      if (s.endsWith('ing') && s.length >= 7) {
        s = s.slice(0, -3);
        // 'shipping' -> 'ship'; 'financing' -> 'finance', 'scheduling' -> 'schedule'.
        if (/([^aeiou])\1$/.test(s)) s = s.slice(0, -1);
        else if (/[cvzu]$|[^aeiou]l$/.test(s)) s += 'e';
      } else if (s.endsWith('s') && !s.endsWith('ss') && s.length >= 5) s = s.slice(0, -1);
      return s;
    })
    .filter((s) => s.length >= 3 && s.length <= 8);
  if (candidates.length === 0) return null;
  const w = rng.pick(candidates);
  return w.charAt(0).toUpperCase() + w.slice(1);
}

function compound(stem: string, tail: string): string | null {
  if (/^[a-z]/.test(tail)) {
    // 'Lend' + 'ly' -> 'Lendly'; a stem ending in a vowel drops it ('Care' + 'ify' -> 'Carify').
    const base = /[aeiouy]$/.test(stem) && /^[aeiouy]/.test(tail) ? stem.slice(0, -1) : stem;
    return base + tail;
  }
  // 'Base' + 'Base' would leave a bare word of the category.
  return stem.toLowerCase().endsWith(tail.toLowerCase()) ? null : stem + tail;
}

/** The category's telling word for '<Brand> <Word>' names ('Dialer', 'Pickup'), or null when it has none. */
function shortNoun(noun: string): string | null {
  const words = noun.split(' ').filter((w) => !GENERIC.has(w.toLowerCase()));
  if (words.length === 0 || words.length > 2) return null;
  const text = words.join(' ');
  return text.length <= 16 ? titleCase(text) : null;
}

function headWord(noun: string): string {
  const words = noun.split(' ').filter((w) => !GENERIC.has(w.toLowerCase()));
  return titleCase(words[words.length - 1] ?? noun.split(' ').pop()!);
}

function model(rng: Rng): string {
  const n = rng.pick(MODEL_NUMBERS);
  const letter = MODEL_LETTERS.charAt(rng.int(0, MODEL_LETTERS.length - 1));
  const style = rng.int(0, 3);
  if (style === 0) return `${letter}${n}`;
  if (style === 1) return `${letter}-${n}`;
  if (style === 2) return String(n >= 10 ? n : n * 100);
  return `${letter}${MODEL_LETTERS.charAt(rng.int(0, MODEL_LETTERS.length - 1))}${n}`;
}

function drugName(rng: Rng): string {
  const word = rng.pick(DRUG_STARTS) + rng.pick(DRUG_MIDDLES) + rng.pick(DRUG_ENDINGS);
  return word.replace(/([aeiou])\1+/g, '$1');
}

/** Up to three letters of the brand for development codes ('LUM-204'). */
function codePrefix(brand: string): string {
  const letters = brand.replace(/[^A-Za-z]/g, '').toUpperCase();
  const consonants = letters.charAt(0) + letters.slice(1).replace(/[AEIOU]/g, '');
  return (consonants.length >= 3 ? consonants : letters).slice(0, 3) || 'PX';
}

/** Either pattern by weight. */
function choose(rng: Rng, options: readonly [number, () => string | null][]): string | null {
  const total = options.reduce((s, [w]) => s + w, 0);
  let x = rng.next() * total;
  for (const [w, make] of options) {
    x -= w;
    if (x < 0) return make();
  }
  return options[options.length - 1]![1]();
}

type NamingInput = {
  companyName: string;
  /** The company's product brand (`productBrand`). */
  brand: string;
  industry: Industry;
  /** A single-word brand can prefix a coined product; a long traditional name cannot. */
  shortBrand: boolean;
};

/** One product name for a category; null when the drawn pattern does not fit (the caller draws again). */
function productName(rng: Rng, noun: string, input: NamingInput): string | null {
  const { brand, shortBrand } = input;
  const kind = productKind(noun, input.industry);
  const stem = () => stemOf(rng, noun);
  const branded = (word: string) => (word === '+' ? `${brand}+` : `${brand} ${word}`);
  switch (kind) {
    case 'software':
      return choose(rng, [
        [0.32, () => branded(rng.pick(SOFTWARE_WORDS))],
        [
          0.2,
          () => {
            const s = stem();
            return s && compound(s, rng.pick(SOFTWARE_TAILS));
          },
        ],
        [0.16, () => (rng.chance(0.6) ? coinedWord(rng) : compoundWord(rng))],
        [
          0.14,
          () => {
            const w = shortNoun(noun);
            return w && branded(w);
          },
        ],
        [0.1, () => branded(rng.pick(PLATFORM_WORDS))],
        [
          0.08,
          () => `${rng.pick(SOFTWARE_WORDS)} ${rng.pick(['AI', 'Cloud', 'Studio', 'Analytics', 'Connect'])}`,
        ],
      ]);
    case 'hardware':
      return choose(rng, [
        [0.35, () => `${brand} ${rng.pick(SERIES_WORDS)} ${model(rng)}`],
        [0.22, () => (shortBrand ? `${brand} ${model(rng)}` : `${brand} ${rng.pick(SERIES_WORDS)}`)],
        [0.18, () => `${rng.pick(SERIES_WORDS)} ${model(rng)}`],
        [0.13, () => (rng.chance(0.6) ? coinedWord(rng) : compoundWord(rng))],
        [
          0.12,
          () => {
            const w = shortNoun(noun);
            return w && `${brand} ${w} ${model(rng)}`;
          },
        ],
      ]);
    case 'commodity':
      return choose(rng, [
        [0.4, () => branded(rng.pick(SERIES_WORDS))],
        [0.3, () => branded(rng.pick(COMMODITY_GRADES))],
        [0.15, () => `${rng.pick(SERIES_WORDS)} ${rng.pick(COMMODITY_GRADES)}`],
        [0.15, () => coinedWord(rng)],
      ]);
    case 'consumer':
      return choose(rng, [
        [0.28, () => branded(rng.pick(CONSUMER_WORDS))],
        [0.2, () => `${rng.pick(LINE_ADJECTIVES)} ${rng.pick(LINE_NOUNS)}`],
        [0.12, () => branded(rng.pick(SERIES_WORDS))],
        [0.08, () => coinedWord(rng)],
        [0.15, () => (brand.split(' ').length <= 2 ? `${rng.pick(CONSUMER_WORDS)} by ${brand}` : null)],
        [
          0.15,
          () => {
            const w = shortNoun(noun);
            return w && `${brand} ${rng.pick(CONSUMER_WORDS)} ${headWord(noun)}`;
          },
        ],
      ]);
    case 'service':
      return choose(rng, [
        [0.28, () => branded(rng.pick(SERVICE_WORDS))],
        [
          0.2,
          () => {
            const s = stem();
            return s && compound(s, rng.pick(SERVICE_TAILS));
          },
        ],
        [0.2, () => `${brand} ${rng.pick(SERVICE_QUALIFIERS)} ${headWord(noun)}`],
        [
          0.14,
          () => {
            const w = shortNoun(noun);
            return w && branded(w);
          },
        ],
        [0.1, () => compoundWord(rng)],
        [0.08, () => `${brand} ${rng.pick(PROGRAMME_WORDS)}`],
      ]);
    case 'finance': {
      const head = noun.toLowerCase().split(/\s+/).pop()!;
      const heads = FINANCE_HEADS[head] ?? ['Plan'];
      return choose(rng, [
        [0.5, () => `${brand} ${rng.pick(FINANCE_QUALIFIERS)} ${rng.pick(heads)}`],
        [0.25, () => branded(rng.pick(FINANCE_QUALIFIERS))],
        [0.06, () => `${rng.pick(FINANCE_QUALIFIERS)} ${rng.pick(heads)}`],
        [
          0.1,
          () => {
            const s = stem();
            return s && compound(s, rng.pick(['ly', 'Wise', 'Flex', 'Smart', 'Direct', 'Go']));
          },
        ],
      ]);
    }
    case 'membership': {
      const words = REWARD_NOUN.test(noun.toLowerCase()) ? REWARD_WORDS : PREMIUM_WORDS;
      return branded(rng.pick(words));
    }
    case 'programme':
      return branded(rng.pick(PROGRAMME_WORDS));
    case 'drug':
      return drugName(rng);
    case 'candidate':
      return `${codePrefix(brand)}-${rng.int(1, 9)}${String(rng.int(0, 99)).padStart(2, '0')}`;
    case 'title':
      return `${rng.chance(0.3) ? 'The ' : ''}${rng.pick(TITLE_ADJECTIVES)} ${rng.pick(TITLE_NOUNS)}`;
    case 'channel':
      return branded(rng.pick(CHANNEL_WORDS));
    case 'store':
      return choose(rng, [
        [0.7, () => branded(rng.pick(STORE_WORDS))],
        [
          0.3,
          () =>
            shortBrand && /online|e-?commerce/i.test(noun)
              ? `${brand}.com`
              : `${brand} ${rng.pick(STORE_WORDS)}`,
        ],
      ]);
  }
}

/** A fund's name: its manager's name, the strategy, and a vintage numeral ('Accel Growth Fund IV'). */
function fundName(rng: Rng, investorName: string, noun: string): string {
  const base = `${investorName} ${titleCase(noun)}`;
  return FUND_WORDS.test(noun) ? `${base} ${rng.pick(ROMAN.slice(0, rng.chance(0.5) ? 4 : 10))}` : base;
}

/** 'Brightridge Bridge', 'Keenhub Hub': the word added to the brand repeats a part of it. */
function echoesBrand(name: string, brand: string): boolean {
  if (!name.startsWith(`${brand} `)) return false;
  const b = brand.toLowerCase();
  return name
    .slice(brand.length + 1)
    .split(' ')
    .some((w) => w.length >= 3 && b.includes(w.toLowerCase()));
}

/**
 * The names of a company's products, one per category, all different and none the company's name or
 * brand alone.
 */
export function productNames(
  rng: Rng,
  nouns: readonly string[],
  input: NamingInput & { investor: boolean },
): string[] {
  const taken = new Set([input.companyName.toLowerCase(), input.brand.toLowerCase()]);
  return nouns.map((noun) => {
    let name: string | null = null;
    for (let attempt = 0; attempt < 12 && name === null; attempt++) {
      const drawn = input.investor ? fundName(rng, input.companyName, noun) : productName(rng, noun, input);
      if (drawn !== null && !taken.has(drawn.toLowerCase()) && !echoesBrand(drawn, input.brand)) name = drawn;
    }
    // Out of luck (tiny banks for a kind): brand and category, numbered until unique.
    name ??= `${input.brand} ${titleCase(noun)}`;
    let unique = name;
    for (let n = 2; taken.has(unique.toLowerCase()); n++) unique = `${name} ${n}`;
    taken.add(unique.toLowerCase());
    return unique;
  });
}
