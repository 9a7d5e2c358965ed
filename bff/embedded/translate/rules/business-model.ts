/**
 * Go-to-market type, offering, motion and revenue model, read from `tables/business-model.ts`.
 *
 * Decisions: "marketplace" -> revenue_model marketplace_commission ("marketplace listing" -> the
 * motion); "SaaS" -> offering software + revenue model subscription_recurring.
 */
import type { RuleGroup } from '../core/groups';
import { phraseSteps } from '../core/runner';
import { BUSINESS_MODEL_PHRASES, GTM_TYPE_PHRASES } from '../tables/business-model';

export const businessModelGroup: RuleGroup = {
  name: 'business model',
  steps: { words: phraseSteps([...GTM_TYPE_PHRASES, ...BUSINESS_MODEL_PHRASES]) },
  vocabulary: [...GTM_TYPE_PHRASES, ...BUSINESS_MODEL_PHRASES].map((p) => p.reads),
};
