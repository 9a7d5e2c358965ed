/**
 * List generation (spec endpoint 1; decisions sections 4, 5 and 7): validate, apply the plan,
 * search the index, load the page's sections, charge, answer.
 */

import type { ProblemField } from '../../contract/api';
import {
  ListGenerateRequest,
  type ListGenerateResponse,
  type SkippedSection,
  type Warning,
} from '../../contract/api';
import { COMPANY_TYPES, labelOf } from '../../contract/enums';
import { FILTER_BY_KEY, type FilterKind, type Filters, isEmptyFilterValue } from '../../contract/filters';
import { listGenerationCost, PLAN_LABELS, PLAN_RULES } from '../../contract/pricing';
import { type ListSection, SECTION_LABELS } from '../../contract/sections';
import type { ServiceContext } from '../context';
import { isNaicsCode } from '../dataset/reference/naics';
import { isSicCode } from '../dataset/reference/sic';
import { industryByCode } from '../dataset/taxonomy';
import { invalid, parseOrThrow } from '../problem';
import { textScores } from '../query/text-relevance';
import { loadCompanies } from '../store/companies';
import type { ApiKey } from '../store/keys';
import { chargeOrThrow } from './charge';
import { translateText } from './filter-builder';

/** Codes whose shape the contract checks but whose existence only the service knows. */
const CODE_CHECKS: Partial<Record<FilterKind, { exists: (code: string) => boolean; what: string }>> = {
  naics: { exists: isNaicsCode, what: 'NAICS code' },
  sic: { exists: isSicCode, what: 'SIC code' },
  industry: {
    exists: (code) => industryByCode(code) !== undefined,
    what: 'industry code (see industry search)',
  },
};

/**
 * Drops empty arrays (with a warning each) and checks the values that the contract can only check
 * for shape: NAICS, SIC and industry codes must exist.
 */
export function applicableFilters(filters: Filters): { filters: Filters; warnings: Warning[] } {
  const warnings: Warning[] = [];
  const errors: ProblemField[] = [];
  const applied: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(filters)) {
    if (value === undefined) continue;
    if (isEmptyFilterValue(value)) {
      warnings.push({ code: 'empty_filter_ignored', message: `${key} is an empty list and was ignored` });
      continue;
    }
    const check = CODE_CHECKS[FILTER_BY_KEY.get(key)?.kind ?? 'enum'];
    if (check) {
      (value as string[]).forEach((code, i) => {
        if (!check.exists(code))
          errors.push({ path: `filters.${key}.${i}`, message: `"${code}" is not a known ${check.what}` });
      });
    }
    applied[key] = value;
  }
  if (errors.length > 0) throw invalid(errors);
  return { filters: applied as Filters, warnings };
}

export function generateList(ctx: ServiceContext, key: ApiKey, body: unknown): ListGenerateResponse {
  const req = parseOrThrow(ListGenerateRequest, body);
  // A natural-language query becomes filters the same way the filter-builder makes them; the words it
  // did not turn into filters rank the matches (names and product categories).
  const translated = req.query !== undefined ? translateText(ctx, req.query) : undefined;
  const { filters, warnings } = applicableFilters(translated ? translated.filters : (req.filters ?? {}));
  const scores = translated ? textScores(ctx.db, translated.unmatched) : undefined;
  const rules = PLAN_RULES[key.plan];
  const plan = PLAN_LABELS[key.plan];

  let limit = req.limit;
  if (limit > rules.maxListLimit) {
    warnings.push({
      code: 'limit_lowered',
      message: `limit lowered from ${limit} to ${rules.maxListLimit}: the ${plan} plan returns at most ${rules.maxListLimit} companies per request`,
    });
    limit = rules.maxListLimit;
  }

  const requested = [...new Set(req.sections ?? [])];
  const served: ListSection[] = [];
  const skipped: SkippedSection[] = [];
  for (const section of requested) {
    if (!rules.listSections) {
      skipped.push({ section, reason: `The ${plan} plan does not include sections in list generation` });
    } else if (!rules.sections.includes(section)) {
      skipped.push({
        section,
        reason: `${SECTION_LABELS[section]} is available on the Enterprise plan only`,
      });
    } else {
      served.push(section);
    }
  }

  const { total, positions } = ctx.index.search(
    filters,
    { by: req.sort_by, order: req.sort_order },
    { offset: req.offset, limit },
    scores && scores.size > 0 ? { scores } : {},
  );
  const companies = loadCompanies(ctx.db, positions, served);
  const cost = listGenerationCost({
    matched: total > 0,
    returned: companies.length,
    sections: served,
    query: translated !== undefined,
  });
  chargeOrThrow(ctx, key, 'list.generate', cost);

  return {
    data: companies.map((c) => ({
      uuid: c.uuid,
      name: c.name,
      website: c.website,
      product_category: c.product_category,
      company_type: { code: c.company_type, label: labelOf(COMPANY_TYPES, c.company_type) },
      ...c.sections,
    })),
    count: companies.length,
    total_count: total,
    offset: req.offset,
    filters,
    query_translated: translated !== undefined,
    warnings,
    skipped_sections: skipped,
    credits_consumed: cost,
  };
}
