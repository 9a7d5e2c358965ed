/**
 * Matching one account row to a company (docs/decisions/0017-account-lists.md), through the free
 * company search only. The ladder, first rung that holds wins:
 *
 * 1. the website's registrable domain (tldts: scheme, `www.`, path, port, other subdomains do not
 *    matter) is a company's: `exact domain` (5) when the row names the company's own host, `same
 *    registrable domain` (4) when another subdomain of it (`app.`, `blog.`);
 * 2. no company has that domain, but one found by the row's name or by the domain's name part has a
 *    domain with the same name part (`hsbc.net` for `hsbc.com`): `sister domain` (3); several such
 *    companies: `several candidates` (1);
 * 3. by name: one company of exactly that name (case, accents, punctuation, "&"/"and" and legal
 *    suffixes such as Inc or GmbH aside): `exact name` (3); several: `several candidates` (1); else
 *    one company whose name is close (the row's words start it, or a spelling a letter or two off):
 *    `close name` (2); several close ones: `several candidates` (1);
 * 4. `none` (0).
 *
 * The search is injected (`Search`): the BFF's goes through `deps.port`, paced, with retries.
 */
import { getDomain, getDomainWithoutSuffix, getHostname } from 'tldts';
import { type Candidate, MATCH_REASONS, MAX_CANDIDATES, type MatchReason } from '../../contract/accounts';
import { normalizeText } from '../../contract/text';
import type { RowResult } from './records';

/** One company of a search answer, as the BFF reads it (the real service sends no `domain`). */
export type SearchRecord = { uuid: string; name: string; website: string; domain: string };

export type SearchParams = { website: string } | { name: string; limit?: number };
export type Search = (params: SearchParams) => Promise<SearchRecord[]>;

// ---------------------------------------------------------------------------------------------
// Domains

export type ParsedDomain = {
  /** The host as written, lower case, without `www.`. */
  host: string;
  /** Its registrable domain (`acme.co.uk`). */
  registrable: string;
  /** The registrable domain without its public suffix (`acme`). */
  label: string;
};

/** A website or domain in any common spelling (or an e-mail address), or null when it names none. */
export function parseDomain(raw: string): ParsedDomain | null {
  let text = raw.trim().toLowerCase();
  if (text === '' || /\s/.test(text)) return null;
  const at = text.lastIndexOf('@');
  if (at !== -1 && !text.includes('/')) text = text.slice(at + 1);
  const host = getHostname(text.includes('://') ? text : `http://${text}`);
  if (!host?.includes('.')) return null;
  const registrable = getDomain(host, { allowPrivateDomains: false });
  const label = registrable ? getDomainWithoutSuffix(registrable, { allowPrivateDomains: false }) : null;
  if (!registrable || !label) return null;
  return { host: host.replace(/^www\d*\./, ''), registrable, label };
}

/** A company's registrable domain: its `domain` field, or its website's. */
export function domainOf(r: { domain?: string | null; website?: string | null }): string {
  const d = r.domain ? parseDomain(r.domain) : null;
  if (d) return d.registrable;
  const w = r.website ? parseDomain(r.website) : null;
  return w?.registrable ?? r.domain ?? '';
}

function hostOf(website: string): string | null {
  return parseDomain(website)?.host ?? null;
}

// ---------------------------------------------------------------------------------------------
// Names

const LEGAL_SUFFIXES = new Set([
  'inc',
  'incorporated',
  'llc',
  'l l c',
  'ltd',
  'limited',
  'corp',
  'corporation',
  'co',
  'company',
  'plc',
  'gmbh',
  'ag',
  'kg',
  'se',
  'sa',
  'sas',
  'sarl',
  'srl',
  'spa',
  'bv',
  'nv',
  'ab',
  'as',
  'asa',
  'oy',
  'oyj',
  'aps',
  'pty',
  'pte',
  'kk',
  'lp',
  'llp',
  'sl',
  'sro',
  'zrt',
  'kft',
]);

/**
 * The name as it is searched for: its words as written, without trailing legal suffixes ("Acme
 * Inc." as "Acme") nor a dangling "&" or comma left by them.
 */
export function searchText(name: string): string {
  const words = name.trim().split(/\s+/);
  while (words.length > 1) {
    const last = normalizeText(words[words.length - 1]!);
    if (last === '' || LEGAL_SUFFIXES.has(last.replace(/ /g, ''))) words.pop();
    else break;
  }
  return words.join(' ').replace(/[\s,;&]+$/, '');
}

/** A company name compared: normalised text, "&" as "and", a leading "the" and legal suffixes dropped. */
export function nameKey(name: string): string {
  const words = normalizeText(name.replace(/&/g, ' and ')).split(' ').filter(Boolean);
  if (words[0] === 'the' && words.length > 1) words.shift();
  while (words.length > 1) {
    const last = words[words.length - 1]!;
    const lastTwo = words.slice(-2).join(' ');
    if (LEGAL_SUFFIXES.has(last)) words.pop();
    else if (LEGAL_SUFFIXES.has(lastTwo.replace(/ /g, ''))) words.splice(-2, 2);
    else break;
  }
  return words.join(' ');
}

function bigrams(s: string): Map<string, number> {
  const m = new Map<string, number>();
  for (let i = 0; i < s.length - 1; i++) {
    const g = s.slice(i, i + 2);
    m.set(g, (m.get(g) ?? 0) + 1);
  }
  return m;
}

/** Dice coefficient of letter pairs (spaces ignored): 1 for the same letters in the same order. */
export function dice(a: string, b: string): number {
  const x = a.replace(/ /g, '');
  const y = b.replace(/ /g, '');
  if (x === y) return 1;
  if (x.length < 2 || y.length < 2) return 0;
  const bx = bigrams(x);
  const by = bigrams(y);
  let common = 0;
  for (const [g, n] of bx) common += Math.min(n, by.get(g) ?? 0);
  return (2 * common) / (x.length - 1 + (y.length - 1));
}

/** Optimal string alignment distance: insertions, deletions, substitutions, adjacent swaps. */
export function editDistance(a: string, b: string): number {
  if (a === b) return 0;
  const m = a.length;
  const n = b.length;
  let prev2 = new Array<number>(n + 1).fill(0);
  let prev = Array.from({ length: n + 1 }, (_, j) => j);
  for (let i = 1; i <= m; i++) {
    const cur = new Array<number>(n + 1);
    cur[0] = i;
    for (let j = 1; j <= n; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let v = Math.min(prev[j]! + 1, cur[j - 1]! + 1, prev[j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1])
        v = Math.min(v, prev2[j - 2]! + 1);
      cur[j] = v;
    }
    prev2 = prev;
    prev = cur;
  }
  return prev[n]!;
}

/**
 * How close a company's name is to the row's (both `nameKey`s), 0-1: the row's words starting the
 * company's name score by how much of it they cover, at least 0.6 (the other way round at least
 * 0.5, at most 0.8); otherwise the better of the letter-pair similarity and 1 - edits / length (a letter dropped,
 * doubled, swapped or mistyped).
 */
export function nameCloseness(row: string, company: string): number {
  if (row === company) return 1;
  // The row's words start the company's name ("Spedarais" for "Spedarais Align"); the company's
  // start the row's ("Brookloop" for "Brookloop Ril") weighs less: the row says more than it.
  if (row !== '' && company.startsWith(`${row} `)) return 0.6 + 0.4 * (row.length / company.length);
  if (company !== '' && row.startsWith(`${company} `)) return 0.5 + 0.3 * (company.length / row.length);
  const edits = 1 - editDistance(row, company) / Math.max(row.length, company.length);
  return Math.max(dice(row, company), edits);
}

/** A close name: one candidate this close, and no other near it. */
export const CLOSE_NAME = 0.85;
/** A plausible candidate, listed when several are. */
export const PLAUSIBLE = 0.6;

// ---------------------------------------------------------------------------------------------
// The ladder

const candidate = (r: SearchRecord): Candidate => ({ uuid: r.uuid, name: r.name, domain: r.domain });

function result(reason: MatchReason, hit?: SearchRecord, candidates: SearchRecord[] = []): RowResult {
  return {
    uuid: hit?.uuid ?? null,
    name: hit?.name ?? null,
    domain: hit?.domain ?? null,
    confidence: MATCH_REASONS[reason],
    reason,
    candidates: candidates.slice(0, MAX_CANDIDATES).map(candidate),
  };
}

export type Matched = { result: RowResult; requests: number };

/** Matches one row. `search` may throw (rate limit, upstream down): the caller retries the row. */
export async function matchRow(
  row: { name: string | null; domain: string | null },
  search: Search,
): Promise<Matched> {
  let requests = 0;
  const memo = new Map<string, SearchRecord[]>();
  const ask = async (p: SearchParams): Promise<SearchRecord[]> => {
    const key = 'website' in p ? `w:${p.website}` : `n:${p.name}:${p.limit ?? ''}`;
    const known = memo.get(key);
    if (known) return known;
    requests++;
    const got = (await search(p)).map((r) => ({ ...r, domain: domainOf(r) }));
    memo.set(key, got);
    return got;
  };
  const name = row.name?.trim() ? row.name.trim().slice(0, 300) : null;
  const key = name ? nameKey(name) : '';
  const d = row.domain ? parseDomain(row.domain) : null;

  if (d) {
    const hit = (await ask({ website: d.registrable })).find((r) => r.domain === d.registrable);
    if (hit) {
      const own = new Set([hit.domain, hostOf(hit.website)].filter((h): h is string => h !== null));
      return { result: result(own.has(d.host) ? 'exact domain' : 'same registrable domain', hit), requests };
    }
    // A sister domain: the same name part under another suffix, found by the row's name or by it.
    const pool = new Map<string, SearchRecord>();
    for (const q of new Set([name, d.label].filter((q): q is string => !!q && nameKey(q) !== ''))) {
      for (const r of await ask({ name: q })) pool.set(r.uuid, r);
    }
    const sisters = [...pool.values()].filter(
      (r) => r.domain !== d.registrable && parseDomain(r.domain)?.label === d.label,
    );
    if (sisters.length === 1) return { result: result('sister domain', sisters[0]), requests };
    if (sisters.length > 1) {
      // The row's name may single one out.
      const named = name ? sisters.filter((r) => nameKey(r.name) === key) : [];
      if (named.length === 1) return { result: result('sister domain', named[0]), requests };
      return { result: result('several candidates', undefined, sisters), requests };
    }
  }

  if (!name || key === '') return { result: result('none'), requests };
  // Searched without its legal suffix ("Acme Inc." as "Acme"), then as written if that finds it not.
  const text = searchText(name) || name;
  const exactIn = (recs: readonly SearchRecord[]) => recs.filter((r) => nameKey(r.name) === key);
  let found = await ask({ name: text });
  if (exactIn(found).length === 0 && text !== name) {
    const more = await ask({ name });
    found = [...found, ...more.filter((r) => !found.some((f) => f.uuid === r.uuid))];
  }
  let exact = exactIn(found);
  let scored = rank(key, found);
  if (exact.length === 0 && (scored.length === 0 || scored[0]!.score < PLAUSIBLE)) {
    // A misspelt name finds nothing as a whole: its first word, or its first letters, find the
    // company's neighbours (the real service's search may be fuzzy itself; the embedded one is not).
    const first = key.split(' ')[0]!;
    const probes = [
      ...(first.length >= 3 && first !== key ? [first] : []),
      ...(key.length >= 5 && !key.includes(' ') ? [key.slice(0, 4)] : []),
    ];
    for (const probe of probes) {
      const neighbours = await ask({ name: probe, limit: 50 });
      exact = exactIn(neighbours);
      const more = rank(key, neighbours).filter((s) => s.score >= CLOSE_NAME);
      if (exact.length > 0 || more.length > 0) {
        if (more.length > 0) scored = more;
        break;
      }
    }
  }
  if (exact.length > 1) {
    // "Sparkvault Company" when the data has "Sparkvault" and "Sparkvault Company": the one written
    // exactly so.
    const written = exact.filter((r) => normalizeText(r.name) === normalizeText(name));
    if (written.length === 1) exact = written;
  }
  if (exact.length === 1) return { result: result('exact name', exact[0]), requests };
  if (exact.length > 1) return { result: result('several candidates', undefined, exact), requests };
  const plausible = scored.filter((s) => s.score >= PLAUSIBLE);
  const best = plausible[0];
  if (!best) return { result: result('none'), requests };
  const second = plausible[1];
  if (!second || (best.score >= CLOSE_NAME && second.score < best.score - 0.1))
    return { result: result('close name', best.record), requests };
  return {
    result: result(
      'several candidates',
      undefined,
      plausible.map((s) => s.record),
    ),
    requests,
  };
}

function rank(key: string, found: readonly SearchRecord[]): { record: SearchRecord; score: number }[] {
  return found
    .map((record) => ({ record, score: nameCloseness(key, nameKey(record.name)) }))
    .sort((a, b) => b.score - a.score || (a.record.uuid < b.record.uuid ? -1 : 1));
}
