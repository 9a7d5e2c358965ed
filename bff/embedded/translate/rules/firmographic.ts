/**
 * Operating status, ownership and company type, read from `tables/firmographic.ts`.
 *
 * Decisions: "public"/"listed"/"publicly traded" -> company_type public; "private"/"privately held"/
 * "not public" -> private. Ownership words (family owned, PE backed, VC backed, bootstrapped, founder
 * led, state owned, non-profit, employee owned, corporate owned) -> ownership_category; two ownership
 * words in one query give both values (any-of): "PE-backed family firms" -> [private_equity_controlled,
 * family_owned]. Status and ownership are read before names and places ("pe backed" is not an
 * investor called "pe"); company type only after them ("private equity firms" is an industry).
 */
import type { RuleGroup } from '../core/groups';
import { phraseSteps } from '../core/runner';
import { COMPANY_TYPE_PHRASES, OWNERSHIP_PHRASES, STATUS_PHRASES } from '../tables/firmographic';

export const firmographicGroup: RuleGroup = {
  name: 'firmographic',
  steps: {
    ownership: phraseSteps([...STATUS_PHRASES, ...OWNERSHIP_PHRASES]),
    words: phraseSteps(COMPANY_TYPE_PHRASES),
  },
  vocabulary: [...STATUS_PHRASES, ...OWNERSHIP_PHRASES, ...COMPANY_TYPE_PHRASES].map((p) => p.reads),
};
