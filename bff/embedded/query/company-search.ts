/**
 * Company search (service endpoint 8, docs/api.md; docs/product-rules.md, section 8): resolves a company by id, website
 * (registrable domain) or name. Name matches are scored: exact name 1.0, name prefix 0.7-0.95 by how
 * much of the name the text covers, all words present 0.4-0.7; ties go to the more prominent company.
 */
import type { CompanySearchRecord } from '../../contract/api';
import { normalizeText } from '../../contract/text';
import type { CompanyStatus } from '../store/companies';
import type { Db } from '../store/db';
import { registrableDomain } from '../store/resolve';

type CompanySearchParams = {
  query?: string;
  name?: string;
  website?: string;
  uuid?: string;
  limit: number;
};

type Row = {
  idx: number;
  uuid: string;
  name: string;
  website: string;
  domain: string;
  product_category: string | null;
  company_status: CompanyStatus;
  prominence: number;
  search_name: string;
};

const COLS = 'idx, uuid, name, website, domain, product_category, company_status, prominence, search_name';

function toRecord(r: Row, score: number): CompanySearchRecord {
  return {
    uuid: r.uuid,
    name: r.name,
    website: r.website,
    domain: r.domain,
    product_category: r.product_category,
    company_status: r.company_status,
    score: Math.round(score * 1000) / 1000,
  };
}

function byUuid(db: Db, uuid: string): CompanySearchRecord[] {
  const r = db.prepare(`SELECT ${COLS} FROM companies WHERE uuid = ?`).get(uuid.trim()) as Row | undefined;
  return r ? [toRecord(r, 1)] : [];
}

function byWebsite(db: Db, website: string): CompanySearchRecord[] {
  const domain = registrableDomain(website);
  if (!domain) return [];
  const r = db.prepare(`SELECT ${COLS} FROM companies WHERE domain = ?`).get(domain) as Row | undefined;
  return r ? [toRecord(r, 1)] : [];
}

function byName(db: Db, name: string, limit: number): CompanySearchRecord[] {
  const norm = normalizeText(name);
  if (norm === '') return [];
  const scored = new Map<number, { row: Row; score: number }>();
  const offer = (row: Row, score: number) => {
    const prev = scored.get(row.idx);
    if (!prev || prev.score < score) scored.set(row.idx, { row, score });
  };

  for (const row of db.prepare(`SELECT ${COLS} FROM companies WHERE search_name = ?`).all(norm) as Row[]) {
    offer(row, 1);
  }
  const prefixRows = db
    .prepare(
      `SELECT ${COLS} FROM companies WHERE search_name > ? AND search_name < ? ORDER BY prominence DESC LIMIT 200`,
    )
    .all(norm, `${norm}\u{10FFFF}`) as Row[];
  for (const row of prefixRows) offer(row, 0.7 + 0.25 * (norm.length / row.search_name.length));

  const words = norm.split(' ');
  const match = `name : (${words.map((w, i) => (i === words.length - 1 ? `"${w}"*` : `"${w}"`)).join(' ')})`;
  const wordRows = db
    .prepare(
      `SELECT ${COLS.split(', ')
        .map((c) => `c.${c}`)
        .join(', ')} FROM companies_fts f JOIN companies c ON c.idx = f.rowid
       WHERE companies_fts MATCH ? ORDER BY c.prominence DESC LIMIT 200`,
    )
    .all(match) as Row[];
  for (const row of wordRows) {
    const coverage = Math.min(1, norm.length / row.search_name.length);
    offer(row, 0.4 + 0.3 * coverage);
  }

  return [...scored.values()]
    .sort(
      (a, b) =>
        b.score - a.score || b.row.prominence - a.row.prominence || (a.row.uuid < b.row.uuid ? -1 : 1),
    )
    .slice(0, limit)
    .map((s) => toRecord(s.row, s.score));
}

function looksLikeWebsite(text: string): boolean {
  return /^(https?:\/\/)?[^\s/]+\.[^\s/]+/i.test(text.trim()) && registrableDomain(text) !== undefined;
}

export function searchCompanies(db: Db, p: CompanySearchParams): CompanySearchRecord[] {
  if (p.uuid !== undefined) return byUuid(db, p.uuid);
  if (p.website !== undefined) return byWebsite(db, p.website);
  if (p.name !== undefined) return byName(db, p.name, p.limit);
  const q = p.query ?? '';
  const exactId = byUuid(db, q);
  if (exactId.length > 0) return exactId;
  if (looksLikeWebsite(q)) {
    const site = byWebsite(db, q);
    if (site.length > 0) return site;
  }
  return byName(db, q, p.limit);
}
