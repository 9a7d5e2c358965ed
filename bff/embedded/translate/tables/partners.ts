/**
 * Partnership kinds (`strategic_signal.partnership.type`) and tiers (`strategic_tier`).
 *
 * A kind word before a partner word gives the kind ("reseller partners", "SI partners", "white-label
 * deals"). "Channel" is not a kind: "channel partners" is the go-to-market motion only. Type `others`
 * has no words. Tiers are written as the capitalised word, as the data holds them ("Gold Partner",
 * "Premier"; the text filter matches words).
 */
type PartnerKind = { reads: string; code: string; says: string };

export const PARTNER_KINDS: readonly PartnerKind[] = [
  {
    reads: 'technology integration|tech integration|technology|tech|integrations?|api|isv|software',
    code: 'technology_integration',
    says: 'technology integration partners',
  },
  {
    reads: 'resellers?|reseller|distribution|distributors?|vars?|value added resellers?|retail',
    code: 'channel_reseller_distributor',
    says: 'reseller partners',
  },
  {
    reads:
      'sis?|systems? integrators?|systems? integration|implementation|consulting|consultancy|services|advisory',
    code: 'implementation_si_consulting',
    says: 'implementation partners',
  },
  {
    reads: 'oem|white label(?:ed|ing)?|private label|licensing|licensee|licence|license',
    code: 'oem_whitelabel_licensing',
    says: 'OEM partners',
  },
  {
    reads: 'co development|codevelopment|joint development|co innovation|co engineering|product development',
    code: 'strategic_codevelopment',
    says: 'co-development partners',
  },
  {
    reads: 'co marketing|comarketing|marketing|go to market|gtm|co selling|co sell|referral',
    code: 'gtm_marketing',
    says: 'co-marketing partners',
  },
];

/** Partner tiers as the translator writes them. */
export const PARTNER_TIERS = [
  'Premier',
  'Gold',
  'Platinum',
  'Silver',
  'Bronze',
  'Diamond',
  'Elite',
  'Strategic',
  'Registered',
  'Certified',
  'Authorized',
  'Preferred',
] as const;

/** Other spellings of a tier word (lower case) -> the tier. */
export const TIER_SPELLINGS: Readonly<Record<string, (typeof PARTNER_TIERS)[number]>> = {
  authorised: 'Authorized',
};

/** Words before "partners" that are not a partner's name ("channel partners", "key partners"). */
export const NOT_PARTNER_NAMES: ReadonlySet<string> = new Set(
  'channel technology tech integration strategic implementation reseller solution solutions key global our their trusted certified official preferred premier gold silver platinum'.split(
    ' ',
  ),
);
