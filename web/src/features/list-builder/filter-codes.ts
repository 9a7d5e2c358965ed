/**
 * NAICS and SIC codes with titles for the code pickers, loaded on first use with a dynamic
 * import so the lists (about 40 KB gzip) stay out of the first load.
 */
import type { IndustryCode } from '@contract/industry-codes';
import { queryOptions, useQuery } from '@tanstack/react-query';

export type CodeSystem = 'naics' | 'sic';
export type CodeList = {
  readonly list: readonly IndustryCode[];
  readonly titles: ReadonlyMap<string, string>;
};

async function loadCodes(): Promise<Record<CodeSystem, CodeList>> {
  const { NAICS_CODES, SIC_CODES } = await import('@contract/industry-codes');
  // Sectors spanning several two-digit codes ('31-33') are filtered by each two-digit code.
  const naics = NAICS_CODES.flatMap((c) => {
    const m = /^(\d\d)-(\d\d)$/.exec(c.code);
    if (!m) return [c];
    const out: IndustryCode[] = [];
    for (let n = Number(m[1]); n <= Number(m[2]); n++) out.push({ code: String(n), title: c.title });
    return out;
  });
  const index = (list: readonly IndustryCode[]): CodeList => ({
    list,
    titles: new Map(list.map((c) => [c.code, c.title])),
  });
  return { naics: index(naics), sic: index(SIC_CODES) };
}

const industryCodesQueryOptions = queryOptions({
  queryKey: ['reference', 'industry-codes'],
  queryFn: loadCodes,
  staleTime: Number.POSITIVE_INFINITY,
  gcTime: Number.POSITIVE_INFINITY,
});

export function useIndustryCodes(enabled = true) {
  return useQuery({ ...industryCodesQueryOptions, enabled });
}

const fold = (s: string) =>
  s
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase();

/**
 * Codes matching what was typed: digits match codes by prefix (shortest codes first), words
 * match titles (every word must appear; titles starting with the first word first).
 */
export function searchCodes(list: readonly IndustryCode[], query: string, limit = 30): IndustryCode[] {
  const q = fold(query.trim());
  if (q === '') return [];
  if (/^\d+$/.test(q)) {
    return list
      .filter((c) => c.code.startsWith(q))
      .sort((a, b) => a.code.length - b.code.length || a.code.localeCompare(b.code))
      .slice(0, limit);
  }
  const words = q.split(/\s+/);
  const hits = list.filter((c) => {
    const t = fold(c.title);
    return words.every((w) => t.includes(w));
  });
  const first = words[0] ?? '';
  return hits
    .sort((a, b) => {
      const as = fold(a.title).startsWith(first) ? 0 : 1;
      const bs = fold(b.title).startsWith(first) ? 0 : 1;
      return as - bs || a.code.length - b.code.length || a.code.localeCompare(b.code);
    })
    .slice(0, limit);
}

/** Options of a local list (countries, regions) matching what was typed, by name or code. */
export function searchOptions<T extends { code: string | number; label: string }>(
  options: readonly T[],
  query: string,
  limit = 30,
): T[] {
  const q = fold(query.trim());
  if (q === '') return [];
  const starts: T[] = [];
  const contains: T[] = [];
  for (const o of options) {
    const label = fold(o.label);
    if (label.startsWith(q) || fold(String(o.code)) === q) starts.push(o);
    else if (label.includes(q) || label.split(/[\s,()-]+/).some((w) => w.startsWith(q))) contains.push(o);
  }
  return [...starts, ...contains].slice(0, limit);
}
