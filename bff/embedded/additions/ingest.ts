/**
 * Ingestion of one addition request: decide whether its domain can be real, create the company
 * (every section, by the dataset generator) and finish the request, all in one transaction. The
 * company is created at most once per domain: a request whose domain is already in the store (an
 * earlier run of the same request that committed, or another key's request) completes with that
 * company instead of a second one.
 */
import { companyForDomain } from '../dataset/generate';
import { buildPlan, DEFAULT_TODAY, Plan } from '../dataset/plan';
import { findByDomain, type IndexSourceRow, indexSourceRow, prepareCompanyInsert } from '../store/companies';
import { type Db, getMeta } from '../store/db';
import { recordStatusChange } from '../webhooks/deliveries';
import { parseWebsite, unrealDomainReason } from './domain';
import { type AdditionRow, getRequest, moveRequest } from './queue';

export type IngestResult = { row: AdditionRow; added: IndexSourceRow | null };

/** Above this many seeded companies the plan's pre-pass would hold the service up too long. */
export const PREPASS_LIMIT = 100_000;

/**
 * The plan of the stored dataset (seed, count, today from its meta), which added companies are
 * generated against, so that their investors, partners and customers are companies of the dataset.
 * The full plan runs the generator's pre-pass once (2 s for 25,000 companies, on the service's
 * thread); above PREPASS_LIMIT the plan goes without it, and added companies then find partners
 * and customers among the real anchor companies only (the pre-pass's "notables" are missing).
 */
export function datasetPlan(db: Db): Plan {
  const seed = Number(getMeta(db, 'dataset.seed') ?? 0);
  const count = Number(getMeta(db, 'dataset.count') ?? 0);
  const today = getMeta(db, 'dataset.today') ?? DEFAULT_TODAY;
  return count <= PREPASS_LIMIT ? buildPlan(seed, count, today) : new Plan(seed, count, today);
}

/** The home page an added company is listed with: the submitted host over https, no path. */
export function homePage(hostname: string): string {
  return `https://${hostname}`;
}

/**
 * Finishes an `in_progress` request: `failed` with a reason, or `completed` with its company. Returns
 * undefined when the request is not in progress (already finished). `plan` is asked for only when a
 * company must be generated.
 */
export function ingestRequest(db: Db, id: string, plan: () => Plan, now: Date): IngestResult | undefined {
  return db.transaction((): IngestResult | undefined => {
    const req = getRequest(db, id);
    if (req?.status !== 'in_progress') return undefined;
    const fail = (reason: string): IngestResult => {
      const row = moveRequest(db, id, 'in_progress', 'failed', now, { reason })!;
      recordStatusChange(db, row, now);
      return { row, added: null };
    };
    const site = parseWebsite(req.website);
    if (!site.ok) return fail(`${req.website} is not a website: ${site.message}.`);
    const unreal = unrealDomainReason(site);
    if (unreal) return fail(unreal);

    let added: IndexSourceRow | null = null;
    let companyUuid = findByDomain(db, site.domain)?.uuid;
    if (!companyUuid) {
      const { next } = db.prepare('SELECT COALESCE(MAX(idx), -1) + 1 AS next FROM companies').get() as {
        next: number;
      };
      const company = companyForDomain(plan(), next, {
        name: req.company_name,
        domain: site.domain,
        website: homePage(site.hostname),
      });
      prepareCompanyInsert(db)(next, company, 'addition', now.toISOString());
      db.prepare(
        'INSERT INTO companies_fts(rowid, name, product_category, description) VALUES (?, ?, ?, ?)',
      ).run(
        next,
        company.name,
        company.product_category,
        company.sections.firmographic.company_description_short,
      );
      companyUuid = company.uuid;
      added = indexSourceRow(next, company);
    }
    const row = moveRequest(db, id, 'in_progress', 'completed', now, { companyUuid })!;
    recordStatusChange(db, row, now);
    return { row, added };
  })();
}
