/**
 * Ingestion of one addition request: decide whether its domain can be real, create the company
 * (every section, by the dataset generator) and finish the request, all in one transaction. The
 * company is created at most once per domain: a request whose domain is already in the store (an
 * earlier run of the same request that committed, or another key's request) completes with that
 * company instead of a second one.
 *
 * The company is generated in the generator's thread (generator.ts), so ingestion takes two steps on
 * the service's thread around it: the first finds what to generate (the store position and the
 * identity) and changes nothing; the second, after the answer, re-checks everything in the
 * transaction that stores the company and completes the request. Whatever moved in between (the
 * request finished, its domain or its position taken) is seen there, and the company is generated
 * again or not stored at all.
 */
import type { AddedIdentity } from '../dataset/generate';
import { DEFAULT_TODAY } from '../dataset/plan';
import {
  type CompanyRecord,
  findByDomain,
  type IndexSourceRow,
  indexSourceRow,
  prepareCompanyInsert,
} from '../store/companies';
import { type Db, getMeta } from '../store/db';
import { recordStatusChange } from '../webhooks/deliveries';
import { parseWebsite, unrealDomainReason } from './domain';
import type { DatasetParams } from './generator';
import { type AdditionRow, getRequest, moveRequest } from './queue';

export type IngestResult = { row: AdditionRow; added: IndexSourceRow | null };

/** A company generated for a store position. */
export type Generated = { idx: number; company: CompanyRecord };

/** What the generator is asked for, when a step finds the company still to be made. */
type GenerateNeed = { idx: number; identity: AddedIdentity };

/** Steps of one ingestion before it gives up on a position that keeps being taken under it. */
const MAX_GENERATIONS = 5;

/**
 * The stored dataset (seed, count, today from its meta) that added companies are generated against,
 * so that their investors, partners and customers are companies of the dataset.
 */
export function datasetParams(db: Db): DatasetParams {
  return {
    seed: Number(getMeta(db, 'dataset.seed') ?? 0),
    count: Number(getMeta(db, 'dataset.count') ?? 0),
    today: getMeta(db, 'dataset.today') ?? DEFAULT_TODAY,
  };
}

/** The home page an added company is listed with: the submitted host over https, no path. */
function homePage(hostname: string): string {
  return `https://${hostname}`;
}

/**
 * Finishes an `in_progress` request: `failed` with a reason, or `completed` with its company, which
 * `generate` makes when the store does not hold the domain yet. Resolves to undefined when the
 * request is not in progress (already finished). `isOpen` is asked after each generation: a service
 * that closed meanwhile stores nothing.
 */
export async function ingestRequest(
  db: Db,
  id: string,
  generate: (need: GenerateNeed) => Promise<CompanyRecord>,
  now: () => Date,
  isOpen: () => boolean = () => true,
): Promise<IngestResult | undefined> {
  let generated: Generated | undefined;
  for (let n = 0; ; n++) {
    const step = ingestStep(db, id, now(), generated);
    if (!('need' in step)) return step.result;
    if (n === MAX_GENERATIONS) throw new Error(`store position ${step.need.idx} kept being taken`);
    const company = await generate(step.need);
    if (!isOpen()) return undefined;
    generated = { idx: step.need.idx, company };
  }
}

/**
 * One transaction of an ingestion. With `generated` made for the position the store has free and
 * for this request's domain, the company is stored and the request completed; without it (or with
 * one that no longer fits), nothing changes and the step says what to generate.
 */
export function ingestStep(
  db: Db,
  id: string,
  now: Date,
  generated?: Generated,
): { result: IngestResult | undefined } | { need: GenerateNeed } {
  return db.transaction((): { result: IngestResult | undefined } | { need: GenerateNeed } => {
    const req = getRequest(db, id);
    if (req?.status !== 'in_progress') return { result: undefined };
    const fail = (reason: string) => {
      const row = moveRequest(db, id, 'in_progress', 'failed', now, { reason })!;
      recordStatusChange(db, row, now);
      return { result: { row, added: null } };
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
      const identity = { name: req.company_name, domain: site.domain, website: homePage(site.hostname) };
      const company = generated?.company;
      if (
        !company ||
        generated.idx !== next ||
        company.name !== identity.name ||
        company.domain !== identity.domain ||
        company.website !== identity.website
      )
        return { need: { idx: next, identity } };
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
    return { result: { row, added } };
  })();
}
