/**
 * Writing and reading company rows. A company is written once with every section; reads fetch
 * only the identity columns and the section columns a request names.
 */
import type { COMPANY_STATUSES } from '../../contract/enums';
import type { FilterGroup } from '../../contract/filters';
import { STORED_SECTIONS, type StoredSection } from '../../contract/section-names';
import type { Sections } from '../../contract/sections';
import { normalizeText } from '../../contract/text';
import { extractFacets } from '../query/facets';
import { type Db, sectionColumn, statement } from './db';

export type CompanyStatus = (typeof COMPANY_STATUSES)[number];

export type CompanyRecord = {
  uuid: string;
  name: string;
  website: string;
  /** Registrable domain (tldts), unique across the data set. */
  domain: string;
  product_category: string | null;
  company_type: 'private' | 'public';
  company_status: CompanyStatus;
  /** Stable prominence score behind `relevance` ranking; higher is more prominent. */
  prominence: number;
  sections: Sections;
};

export type CompanyIdentityRow = {
  idx: number;
  uuid: string;
  name: string;
  website: string;
  domain: string;
  product_category: string | null;
  company_type: 'private' | 'public';
  company_status: CompanyStatus;
};

const COLUMNS = [
  'idx',
  'uuid',
  'name',
  'website',
  'domain',
  'product_category',
  'company_type',
  'company_status',
  'prominence',
  'revenue_usd',
  'valuation_usd',
  'employee_count',
  'total_funding_usd',
  'founded_year',
  'search_name',
  'facets',
  ...STORED_SECTIONS.map(sectionColumn),
  'origin',
  'created_at',
];

/** The fields a row must carry for the query index: the sort columns and the filterable values. */
type IndexedFields = Pick<CompanyRecord, 'uuid' | 'prominence'> & {
  sections: Pick<Sections, FilterGroup | 'headcount'>;
};

/** What the query index reads of a company: one definition for the store, the tests and the benchmark. */
export function indexSourceRow(idx: number, c: IndexedFields): IndexSourceRow {
  const s = c.sections;
  return {
    idx,
    uuid: c.uuid,
    prominence: c.prominence,
    revenue_usd: s.financial_estimate.revenue_usd,
    valuation_usd: s.financial_estimate.valuation_usd,
    employee_count: s.headcount.employee_count,
    total_funding_usd: s.funding_detail.funding_overview.total_funding_usd,
    founded_year: s.firmographic.founded_year,
    facets: JSON.stringify(extractFacets(s)),
  };
}

/** The row values of a company, in COLUMNS order. */
export function companyRowValues(
  idx: number,
  c: CompanyRecord,
  origin: string,
  createdAt: string,
): unknown[] {
  const s = c.sections;
  const indexed = indexSourceRow(idx, c);
  return [
    idx,
    c.uuid,
    c.name,
    c.website,
    c.domain,
    c.product_category,
    c.company_type,
    c.company_status,
    c.prominence,
    indexed.revenue_usd,
    indexed.valuation_usd,
    indexed.employee_count,
    indexed.total_funding_usd,
    indexed.founded_year,
    normalizeText(c.name),
    indexed.facets,
    ...STORED_SECTIONS.map((name) => JSON.stringify(s[name])),
    origin,
    createdAt,
  ];
}

/** Inserts a row given as `companyRowValues` (seeding workers serialise rows off the main thread). */
export function prepareCompanyRowInsert(db: Db) {
  const stmt = db.prepare(
    `INSERT INTO companies (${COLUMNS.join(', ')}) VALUES (${COLUMNS.map(() => '?').join(', ')})`,
  );
  return (values: unknown[]) => stmt.run(...values);
}

export function prepareCompanyInsert(db: Db) {
  const insertRow = prepareCompanyRowInsert(db);
  return (idx: number, c: CompanyRecord, origin = 'seed', createdAt = new Date().toISOString()) =>
    insertRow(companyRowValues(idx, c, origin, createdAt));
}

export function countCompanies(db: Db): number {
  return (db.prepare('SELECT COUNT(*) AS n FROM companies').get() as { n: number }).n;
}

const IDENTITY = 'idx, uuid, name, website, domain, product_category, company_type, company_status';

export function findByUuid(db: Db, uuid: string): CompanyIdentityRow | undefined {
  return statement(db, `SELECT ${IDENTITY} FROM companies WHERE uuid = ?`).get(uuid) as
    | CompanyIdentityRow
    | undefined;
}

export function findByDomain(db: Db, domain: string): CompanyIdentityRow | undefined {
  return statement(db, `SELECT ${IDENTITY} FROM companies WHERE domain = ?`).get(domain) as
    | CompanyIdentityRow
    | undefined;
}

/**
 * Identity and the named sections of the given companies, in the order of `idxs`.
 * Sections come back parsed; a missing company is left out.
 */
export function loadCompanies(
  db: Db,
  idxs: readonly number[],
  sections: readonly StoredSection[],
): (CompanyIdentityRow & { sections: Partial<Sections> })[] {
  if (idxs.length === 0) return [];
  const cols = [IDENTITY, ...sections.map(sectionColumn)].join(', ');
  const rows = new Map<number, Record<string, unknown>>();
  // SQLite caps bound parameters; 500 (the list cap) is well within the default limit of 32766.
  const stmt = statement(db, `SELECT ${cols} FROM companies WHERE idx IN (SELECT value FROM json_each(?))`);
  for (const row of stmt.all(JSON.stringify(idxs)) as Record<string, unknown>[])
    rows.set(row.idx as number, row);
  const out: (CompanyIdentityRow & { sections: Partial<Sections> })[] = [];
  for (const idx of idxs) {
    const row = rows.get(idx);
    if (!row) continue;
    const parsed: Partial<Sections> = {};
    for (const s of sections) {
      (parsed as Record<string, unknown>)[s] = JSON.parse(row[sectionColumn(s)] as string);
    }
    out.push({
      idx,
      uuid: row.uuid as string,
      name: row.name as string,
      website: row.website as string,
      domain: row.domain as string,
      product_category: row.product_category as string | null,
      company_type: row.company_type as 'private' | 'public',
      company_status: row.company_status as CompanyStatus,
      sections: parsed,
    });
  }
  return out;
}

export type IndexSourceRow = {
  idx: number;
  uuid: string;
  prominence: number;
  revenue_usd: number | null;
  valuation_usd: number | null;
  employee_count: number | null;
  total_funding_usd: number | null;
  founded_year: number | null;
  facets: string;
};

/** Streams what the query index is built from, in idx order. */
export function iterateIndexSource(db: Db, fromIdx = 0): IterableIterator<IndexSourceRow> {
  return db
    .prepare(
      `SELECT idx, uuid, prominence, revenue_usd, valuation_usd, employee_count, total_funding_usd, founded_year, facets
       FROM companies WHERE idx >= ? ORDER BY idx`,
    )
    .iterate(fromIdx) as IterableIterator<IndexSourceRow>;
}
