/**
 * Company enrichment (service endpoint 3, docs/api.md; docs/product-rules.md, section 6): GET with `company` and comma-separated
 * `sections` is canonical; POST with `{company, sections}` answers the same. Each section is keyed
 * by the name the caller asked for; aliases resolve to the stored section.
 *
 * `sections` is optional, as in the real service: without it the answer holds every section the
 * key's plan includes, keyed by canonical name, charged as their sum (at today's prices 27.5
 * credits on Enterprise, 19.5 on Subscription and Pay-as-you-go). The plan never refuses a section nobody named, so the
 * default cannot be a 403; naming a section the plan lacks still is.
 */
import { EnrichmentBody, EnrichmentQuery, type EnrichmentResponse } from '../../contract/api';
import { enrichmentCost, PLAN_LABELS, PLAN_RULES } from '../../contract/pricing';
import { resolveSectionName, type StoredSection } from '../../contract/section-names';
import type { ServiceContext } from '../context';
import { ApiProblem, parseOrThrow } from '../problem';
import { loadCompanies } from '../store/companies';
import type { ApiKey } from '../store/keys';
import { resolveCompany } from '../store/resolve';
import { chargeOrThrow } from './charge';

export function enrichFromQuery(ctx: ServiceContext, key: ApiKey, query: Record<string, string>) {
  const req = parseOrThrow(EnrichmentQuery, query);
  return enrich(ctx, key, req.company, req.sections ?? PLAN_RULES[key.plan].sections);
}

export function enrichFromBody(ctx: ServiceContext, key: ApiKey, body: unknown) {
  const req = parseOrThrow(EnrichmentBody, body);
  return enrich(ctx, key, req.company, req.sections ?? PLAN_RULES[key.plan].sections);
}

function enrich(
  ctx: ServiceContext,
  key: ApiKey,
  company: string,
  names: readonly string[],
): EnrichmentResponse {
  const asked = [...new Set(names)];
  const resolved = new Map<string, StoredSection>();
  for (const name of asked) resolved.set(name, resolveSectionName(name)!);
  const distinct = [...new Set(resolved.values())];

  const rules = PLAN_RULES[key.plan];
  const refused = distinct.filter((s) => !rules.sections.includes(s));
  if (refused.length > 0) {
    throw new ApiProblem(
      403,
      `The ${PLAN_LABELS[key.plan]} plan does not include: ${refused.join(', ')} (Enterprise only).`,
      {
        errors: refused.map((s) => ({
          path: 'sections',
          message: `${s} is available on the Enterprise plan only`,
        })),
      },
    );
  }

  const found = resolveCompany(ctx.db, company);
  if (!found) throw new ApiProblem(404, `No company matches "${company}".`);
  const [loaded] = loadCompanies(ctx.db, [found.idx], distinct);
  if (!loaded) throw new ApiProblem(404, `No company matches "${company}".`);

  const cost = enrichmentCost(distinct);
  chargeOrThrow(ctx, key, 'company.enrichment', cost);

  const data: EnrichmentResponse['data'] = { uuid: loaded.uuid };
  for (const [name, section] of resolved) data[name] = loaded.sections[section];
  return { data, credits_consumed: cost };
}
