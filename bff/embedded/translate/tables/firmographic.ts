/**
 * Operating status, ownership and company type. Status comes first ("went public" is not "public"),
 * then ownership ("pe backed" before "private"), then company type.
 */
import type { Phrase } from './phrase';

const STATUS = 'firmographic.operating_status';
const OWN = 'firmographic.ownership_category';
const TYPE = 'firmographic.company_type';

export const STATUS_PHRASES: readonly Phrase[] = [
  {
    reads: 'went public|have gone public|recently ipo(?:e?d)?|ipo(?:e?d)|listed recently|recent ipos?',
    key: STATUS,
    values: ['ipo'],
    says: 'recently IPOed',
  },
  {
    reads: 'still independent|independent',
    key: STATUS,
    values: ['operating', 'ipo'],
  },
  {
    reads: '(?:got |been |were |was |recently )?acquired|bought out|exited via acquisition',
    key: STATUS,
    values: ['acquired'],
    says: 'acquired',
  },
  {
    reads:
      'shut down|shutdown|closed down|defunct|out of business|went bust|dead|bankrupt|closed(?! (?:a|an|the|their|its|round|rounds|funding|deals?)(?![a-z0-9]))',
    key: STATUS,
    values: ['closed'],
    says: 'defunct',
  },
  {
    reads:
      'still (?:operating|active|running|in business|trading|alive)|currently operating|operational|active companies',
    key: STATUS,
    values: ['operating'],
    says: 'still operating',
  },
];

export const OWNERSHIP_PHRASES: readonly Phrase[] = [
  {
    reads:
      '(?:pe|private equity) (?:backed|owned|controlled|held|portfolio(?: companies)?)|owned by (?:a )?(?:pe|private equity)(?: firms?| funds?)?|buyout backed|sponsor backed|lbo',
    key: OWN,
    values: ['private_equity_controlled'],
    says: 'PE-backed',
  },
  {
    reads:
      '(?:vc|venture|venture capital|investor|growth equity|growth) (?:backed|funded)|backed by (?:vcs?|venture capital(?:ists)?)',
    key: OWN,
    values: ['venture_growth_investor_backed'],
    says: 'VC-backed',
  },
  {
    reads:
      'family (?:owned|run|held|controlled|business(?:es)?|firms?|companies|company|enterprises?)|family(?! offices?)',
    key: OWN,
    values: ['family_owned'],
    says: 'family owned',
  },
  {
    reads:
      'bootstrapped|self funded|founder (?:led|owned|run|operated)|owner operated|not vc backed|no vc funding|without vc(?: funding)?',
    key: OWN,
    values: ['founder_individual_operated_bootstrapped'],
    says: 'bootstrapped',
  },
  {
    reads:
      'state owned|government owned|state controlled|government controlled|state run|soes?|publicly owned',
    key: OWN,
    values: ['state_government_owned'],
    says: 'state owned',
  },
  {
    reads: 'non profits?|nonprofits?|not for profits?|charities|charity|ngos?|foundation owned',
    key: OWN,
    values: ['nonprofit_foundation_owned'],
    says: 'nonprofit',
  },
  {
    reads: 'employee owned|management owned|co ?ops?|cooperatives?',
    key: OWN,
    values: ['management_employee_owned'],
    says: 'employee owned',
  },
  {
    reads:
      'corporate (?:owned|backed)|subsidiar(?:y|ies)|owned by (?:a )?(?:corporation|corporate|conglomerate)',
    key: OWN,
    values: ['corporate_owned'],
    says: 'corporate owned',
  },
];

export const COMPANY_TYPE_PHRASES: readonly Phrase[] = [
  {
    reads:
      '(?:not|(?:isn|aren) ?t) (?:public|listed|publicly (?:traded|listed))|non public|unlisted|privately (?:held|owned)|private(?! equity)',
    key: TYPE,
    values: ['private'],
    says: 'private',
  },
  {
    reads:
      'publicly (?:traded|listed)|stock exchange listed|listed(?: on (?:the )?[a-z]+)?|public(?! sector| health| relations| safety| cloud| transport| api)',
    key: TYPE,
    values: ['public'],
    says: 'public',
  },
];
