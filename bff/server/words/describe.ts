/**
 * A description taken apart before the translator sees it: its size phrases, its phrases with a
 * meaning of their own ("without funding"), its negated criteria, and the rest, which goes to the
 * filter-builder as it is. Pure: no upstream.
 *
 * Order: size phrases are found first (in the whole text: a size can be negated, "not small"), then
 * phrases with a meaning of their own, then negations (`findNegations`, whose scope stops at the
 * phrases already read). A size phrase inside a negated scope is a negated size; the rest of that
 * scope, if it holds a content word, is a negated phrase for the translator.
 */
import type { HeadcountRange } from '../../contract/enums';
import { contentWords } from '../../contract/function-words';
import { findNegations } from '../../contract/negation-words';
import { findSizePhrases, type SizePhrase } from '../../contract/size-words';
import { findNegatedBackers } from './negated-backers';
import { findOwnMeaning, type OwnMeaningPhrase } from './own-meaning';
import { findSignalPhrases, type SignalPhrase } from './signal-words';

export type SizeWords = { text: string; bands: HeadcountRange[] };

/** A negated criterion for the translator: the chip's words and the words to translate. */
export type NegatedPhrase = { text: string; scope: string };

export type Description = {
  /** What goes to the filter-builder as the description; null when only function words are left. */
  rest: string | null;
  sizes: SizeWords[];
  /** Sizes inside a negation: their bands are excluded. */
  negatedSizes: SizeWords[];
  own: OwnMeaningPhrase[];
  /** Signal words ("hiring SDRs", "fast-growing"): the BFF's signal filters (./signal-words.ts). */
  signals: SignalPhrase[];
  negated: NegatedPhrase[];
};

type Span = { start: number; end: number };

/** The text without the spans, each replaced by a space; separators left doubled or dangling dropped. */
function without(text: string, spans: readonly Span[]): string {
  let out = '';
  let at = 0;
  for (const s of [...spans].sort((a, b) => a.start - b.start)) {
    if (s.start < at) continue;
    out += `${text.slice(at, s.start)} `;
    at = s.end;
  }
  out += text.slice(at);
  return out
    .replace(/\s+/g, ' ')
    .replace(/\s*([,;])(?:\s*[,;])+/g, '$1')
    .replace(/\s+([,;.])/g, '$1')
    .replace(/^[\s,;:.]+|[\s,;:]+$/g, '');
}

/** Whether the description holds size, negation or own-meaning words; null when none (sent as is). */
export function readDescription(text: string): Description | null {
  // An investor before a negated backing verb ("that a16z hasn't backed") is that investor's
  // negation, read before "never funded" could mean no funding at all.
  const backers = findNegatedBackers(text);
  // Signal words next: a number in "headcount up 20%" or "50k visits" is no company size.
  const signals = findSignalPhrases(text).filter(
    (p) => !backers.some((b) => p.start < b.end && p.end > b.start),
  );
  const sizes = findSizePhrases(text).filter((s) => !signals.some((p) => s.start < p.end && s.end > p.start));
  const own = findOwnMeaning(text).filter(
    (o) => ![...sizes, ...signals, ...backers].some((s) => o.start < s.end && o.end > s.start),
  );
  // a cue inside a size phrase belongs to it: "no more than 200 employees" is a size
  const negations = findNegations(text, { read: [...own, ...signals, ...backers] }).filter(
    (n) => !sizes.some((s) => n.start >= s.start && n.start < s.end),
  );
  const nothing = [sizes, own, signals, negations, backers].every((found) => found.length === 0);
  if (nothing) return null;

  const shouting = text === text.toUpperCase();
  const inside = (s: SizePhrase, n: { scopeStart: number; scopeEnd: number }) =>
    s.start >= n.scopeStart && s.end <= n.scopeEnd;
  const negatedSizes: SizeWords[] = [];
  const negated: NegatedPhrase[] = [];
  for (const n of negations) {
    const held = sizes.filter((s) => inside(s, n));
    for (const s of held) negatedSizes.push({ text: `${n.cue} ${s.text}`, bands: s.bands });
    const scope = without(text.slice(0, n.scopeEnd), [{ start: 0, end: n.scopeStart }, ...held]);
    // "backed by Accel but not by Sequoia": the negated investor is read as what it is
    const words = /^by\s/i.test(scope) ? `backed ${scope}` : scope;
    if (contentWords(scope, shouting).length > 0)
      negated.push({ text: held.length > 0 ? `${n.cue} ${scope}` : n.text, scope: words });
  }
  for (const b of backers) negated.push({ text: b.text, scope: b.scope });
  const positive = sizes.filter((s) => !negations.some((n) => inside(s, n)));
  const rest = without(text, [...sizes, ...own, ...signals, ...negations, ...backers]);
  return {
    rest: contentWords(rest, shouting).length > 0 ? rest : null,
    sizes: positive.map((s) => ({ text: s.text, bands: s.bands })),
    negatedSizes,
    own,
    signals,
    negated,
  };
}
