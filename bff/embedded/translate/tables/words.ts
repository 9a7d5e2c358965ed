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
  'integrators resellers distributors partnerships platinum premier';

/** Words that carry no filter: they separate phrases and are never reported unmatched. */
export const STOPWORDS: ReadonlySet<string> = new Set(
  (
    'a an the and or of in on at to for from with without by as is are was were be been being that which who whose ' +
    'what where when how than then also any all some such only just very more most less other their its it they them ' +
    'i me my we our us you your show find list give get looking look want need search searching for please can could would ' +
    'companies company firms firm businesses business startups startup orgs organisations organizations organization ' +
    'players vendors providers provider ones like similar kind type types sort based located headquartered hq ' +
    'have has having do does doing operate operating make makes making sell sells selling serve serves serving ' +
    'not no but about around approx approximately roughly over under above below between after before since ' + // comparison words
    'founded established started incorporated created launched year years old new young small large big mid sized ' +
    'round rounds funding funded raised money capital led backed by stage , / & + - ; $ % < > = . ' +
    'ideally maybe mostly mainly especially e g eg etc include including includes focus focused focusing space sector ' +
    'industry industries market markets area areas segment segments offering offer offers products product solutions solution ' +
    'help helps helping good great best top cool nice interesting series employees employee staff people motion motions gtm strategy pricing price prices model models makers maker apps app ago there here these those this both either each every same into onto across throughout within via through'
  ).split(' '),
);

/** Words that end a name after a trigger ("backed by Accel and ..."). */
export const NAME_STOP: ReadonlySet<string> = new Set(
  (
    'and or in with that which who whose founded series based from since after before over under above below ' +
    'raised valued making selling sell sells serving are is have has a an the of for to by on at as ' +
    'companies company firms startups businesses revenue funding round rounds led backed founded'
  ).split(' '),
);
