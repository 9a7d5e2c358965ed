/**
 * What a run of a saved list may cost, without zod: the web app's first pages (the list builder's
 * Save list) read it, and must not build the service's schemas (web/src/app/first-load.test.ts).
 */
import { estimateListCost, type ListCostEstimate, type ListCostInput } from './list-cost';
import { LIST_TOTAL_CAP } from './list-params';
import { lookalikeSections } from './lookalike-cost';
import { credits, enrichmentCost, listGenerationCost, PLAN_RULES, type Plan } from './pricing';
import { everyMatchReadMax, SCREEN_ALL_MAX_COMPANIES, screenPerCompany } from './signal-cost';

/** A run reads at most this many companies (the service serves the first 500 matches). */
export const SAVED_LIST_MAX_MEMBERS = LIST_TOTAL_CAP;

/**
 * What one run of a saved list may cost on a plan: its first 500 companies without sections, in
 * pages the plan allows, plus what the BFF spends for company size and exclusions (the list
 * estimate's parts). Looking up companies that left the list is free (company search).
 *
 * A list with `seeds` on a plan with sections in lists is ranked by similarity to them: its pages
 * carry the sections the score reads (as the lookalikes' candidates do), and the seeds' profiles are
 * read by enrichment (free for a seed the list's pages hold: its row serves). On other plans the seeds
 * are only left out, at no extra cost.
 *
 * A list with signal filters (issue 36) screens its first 500 companies on every run, asked afresh:
 * each company's signal calls at their worst (growth 2.5, hiring 5, traffic 1); the list's pages
 * above are the ones the screening reads, and the run's own pages come from that screening.
 */
export function estimateSavedListRun(
  request: Omit<ListCostInput, 'sections' | 'limit'> & { screen?: 'first_500' | 'all' | undefined },
  plan: Plan,
  seeds = 0,
): ListCostEstimate {
  const rules = PLAN_RULES[plan];
  const max = rules.maxListLimit;
  const pages = Math.ceil(SAVED_LIST_MAX_MEMBERS / max);
  const ranked = seeds > 0 && rules.listSections;
  const sections = ranked ? lookalikeSections(plan) : [];
  const first = estimateListCost({ ...request, sections, limit: max }, plan);
  const parts = [...first.parts];
  if (pages > 1) {
    const page = listGenerationCost({
      matched: true,
      returned: max,
      sections,
      query: request.query !== undefined,
    });
    parts.splice(1, 0, {
      what: `${pages - 1} more pages of up to ${max} companies`,
      credits: credits((pages - 1) * page),
    });
  }
  parts[0] = {
    ...parts[0]!,
    what: `the list: up to ${Math.min(max, SAVED_LIST_MAX_MEMBERS)} companies${ranked ? ` with the ${sections.length} sections the similarity score reads` : ''}`,
  };
  const perCompany = screenPerCompany(request.filters);
  if (perCompany > 0 && request.screen === 'all')
    parts.push({
      what: `screening every match, up to ${SCREEN_ALL_MAX_COMPANIES.toLocaleString('en-US')} companies, by their signals (the list cut into slices and read)`,
      credits: credits(SCREEN_ALL_MAX_COMPANIES * perCompany + everyMatchReadMax(plan)),
    });
  else if (perCompany > 0)
    parts.push({
      what: `screening up to ${SAVED_LIST_MAX_MEMBERS} companies by their signals`,
      credits: credits(SAVED_LIST_MAX_MEMBERS * perCompany),
    });
  if (ranked) {
    parts.push({
      what: `your ${seeds === 1 ? 'seed company’s profile' : `${seeds} seed companies’ profiles`} (free for those the list holds)`,
      credits: credits(seeds * enrichmentCost(sections)),
    });
  }
  return {
    credits: credits(parts.reduce((sum, p) => sum + p.credits, 0)),
    // A list with fewer than 500 matches costs less: the figure is always a most.
    upTo: true,
    parts,
  };
}
