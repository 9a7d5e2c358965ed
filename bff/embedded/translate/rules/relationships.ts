/**
 * Partners and customers: partner kinds (`strategic_signal.partnership.type`), tiers
 * (`strategic_tier`) and names, and customer names.
 *
 * Decisions. How a company sells is a go-to-market motion; with what kind of partner it works is the
 * partnership type. A partner-kind word before "partner(s)", "partnership(s)", "alliance(s)", "deal(s)"
 * or "agreement(s)" gives the type ("reseller partners", "integration partnerships", "SI partners",
 * "OEM partners", "white-label deals", "co-marketing partners"), and so do the nouns "resellers",
 * "distributors", "VARs" and "systems integrators" on their own. "Channel" is not a partner kind:
 * "channel partners", "channel sales", "indirect sales" stay business_model.gtm_motion channel_partners
 * only. Selling through resellers is both: "sold through distributors", "via resellers" give the motion
 * and the type. Bare "OEM", "white label" (no partner word) stay the motion oem_embedded. Kinds may be
 * listed ("SI and consulting partners").
 *
 * Tiers: a tier word before a partner word gives the tier as the capitalised word: "premier partners"
 * -> ["Premier"], "gold or platinum partners" -> ["Gold", "Platinum"]. With "of"/"with" names follow:
 * "strategic partners of SAP" -> tier ["Strategic"] and name ["SAP"]; "technology partners of
 * Salesforce" -> type and name. Names that are places are not partners or customers.
 */
import type { RuleGroup } from '../core/groups';
import { display, isPlace, nameRule } from '../core/names';
import { type Rule, rx, step } from '../core/runner';
import { addValues, type State } from '../core/state';
import { NOT_PARTNER_NAMES, PARTNER_KINDS, PARTNER_TIERS, TIER_SPELLINGS } from '../tables/partners';
import { STOPWORDS } from '../tables/words';

const PTYPE = 'strategic_signal.partnership.type';
const PTIER = 'strategic_signal.partnership.strategic_tier';
const TIER_ALT = [...PARTNER_TIERS.map((t) => t.toLowerCase()), ...Object.keys(TIER_SPELLINGS)].join('|');
const KIND_ALT = PARTNER_KINDS.map((k) => k.reads).join('|');
const LIST_SEP = '(?: ?,| and| or| ?/)(?: and| or)? ';
const TIER_LIST = `(?:${TIER_ALT})(?:${LIST_SEP}(?:${TIER_ALT}))*`;
const KIND_LIST = `(?:${KIND_ALT})(?:${LIST_SEP}(?:${KIND_ALT}))*`;
const PARTNER_WORD = 'partners?|partnerships?|alliances?|deals?|agreements?';
/** "gold reseller", "strategic", "si and consulting": the words before a partner word. */
const QUALIFIERS = `(?:(${TIER_LIST}) )?(?:(${KIND_LIST}) )?`;

function listItems(text: string | undefined): string[] {
  if (!text) return [];
  return text
    .split(/\s*(?:,|\/|\band\b|\bor\b)\s*/)
    .map((x) => x.trim())
    .filter(Boolean);
}

function kindCode(word: string): string | undefined {
  return PARTNER_KINDS.find((k) => new RegExp(`^(?:${k.reads})$`).test(word))?.code;
}

function tierName(word: string): string {
  return TIER_SPELLINGS[word] ?? word.charAt(0).toUpperCase() + word.slice(1);
}

/** Writes the tier and kind filters named by the qualifier groups; false if they name nothing. */
function partnerQualifiers(
  st: State,
  tiers: string | undefined,
  kinds: string | undefined,
  text: string,
): boolean {
  const tierValues = listItems(tiers).map(tierName);
  const kindValues = listItems(kinds)
    .map(kindCode)
    .filter((k): k is string => k !== undefined);
  if (!tierValues.length && !kindValues.length) return false;
  addValues(st, PTIER, tierValues, text);
  addValues(st, PTYPE, kindValues, text);
  return true;
}

const partnerRules: Rule[] = [
  {
    // "sold through distributors", "via reseller partners": a selling motion and a partner kind
    re: rx(
      `(?:(?:sell|sells|sold|selling) )?(?:through|via) (?:(${TIER_LIST}) )?((?:value added )?resellers|distributors|vars|(?:reseller|distribution|distributor) (?:partners|partnerships))`,
    ),
    apply: (m, st) => {
      addValues(st, 'business_model.gtm_motion', ['channel_partners'], m[0]!);
      addValues(st, PTYPE, ['channel_reseller_distributor'], m[0]!);
      addValues(st, PTIER, listItems(m[1]).map(tierName), m[0]!);
      return true;
    },
  },
  {
    // "reseller partners", "gold partners", "si and consulting partnerships", "white label deals"
    re: rx(`(?:with |has |have |having )?${QUALIFIERS}(?:${PARTNER_WORD})`),
    apply: (m, st) => partnerQualifiers(st, m[1], m[2], m[0]!),
  },
  {
    // the partner nouns on their own
    re: rx(
      '(?:with |has |have |using |uses )?(?:value added resellers|resellers|distributors|vars|systems? integrators)',
    ),
    apply: (m, st) => {
      const code = /integrator/.test(m[0]!) ? 'implementation_si_consulting' : 'channel_reseller_distributor';
      addValues(st, PTYPE, [code], m[0]!);
      return true;
    },
  },
];

export const relationshipsGroup: RuleGroup = {
  name: 'partners and customers',
  steps: {
    names: [
      nameRule(
        `(?:channel )?${QUALIFIERS}(?:partners?|partnerships?) (?:of|with)|partnered with|partnering with|(?:in )?partnerships? with|integrat(?:e|es|ed|ing|ions?) with|(?:resellers?|distributors?) (?:of|for)`,
        (names, st, text) => {
          const real = names.filter((n) => !isPlace(n));
          if (!real.length) return false;
          // "strategic partners of SAP", "technology partners of Salesforce": the qualifiers count too
          const q = new RegExp(`^(?:channel )?${QUALIFIERS}(?:partners?|partnerships?) (?:of|with)`).exec(
            text,
          );
          if (q) partnerQualifiers(st, q[1], q[2], q[0]);
          addValues(
            st,
            'strategic_signal.partnership.name',
            real.map((n) => display(st, n)),
            text,
          );
          return true;
        },
      ),
      nameRule(
        '(?:whose |with |their )?(?:customers|clients) (?:include|including|like|such as|are)|(?:customers|clients) of|(?:suppliers?|vendors?) (?:to|of)|used by|trusted by|customer logos? (?:like|include)',
        (names, st, text) => {
          const real = names.filter((n) => !isPlace(n));
          if (!real.length) return false;
          addValues(
            st,
            'customer_profile.select_customer.name',
            real.map((n) => display(st, n)),
            text,
          );
          return true;
        },
      ),
      ...partnerRules.map(step),
    ],
    late: [
      // "salesforce partners": a name before "partners", once "channel partners" and the like are read
      step({
        re: rx(
          '([a-z0-9][a-z0-9.]+) (?:partners?|partner companies|(?:consulting|implementation) partners|resellers)',
        ),
        apply: (m, st) => {
          const name = m[1]!;
          if (STOPWORDS.has(name) || NOT_PARTNER_NAMES.has(name) || isPlace(name)) return false;
          addValues(st, 'strategic_signal.partnership.name', [display(st, name)], m[0]!);
          return true;
        },
      }),
    ],
  },
};
