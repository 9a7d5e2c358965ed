/**
 * List generation (service endpoint 1, docs/api.md; docs/product-rules.md, sections 4, 5 and 7): validate (the schema and the
 * codes' existence together), apply the plan, search the index, load the page's sections, charge,
 * answer. A `query` that gives no filter and whose words match no company answers no companies,
 * warns `query_not_understood` and costs only the translation.
 */

import {
  ListGenerateRequest,
  type ListGenerateResponse,
  type SkippedSection,
  type Warning,
} from '../../contract/api';
import { COMPANY_TYPES, labelOf } from '../../contract/enums';
import { FILTER_BY_KEY, type FilterKind, type Filters, isEmptyFilterValue } from '../../contract/filters';
import { listGenerationCost, PLAN_LABELS, PLAN_RULES } from '../../contract/pricing';
import type { ProblemField } from '../../contract/problem';
import { type ListSection, SECTION_LABELS } from '../../contract/section-names';
import { isSicCode } from '../../contract/sic';
import type { ServiceContext } from '../context';
import { isNaicsCode } from '../dataset/reference/naics';
import { industryByCode } from '../dataset/taxonomy';
import { sectorByCode } from '../query/industry-search';
import { textScores } from '../query/text-relevance';
import { loadCompanies } from '../store/companies';
import type { ApiKey } from '../store/keys';
import { chargeOrThrow } from './charge';
import { translateText } from './filter-builder';
import { parseChecked, rawStrings, type ServiceCheck } from './validate';

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
 * The filter values whose shape the contract checks but whose existence only the service knows:
 * each NAICS, SIC and industry code must exist. Reads the raw body, so these errors join the
 * schema's in one 400.
 */
const unknownFilterCodes: ServiceCheck = (raw, reported) => {
  const filters = raw.filters;
  if (typeof filters !== 'object' || filters === null || Array.isArray(filters)) return [];
  const errors: ProblemField[] = [];
  for (const [key, value] of Object.entries(filters)) {
    const check = CODE_CHECKS[FILTER_BY_KEY.get(key)?.kind ?? 'enum'];
    if (!check) continue;
    for (const { item, index } of rawStrings(value)) {
      const path = `filters.${key}.${index}`;
      if (item === '' || reported.has(path) || check.exists(item)) continue;
      // Industry search answers sectors too (levels l1, l2); filters match industries only.
      const sector = check === CODE_CHECKS.industry ? sectorByCode(item) : undefined;
      errors.push({
        path,
        message: sector
          ? `"${item}" is the sector ${sector.name} (industry search level l1): the industry filter takes industry codes (level l4), such as ${sector.industries[0]}`
          : `"${item}" is not a known ${check.what}`,
      });
    }
  }
  return errors;
};

/** Drops empty arrays, with a warning each (docs/product-rules.md, section 4). */
function applicableFilters(filters: Filters): { filters: Filters; warnings: Warning[] } {
  const warnings: Warning[] = [];
  const applied: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(filters)) {
    if (value === undefined) continue;
    if (isEmptyFilterValue(value)) {
      warnings.push({ code: 'empty_filter_ignored', message: `${key} is an empty list and was ignored` });
      continue;
    }
    applied[key] = value;
  }
  return { filters: applied as Filters, warnings };
}

export function generateList(ctx: ServiceContext, key: ApiKey, body: unknown): ListGenerateResponse {
  const req = parseChecked(ListGenerateRequest, body, unknownFilterCodes);
  // A natural-language query becomes filters the same way the filter-builder makes them; the words it
  // did not turn into filters rank the matches (names and product categories), negated words aside
  // ("not in the US" must not rank companies that mention the US first).
  const translated = req.query !== undefined ? translateText(ctx, req.query) : undefined;
  const { filters, warnings } = applicableFilters(translated ? translated.filters : (req.filters ?? {}));
  const scores = translated
    ? textScores(
        ctx.db,
        translated.unmatched.filter((w) => !translated.negated.includes(w)),
      )
    : undefined;
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

  // docs/product-rules.md, section 5: a query that gave no filter and whose words match no company would
  // otherwise list every company by prominence, which answers nothing the caller asked.
  const notUnderstood =
    translated !== undefined && Object.keys(filters).length === 0 && (scores?.size ?? 0) === 0;
  if (notUnderstood) {
    const words = translated.unmatched.map((w) => `"${w}"`).join(', ');
    warnings.push({
      code: 'query_not_understood',
      message: `No part of the query became a filter and no word of it${words ? ` (${words})` : ''} matches a company's name, product category or description, so no companies were listed. Rephrase it or build filters.`,
    });
  }
  const { total, positions } = notUnderstood
    ? { total: 0, positions: [] }
    : ctx.index.search(
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
