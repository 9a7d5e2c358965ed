/**
 * Writes `seeds.labelled.json`, the labelled set lookalikes are measured on (issue 16), from the
 * bench's data set (25,000 companies, seed 42: `npm run bench` seeds it under data/bench/25000).
 * Written before the lookalike code was tuned, and committed as data: rerunning this script on the
 * same data set gives the same file.
 *
 * 40 seed sets, 10 each of 1, 3, 5 and 10 seeds. A set's seeds are drawn from one industry (a
 * company's industry is its primary, first-listed one); three sets of each size above one swap one
 * seed for an outlier from another sector. Industries are drawn uniformly from the operating ones
 * with at least 30 companies in operation; seeds are companies in operation (not closed, not
 * acquired). Every third seed is written as its website rather than its id, so both forms are used.
 *
 * Labels, as the issue defines them: `industry` is the industry most seeds share (the set's
 * industry), `band` the seeds' median headcount band (the lower median for an even count).
 *
 * Run: npx tsx bff/server/lookalikes/make-labelled.ts [data dir, default data/bench/25000]
 */
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { HEADCOUNT_RANGES, type HeadcountRange } from '../../contract/enums';
import { Rng } from '../../embedded/dataset/random';
import { industryByCode } from '../../embedded/dataset/taxonomy';
import { loadCompanies } from '../../embedded/store/companies';
import { databaseFile, openDatabase } from '../../embedded/store/db';

/** The fixed seed of the draw. */
const DRAW_SEED = 1616;
const SIZES = [1, 3, 5, 10] as const;
const SETS_PER_SIZE = 10;
const OUTLIER_SETS_PER_SIZE = 3;
const MIN_INDUSTRY_COMPANIES = 30;

export type LabelledSet = {
  id: string;
  size: number;
  outlier: boolean;
  /** What the request sends: ids, and every third seed as its website. */
  seeds: string[];
  /** The seeds' ids, in the same order. */
  seed_uuids: string[];
  /** The industry most seeds share, and its name. */
  industry: string;
  industry_name: string;
  /** The seeds' median headcount band. */
  band: HeadcountRange;
};

type Company = { uuid: string; website: string; industry: string; band: HeadcountRange; sector: string };

function main() {
  const dir = process.argv[2] ?? 'data/bench/25000';
  const db = openDatabase(databaseFile(dir));
  const idxs = (db.prepare('SELECT idx FROM companies ORDER BY idx').all() as { idx: number }[]).map(
    (r) => r.idx,
  );
  if (idxs.length !== 25_000)
    throw new Error(`${dir} holds ${idxs.length} companies, not the bench's 25,000`);
  const companies: Company[] = [];
  for (const c of loadCompanies(db, idxs, ['industry', 'firmographic'])) {
    const industry = c.sections.industry?.industry[0]?.code;
    const firmographic = c.sections.firmographic;
    const sector = industry ? industryByCode(industry) : undefined;
    if (!industry || !firmographic || !sector || sector.investorKind) continue;
    const status = firmographic.operating_status.code;
    if (status === 'closed' || status === 'acquired') continue;
    companies.push({
      uuid: c.uuid,
      website: c.website,
      industry,
      band: firmographic.headcount_range as HeadcountRange,
      sector: sector.sector,
    });
  }
  db.close();

  const byIndustry = new Map<string, Company[]>();
  for (const c of companies) byIndustry.set(c.industry, [...(byIndustry.get(c.industry) ?? []), c]);
  const industries = [...byIndustry.keys()]
    .filter((code) => (byIndustry.get(code)?.length ?? 0) >= MIN_INDUSTRY_COMPANIES)
    .sort();

  const rng = new Rng(DRAW_SEED);
  const sets: LabelledSet[] = [];
  let nth = 0;
  for (const size of SIZES) {
    for (let i = 0; i < SETS_PER_SIZE; i++) {
      const industry = rng.pick(industries);
      const pool = byIndustry.get(industry) ?? [];
      const outlier = size > 1 && i < OUTLIER_SETS_PER_SIZE;
      const chosen = rng.sample(pool, outlier ? size - 1 : size);
      if (outlier) {
        const sector = chosen[0]!.sector;
        const others = companies.filter((c) => c.sector !== sector);
        // The outlier takes a random place in the set.
        chosen.splice(rng.int(0, chosen.length), 0, rng.pick(others));
      }
      const bands = chosen.map((c) => HEADCOUNT_RANGES.indexOf(c.band)).sort((a, b) => a - b);
      sets.push({
        id: `${size}-${String(i + 1).padStart(2, '0')}${outlier ? '-outlier' : ''}`,
        size,
        outlier,
        seeds: chosen.map((c) => (nth++ % 3 === 2 ? c.website : c.uuid)),
        seed_uuids: chosen.map((c) => c.uuid),
        industry,
        industry_name: industryByCode(industry)?.name ?? industry,
        band: HEADCOUNT_RANGES[bands[(bands.length - 1) >> 1]!]!,
      });
    }
  }
  const file = path.join(import.meta.dirname, 'seeds.labelled.json');
  writeFileSync(file, `${JSON.stringify(sets, null, 2)}\n`);
  console.log(`${sets.length} seed sets written to ${file}`);
}

main();
