/**
 * AI maturity (levels 0-5), API, mobile app and technology focus.
 *
 * AI decisions: "AI-native" -> [4]; "AI-first" -> [4, 5]; "AI foundational"/"foundation model" -> [5];
 * "no AI" -> [0]; "AI-assisted" -> [1]; "AI-powered"/"uses AI"/"AI" -> [2, 3, 4, 5].
 */
import type { Phrase } from './phrase';

const AI = 'technology.ai_maturity.scale';

export const TECHNOLOGY_PHRASES: readonly Phrase[] = [
  { reads: 'ai native', key: AI, values: [4], says: 'AI-native' },
  { reads: 'ai first', key: AI, values: [4, 5], says: 'AI-first' },
  {
    reads: 'ai foundational|foundation models?|frontier ai|ai labs?',
    key: AI,
    values: [5],
    says: 'AI foundational',
  },
  {
    reads: 'no ai|without ai|not using ai|non ai|no use of ai',
    key: AI,
    values: [0],
    says: 'that use no AI',
  },
  { reads: 'ai assisted', key: AI, values: [1], says: 'AI-assisted' },
  {
    reads:
      'ai (?:powered|driven|enabled|based|features?|focused|companies|startups)|uses? ai|using ai|leverag(?:e|es|ing) ai|with ai|machine learning|ml|ai',
    key: AI,
    values: [2, 3, 4, 5],
    says: 'AI-powered',
  },
  {
    reads: 'no (?:public )?api|without (?:an )?api',
    key: 'technology.api_detail.has_api',
    values: false,
    says: 'without an API',
  },
  {
    reads: '(?:with |has |have |offers? |having )?(?:an? |a public |public |open |rest )?apis?',
    key: 'technology.api_detail.has_api',
    values: true,
    says: 'with an API',
  },
  {
    reads: 'no (?:mobile )?app|without (?:a )?(?:mobile )?app',
    key: 'technology.app_detail.has_app',
    values: false,
    says: 'without a mobile app',
  },
  {
    reads:
      '(?:with |has |have |having )?(?:an? )?(?:mobile|ios|android|iphone|smartphone)(?: and android| or android)? apps?|(?:with |has |have |having )(?:an? )?apps?',
    key: 'technology.app_detail.has_app',
    values: true,
    says: 'with a mobile app',
  },
  {
    reads: 'non tech|non technology|not tech|low tech|traditional',
    key: 'technology.is_technology_focussed',
    values: false,
    says: 'non-tech companies',
  },
  {
    // "fintech companies" is an industry, not a tech focus: the prefixes of tech industries are excluded
    reads:
      '(?<!(?:climate|ad|health|fin|legal|prop|ed|insur|reg|deep|food|agri|bio|clean|hr|med|gov|mar|sales|fem|pet|real estate|retail|auto|construction|travel) )tech(?:nology)? (?:focused|companies|company|firms|startups|businesses|cos|enabled|driven)|tech(?:nology)? focussed|techy|high tech',
    key: 'technology.is_technology_focussed',
    values: true,
    says: 'tech-focused companies',
  },
];
