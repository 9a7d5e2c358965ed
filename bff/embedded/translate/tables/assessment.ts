/** Customer concentration and competitive moats. */
import type { Phrase } from './phrase';

const CONC = 'company_assessment.customer_concentration.classification';
const MOAT = 'company_assessment.competitive_moat';

export const ASSESSMENT_PHRASES: readonly Phrase[] = [
  {
    reads:
      '(?:low|limited|minimal|no) customer concentration|diversified (?:customer base|customers|client base)|broad customer base|many small customers',
    key: CONC,
    values: ['low'],
    says: 'low customer concentration',
  },
  {
    reads: 'moderate(?:ly)? (?:customer )?concentrat(?:ion|ed)|medium customer concentration',
    key: CONC,
    values: ['moderate'],
    says: 'moderate customer concentration',
  },
  {
    reads:
      '(?:critical|extreme|very high) customer concentration|(?:relian(?:t|ce)|dependen(?:t|ce)|depends?) on (?:a |one )?single (?:customer|client)|single customer dependency|one big customer',
    key: CONC,
    values: ['critical'],
    says: 'critical customer concentration',
  },
  {
    reads:
      'high(?:ly)? (?:customer )?concentrat(?:ion|ed)(?: customer base)?|concentrated customer base|(?:relian(?:t|ce)|dependen(?:t|ce)|depends?) on (?:a )?few (?:large |big )?(?:customers|clients)|few large customers',
    key: CONC,
    values: ['high'],
    says: 'high customer concentration',
  },
  { reads: 'network effects?', key: MOAT, values: ['network_effects'], says: 'network effects' },
  {
    reads: '(?:high )?switching costs?|sticky(?: products?| customers)?|hard to switch|hard to rip out',
    key: MOAT,
    values: ['switching_costs'],
    says: 'high switching costs',
  },
  {
    reads: 'data (?:moats?|advantages?)|proprietary data(?:sets?)?|unique data',
    key: MOAT,
    values: ['data_advantage'],
    says: 'a data moat',
  },
  {
    reads: 'cost (?:advantages?|leaders?|leadership)|low cost producers?|lowest cost',
    key: MOAT,
    values: ['cost_advantage'],
    says: 'a cost advantage',
  },
  {
    reads: 'distribution (?:advantages?|moats?)',
    key: MOAT,
    values: ['distribution_advantage'],
    says: 'a distribution advantage',
  },
  {
    reads: 'ecosystem lock ?in|lock ?in|ecosystem moats?',
    key: MOAT,
    values: ['ecosystem_lock_in'],
    says: 'ecosystem lock-in',
  },
  {
    reads: 'efficient scale|economies of scale|scale advantages?',
    key: MOAT,
    values: ['efficient_scale'],
    says: 'economies of scale',
  },
  {
    reads:
      'intangible assets|strong brands?|brand moats?|patents?|patented|intellectual property|ip moats?|strong ip',
    key: MOAT,
    values: ['intangible_assets'],
    says: 'strong IP',
  },
  {
    reads: 'regulatory (?:moats?|barriers|licen[cs]es|advantages?)',
    key: MOAT,
    values: ['regulatory_moat'],
    says: 'a regulatory moat',
  },
  {
    reads: 'talent (?:moats?|density|advantages?)|top talent',
    key: MOAT,
    values: ['talent_moat'],
    says: 'a talent moat',
  },
];
