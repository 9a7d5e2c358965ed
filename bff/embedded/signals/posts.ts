/**
 * Social posts (service endpoint 6, docs/api.md): the company's LinkedIn page over the last two years (or since
 * founding; up to the closure for a closed company). How often it posts grows with its headcount;
 * engagement with its LinkedIn following (`digital_presence`). Texts talk about its own products,
 * partners, customers, offices, hiring and events; mentions carry the ids of the companies named.
 * Post i (0 = newest) is computed alone, like the reviews.
 */
import type { Post } from '../../contract/api';
import { inSentence, num, roughCount } from '../dataset/phrases';
import type { Rng } from '../dataset/random';
import {
  activeWindow,
  employeesOf,
  industryNameOf,
  type SignalCompany,
  type SignalEnv,
  sectorOf,
} from './company';
import { fill, jobTitles, peoplePlural, type Vars } from './phrases';
import { apportion, DAY_MS, isoDay, itemRng, signalRng, spreadTime } from './rng';

/** Posts reach back this far: what a page's feed shows. */
const FEED_DAYS = 730;

const CONTENT_TYPES = ['image', 'text', 'document', 'linkedInVideo'] as const;
const CONTENT_WEIGHTS = [0.48, 0.17, 0.12, 0.23];

const CLASSES = [
  'Product & technology',
  'Brand & occasion',
  'Hiring & culture',
  'Events',
  'Partnerships & customers',
  'Other',
] as const;
type PostClass = (typeof CLASSES)[number];
const CLASS_WEIGHTS = [0.3, 0.16, 0.16, 0.12, 0.14, 0.12];

const TEMPLATES: Readonly<Record<PostClass, readonly string[]>> = {
  'Product & technology': [
    'New in {P}: {feature_title}. {benefit_sentence} Try it today and tell us what you think. #{tag} #ProductUpdate',
    'How do {audience} {benefit}? We asked our customers and built {P} around the answers. Here is what changed this quarter 👇 #{tag}',
    '{P} now works with {tool}. Set it up in minutes from your settings page. #{tag} #Integrations',
    'Behind the build: our {team} team explains how {P} handles {area} at scale. Read the full write-up on our blog. #{tag}',
    'We just shipped {feature_title} in {P}. {benefit_sentence} #{tag}',
  ],
  'Brand & occasion': [
    'Happy {occasion} from all of us at {C}! 🎉',
    '{years} years ago {C} started in {city}. Thank you to every customer, partner and colleague who got us here. #{tag}',
    'This {occasion}, we are celebrating the people who make {C} what it is.',
    'We are now {headcount_rough} people strong. Thank you for building this with us!',
  ],
  'Hiring & culture': [
    "We're hiring! Looking for a {role} to join our team in {city}. Apply via the link in the comments. #hiring #{tag}",
    'Meet {person}, our {person_title}: "{quote}" #LifeAt{handle}',
    'Our {city} team got together this week for our quarterly offsite. Great conversations, better food. #LifeAt{handle}',
    'Growing the team: {open_roles} open roles across {team} and sales. Come build {P} with us. #hiring',
  ],
  Events: [
    'Join us at {event} — find the {C} team at booth {booth} and see {P} live. #{tag}',
    'Missed our webinar on {area}? The recording is now available. #{tag} #webinar',
    '{person} will speak at {event} about the future of {industry}. See you there!',
    'Thank you to everyone who stopped by at {event}. Great conversations about {area}! #{tag}',
  ],
  'Partnerships & customers': [
    'We are excited to partner with {partner} to bring {P} to more {audience}. #{tag} #partnership',
    'Customer story: how {customer} uses {P} for {area}. Read the case study on our website. #{tag}',
    'Proud to welcome {customer} as a customer of {P}! #{tag}',
    '{partner} and {C}: better together. Learn how our joint customers get more out of {area}. #partnership',
  ],
  Other: [
    'Our take on the state of {industry} in {year}: three trends we are watching, and what they mean for {audience}. #{tag}',
    'Reading list: the best things our team read about {area} this month. #{tag}',
    'Quick poll: what is your biggest challenge with {area} right now? Let us know in the comments.',
  ],
};

/** Product posts of companies that do not ship software. */
const OFFLINE_PRODUCT_TEMPLATES = [
  'Introducing {P}: {benefit_sentence} Available now. #{tag}',
  'Our {team} team spent the year improving {P}. Here is what is new, and why it matters for {audience}. #{tag}',
  'Behind the scenes in {city}: how {P} is made, checked and shipped. #{tag}',
  'What makes {P} different? Three things our customers tell us every week. #{tag}',
];

const FEATURES = [
  'smarter search',
  'custom dashboards',
  'bulk editing',
  'an AI assistant',
  'faster exports',
  'team workspaces',
  'scheduled reports',
  'a redesigned mobile experience',
  'audit logs',
  'offline mode',
];
const TOOLS = [
  'Salesforce',
  'HubSpot',
  'Slack',
  'Microsoft Teams',
  'Google Workspace',
  'SAP',
  'Shopify',
  'Zapier',
  'Snowflake',
];
const TEAMS = ['engineering', 'product', 'data', 'design', 'operations', 'customer success'];
const QUOTES = [
  'The best part of my job is seeing customers succeed with what we built.',
  'Every week I learn something new from the people around me.',
  'We move fast, but we never stop listening to customers.',
  'I joined for the mission and stayed for the team.',
];

/** Occasions by month (1-12) the brand posts mark. */
const OCCASIONS: Readonly<Record<number, readonly string[]>> = {
  1: ['New Year'],
  2: ['Lunar New Year'],
  3: ["International Women's Day"],
  4: ['Earth Day'],
  5: ['Labour Day'],
  6: ['Pride Month'],
  7: ['summer holidays'],
  8: ['summer holidays'],
  9: ['International Coffee Day'],
  10: ['Halloween'],
  11: ['Thanksgiving'],
  12: ['holidays'],
};

const EVENTS_BY_SECTOR: Readonly<Record<string, readonly string[]>> = {
  Software: ['Web Summit', 'SaaStr Annual', 'AWS re:Invent', 'Collision'],
  'AI & Data': ['NeurIPS', 'Data + AI Summit', 'AI Summit London', 'Web Summit'],
  'IT & Telecom': ['MWC Barcelona', 'Cisco Live', 'Gartner IT Symposium'],
  'Hardware & Electronics': ['CES', 'Computex', 'embedded world'],
  'Financial Services': ['Money20/20', 'Sibos', 'Finovate'],
  Healthcare: ['HLTH', 'HIMSS Global Health Conference', 'ViVE'],
  'Life Sciences': ['BIO International Convention', 'JPM Healthcare Conference', 'ASCO Annual Meeting'],
  'Energy & Utilities': ['RE+', 'DistribuTECH', 'The smarter E Europe'],
  Industrials: ['Hannover Messe', 'IMTS', 'Automate'],
  'Automotive & Mobility': ['IAA Mobility', 'CES', 'EVS Symposium'],
  'Transportation & Logistics': ['Manifest', 'transport logistic', 'ProMat'],
  'Real Estate & Construction': ['MIPIM', 'World of Concrete', 'Expo Real'],
  Consumer: ['Expo West', 'NRF Big Show', 'Ambiente'],
  'Retail & E-commerce': ['NRF Big Show', 'Shoptalk', 'eTail'],
  'Hospitality & Travel': ['ITB Berlin', 'Skift Global Forum', 'WTM London'],
  'Media & Entertainment': ['Cannes Lions', 'NAB Show', 'SXSW'],
  'Marketing & Advertising': ['Cannes Lions', 'INBOUND', 'DMEXCO'],
  Education: ['BETT', 'ASU+GSV Summit', 'ISTE Live'],
  'Professional Services': ['Web Summit', 'Gartner Symposium', 'Legalweek'],
  'Agriculture & Natural Resources': ['World Agri-Tech Summit', 'Agritechnica', 'PDAC'],
  'Public Sector & Nonprofit': ['Skoll World Forum', 'GovTech Summit', 'Social Enterprise World Forum'],
};

type PostsPlan = { total: number; startMs: number; endMs: number; followers: number };

export function postsPlan(c: SignalCompany, env: SignalEnv): PostsPlan {
  const r = signalRng(env.seed, c.uuid, 'posts-plan');
  const [windowStart, endMs] = activeWindow(c, env);
  const startMs = Math.max(windowStart, endMs - FEED_DAYS * DAY_MS);
  const months = (endMs - startMs) / (30.44 * DAY_MS);
  // A one-person company rarely posts; a large one posts most working days.
  const perMonth = Math.max(0, 0.6 * Math.log2(employeesOf(c) + 1) - 0.9) * Math.exp(r.normal(0, 0.35));
  const linkedin = c.sections.digital_presence.social_profiles.find((p) => p.platform === 'linkedin');
  return {
    total: Math.round(perMonth * months),
    startMs,
    endMs,
    followers: linkedin?.followers ?? 50 + employeesOf(c) * 20,
  };
}

function hashtag(s: string): string {
  return s
    .replace(/&/g, 'and')
    .replace(/[^\p{L}\p{N}]+(.)?/gu, (_, ch: string | undefined) => (ch ? ch.toUpperCase() : ''));
}

function sentence(s: string): string {
  const t = s.trim();
  return t.charAt(0).toUpperCase() + t.slice(1) + (/[.!?]$/.test(t) ? '' : '.');
}

function linkedinPage(c: SignalCompany): string {
  return (
    c.sections.digital_presence.social_profiles.find((p) => p.platform === 'linkedin')?.url ??
    `https://www.linkedin.com/company/${c.uuid.slice(7)}`
  );
}

/** LinkedIn activity ids put the time in the top bits: newer posts have larger ids. */
function activityId(ms: number, r: Rng): string {
  return ((BigInt(ms) << 22n) | BigInt(r.int(0, 0x3fffff))).toString();
}

function reactions(r: Rng, total: number): Post['engagement_metrics'] {
  const [like, praise, empathy, appreciation, interest, funny] = apportion(total, [
    0.7 + 0.1 * r.next(),
    0.1 * r.next() + 0.04,
    0.08 * r.next() + 0.02,
    0.05 * r.next(),
    0.05 * r.next(),
    0.02 * r.next(),
  ]) as [number, number, number, number, number, number];
  return {
    total_reaction_count: total,
    like_count: like,
    empathy_count: empathy,
    praise_count: praise,
    appreciation_count: appreciation,
    interest_count: interest,
    funny_count: funny,
    comments_count: Math.round(total * 0.04 * Math.exp(r.normal(0, 0.6))),
    reposts_Count: Math.round(total * 0.025 * Math.exp(r.normal(0, 0.7))),
  };
}

/** Post `i` (0 = newest). */
export function postAt(c: SignalCompany, env: SignalEnv, plan: PostsPlan, i: number): Post {
  const r = itemRng(env.seed, c.uuid, 'post', i);
  const at = spreadTime(i, plan.total, plan.startMs, plan.endMs, r.next(), 1);
  // Squeezed into working hours (07:00-18:00 UTC) of its day; monotone, so the order holds.
  const dayStart = Date.parse(`${isoDay(at)}T00:00:00Z`);
  const ms = Math.round(dayStart + 7 * 3600_000 + ((at - dayStart) / DAY_MS) * 11 * 3600_000);
  const date = new Date(ms);
  const kind = r.weighted(CLASSES, CLASS_WEIGHTS);
  const type = r.weighted(CONTENT_TYPES, CONTENT_WEIGHTS);
  const s = c.sections;
  const products = s.product_offering.products;
  const product = products.length > 0 ? r.pick(products) : undefined;
  const partner =
    s.strategic_signal.partnership.length > 0 ? r.pick(s.strategic_signal.partnership) : undefined;
  const customer =
    s.customer_profile.select_customer.length > 0 ? r.pick(s.customer_profile.select_customer) : undefined;
  const leaders = s.management_profile.leadership;
  const person = leaders.length > 0 ? r.pick(leaders) : undefined;
  const sector = sectorOf(c);
  const offices = s.location.offices;
  const city = offices.length > 0 ? r.pick(offices).city : s.location.hq.city;
  const founded = s.firmographic.founded_year ?? date.getUTCFullYear();
  const benefitSentence = product
    ? sentence(product.description)
    : `Built for ${s.product_offering.target_personas[0] ?? 'teams'}.`;
  const vars: Vars = {
    C: c.name,
    P: product?.name ?? c.name,
    tag: hashtag(industryNameOf(c)),
    handle: hashtag(c.name),
    feature_title: r.pick(FEATURES),
    benefit_sentence: benefitSentence,
    benefit: r.pick([
      'save hours every week',
      'cut manual work',
      'make better decisions faster',
      'keep customers happy',
    ]),
    audience: peoplePlural(s.product_offering.target_personas[0]),
    tool: r.pick(TOOLS),
    team: r.pick(TEAMS),
    area: product ? inSentence(product.category) : inSentence(industryNameOf(c)),
    occasion: r.pick(OCCASIONS[date.getUTCMonth() + 1]!),
    years: String(Math.max(1, date.getUTCFullYear() - founded)),
    city,
    headcount_rough: roughCount(employeesOf(c)),
    role: r.pick(jobTitles(sector)),
    person: person?.name ?? '',
    person_title: person?.title ?? '',
    quote: r.pick(QUOTES),
    open_roles: num(Math.min(400, Math.max(2, Math.round(employeesOf(c) * 0.03 * (0.5 + r.next()))))),
    event: `${r.pick(EVENTS_BY_SECTOR[sector] ?? EVENTS_BY_SECTOR.Software!)} ${date.getUTCFullYear()}`,
    booth: `${r.pick(['A', 'B', 'C', 'D', 'H'])}${r.int(10, 99)}`,
    industry: inSentence(industryNameOf(c)),
    year: String(date.getUTCFullYear()),
    partner: partner?.name ?? 'our partners',
    customer: customer?.name ?? 'a new customer',
  };
  // A class that needs a partner or customer the company does not have falls back to product news.
  const usable: PostClass =
    kind === 'Partnerships & customers' && !partner && !customer ? 'Product & technology' : kind;
  const software = s.business_model.offering_type.code === 'software';
  const bank = usable === 'Product & technology' && !software ? OFFLINE_PRODUCT_TEMPLATES : TEMPLATES[usable];
  // Only templates whose people and companies exist for this company.
  const templates = bank.filter(
    (t) =>
      (partner || !t.includes('{partner}')) &&
      (customer || !t.includes('{customer}')) &&
      (person || !t.includes('{person')),
  );
  const text = fill(r.pick(templates), vars);
  const mentions: Post['mentions'] = [];
  if (partner && text.includes(partner.name)) mentions.push({ name: partner.name, uuid: partner.uuid });
  if (customer && text.includes(customer.name)) mentions.push({ name: customer.name, uuid: customer.uuid });
  if (person && text.includes(person.name)) mentions.push({ name: person.name, uuid: null });
  // A repost shares a leader's own post; the author is then that person.
  const reposted = person !== undefined && r.chance(0.1);
  const paid = !reposted && r.chance(s.business_model.gtm_type.code === 'b2c' ? 0.03 : 0.06);
  const typeFactor = { image: 1.1, text: 0.75, document: 1.25, linkedInVideo: 1.3 }[type];
  const classFactor = usable === 'Brand & occasion' ? 1.3 : usable === 'Hiring & culture' ? 0.85 : 1;
  const reach =
    plan.followers * 0.008 * typeFactor * classFactor * (paid ? 3 : 1) * Math.exp(r.normal(0, 0.8));
  const id = activityId(ms, r);
  return {
    id,
    content_type: type,
    link: `https://www.linkedin.com/feed/update/urn:li:activity:${id}/`,
    posted_date: date.toISOString(),
    is_paid: paid,
    reposted,
    text_content: text,
    post_classification: usable,
    author: reposted
      ? {
          name: person!.name,
          title: `${person!.title} at ${c.name}`,
          ...(person!.linkedin_url ? { url: person!.linkedin_url } : {}),
        }
      : { name: c.name, url: linkedinPage(c) },
    mentions,
    engagement_metrics: reactions(r, Math.round(reach)),
  };
}

export function postsPage(
  c: SignalCompany,
  env: SignalEnv,
  plan: PostsPlan,
  offset: number,
  limit: number,
): Post[] {
  const out: Post[] = [];
  for (let i = offset; i < Math.min(plan.total, offset + limit); i++) out.push(postAt(c, env, plan, i));
  return out;
}
