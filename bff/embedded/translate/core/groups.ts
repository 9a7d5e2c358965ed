/**
 * How the rule modules plug into the translator. Each module in `rules/` exports one `RuleGroup`;
 * `translate.ts` lists them in `GROUPS`. The pipeline runs phase by phase (`PHASES`), and within a
 * phase the groups' steps in `GROUPS` order. A new group (company size words, negation) is a new
 * module with steps in the phases where its words must be read, and one line in `GROUPS`; where in
 * `GROUPS` it goes decides whom it runs before within a phase.
 */
import type { Step } from './runner';
import type { State } from './state';

/**
 * Order = priority: a phase reads the phrases that hold words a later phase would otherwise take.
 * - codes: self-contained phrases holding common words: "naics 5112", "unicorns", "global", industry
 *   names holding "ai" or "media" ("generative ai").
 * - rounds: a funding stage with its round conditions ("a series a of $10m in 2023"), raise dates.
 * - names: a trigger followed by names ("led by", "backed by", "partners of", "customers include"),
 *   partner kinds and tiers.
 * - numbers: amounts of money, founding years, numbers of rounds.
 * - ownership: status and ownership words, then "<name> backed".
 * - places: countries, regions and groupings, cities.
 * - words: the remaining phrase tables (company type, business model, technology, assessment).
 * - late: readings that make sense only once everything else took its words ("<name> partners").
 * What no phase read goes to industry search (`rules/industry.ts`) or is reported unmatched.
 */
const PHASES = ['codes', 'rounds', 'names', 'numbers', 'ownership', 'places', 'words', 'late'] as const;
export type Phase = (typeof PHASES)[number];

export type RuleGroup = {
  name: string;
  /** The group's steps per phase, in the order they run within the phase. */
  steps: Partial<Record<Phase, readonly Step[]>>;
  /** Regular-expression sources of the group's patterns: their words are never typo-corrected. */
  vocabulary?: readonly string[];
  /** Runs after every step (in `GROUPS` order), before the leftovers: writes what the steps gathered. */
  finish?: (st: State) => void;
};

/** The steps of all groups in running order. */
export function pipelineOf(groups: readonly RuleGroup[]): Step[] {
  return PHASES.flatMap((phase) => groups.flatMap((g) => g.steps[phase] ?? []));
}
