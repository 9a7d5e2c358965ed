/** AI maturity, API, mobile app and technology focus, read from `tables/technology.ts` (decisions there). */
import type { RuleGroup } from '../core/groups';
import { phraseSteps } from '../core/runner';
import { TECHNOLOGY_PHRASES } from '../tables/technology';

export const technologyGroup: RuleGroup = {
  name: 'technology',
  steps: { words: phraseSteps(TECHNOLOGY_PHRASES) },
  vocabulary: TECHNOLOGY_PHRASES.map((p) => p.reads),
};
