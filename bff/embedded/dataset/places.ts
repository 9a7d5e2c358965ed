/**
 * Where companies are: how often each country is an HQ, the cities companies of a country pick
 * (real cities from reference/cities.ts, tech hubs favoured), street addresses and postal codes in
 * each country's format, and the country-code top-level domain a local company would register.
 */
import { getDomain } from 'tldts';
import { COUNTRIES } from '../../contract/geo';
import type { Rng } from './random';
import { citiesOf } from './reference/cities';
import { tldOf } from './reference/geo-extra';

/** Relative share of HQs by country; every other country of COUNTRIES gets RARE. */
const COUNTRY_WEIGHTS: Readonly<Record<string, number>> = {
  USA: 30,
  GBR: 7,
  DEU: 6,
  FRA: 4.5,
  IND: 4,
  CHN: 3.5,
  CAN: 3.5,
  JPN: 2.5,
  AUS: 2,
  NLD: 2,
  ESP: 2,
  ITA: 2,
  BRA: 2,
  SWE: 1.5,
  CHE: 1.5,
  ISR: 1.5,
  SGP: 1.2,
  KOR: 1.2,
  TWN: 0.6,
  MEX: 1,
  POL: 1,
  IRL: 0.8,
  BEL: 0.8,
  ARE: 0.8,
  IDN: 0.8,
  DNK: 0.7,
  AUT: 0.7,
  NOR: 0.6,
  FIN: 0.6,
  PRT: 0.6,
  ARG: 0.6,
  TUR: 0.6,
  ZAF: 0.6,
  HKG: 0.6,
  COL: 0.5,
  NGA: 0.5,
  SAU: 0.5,
  CHL: 0.4,
  CZE: 0.4,
  KEN: 0.4,
  MYS: 0.4,
  THA: 0.4,
  VNM: 0.4,
  PHL: 0.4,
  NZL: 0.4,
  ROU: 0.4,
  UKR: 0.4,
  EST: 0.3,
  HUN: 0.3,
  GRC: 0.3,
  LUX: 0.3,
  EGY: 0.3,
  PER: 0.25,
  LTU: 0.2,
  LVA: 0.15,
  BGR: 0.2,
  HRV: 0.15,
  SVN: 0.12,
  SVK: 0.15,
  SRB: 0.15,
  ISL: 0.1,
  CYP: 0.15,
  MLT: 0.12,
  URY: 0.15,
  CRI: 0.1,
  MAR: 0.15,
  GHA: 0.12,
  PAK: 0.25,
  BGD: 0.15,
  LKA: 0.08,
  QAT: 0.12,
  KWT: 0.08,
  BHR: 0.06,
  JOR: 0.08,
  RWA: 0.05,
  TZA: 0.05,
  UGA: 0.05,
  ETH: 0.05,
};
const RARE = 0.004;

export const COUNTRY_CODES: readonly string[] = COUNTRIES.map((c) => c.code);
export const COUNTRY_WEIGHT_LIST: readonly number[] = COUNTRY_CODES.map((c) => COUNTRY_WEIGHTS[c] ?? RARE);

/** Countries where most companies of some size have offices: the usual expansion targets. */
export const EXPANSION_COUNTRIES = [
  'USA',
  'GBR',
  'DEU',
  'FRA',
  'NLD',
  'IRL',
  'CAN',
  'SGP',
  'AUS',
  'JPN',
  'IND',
  'ESP',
  'CHE',
  'SWE',
  'BRA',
  'MEX',
  'ARE',
  'POL',
  'ITA',
  'ISR',
  'HKG',
  'KOR',
  'PRT',
  'CHN',
  'ZAF',
  'DNK',
  'BEL',
  'AUT',
];
export const EXPANSION_WEIGHTS = [
  30, 14, 10, 8, 6, 5, 6, 5, 4, 3, 5, 4, 3, 2, 3, 2, 3, 2, 2, 2, 2, 1.5, 1.5, 1.5, 1, 1, 1, 1,
];

/** Hubs named first where a country has them; names as GeoNames spells them. */
const HUBS: Readonly<Record<string, readonly string[]>> = {
  USA: [
    'San Francisco',
    'New York City',
    'Boston',
    'Austin',
    'Seattle',
    'Los Angeles',
    'Chicago',
    'Denver',
    'Atlanta',
    'Miami',
    'San Diego',
    'San Jose',
    'Palo Alto',
    'Mountain View',
    'Washington',
    'Dallas',
    'Houston',
    'Salt Lake City',
    'Raleigh',
    'Pittsburgh',
    'Philadelphia',
    'Minneapolis',
    'Portland',
    'Nashville',
    'Phoenix',
    'Detroit',
    'Columbus',
    'Charlotte',
    'Cambridge',
    'Menlo Park',
  ],
  GBR: [
    'London',
    'Manchester',
    'Cambridge',
    'Oxford',
    'Edinburgh',
    'Bristol',
    'Leeds',
    'Birmingham',
    'Glasgow',
    'Belfast',
    'Reading',
  ],
  DEU: [
    'Berlin',
    'Munich',
    'Hamburg',
    'Frankfurt am Main',
    'Köln',
    'Stuttgart',
    'Düsseldorf',
    'Leipzig',
    'Karlsruhe',
    'Dresden',
    'Hannover',
    'Nürnberg',
  ],
  FRA: [
    'Paris',
    'Lyon',
    'Toulouse',
    'Bordeaux',
    'Nantes',
    'Lille',
    'Marseille',
    'Grenoble',
    'Montpellier',
    'Nice',
    'Rennes',
    'Strasbourg',
  ],
  NLD: ['Amsterdam', 'Rotterdam', 'Utrecht', 'Eindhoven', 'The Hague', 'Delft', 'Groningen'],
  ESP: ['Madrid', 'Barcelona', 'Valencia', 'Málaga', 'Sevilla', 'Bilbao'],
  ITA: ['Milan', 'Rome', 'Turin', 'Bologna', 'Florence', 'Naples'],
  SWE: ['Stockholm', 'Göteborg', 'Malmö', 'Uppsala', 'Lund'],
  CHE: ['Zürich', 'Genève', 'Basel', 'Lausanne', 'Bern', 'Zug'],
  CAN: ['Toronto', 'Vancouver', 'Montréal', 'Ottawa', 'Calgary', 'Waterloo'],
  IND: ['Bengaluru', 'Mumbai', 'Delhi', 'Hyderabad', 'Pune', 'Chennai', 'Gurgaon', 'Noida'],
  CHN: ['Beijing', 'Shanghai', 'Shenzhen', 'Hangzhou', 'Guangzhou', 'Chengdu'],
  JPN: ['Tokyo', 'Osaka', 'Yokohama', 'Kyoto', 'Fukuoka', 'Nagoya'],
  AUS: ['Sydney', 'Melbourne', 'Brisbane', 'Perth', 'Adelaide'],
  ISR: ['Tel Aviv', 'Jerusalem', 'Haifa', 'Herzliya', 'Ramat Gan'],
  BRA: ['São Paulo', 'Rio de Janeiro', 'Belo Horizonte', 'Curitiba', 'Florianópolis', 'Porto Alegre'],
  KOR: ['Seoul', 'Busan', 'Incheon', 'Seongnam-si'],
  IRL: ['Dublin', 'Cork', 'Waterford'],
  DNK: ['Copenhagen', 'Århus', 'Odense'],
  NOR: ['Oslo', 'Bergen', 'Trondheim', 'Stavanger'],
  FIN: ['Helsinki', 'Espoo', 'Tampere', 'Oulu'],
  AUT: ['Vienna', 'Graz', 'Linz', 'Salzburg'],
  BEL: ['Brussels', 'Antwerpen', 'Gent', 'Leuven'],
  POL: ['Warsaw', 'Kraków', 'Wrocław', 'Poznań', 'Gdańsk'],
  PRT: ['Lisbon', 'Porto', 'Braga'],
  ARE: ['Dubai', 'Abu Dhabi', 'Sharjah'],
  MEX: ['Mexico City', 'Guadalajara', 'Monterrey'],
  ARG: ['Buenos Aires', 'Córdoba', 'Rosario'],
  COL: ['Bogotá', 'Medellín', 'Cali'],
  CHL: ['Santiago', 'Valparaíso'],
  NGA: ['Lagos', 'Abuja', 'Ibadan'],
  KEN: ['Nairobi', 'Mombasa'],
  ZAF: ['Johannesburg', 'Cape Town', 'Durban', 'Pretoria'],
  EGY: ['Cairo', 'Alexandria', 'Giza'],
  IDN: ['Jakarta', 'Surabaya', 'Bandung'],
  TUR: ['Istanbul', 'Ankara', 'İzmir'],
  EST: ['Tallinn', 'Tartu'],
  CZE: ['Prague', 'Brno'],
  SAU: ['Riyadh', 'Jeddah'],
  NZL: ['Auckland', 'Wellington', 'Christchurch'],
  SGP: ['Singapore'],
  HKG: ['Hong Kong'],
  TWN: ['Taipei', 'Hsinchu', 'Taichung', 'Kaohsiung'],
};

/** Places that GeoNames lists with no city a company would name. */
const FALLBACK_CITIES: Readonly<Record<string, string>> = {
  BVT: 'Bouvetøya',
  HMD: 'Atlas Cove',
  IOT: 'Diego Garcia',
  UMI: 'Wake Island',
};

type CityTable = { names: readonly string[]; weights: readonly number[] };
const cityTables = new Map<string, CityTable>();

function cityTable(country: string): CityTable {
  let table = cityTables.get(country);
  if (table) return table;
  const known = citiesOf(country, 3000);
  const knownSet = new Set(known);
  const hubs = (HUBS[country] ?? []).filter((c) => knownSet.has(c));
  const names: string[] = [...hubs];
  for (const c of known.slice(0, hubs.length > 0 ? 5 : 12)) if (!names.includes(c)) names.push(c);
  if (names.length === 0) names.push(FALLBACK_CITIES[country] ?? 'Capital City');
  // Hubs first with a steep decline: most companies of a country sit in a few cities.
  const weights = names.map((_, i) => (i < hubs.length ? 12 / (i + 1) : 3 / (i + 1)));
  table = { names, weights };
  cityTables.set(country, table);
  return table;
}

export function pickCity(rng: Rng, country: string): string {
  const t = cityTable(country);
  return rng.weighted(t.names, t.weights);
}

/** The country's main business city (its first hub or largest city). */
export function mainCity(country: string): string {
  return cityTable(country).names[0]!;
}

// ---------------------------------------------------------------------------------------------
// Addresses

type AddressStyle = 'us' | 'uk' | 'de' | 'fr' | 'es' | 'it' | 'pt' | 'nl' | 'nordic' | 'jp' | 'generic';

const ADDRESS_STYLE: Readonly<Record<string, AddressStyle>> = {
  USA: 'us',
  CAN: 'us',
  AUS: 'us',
  NZL: 'us',
  PHL: 'us',
  GBR: 'uk',
  IRL: 'uk',
  IND: 'uk',
  SGP: 'uk',
  HKG: 'uk',
  ZAF: 'uk',
  NGA: 'uk',
  KEN: 'uk',
  MYS: 'uk',
  DEU: 'de',
  AUT: 'de',
  CHE: 'de',
  LIE: 'de',
  FRA: 'fr',
  BEL: 'fr',
  LUX: 'fr',
  MCO: 'fr',
  MAR: 'fr',
  SEN: 'fr',
  CIV: 'fr',
  TUN: 'fr',
  ESP: 'es',
  MEX: 'es',
  ARG: 'es',
  COL: 'es',
  CHL: 'es',
  PER: 'es',
  URY: 'es',
  ECU: 'es',
  CRI: 'es',
  ITA: 'it',
  SMR: 'it',
  PRT: 'pt',
  BRA: 'pt',
  NLD: 'nl',
  SWE: 'nordic',
  NOR: 'nordic',
  DNK: 'nordic',
  FIN: 'nordic',
  ISL: 'nordic',
  JPN: 'jp',
};

const STREETS_EN = [
  'Market',
  'Main',
  'Mission',
  'Broadway',
  'Park',
  'Oak',
  'Maple',
  'Cedar',
  'Washington',
  'Lake',
  'Hill',
  'High',
  'Church',
  'King',
  'Queen',
  'Victoria',
  'Bridge',
  'Mill',
  'Station',
  'Harbour',
  'Riverside',
  'Commerce',
  'Innovation',
  'Pine',
  'Elm',
  'Franklin',
  'Madison',
  'Howard',
  'Spring',
  'Union',
  'Liberty',
  'Grove',
  'Kingsway',
  'Old Street',
  'Fleet',
  'Baker',
];
const STREET_TYPES_US = ['Street', 'Avenue', 'Boulevard', 'Drive', 'Way', 'Road', 'Plaza'];
const STREET_TYPES_UK = ['Street', 'Road', 'Lane', 'Square', 'Place', 'Row', 'Yard'];
const STREETS_DE = [
  'Friedrich',
  'Haupt',
  'Bahnhof',
  'Garten',
  'Schiller',
  'Goethe',
  'Linden',
  'Berliner',
  'Kaiser',
  'Park',
  'Mühlen',
  'Wiesen',
  'Ring',
  'Hafen',
  'Schloss',
  'Markt',
  'Invaliden',
  'Torstraße',
];
const STREET_TYPES_DE = ['straße', 'weg', 'allee', 'platz', 'damm'];
const STREETS_FR = [
  'de la République',
  'Saint-Honoré',
  'de Rivoli',
  'Victor Hugo',
  'du Faubourg Saint-Antoine',
  'des Lilas',
  'Jean Jaurès',
  'de la Paix',
  'du Commerce',
  'Pasteur',
  'Voltaire',
  'de Turenne',
];
const STREET_TYPES_FR = ['rue', 'avenue', 'boulevard', 'place', 'quai'];
const STREETS_ES = [
  'Mayor',
  'de Alcalá',
  'Gran Vía',
  'del Sol',
  'de la Paz',
  'Serrano',
  'Colón',
  'de Goya',
  'Reforma',
  'Libertad',
  'Independencia',
];
const STREETS_IT = [
  'Roma',
  'Garibaldi',
  'Mazzini',
  'Dante',
  'Verdi',
  'Cavour',
  'della Libertà',
  'Torino',
  'Manzoni',
  'XX Settembre',
];
const STREETS_PT = [
  'Augusta',
  'da Liberdade',
  'das Flores',
  'Paulista',
  'do Comércio',
  'Faria Lima',
  'da Prata',
  'Oscar Freire',
  'Brasil',
];
const STREETS_NL = [
  'Keizers',
  'Heren',
  'Prinsen',
  'Singel',
  'Damrak',
  'Rokin',
  'Weteringschans',
  'Stationsplein',
  'Zuidas',
];
const STREETS_NORDIC = [
  'Kungs',
  'Drottning',
  'Stor',
  'Sveav',
  'Strand',
  'Hamn',
  'Kyrko',
  'Torg',
  'Skepps',
  'Nor',
];
const WARDS_JP = [
  'Marunouchi, Chiyoda-ku',
  'Shibuya, Shibuya-ku',
  'Roppongi, Minato-ku',
  'Ginza, Chuo-ku',
  'Shinjuku, Shinjuku-ku',
  'Umeda, Kita-ku',
  'Nihonbashi, Chuo-ku',
];

export function streetAddress(rng: Rng, country: string): string {
  const style = ADDRESS_STYLE[country] ?? 'generic';
  const n = rng.int(1, 240);
  switch (style) {
    case 'us': {
      const suite = rng.chance(0.6) ? `, Suite ${rng.int(1, 30) * 100 + rng.int(0, 20)}` : '';
      return `${rng.int(1, 2999)} ${rng.pick(STREETS_EN)} ${rng.pick(STREET_TYPES_US)}${suite}`;
    }
    case 'uk':
      return `${n} ${rng.pick(STREETS_EN)} ${rng.pick(STREET_TYPES_UK)}`;
    case 'de': {
      const street = rng.pick(STREETS_DE);
      return street.endsWith('straße') ? `${street} ${n}` : `${street}${rng.pick(STREET_TYPES_DE)} ${n}`;
    }
    case 'fr':
      return `${n} ${rng.pick(STREET_TYPES_FR)} ${rng.pick(STREETS_FR)}`;
    case 'es':
      return `${rng.pick(['Calle', 'Avenida', 'Paseo'])} ${rng.pick(STREETS_ES)} ${n}`;
    case 'it':
      return `${rng.pick(['Via', 'Corso', 'Piazza'])} ${rng.pick(STREETS_IT)} ${n}`;
    case 'pt':
      return `${rng.pick(['Rua', 'Avenida'])} ${rng.pick(STREETS_PT)}, ${n * 3}`;
    case 'nl':
      return `${rng.pick(STREETS_NL)}${rng.pick(['gracht', 'straat', 'weg', 'plein'])} ${n}`;
    case 'nordic':
      return `${rng.pick(STREETS_NORDIC)}${rng.pick(['gatan', 'vägen', 'gata', 'gade', 'katu'])} ${n}`;
    case 'jp':
      return `${rng.int(1, 4)}-${rng.int(1, 12)}-${rng.int(1, 30)} ${rng.pick(WARDS_JP)}`;
    default:
      return `${n} ${rng.pick(STREETS_EN)} ${rng.pick(['Street', 'Road', 'Avenue'])}`;
  }
}

/** Postal code patterns: 9 a digit, A a letter; '' where the country has none. */
const POSTAL: Readonly<Record<string, string>> = {
  USA: '99999',
  CAN: 'A9A 9A9',
  DEU: '99999',
  FRA: '99999',
  ESP: '99999',
  ITA: '99999',
  NLD: '9999 AA',
  BEL: '9999',
  CHE: '9999',
  AUT: '9999',
  SWE: '999 99',
  NOR: '9999',
  DNK: '9999',
  FIN: '99999',
  POL: '99-999',
  CZE: '999 99',
  SVK: '999 99',
  PRT: '9999-999',
  BRA: '99999-999',
  JPN: '999-9999',
  KOR: '99999',
  CHN: '999999',
  IND: '999999',
  AUS: '9999',
  NZL: '9999',
  SGP: '999999',
  ISR: '9999999',
  IRL: 'A99 A9A9',
  MEX: '99999',
  ARG: 'A9999AAA',
  ZAF: '9999',
  NGA: '999999',
  KEN: '99999',
  GBR: 'uk',
  ARE: '',
  QAT: '',
  HKG: '',
  IDN: '99999',
  TUR: '99999',
  LUX: 'L-9999',
  EST: '99999',
};

const UK_OUTWARD = [
  'EC1V',
  'EC2A',
  'EC3M',
  'EC4M',
  'N1',
  'SE1',
  'SW1A',
  'W1T',
  'WC2H',
  'E1',
  'M1',
  'M4',
  'CB2',
  'OX1',
  'EH1',
  'BS1',
  'LS1',
  'B1',
  'G1',
];

export function postalCode(rng: Rng, country: string): string {
  const pattern = POSTAL[country] ?? '99999';
  if (pattern === 'uk') return `${rng.pick(UK_OUTWARD)} ${rng.int(1, 9)}${letter(rng)}${letter(rng)}`;
  let out = '';
  for (const ch of pattern) {
    if (ch === '9') out += String(rng.int(0, 9));
    else if (ch === 'A') out += letter(rng);
    else out += ch;
  }
  return out;
}

function letter(rng: Rng): string {
  return 'ABCDEFGHJKLMNPRSTUVWXYZ'.charAt(rng.int(0, 22));
}

// ---------------------------------------------------------------------------------------------
// Country domains

const SECOND_LEVEL: Readonly<Record<string, string>> = {
  GBR: 'co.uk',
  AUS: 'com.au',
  BRA: 'com.br',
  JPN: 'co.jp',
  NZL: 'co.nz',
  ZAF: 'co.za',
  ISR: 'co.il',
  KOR: 'co.kr',
  MEX: 'com.mx',
  ARG: 'com.ar',
  TUR: 'com.tr',
  IDN: 'co.id',
  MYS: 'com.my',
  SGP: 'com.sg',
  TWN: 'com.tw',
  HKG: 'com.hk',
  EGY: 'com.eg',
  NGA: 'com.ng',
  KEN: 'co.ke',
  IND: 'in',
  CHN: 'cn',
  USA: 'com',
};

/** How often a local company uses its country's domain instead of a generic one. */
const CCTLD_SHARE: Readonly<Record<string, number>> = {
  DEU: 0.5,
  AUT: 0.45,
  CHE: 0.45,
  FRA: 0.4,
  NLD: 0.4,
  POL: 0.5,
  CZE: 0.5,
  ITA: 0.4,
  ESP: 0.35,
  BRA: 0.45,
  JPN: 0.35,
  GBR: 0.3,
  AUS: 0.3,
  NZL: 0.35,
  SWE: 0.35,
  DNK: 0.4,
  NOR: 0.4,
  FIN: 0.35,
  BEL: 0.35,
  IND: 0.2,
  CHN: 0.4,
  USA: 0,
};

const suffixes = new Map<string, string | undefined>();

/**
 * The country's domain suffix without a dot ('de', 'co.uk'), or undefined. Suffixes where a name
 * directly below is not registrable (the public suffix list has '*.mm', '*.bd', ...) are left out.
 */
export function countryDomainSuffix(country: string): string | undefined {
  if (suffixes.has(country)) return suffixes.get(country);
  const tld = SECOND_LEVEL[country] ?? tldOf(country)?.replace(/^\./, '');
  const usable = tld && getDomain(`www.example.${tld}`) === `example.${tld}` ? tld : undefined;
  suffixes.set(country, usable);
  return usable;
}

export function ccTldShare(country: string): number {
  return CCTLD_SHARE[country] ?? 0.2;
}
