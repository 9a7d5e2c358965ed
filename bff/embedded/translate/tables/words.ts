import { FUNCTION_WORDS } from '../../../contract/function-words';

/**
 * Words of the normaliser: number words, common typos, the rule words misspellings are corrected to,
 * and stop words (words that carry no filter and separate phrases).
 */

export const NUMBER_WORDS: Readonly<Record<string, string>> = {
  one: '1',
  two: '2',
  three: '3',
  four: '4',
  five: '5',
  six: '6',
  seven: '7',
  eight: '8',
  nine: '9',
  ten: '10',
  eleven: '11',
  twelve: '12',
  fifteen: '15',
  twenty: '20',
  thirty: '30',
  fifty: '50',
  hundred: '100',
};

/** Misspellings too far from the word for edit-distance correction, or too common to leave to it. */
export const TYPOS: Readonly<Record<string, string>> = {
  compnaies: 'companies',
  comapnies: 'companies',
  compaines: 'companies',
  companys: 'companies',
  compnay: 'company',
  germnay: 'germany',
  gemany: 'germany',
  grmany: 'germany',
  frnace: 'france',
  sofware: 'software',
  sotware: 'software',
  softwares: 'software',
  bootstraped: 'bootstrapped',
  privatly: 'privately',
  privatley: 'privately',
  fouded: 'founded',
  foudned: 'founded',
  founed: 'founded',
  fonded: 'founded',
  beween: 'between',
  betwen: 'between',
  revenu: 'revenue',
  revnue: 'revenue',
  reveune: 'revenue',
  revenew: 'revenue',
  valuaton: 'valuation',
  valutation: 'valuation',
  seris: 'series',
  seires: 'series',
  sereis: 'series',
  thru: 'through',
  serie: 'series',
  backd: 'backed',
  bakced: 'backed',
  subscripton: 'subscription',
  europ: 'europe',
  euope: 'europe',
  nordic: 'nordics',
  fintec: 'fintech',
  finetch: 'fintech',
  fintechs: 'fintech',
  unicorn: 'unicorns',
  startps: 'startups',
  statups: 'startups',
  raisd: 'raised',
  rasied: 'raised',
  acquird: 'acquired',
  aquired: 'acquired',
  offcies: 'offices',
  ofices: 'offices',
  offfices: 'offices',
  publically: 'publicly',
  lsited: 'listed',
  familiy: 'family',
  famliy: 'family',
  sequioa: 'sequoia',
  sass: 'saas',
  healtcare: 'healthcare',
  helthcare: 'healthcare',
  heathcare: 'healthcare',
  healthare: 'healthcare',
  marketting: 'marketing',
  markting: 'marketing',
  reneweable: 'renewable',
  renewible: 'renewable',
  renewabe: 'renewable',
  logisitics: 'logistics',
  insurence: 'insurance',
  insurace: 'insurance',
  ecomerce: 'ecommerce',
  ecommmerce: 'ecommerce',
  sotfware: 'software',
  softwre: 'software',
  cybersecurty: 'cybersecurity',
  saass: 'saas',
  sasa: 'saas',
  switzerand: 'switzerland',
  custmers: 'customers',
  cusotmers: 'customers',
  customres: 'customers',
  partnes: 'partners',
  millon: 'million',
  milion: 'million',
  billon: 'billion',
  bilion: 'billion',
};

/** Words the rules read, for typo correction (places and industry words are added on first use). */
export const RULE_WORDS =
  'founded established incorporated revenue revenues valuation valued bootstrapped privately private public publicly ' +
  'listed family owned acquired series raised funded funding backed subscription subscriptions marketplace freemium ' +
  'customers clients partners partnered offices office headquartered based between before after since million ' +
  'billion unicorns decacorns software hardware services manufacturers manufacturing operating companies startups ' +
  'nonprofit government venture equity enterprise consumers businesses selling serving licensing advertising ' +
  'transaction professional managed community switching network effects concentration customer recurring usage ' +
  'commerce ecommerce founder integrates integration worldwide global international technology focused native ' +
  'powered mobile rounds months years older younger closed defunct still seed angel stage growth early later ' +
  'channel product self serve inside sales direct consumer affiliate donations royalties proprietary brand costs ' +
  'integrators resellers distributors partnerships platinum premier last past within during';

/**
 * Words that carry no filter: they separate phrases and are never reported unmatched. The function
 * words of the contract (one list with the BFF) and the marks the normaliser leaves as tokens. A word
 * that says something no rule reads ("startups", "employees", "small", "funded", numbers) is not
 * one: it is reported unmatched (docs/product-rules.md, section 14, "nothing silent").
 */
export const STOPWORDS: ReadonlySet<string> = new Set([
  ...FUNCTION_WORDS,
  ...', / & + - ; $ % < > = .'.split(' '),
]);

/**
 * Words the translator knows but reads no filter from on their own (sizes are the BFF's, "startups"
 * has no filter): never typo-corrected, reported unmatched when left.
 */
export const KNOWN_UNREAD_WORDS: readonly string[] = (
  'startups startup small smaller large larger big bigger mid sized size medium employees employee staff people ' +
  'headcount workers new young old year years founded established started incorporated created launched round ' +
  'rounds funding funded raised money capital led backed stage series ' +
  'pricing price prices makers maker apps app similar enterprise enterprises'
).split(' ');

/** Words that end a name after a trigger ("backed by Accel and ..."). */
export const NAME_STOP: ReadonlySet<string> = new Set(
  (
    'and or in with that which who whose founded series based from since after before over under above below ' +
    'raised valued making selling sell sells serving are is have has a an the of for to by on at as ' +
    'companies company firms startups businesses revenue funding round rounds led backed founded ' +
    // words the other rules read: "led by Sequoia, SaaS" ends the names at "SaaS"
    'saas b2b b2c'
  ).split(' '),
);
