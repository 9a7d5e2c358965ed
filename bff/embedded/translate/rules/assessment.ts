/** Customer concentration and competitive moats, read from `tables/assessment.ts`. */
import type { RuleGroup } from '../core/groups';
import { phraseSteps } from '../core/runner';
import { ASSESSMENT_PHRASES } from '../tables/assessment';

export const assessmentGroup: RuleGroup = {
  name: 'assessment',
  steps: { words: phraseSteps(ASSESSMENT_PHRASES) },
  vocabulary: ASSESSMENT_PHRASES.map((p) => p.reads),
};
