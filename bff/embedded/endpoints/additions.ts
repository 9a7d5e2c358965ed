/**
 * Company addition (service endpoints 10 and 11, docs/api.md, docs/product-rules.md, section 9). Submission and status are free
 * (`credits_consumed: 0`). Rules, in the order they apply:
 *
 * 1. Pay-as-you-go keys get 403: the plan has no additions.
 * 2. The body is checked (company_name, website); a website that is not a hostname is a 400, named
 *    with every other invalid field.
 * 3. A company with the website's registrable domain exists: `already_exists`, nothing is created.
 * 4. This key already has an open (pending or in-progress) request for the domain: that request is
 *    answered again instead of queueing a duplicate.
 * 5. Subscription keys create at most 100 requests per UTC day (`PLAN_RULES`), then 429 with
 *    `Retry-After` (seconds to the next UTC midnight). Only created requests count: answers 3 and 4
 *    create nothing and are given even when the day's allowance is spent.
 * 6. A pending request is created (202).
 */
import {
  AdditionRequest,
  type AdditionStatusResponse,
  type AdditionSubmitResponse,
} from '../../contract/api';
import { PLAN_LABELS, PLAN_RULES } from '../../contract/pricing';
import { parseWebsite } from '../additions/domain';
import {
  countCreatedSince,
  findOpenRequest,
  findRequest,
  insertRequest,
  statusRecord,
  utcDay,
} from '../additions/queue';
import type { ServiceContext } from '../context';
import { ApiProblem, invalid } from '../problem';
import type { ApiKey } from '../store/keys';
import { parseChecked, type ServiceCheck } from './validate';

export type Submitted = { status: 200 | 202; body: AdditionSubmitResponse };

function existingCompany(ctx: ServiceContext, domain: string): AdditionSubmitResponse['company'] {
  const row = ctx.db
    .prepare(
      `SELECT uuid, website, name, domain, json_extract(s_firmographic, '$.legal_name') AS legal_name
       FROM companies WHERE domain = ?`,
    )
    .get(domain) as
    | { uuid: string; website: string; name: string; domain: string; legal_name: string | null }
    | undefined;
  return row ? { ...row, legal_name: row.legal_name ?? row.name } : null;
}

export function submitAddition(ctx: ServiceContext, key: ApiKey, body: unknown): Submitted {
  const perDay = PLAN_RULES[key.plan].additionsPerDay;
  if (perDay === 0)
    throw new ApiProblem(
      403,
      `The ${PLAN_LABELS[key.plan]} plan cannot add companies; Subscription and Enterprise can.`,
    );
  // Whether the website is a hostname is the service's verdict, given beside the schema's so that a
  // bad name and a bad website are one 400.
  const websiteIsHost: ServiceCheck = (raw, reported) => {
    if (typeof raw.website !== 'string' || reported.has('website')) return [];
    const site = parseWebsite(raw.website);
    return site.ok ? [] : [{ path: 'website', message: site.message }];
  };
  const req = parseChecked(AdditionRequest, body, websiteIsHost);
  const site = parseWebsite(req.website);
  if (!site.ok) throw invalid([{ path: 'website', message: site.message }]);

  return ctx.db.transaction((): Submitted => {
    const company = existingCompany(ctx, site.domain);
    if (company)
      return {
        status: 200,
        body: {
          already_exists: true,
          company,
          request_id: null,
          status: null,
          domain: site.domain,
          credits_consumed: 0,
        },
      };
    const open = findOpenRequest(ctx.db, key.id, site.domain);
    if (open)
      return {
        status: 200,
        body: {
          already_exists: false,
          company: null,
          request_id: open.id,
          status: open.status,
          domain: site.domain,
          credits_consumed: 0,
        },
      };
    const now = ctx.now();
    if (perDay !== null) {
      const day = utcDay(now);
      if (countCreatedSince(ctx.db, key.id, day.start) >= perDay)
        throw new ApiProblem(
          429,
          `This key has made its ${perDay} addition requests for today (UTC); more are accepted from midnight UTC.`,
          { headers: { 'retry-after': String(day.secondsLeft) } },
        );
    }
    const row = insertRequest(ctx.db, {
      keyId: key.id,
      companyName: req.company_name,
      website: req.website,
      domain: site.domain,
      now,
    });
    return {
      status: 202,
      body: {
        already_exists: false,
        company: null,
        request_id: row.id,
        status: row.status,
        domain: row.domain,
        credits_consumed: 0,
      },
    };
  })();
}

/** Status of one of this key's requests; any other id (unknown, another key's, not a UUID) is a 404. */
export function additionStatus(ctx: ServiceContext, key: ApiKey, id: string): AdditionStatusResponse {
  const row = findRequest(ctx.db, id.trim().toLowerCase(), key.id);
  if (!row) throw new ApiProblem(404, `No company addition request ${id} for this API key.`);
  return { ...statusRecord(row), credits_consumed: 0 };
}
