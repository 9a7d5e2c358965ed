/**
 * Place words of the translator: M49 regions by their everyday names, groupings M49 lacks (as country
 * lists), country aliases, and city aliases. Country names, alternative names and demonyms come from
 * the reference data (`lexicon.ts` builds the lookup).
 *
 * Decisions:
 * - A region M49 has is that region's code at its own level, by its M49 name and by the everyday
 *   forms of it (`REGION_NAME_FORMS`: "Northern Europe", "North European", "West Africa", "SE Asian",
 *   "Central Africa" for Middle Africa). A country keeps its name: "South Africa", "South African" and
 *   "Central African" are the countries, not the regions Southern and Middle Africa.
 * - A grouping M49 lacks is a country list (DACH, Nordics, Benelux, MENA, CEE, Central Europe, Greater
 *   China, UKI);
 *   EMEA, APAC and the Pacific Islands are unions of M49 regions and stay region codes.
 * - Abbreviations and colloquial demonyms (KSA, NZ, HK, UKI, NORAM, Aussie, Kiwi, Brit, Stateside) are
 *   country aliases; "SEA" only in capitals ("sea freight" is no place). "Yankee" and the like are left
 *   out: nobody prospects with them.
 * - A demonym or alternative name shared by several countries goes to the sovereign one ("Indian" is
 *   India, not the British Indian Ocean Territory; "American" the USA, "Dutch" the Netherlands); if
 *   several are sovereign, to all of them (any-of: "Congolese" -> both Congos).
 */

/** Short alternative names kept although they have fewer than four letters. */
export const ACRONYMS: ReadonlySet<string> = new Set(['usa', 'uk', 'uae', 'drc', 'dprk', 'rsa']);
/** Alternative names that are other words first ("mann", "lao"). */
export const SKIP_ALT: ReadonlySet<string> = new Set(['mann', 'manx', 'viti', 'lao', 'eire']);

/**
 * Asia-Pacific as sales teams draw it: Eastern, South-eastern, Southern and Central Asia and Oceania.
 * Western Asia (the Middle East) is EMEA's, so no country is in both (docs/product-rules.md, section
 * 14, trade regions).
 */
const APAC: readonly string[] = ['030', '035', '034', '143', '009'];

/** Everyday names of M49 regions -> their codes (a few names stand for several regions: EMEA, APAC). */
export const REGION_ALIASES: Readonly<Record<string, readonly string[]>> = {
  europe: ['150'],
  european: ['150'],
  'western europe': ['155'],
  'western european': ['155'],
  'northern europe': ['154'],
  'southern europe': ['039'],
  'eastern europe': ['151'],
  'eastern european': ['151'],
  'southeast asia': ['035'],
  'south east asia': ['035'],
  'south eastern asia': ['035'],
  'southeast asian': ['035'],
  asean: ['035'],
  asia: ['142'],
  asian: ['142'],
  'east asia': ['030'],
  'eastern asia': ['030'],
  'south asia': ['034'],
  'southern asia': ['034'],
  'central asia': ['143'],
  'western asia': ['145'],
  africa: ['002'],
  african: ['002'],
  'sub saharan africa': ['202'],
  'north africa': ['015'],
  'northern africa': ['015'],
  'latin america': ['419'],
  'latin american': ['419'],
  latam: ['419'],
  'south america': ['005'],
  'south american': ['005'],
  'central america': ['013'],
  caribbean: ['029'],
  'north america': ['021'],
  'north american': ['021'],
  americas: ['019'],
  'the americas': ['019'],
  oceania: ['009'],
  anz: ['053'],
  'australia and new zealand': ['053'],
  emea: ['150', '002', '145'],
  apac: APAC,
  apj: APAC,
  'asia pacific': APAC,
  'asia pac': APAC,
  'sub saharan': ['202'],
  subsaharan: ['202'],
  'subsaharan africa': ['202'],
  'pacific islands': ['054', '057', '061'],
  'west indies': ['029'],
  noram: ['021'],
  namer: ['021'],
  'n america': ['021'],
  japac: APAC,
};

/**
 * Everyday forms of the words of M49 region names: a leading direction word (the first listed form
 * is M49's own) and a trailing continent as an adjective. "Eastern Africa" also reads as "East
 * Africa", "East African", "Eastern African".
 */
export const REGION_NAME_FORMS: {
  directions: Readonly<Record<string, readonly string[]>>;
  adjectives: Readonly<Record<string, string>>;
} = {
  directions: {
    northern: ['north'],
    southern: ['south'],
    eastern: ['east'],
    western: ['west'],
    'south eastern': ['southeast', 'south east', 'se'],
    middle: ['central'],
  },
  adjectives: { europe: 'european', asia: 'asian', africa: 'african', america: 'american' },
};

const EU =
  'AUT BEL BGR HRV CYP CZE DNK EST FIN FRA DEU GRC HUN IRL ITA LVA LTU LUX MLT NLD POL PRT ROU SVK SVN ESP SWE';
const MIDDLE_EAST = 'ARE SAU QAT KWT BHR OMN ISR JOR LBN IRQ IRN SYR YEM TUR EGY PSE';
const CEE = 'ALB BGR HRV CZE HUN POL ROU SVK SVN EST LVA LTU';
/**
 * Groupings M49 lacks -> their countries (ISO alpha-3, space separated); a 3-digit M49 code in the
 * list stands for that region's countries ("MEA": the Middle East and Africa).
 */
export const COUNTRY_GROUPS: Readonly<Record<string, string>> = {
  dach: 'DEU AUT CHE',
  nordics: 'DNK FIN ISL NOR SWE',
  nordic: 'DNK FIN ISL NOR SWE',
  'nordic countries': 'DNK FIN ISL NOR SWE',
  scandinavia: 'DNK NOR SWE',
  scandinavian: 'DNK NOR SWE',
  benelux: 'BEL NLD LUX',
  baltics: 'EST LVA LTU',
  baltic: 'EST LVA LTU',
  eu27: EU,
  'eu 27': EU,
  'baltic states': 'EST LVA LTU',
  iberia: 'ESP PRT',
  'iberian peninsula': 'ESP PRT',
  eu: EU,
  'european union': EU,
  'middle east': MIDDLE_EAST,
  mea: `${MIDDLE_EAST} 002`,
  'middle east and africa': `${MIDDLE_EAST} 002`,
  mena: 'ARE SAU QAT KWT BHR OMN ISR JOR LBN IRQ IRN SYR YEM TUR PSE EGY LBY TUN DZA MAR',
  gcc: 'ARE SAU QAT KWT BHR OMN',
  'gulf states': 'ARE SAU QAT KWT BHR OMN',
  'uk and ireland': 'GBR IRL',
  'british isles': 'GBR IRL',
  uki: 'GBR IRL',
  // the OECD's Central and Eastern European countries
  cee: CEE,
  'central and eastern europe': CEE,
  'central eastern europe': CEE,
  'central europe': 'DEU AUT CHE LIE POL CZE SVK HUN SVN',
  'central european': 'DEU AUT CHE LIE POL CZE SVK HUN SVN',
  'greater china': 'CHN HKG MAC TWN',
  maghreb: 'DZA MAR TUN LBY MRT',
  scandi: 'DNK NOR SWE',
  scandis: 'DNK NOR SWE',
};

/** Everyday names and abbreviations of a country the reference data lacks. */
export const COUNTRY_ALIASES: Readonly<Record<string, string>> = {
  america: 'USA',
  'the us': 'USA',
  'the states': 'USA',
  'united states': 'USA',
  england: 'GBR',
  scotland: 'GBR',
  wales: 'GBR',
  britain: 'GBR',
  'great britain': 'GBR',
  english: 'GBR',
  scottish: 'GBR',
  holland: 'NLD',
  korea: 'KOR',
  'south korea': 'KOR',
  korean: 'KOR',
  czechia: 'CZE',
  'czech republic': 'CZE',
  czech: 'CZE',
  turkiye: 'TUR',
  'ivory coast': 'CIV',
  emirates: 'ARE',
  uae: 'ARE',
  prc: 'CHN',
  ksa: 'SAU',
  nz: 'NZL',
  hk: 'HKG',
  aussie: 'AUS',
  aussies: 'AUS',
  kiwi: 'NZL',
  kiwis: 'NZL',
  brit: 'GBR',
  brits: 'GBR',
  stateside: 'USA',
};

/**
 * Abbreviations read only as typed in capitals (checked before lower-casing): "SEA" is Southeast Asia,
 * "sea" is the sea; "US" is the USA, "us" a pronoun.
 */
export const CASED_ABBREVIATIONS: Readonly<Record<string, string>> = {
  US: 'usa',
  SEA: 'southeast asia',
};

/** Nicknames and spellings of cities -> the city's name. */
export const CITY_ALIASES: Readonly<Record<string, string>> = {
  nyc: 'New York',
  'new york': 'New York',
  'new york city': 'New York',
  sf: 'San Francisco',
  'bay area': 'San Francisco',
  'silicon valley': 'San Francisco',
  la: 'Los Angeles',
  bangalore: 'Bangalore',
  bengaluru: 'Bengaluru',
  'palo alto': 'Palo Alto',
  'mountain view': 'Mountain View',
  cambridge: 'Cambridge',
  'tel aviv': 'Tel Aviv',
  boston: 'Boston',
  seattle: 'Seattle',
  miami: 'Miami',
  atlanta: 'Atlanta',
  frankfurt: 'Frankfurt',
  cologne: 'Köln',
  zurich: 'Zürich',
  munich: 'Munich',
};

/** Words that also name a city somewhere but are far more often something else. */
export const NOT_CITIES: ReadonlySet<string> = new Set([
  'of',
  'the',
  'reading',
  'split',
  'nice',
  'mobile',
  'victoria',
  'orange',
  'university',
  'industry',
  'central',
  'general',
  'saas',
  'tech',
  'data',
  'series',
  'seed',
  'marketing',
]);

/**
 * Two-letter country codes (ISO 3166-1 alpha-2) reps type in CRM-style lines ("fintech; DE; series
 * A", "saas fr 11-50", "cyber il"), read on their own as the HQ country. Only codes that are no
 * English word or common abbreviation: not "in", "it", "at", "be", "is", "no", "me", "my", "id",
 * "ai", "ar", "ca", "co", "pe", "sa", "qa", "ma", "hr", "si", "eg", "ie", "gb". In a list of codes
 * joined by "/" ("de/at/ch") every code is read, since the list says they are codes.
 */
export const BARE_COUNTRY_CODES: ReadonlySet<string> = new Set(
  (
    'de fr es pt nl ch se dk fi pl cz ro hu gr il br mx cl jp kr cn tw hk sg au nz za ng ke tr ae vn th ' +
    'lu ee lv lt sk bg rs ua pk ph'
  ).split(' '),
);
