/**
 * Investors by the names reps use for them. The translator gives an investor's name to
 * `ctx.resolveInvestor` (the service looks it up among the investors of its data, by the first
 * words of their names: "Sequoia" finds Sequoia Capital); these are the short forms whose first
 * words are not the name's ("a16z" for Andreessen Horowitz, "YC" for Y Combinator).
 *
 * `bare`: distinctive enough to read with no "backed by" around it ("YC fintechs", "a16z SaaS",
 * "excluding YC companies"); the others are read only after an investor's trigger ("backed by
 * Tiger", "where Index led a round"), since the word is something else first ("tiger", "index").
 */
export type InvestorAlias = { name: string; bare?: boolean };

export const INVESTOR_ALIASES: Readonly<Record<string, InvestorAlias>> = {
  a16z: { name: 'Andreessen Horowitz', bare: true },
  'andreessen horowitz': { name: 'Andreessen Horowitz', bare: true },
  andreessen: { name: 'Andreessen Horowitz' },
  yc: { name: 'Y Combinator', bare: true },
  ycombinator: { name: 'Y Combinator', bare: true },
  'y combinator': { name: 'Y Combinator', bare: true },
  bvp: { name: 'Bessemer Venture Partners', bare: true },
  bessemer: { name: 'Bessemer Venture Partners' },
  lsvp: { name: 'Lightspeed Venture Partners', bare: true },
  gv: { name: 'GV' },
  'google ventures': { name: 'GV', bare: true },
  '500 startups': { name: '500 Global', bare: true },
  tiger: { name: 'Tiger Global Management' },
  'tiger global': { name: 'Tiger Global Management' },
  softbank: { name: 'SoftBank Vision Fund' },
  index: { name: 'Index Ventures' },
  insight: { name: 'Insight Partners' },
  thrive: { name: 'Thrive Capital' },
  kleiner: { name: 'Kleiner Perkins' },
  kpcb: { name: 'Kleiner Perkins', bare: true },
  'sequoia capital': { name: 'Sequoia Capital', bare: true },
  sequoia: { name: 'Sequoia Capital', bare: true },
  techstars: { name: 'Techstars', bare: true },
  usv: { name: 'Union Square Ventures', bare: true },
  'union square': { name: 'Union Square Ventures' },
  'vision fund': { name: 'SoftBank Vision Fund' },
  'sequoia india': { name: 'Peak XV Partners', bare: true },
  'sequoia china': { name: 'HongShan', bare: true },
  hgcapital: { name: 'Hg' },
  'hg capital': { name: 'Hg' },
  'general atlantic': { name: 'General Atlantic', bare: true },
  'general catalyst': { name: 'General Catalyst', bare: true },
  'founders fund': { name: 'Founders Fund', bare: true },
  'khosla ventures': { name: 'Khosla Ventures', bare: true },
  'index ventures': { name: 'Index Ventures', bare: true },
  'tiger global management': { name: 'Tiger Global Management', bare: true },
};

/** The name to look up for a name as written: its alias's, or itself. */
export function investorName(written: string): string {
  return Object.hasOwn(INVESTOR_ALIASES, written) ? INVESTOR_ALIASES[written]!.name : written;
}
