/**
 * What the Employees facet's box does with typed text: "50-200" ticks 51–200, "1000+" ticks every
 * band from 1,001 up. This is the one function the box calls.
 *
 * It reads whole-number ranges and bounds with the rule of decisions section 14 (a band counts
 * when the typed range covers at least half of it; "fewer than N" is 1 to N-1, "up to N" is 1 to
 * N). Size words ("small", "mid-market") are the describe box's; the contract's size-phrase parser
 * (`bff/contract/size-words.ts`, from the BFF's work on size words) is meant to take this
 * function's place, so the box and the description read sizes alike.
 */
import { HEADCOUNT_RANGES, type HeadcountRange } from '@contract/enums';

type Span = { lo: number; hi: number };

/** Each band as a span of head counts; the open top band is 10,001 and up. */
const BANDS: readonly (readonly [HeadcountRange, Span])[] = HEADCOUNT_RANGES.map((band) => {
  const [lo, hi] = band.replace('+', '').split('-');
  return [band, { lo: Number(lo), hi: hi === undefined ? Number.POSITIVE_INFINITY : Number(hi) }] as const;
});

const NUMBER = String.raw`(\d+(?:\.\d+)?k?)`;

function toNumber(text: string): number {
  return text.endsWith('k') ? Math.round(Number(text.slice(0, -1)) * 1000) : Number(text);
}

/** The span of head counts a text describes, or null. */
function spanOf(text: string): Span | null {
  const t = text
    .toLowerCase()
    .replace(/(\d),(?=\d{3}\b)/g, '$1')
    .replace(/[–—]/g, '-')
    .replace(/\b(employees?|people|persons?|staff|headcount|fte)\b/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  let m = new RegExp(`^(?:between )?${NUMBER} ?(?:-|to|and) ?${NUMBER}$`).exec(t);
  if (m) {
    const [a, b] = [toNumber(m[1]!), toNumber(m[2]!)];
    return { lo: Math.min(a, b), hi: Math.max(a, b) };
  }
  m = new RegExp(`^${NUMBER} ?(?:\\+|or more|and (?:more|up|above))$`).exec(t);
  if (m) return { lo: toNumber(m[1]!), hi: Number.POSITIVE_INFINITY };
  m = new RegExp(`^(?:over|more than|above|at least) ${NUMBER}$`).exec(t);
  if (m) {
    const n = toNumber(m[1]!);
    return { lo: t.startsWith('at least') ? n : n + 1, hi: Number.POSITIVE_INFINITY };
  }
  m = new RegExp(`^(?:fewer than|less than|under|below) ${NUMBER}$`).exec(t);
  if (m) return { lo: 1, hi: toNumber(m[1]!) - 1 };
  m = new RegExp(`^(?:up to|at most|max) ${NUMBER}$`).exec(t);
  if (m) return { lo: 1, hi: toNumber(m[1]!) };
  m = new RegExp(`^${NUMBER}$`).exec(t);
  if (m) {
    const n = toNumber(m[1]!);
    return { lo: n, hi: n };
  }
  return null;
}

/** How much of a band a span covers, as a share of the band (the open band: covered when the span is open too). */
function coverage(band: Span, span: Span): number {
  if (band.hi === Number.POSITIVE_INFINITY) return span.hi === Number.POSITIVE_INFINITY ? 1 : 0;
  const lo = Math.max(band.lo, span.lo);
  const hi = Math.min(band.hi, span.hi);
  return hi < lo ? 0 : (hi - lo + 1) / (band.hi - band.lo + 1);
}

/**
 * The bands a typed size means, smallest first; empty when the text is no size. A single number
 * is the band that holds it ("75" is 51–200).
 */
export function sizeBandsOf(text: string): HeadcountRange[] {
  const span = spanOf(text);
  if (!span || span.hi < 1 || !Number.isFinite(span.lo)) return [];
  if (span.lo === span.hi) {
    const holding = BANDS.find(([, b]) => span.lo >= b.lo && span.lo <= b.hi);
    return holding ? [holding[0]] : [];
  }
  return BANDS.filter(([, b]) => coverage(b, span) >= 0.5).map(([band]) => band);
}
