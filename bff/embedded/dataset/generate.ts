/**
 * The generated dataset of the embedded Company Data Service: `count` companies, deterministic for
 * (seed, count, today). See README.md in this folder for the rules that keep the data coherent.
 */
import type { CompanyRecord, CompanyStatus } from '../store/companies';
import { type Core, computeCore } from './core';
import { buildPlan, DEFAULT_TODAY, type Plan } from './plan';
import { buildSections, productCategoryOf } from './sections';

/** Bump whenever generation changes, so a stored dataset can tell it is stale. */
export const DATASET_VERSION = '1';

export type GenerateOptions = {
  seed: number;
  count: number;
  /** The dataset's "now", YYYY-MM-DD; fixed by default so the data is reproducible. */
  today?: string;
};

export function* generateCompanies(opts: GenerateOptions): Generator<CompanyRecord> {
  const plan = buildPlan(opts.seed, opts.count, opts.today ?? DEFAULT_TODAY);
  for (let idx = 0; idx < opts.count; idx++) yield companyAt(plan, idx);
}

/** Company `idx` of the planned dataset. */
export function companyAt(plan: Plan, idx: number): CompanyRecord {
  const core = computeCore(plan, idx);
  return {
    uuid: core.uuid,
    name: core.name,
    website: core.website,
    domain: core.domain,
    product_category: productCategoryOf(core),
    company_type: core.companyType,
    company_status: statusOf(core),
    prominence: core.prominence,
    sections: buildSections(plan, core),
  };
}

function statusOf(c: Core): CompanyStatus {
  if (c.status === 'acquired') return 'acquired';
  if (c.status === 'closed') return 'unknown';
  return c.companyType === 'public' ? 'public' : 'private';
}
