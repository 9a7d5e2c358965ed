/**
 * Negation words the translator's own tables read as a value (beyond the contract's idioms, which
 * every reader keeps: "no AI", "not public", "non-profit", ...): "no VC funding" and "without VC" are
 * the bootstrapped ownership category here (tables/firmographic.ts); "no more than 3 rounds" and
 * "not older than 5 years" are bounds (rules/funding.ts, rules/founding.ts). Any other negated criterion is
 * set aside before the rules run and reported unmatched (translate.ts). "not VC backed" is not kept:
 * the ownership rules read its "VC backed" first, the positive.
 */
export const OWNED_NEGATIONS: readonly string[] = [
  'no vc funding|without vc(?: funding)?',
  // bounds the funding and founding rules read whole
  'no more than \\d+ (?:funding |financing )?rounds?',
  'not older than \\d+ (?:years?|yrs?)',
];
