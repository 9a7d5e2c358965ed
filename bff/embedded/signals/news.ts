/**
 * News (docs/product-rules.md, section 10). A company's stories are derived from its own record: each funding
 * round, acquisition, partnership, product launch, leadership change, award, expansion, quarterly
 * result (listed companies), layoff (shrinking headcount) and closure becomes a story on its date,
 * plus a rare lawsuit or security incident for larger firms. The sentiment follows the kind of story
 * (funding positive, layoffs negative, results by revenue growth).
 *
 * Syndication: a story is published as several copies (the press release on a wire, then outlets
 * rewriting it), sharing a `story_id` but each with its own publisher, url, title wording and
 * date (same day or up to two days later). Prominent companies get more copies.
 */
import type { NewsArticle } from '../../contract/api';
import { slugify } from '../dataset/names';
import { capitalise, inSentence, money } from '../dataset/phrases';
import { hashInts, hashString, type Rng } from '../dataset/random';
import {
  activeWindow,
  employeesOf,
  industryNameOf,
  type SignalCompany,
  type SignalEnv,
  sectorOf,
} from './company';
import { fill, peoplePlural, type Vars } from './phrases';
import { DAY_MS, dayMs, signalRng } from './rng';

const NEWS_TAGS = [
  'funding',
  'mergers_and_acquisitions',
  'partnership',
  'product_launch',
  'leadership',
  'expansion',
  'financial_results',
  'layoffs',
  'award',
  'investment',
  'closure',
  'legal',
  'security_incident',
] as const;
type NewsTag = (typeof NEWS_TAGS)[number];
export type Sentiment = 'positive' | 'neutral' | 'negative';

type Story = {
  id: string;
  tag: NewsTag;
  sentiment: Sentiment;
  ms: number;
  vars: Vars;
  /** Company-issued news starts on a wire; other news breaks in an outlet. */
  wire: boolean;
};

const HEADLINES: Readonly<Record<NewsTag | 'funding_undisclosed', readonly string[]>> = {
  funding_undisclosed: [
    '{C} raises {round} round led by {lead}',
    '{C} closes {round} round',
    '{lead} backs {C} in {round} round',
  ],
  funding: [
    '{C} raises {amount} {round} led by {lead}',
    '{C} secures {amount} in {round} funding',
    '{industry} startup {C} lands {amount} from {lead}',
    '{lead} backs {C} with {amount} {round}',
    '{C} closes {amount} {round} to expand {product}',
  ],
  mergers_and_acquisitions: [
    '{acquirer} acquires {target}{price}',
    '{acquirer} buys {target} to strengthen its {industry} offering',
    '{acquirer} snaps up {target}{price}',
    '{target} to join {acquirer} in acquisition deal',
  ],
  partnership: [
    '{C} partners with {partner}',
    '{C} and {partner} announce strategic partnership',
    '{partner} teams up with {C} on {industry}',
    '{C} inks partnership deal with {partner}',
  ],
  product_launch: [
    '{C} launches {product}',
    '{C} unveils {product}, {product_blurb}',
    'Meet {product}: {C} takes aim at {area}',
    '{C} rolls out {product} for {audience}',
  ],
  leadership: [
    '{C} {appoints} {person} as {title}',
    '{person} {joins} {C} as {title}',
    '{C} names {person} {title}',
    'Leadership change at {C}: {person} {joins} as {title}',
  ],
  expansion: [
    '{C} expands into {country}',
    '{C} opens office in {city}',
    '{C} bets on {country} with new {city} hub',
  ],
  financial_results: [
    '{C} reports {quarter} results; revenue {direction} {growth}%',
    '{C} {quarter} revenue {direction} {growth}% year on year',
    '{C} shares move after {quarter} earnings',
  ],
  layoffs: [
    '{C} to cut about {jobs} jobs',
    '{C} lays off {pct}% of staff',
    '{C} announces restructuring, {jobs} roles affected',
  ],
  award: ['{C} named to {award}', '{C} recognised in {award}', '{award}: {C} makes the list'],
  investment: [
    '{C} {led} {target} {round}',
    '{target} raises {round} with backing from {C}',
    '{C} invests in {target}',
  ],
  closure: ['{C} shuts down', '{C} to wind down operations', '{industry} company {C} closes its doors'],
  legal: [
    '{C} faces lawsuit over {issue}',
    '{C} hit with lawsuit over {issue}',
    'Lawsuit targets {C} over {issue}',
  ],
  security_incident: [
    '{C} discloses data breach',
    '{C} confirms security incident affecting customer data',
    'Hackers hit {C}; company says {scope}',
  ],
};

const SUMMARIES: Readonly<Record<NewsTag | 'funding_undisclosed', readonly string[]>> = {
  funding_undisclosed: ['{C}, {descr}, closed a {round} round led by {lead}; the amount was not disclosed.'],
  funding: [
    '{C}, {descr}, raised {amount} in a {round} round led by {lead}. The company plans to use the money to grow its team and expand {product}.',
    '{C} closed a {amount} {round} round with {lead} leading. It will spend the funds on product development and international growth.',
  ],
  mergers_and_acquisitions: [
    '{acquirer} agreed to acquire {target}{price}. The deal adds {target} products and team to {acquirer}.',
    '{acquirer} announced the acquisition of {target}{price}, extending its position in {industry}.',
  ],
  partnership: [
    '{C} and {partner} announced a partnership: {detail}',
    '{C} signed a partnership with {partner}. {detail}',
  ],
  product_launch: [
    '{C} released {product}, {product_blurb}. The launch targets {audience}.',
    '{C} introduced {product}. According to the company, it helps {audience} with {area}.',
  ],
  leadership: [
    '{C} {appoints} {person} as {title}. The move comes as the company {stage}.',
    '{person} {joins} {C} as {title}, a change in the leadership team of the {industry} company.',
  ],
  expansion: [
    '{C} opened an office in {city} to serve customers in {country}, its latest step in international growth.',
    '{C} is expanding into {country} with a team in {city}.',
  ],
  financial_results: [
    '{C} reported {quarter} revenue {direction} {growth}% from a year earlier. Management {outlook}.',
    'For {quarter}, {C} posted revenue {direction} {growth}% year on year; the company {outlook}.',
  ],
  layoffs: [
    '{C} is cutting about {jobs} jobs, roughly {pct}% of its workforce, as it reduces costs.',
    '{C} announced a restructuring that affects about {jobs} employees ({pct}% of staff).',
  ],
  award: ['{C} was named to {award}, recognising its growth and products in {industry}.'],
  investment: ['{C} {led} the {round} of {target}, adding it to its portfolio.'],
  closure: [
    '{C} announced it would wind down operations after {years} years. Customers were told to migrate by the end of the quarter.',
  ],
  legal: [
    '{C} faces legal action over {issue}. The company said it would defend itself and that the claims were without merit.',
  ],
  security_incident: [
    '{C} disclosed a security incident; {scope}. It has notified affected customers and engaged forensic experts.',
  ],
};

const SENTIMENTS: Readonly<Record<NewsTag, Sentiment>> = {
  funding: 'positive',
  mergers_and_acquisitions: 'positive',
  partnership: 'positive',
  product_launch: 'positive',
  leadership: 'neutral',
  expansion: 'positive',
  financial_results: 'neutral',
  layoffs: 'negative',
  award: 'positive',
  investment: 'neutral',
  closure: 'negative',
  legal: 'negative',
  security_incident: 'negative',
};

type Publisher = { name: string; host: string };

const WIRES: readonly Publisher[] = [
  { name: 'Business Wire', host: 'www.businesswire.com' },
  { name: 'PR Newswire', host: 'www.prnewswire.com' },
  { name: 'GlobeNewswire', host: 'www.globenewswire.com' },
];

const GENERAL: readonly Publisher[] = [
  { name: 'Reuters', host: 'www.reuters.com' },
  { name: 'Bloomberg', host: 'www.bloomberg.com' },
  { name: 'Yahoo Finance', host: 'finance.yahoo.com' },
  { name: 'MarketWatch', host: 'www.marketwatch.com' },
  { name: 'Forbes', host: 'www.forbes.com' },
  { name: 'Axios', host: 'www.axios.com' },
  { name: 'TechCrunch', host: 'techcrunch.com' },
  { name: 'Financial Times', host: 'www.ft.com' },
];

const TRADE: Readonly<Record<string, readonly Publisher[]>> = {
  Software: [
    { name: 'SiliconANGLE', host: 'siliconangle.com' },
    { name: 'The Register', host: 'www.theregister.com' },
  ],
  'AI & Data': [
    { name: 'VentureBeat', host: 'venturebeat.com' },
    { name: 'The Information', host: 'www.theinformation.com' },
  ],
  'IT & Telecom': [
    { name: 'Light Reading', host: 'www.lightreading.com' },
    { name: 'Data Center Dynamics', host: 'www.datacenterdynamics.com' },
  ],
  'Hardware & Electronics': [
    { name: 'The Verge', host: 'www.theverge.com' },
    { name: 'EE Times', host: 'www.eetimes.com' },
  ],
  'Financial Services': [
    { name: 'Finextra', host: 'www.finextra.com' },
    { name: 'American Banker', host: 'www.americanbanker.com' },
  ],
  Healthcare: [
    { name: 'Fierce Healthcare', host: 'www.fiercehealthcare.com' },
    { name: 'MobiHealthNews', host: 'www.mobihealthnews.com' },
  ],
  'Life Sciences': [
    { name: 'Fierce Biotech', host: 'www.fiercebiotech.com' },
    { name: 'Endpoints News', host: 'endpts.com' },
  ],
  'Energy & Utilities': [
    { name: 'Utility Dive', host: 'www.utilitydive.com' },
    { name: 'Canary Media', host: 'www.canarymedia.com' },
  ],
  Industrials: [
    { name: 'IndustryWeek', host: 'www.industryweek.com' },
    { name: 'Manufacturing Dive', host: 'www.manufacturingdive.com' },
  ],
  'Automotive & Mobility': [
    { name: 'Automotive News', host: 'www.autonews.com' },
    { name: 'Electrek', host: 'electrek.co' },
  ],
  'Transportation & Logistics': [
    { name: 'FreightWaves', host: 'www.freightwaves.com' },
    { name: 'Supply Chain Dive', host: 'www.supplychaindive.com' },
  ],
  'Real Estate & Construction': [
    { name: 'Construction Dive', host: 'www.constructiondive.com' },
    { name: 'The Real Deal', host: 'therealdeal.com' },
  ],
  Consumer: [
    { name: 'Modern Retail', host: 'www.modernretail.co' },
    { name: 'Food Dive', host: 'www.fooddive.com' },
  ],
  'Retail & E-commerce': [
    { name: 'Retail Dive', host: 'www.retaildive.com' },
    { name: 'Modern Retail', host: 'www.modernretail.co' },
  ],
  'Hospitality & Travel': [
    { name: 'Skift', host: 'skift.com' },
    { name: 'PhocusWire', host: 'www.phocuswire.com' },
  ],
  'Media & Entertainment': [
    { name: 'Variety', host: 'variety.com' },
    { name: 'The Hollywood Reporter', host: 'www.hollywoodreporter.com' },
  ],
  'Marketing & Advertising': [
    { name: 'Adweek', host: 'www.adweek.com' },
    { name: 'Marketing Dive', host: 'www.marketingdive.com' },
  ],
  Education: [
    { name: 'EdSurge', host: 'www.edsurge.com' },
    { name: 'Higher Ed Dive', host: 'www.highereddive.com' },
  ],
  'Professional Services': [
    { name: 'Consultancy.org', host: 'www.consultancy.org' },
    { name: 'Law.com', host: 'www.law.com' },
  ],
  'Agriculture & Natural Resources': [
    { name: 'AgFunderNews', host: 'agfundernews.com' },
    { name: 'Mining.com', host: 'www.mining.com' },
  ],
  'Public Sector & Nonprofit': [
    { name: 'Devex', host: 'www.devex.com' },
    { name: 'GovTech', host: 'www.govtech.com' },
  ],
};

const LOCAL: Readonly<Record<string, Publisher>> = {
  DEU: { name: 'Handelsblatt', host: 'www.handelsblatt.com' },
  FRA: { name: 'Les Echos', host: 'www.lesechos.fr' },
  GBR: { name: 'City A.M.', host: 'www.cityam.com' },
  IND: { name: 'The Economic Times', host: 'economictimes.indiatimes.com' },
  JPN: { name: 'Nikkei Asia', host: 'asia.nikkei.com' },
  CAN: { name: 'The Globe and Mail', host: 'www.theglobeandmail.com' },
  AUS: { name: 'Australian Financial Review', host: 'www.afr.com' },
  ESP: { name: 'Expansión', host: 'www.expansion.com' },
  ITA: { name: 'Il Sole 24 Ore', host: 'www.ilsole24ore.com' },
  NLD: { name: 'Het Financieele Dagblad', host: 'fd.nl' },
  SWE: { name: 'Dagens industri', host: 'www.di.se' },
  BRA: { name: 'Valor Econômico', host: 'valor.globo.com' },
  SGP: { name: 'The Business Times', host: 'www.businesstimes.com.sg' },
  CHN: { name: 'Caixin Global', host: 'www.caixinglobal.com' },
  ISR: { name: 'Calcalist', host: 'www.calcalistech.com' },
  USA: { name: 'The Wall Street Journal', host: 'www.wsj.com' },
};

const WIRE_TAGS: ReadonlySet<NewsTag> = new Set([
  'funding',
  'mergers_and_acquisitions',
  'partnership',
  'product_launch',
  'leadership',
  'expansion',
  'financial_results',
  'award',
  'investment',
]);

const LEGAL_ISSUES = [
  'billing practices',
  'a patent dispute',
  'data privacy',
  'misleading marketing claims',
  'a contract dispute',
];

function partialMs(d: { year?: number; month?: number; day?: number }): number | null {
  if (!d.year) return null;
  return Date.UTC(d.year, (d.month ?? 6) - 1, d.day ?? 15, 12);
}

function quarterOf(ms: number): string {
  const d = new Date(ms);
  return `Q${Math.floor(d.getUTCMonth() / 3) + 1} ${d.getUTCFullYear()}`;
}

/** Every story of a company, oldest first. */
export function companyStories(c: SignalCompany, env: SignalEnv): Story[] {
  const r = signalRng(env.seed, c.uuid, 'news-stories');
  const s = c.sections;
  const [startMs, endMs] = activeWindow(c, env);
  const product = s.product_offering.products[0];
  const base: Vars = {
    C: c.name,
    industry: inSentence(industryNameOf(c)),
    descr: `a ${inSentence(industryNameOf(c))} company based in ${s.location.hq.city}`,
    product: product?.name ?? c.name,
    product_blurb: product
      ? product.description.replace(/\.$/, '').replace(/^[A-Z]/, (x) => x.toLowerCase())
      : '',
    area: inSentence(product?.category ?? industryNameOf(c)),
    audience: peoplePlural(s.product_offering.target_personas[0]),
  };
  const stories: Omit<Story, 'id'>[] = [];
  const add = (tag: NewsTag, ms: number | null, vars: Vars, sentiment: Sentiment = SENTIMENTS[tag]) => {
    if (ms === null) return;
    const at = Math.min(endMs, Math.max(startMs, ms));
    stories.push({ tag, sentiment, ms: at, vars: { ...base, ...vars }, wire: WIRE_TAGS.has(tag) });
  };

  for (const round of s.funding_detail.funding_rounds) {
    const lead =
      round.investors.find((i) => i.lead_investor)?.name ?? round.investors[0]?.name ?? 'existing investors';
    add('funding', dayMs(round.date), {
      round: round.round.label,
      amount: round.amount_usd ? money(round.amount_usd) : '',
      lead,
      ...(round.amount_usd ? {} : { variant: 'funding_undisclosed' }),
    });
  }
  for (const a of s.mna_and_investment.acquisitions) {
    add('mergers_and_acquisitions', dayMs(a.date), {
      acquirer: c.name,
      target: a.target.name,
      price: a.amount_usd ? ` for ${money(a.amount_usd)}` : '',
    });
  }
  const by = s.mna_and_investment.acquired_by;
  if (by) {
    add(
      'mergers_and_acquisitions',
      dayMs(by.date),
      {
        acquirer: by.company.name,
        target: c.name,
        price: by.amount_usd ? ` for ${money(by.amount_usd)}` : '',
      },
      'neutral',
    );
  }
  for (const p of s.strategic_signal.partnership) {
    add('partnership', partialMs(p.announced_on), { partner: p.name, detail: p.description });
  }
  s.product_offering.products.forEach((p, i) => {
    if (p.launched_year === null) return;
    add('product_launch', Date.UTC(p.launched_year, r.int(0, 11), r.int(1, 28), 12), {
      product: p.name,
      product_blurb: p.description.replace(/\.$/, '').replace(/^[A-Z]/, (x) => x.toLowerCase()),
      area: inSentence(p.category),
      n: String(i),
    });
  });
  for (const m of s.strategic_signal.recent_move) {
    if (m.type.code === 'expansion') {
      const country = m.title.replace(/^Expansion into /, '');
      const city = m.description.match(/office in (.+?) to serve/)?.[1] ?? country;
      add('expansion', partialMs(m.announced_on), { country, city });
    } else if (m.type.code === 'investment') {
      const target = m.title.replace(/^(Led|Joined) /, '').replace(/'s .*$/, '');
      const round = m.title.replace(/^.*'s /, '');
      add('investment', partialMs(m.announced_on), {
        target,
        round,
        led: m.title.startsWith('Led') ? 'leads' : 'joins',
      });
    } else if (m.type.code === 'shutdown') {
      const ms = partialMs(m.announced_on);
      add('closure', ms, {
        years: String(
          Math.max(1, new Date(ms ?? endMs).getUTCFullYear() - (s.firmographic.founded_year ?? 2000)),
        ),
      });
    }
  }
  for (const ch of s.management_profile.leadership_changes) {
    add(
      'leadership',
      dayMs(ch.date),
      {
        person: ch.name,
        title: ch.title,
        appoints: ch.change === 'joined' ? 'appoints' : 'announces departure of',
        joins: ch.change === 'joined' ? 'joins' : 'leaves',
        stage: s.headcount.growth_12m_pct >= 0 ? 'continues to grow' : 'reorganises',
      },
      ch.change === 'joined' ? 'neutral' : 'negative',
    );
  }
  for (const a of s.trust_signal.awards) {
    add('award', Date.UTC(a.year, r.int(2, 10), r.int(1, 28), 12), { award: `${a.title} ${a.year}` });
  }
  if (s.firmographic.company_type.code === 'public' && !by) {
    const growth = s.financial_estimate.revenue_growth_pct ?? 0;
    for (let q = 1; q <= 8; q++) {
      const ms = endMs - q * 91 * DAY_MS + r.int(-10, 10) * DAY_MS;
      const g = Math.round((growth + r.normal(0, 4)) * 10) / 10;
      add(
        'financial_results',
        ms,
        {
          quarter: quarterOf(ms - 45 * DAY_MS),
          direction: g >= 0 ? 'up' : 'down',
          growth: String(Math.abs(g)),
          outlook:
            g >= 5
              ? 'raised its full-year outlook'
              : g < 0
                ? 'cut its full-year guidance'
                : 'kept its outlook unchanged',
        },
        g >= 5 ? 'positive' : g < 0 ? 'negative' : 'neutral',
      );
    }
  }
  const growth = s.headcount.growth_12m_pct;
  if (growth <= -8 && employeesOf(c) >= 20) {
    const pct = Math.max(5, Math.round(-growth * 0.8));
    add('layoffs', endMs - r.int(30, 330) * DAY_MS, {
      jobs: String(Math.max(5, Math.round((employeesOf(c) * pct) / 100 / 5) * 5)),
      pct: String(pct),
    });
  }
  const size = Math.log10(employeesOf(c) + 1);
  if (r.chance(0.04 * size)) {
    add('legal', endMs - r.int(20, 1500) * DAY_MS, { issue: r.pick(LEGAL_ISSUES) });
  }
  if (r.chance(0.02 * size)) {
    add('security_incident', endMs - r.int(20, 1500) * DAY_MS, {
      scope: r.pick([
        'no payment data was accessed',
        'some customer contact details were exposed',
        'services were restored within a day',
      ]),
    });
  }
  stories.sort((a, b) => a.ms - b.ms);
  return stories.map((st, i) => ({
    ...st,
    id: `st_${hashInts(env.seed, hashString(c.uuid), i, st.ms % 1e9).toString(36)}${i.toString(36)}`,
  }));
}

function copiesOf(c: SignalCompany, story: Story, r: Rng): number {
  // Bigger companies and bigger stories get picked up by more outlets.
  const reach =
    Math.log10(employeesOf(c) + 1) +
    (story.tag === 'funding' || story.tag === 'mergers_and_acquisitions' ? 0.8 : 0);
  const extra = Math.floor(reach * (0.3 + 0.5 * r.next()));
  return Math.max(1, Math.min(6, (story.wire ? 1 : 0) + extra));
}

function publishersOf(c: SignalCompany, story: Story, n: number, r: Rng): Publisher[] {
  const outlets = r.sample(
    [
      ...GENERAL,
      ...(TRADE[sectorOf(c)] ?? []),
      ...(LOCAL[c.sections.location.hq.country.code] ? [LOCAL[c.sections.location.hq.country.code]!] : []),
    ],
    n,
  );
  return story.wire ? [r.pick(WIRES), ...outlets].slice(0, n) : outlets;
}

function articleUrl(p: Publisher, date: string, title: string, id: string): string {
  const slug = slugify(title).slice(0, 90);
  const [y, m, d] = date.split('-');
  if (p.host === 'www.businesswire.com')
    return `https://${p.host}/news/home/${y}${m}${d}${id.slice(-6)}/en/${slug}`;
  if (p.host === 'www.prnewswire.com') return `https://${p.host}/news-releases/${slug}-${id.slice(-9)}.html`;
  return `https://${p.host}/${y}/${m}/${d}/${slug}/`;
}

/** The copies of one story, the original first. */
function storyArticles(c: SignalCompany, env: SignalEnv, story: Story): NewsArticle[] {
  const r = signalRng(env.seed, c.uuid, `news-copies:${story.id}`);
  const n = copiesOf(c, story, r);
  const publishers = publishersOf(c, story, n, r);
  const variant = story.vars.variant === 'funding_undisclosed' ? 'funding_undisclosed' : story.tag;
  const heads = HEADLINES[variant];
  const first = r.int(0, heads.length - 1);
  const summary = capitalise(fill(r.pick(SUMMARIES[variant]), story.vars));
  const endMs = dayMs(env.today);
  return publishers.map((p, k) => {
    const title = capitalise(fill(heads[(first + k) % heads.length]!, story.vars));
    const ms =
      Math.min(endMs, story.ms + (k === 0 ? 0 : r.int(0, 2) * DAY_MS)) -
      4 * 3600_000 +
      r.int(0, 9 * 60) * 60_000;
    const published = new Date(ms).toISOString();
    const id = `nw_${hashInts(env.seed, hashString(story.id), k).toString(36)}${k}`;
    return {
      id,
      title,
      published_date: published,
      publisher: p.name,
      primary_tag: story.tag,
      sentiment: story.sentiment,
      ai_summary: summary,
      url: articleUrl(p, published.slice(0, 10), title, id),
      company_uuid: c.uuid,
      story_id: story.id,
    };
  });
}

export function companyArticles(c: SignalCompany, env: SignalEnv): NewsArticle[] {
  return companyStories(c, env).flatMap((s) => storyArticles(c, env, s));
}

type NewsFilter = { from?: string; to?: string; words?: readonly string[]; unique: boolean };

/** Newest first (ties by id); date bounds inclusive on the calendar day; one copy per story if `unique`. */
export function selectArticles(
  articles: readonly NewsArticle[],
  f: NewsFilter,
  matches: (a: NewsArticle) => boolean,
): NewsArticle[] {
  let out = articles.filter((a) => {
    const day = a.published_date.slice(0, 10);
    return (!f.from || day >= f.from) && (!f.to || day <= f.to) && matches(a);
  });
  if (f.unique) {
    // Keep the first copy of each story that passed the filters: the original where it did.
    const earliest = new Map<string, NewsArticle>();
    for (const a of out) {
      const seen = earliest.get(a.story_id);
      if (
        !seen ||
        a.published_date < seen.published_date ||
        (a.published_date === seen.published_date && a.id < seen.id)
      )
        earliest.set(a.story_id, a);
    }
    out = [...earliest.values()];
  }
  return out.sort((a, b) =>
    a.published_date < b.published_date ? 1 : a.published_date > b.published_date ? -1 : a.id < b.id ? -1 : 1,
  );
}
