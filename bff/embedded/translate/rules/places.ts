/**
 * Places: countries, M49 regions, groupings M49 lacks, cities; and "global".
 *
 * Decisions: after "office(s) in" -> location.offices.*; after "selling into/serving/customers in" ->
 * location.market_served.markets (regions expanded to their countries); otherwise HQ: countries ->
 * location.hq.country, M49 regions -> location.hq.region, groupings M49 lacks (DACH, Nordics) -> their
 * countries. A list mixing countries and regions ("the UK or Western Europe", "the Middle East and North
 * Africa") is one any-of: all of it as countries (two keys would both have to hold). The place names are the lexicon's (`lexicon.ts`, tables in `tables/places.ts`).
 */
import { COUNTRIES, countriesInRegion } from '../../../contract/geo';
import { normalizeText } from '../../../contract/text';
import { INVESTORS } from '../../dataset/investors';
import type { RuleGroup } from '../core/groups';
import { SEPARATORS } from '../core/names';
import { BARRIER, replaceTriggered, rx, type Step, step, WORD_END, WORD_START } from '../core/runner';
import { addValues, setValue } from '../core/state';
import { cityLexicon, majorCityKeys, type Place, placeLexicon } from '../lexicon';
import { BARE_COUNTRY_CODES, CITY_ALIASES } from '../tables/places';

/**
 * "global", but not inside an investor's name ("not funded by Tiger Global", "Global Founders
 * Capital"): the words around it in those names, from the investors of the data.
 */
const GLOBAL_WORD = (() => {
  const names = INVESTORS.map((i) => normalizeText(i.name)).filter((n) => / ?global ?/.test(n));
  const before = names.flatMap((n) => /(\S+) global/.exec(n)?.[1] ?? []);
  const after = names.flatMap((n) => /global (\S+)/.exec(n)?.[1] ?? []);
  const lookBehind = before.length ? `(?<!(?:${before.join('|')}) )` : '';
  const lookAhead = after.length ? `(?! (?:${after.join('|')})(?![a-z0-9]))` : '';
  return `${lookBehind}global(?:ly)?${lookAhead}`;
})();

let placeRe: RegExp | undefined;
const OFFICE_TRIG =
  '(?:with |having |that have |has |have )?(?:an? |their )?(?:offices?|presence|locations?|branch(?:es)?|subsidiar(?:y|ies)|operations|teams?|sites?) (?:in|across|throughout)';
const MARKET_TRIG =
  '(?:selling|sells?|sold|expanding|expand|exporting|exports?) (?:in)?to|(?:selling|sells?) (?:in|across)|serv(?:e|es|ing)(?: customers in| the)?|customers (?:in|across)|clients (?:in|across)|(?:active|operating) (?:in|across)|targeting|market(?:s)? (?:in|like)';
const HQ_TRIG =
  '(?:based|headquartered|hq|hq d|located|incorporated|registered|domiciled) (?:in|out of)|headquarters in|(?:from|in|out of|across)';

function placeRegex(): RegExp {
  if (placeRe) return placeRe;
  const keys = [...placeLexicon().keys()].sort((a, b) => b.length - a.length);
  const alt = keys.map((k) => k.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('|');
  const one = `(?:the )?(?:${alt})`;
  placeRe = new RegExp(
    `${WORD_START}(?:(${OFFICE_TRIG})|(${MARKET_TRIG})|(?:${HQ_TRIG}))?\\s*(${one}(?:\\s*(?:,|or|and|&|/|\\+|and/or)\\s*${one})*)${WORD_END}(\\s+based${WORD_END})?`,
    'g',
  );
  return placeRe;
}

function placesIn(list: string): Place[] {
  const lex = placeLexicon();
  const out: Place[] = [];
  const tokens = list
    .replace(/\s*(,|\/|&)\s*/g, ' $1 ')
    .split(' ')
    .filter(Boolean);
  let i = 0;
  while (i < tokens.length) {
    let found = false;
    for (let len = Math.min(6, tokens.length - i); len >= 1; len--) {
      const phrase = tokens.slice(i, i + len).join(' ');
      const p = lex.get(phrase) ?? (phrase.startsWith('the ') ? lex.get(phrase.slice(4)) : undefined);
      if (p) {
        out.push(p);
        i += len;
        found = true;
        break;
      }
    }
    if (!found) i++;
  }
  return out;
}

function expand(p: Place): string[] {
  return [...(p.countries ?? []), ...(p.regions ?? []).flatMap((r) => countriesInRegion(r))];
}

/** Countries, regions and groupings, after an office, market or HQ trigger or on their own. */
const placeStep: Step = (st) => {
  st.s = st.s.replace(placeRegex(), (whole: string, office?: string, market?: string, list?: string) => {
    const ps = placesIn(list ?? '');
    if (ps.length === 0) return whole;
    if (office) addValues(st, 'location.offices.country', [...new Set(ps.flatMap(expand))], whole);
    else if (market) addValues(st, 'location.market_served.markets', [...new Set(ps.flatMap(expand))], whole);
    else {
      const countries = ps.flatMap((p) => p.countries ?? []);
      const regions = ps.flatMap((p) => p.regions ?? []);
      // one list is one any-of: countries and regions together ("the Middle East and North Africa")
      // become countries, since two keys would have to hold at once
      if (countries.length && regions.length)
        addValues(st, 'location.hq.country', [...new Set(ps.flatMap(expand))], whole);
      else if (countries.length) addValues(st, 'location.hq.country', countries, whole);
      else if (regions.length) addValues(st, 'location.hq.region', regions, whole);
    }
    return BARRIER;
  });
};

/** Cities after an office or HQ trigger ("based in Berlin", "offices in London"), and "<city> based". */
const cityStep: Step = (st) => {
  if (!/(?:^| )(?:in|from|out of|across|based)(?: |$)/.test(st.s)) return;
  const re = new RegExp(`${WORD_START}(?:(${OFFICE_TRIG})|(?:${HQ_TRIG}))(?= )`, 'g');
  const based = /(?:^| )([a-z][a-z ]{2,30}?) based(?= |$)/g;
  const lex = cityLexicon();
  const takeCities = (rest: string): { names: string[]; used: number } => {
    const tokens = rest.split(' ').filter(Boolean);
    const names: string[] = [];
    let i = 0;
    let used = 0;
    while (i < tokens.length) {
      let hit = false;
      for (let len = Math.min(4, tokens.length - i); len >= 1; len--) {
        const name = lex.get(tokens.slice(i, i + len).join(' '));
        if (name) {
          names.push(name);
          i += len;
          used = i;
          hit = true;
          break;
        }
      }
      if (!hit) break;
      if (tokens[i] && SEPARATORS.has(tokens[i]!)) i++;
      else break;
    }
    return { names, used: used === 0 ? 0 : tokens.slice(0, used).join(' ').length };
  };
  replaceTriggered(st, re, (m, rest) => {
    const { names, used } = takeCities(rest);
    if (names.length === 0) return null;
    addValues(
      st,
      m[1] ? 'location.offices.city' : 'location.hq.city',
      names,
      `${m[0]} ${rest.slice(0, used)}`,
    );
    return used;
  });
  st.s = st.s.replace(based, (whole: string, name: string) => {
    const words = name.trim().split(' ');
    for (let k = Math.min(4, words.length); k >= 1; k--) {
      const c = lex.get(words.slice(-k).join(' '));
      if (c) {
        addValues(st, 'location.hq.city', [c], `${words.slice(-k).join(' ')} based`);
        return ` ${words.slice(0, -k).join(' ')}${BARRIER}`;
      }
    }
    return whole;
  });
};

/**
 * A city standing on its own ("fintech, Amsterdam", "martech nyc", "biotech boston series c"): the
 * HQ city, when it is a nickname or spelling of `CITY_ALIASES` ("nyc", "sf", "boston") or written
 * with a capital letter ("Amsterdam") or a business hub (`majorCityKeys`: "amsterdam", "berlin"); a
 * lower-case word that also names a small town somewhere is read as the word it is. Names after "by", "of", "with" are someone's, not a city.
 */
const bareCityStep: Step = (st) => {
  const lex = cityLexicon();
  const tokens = st.s.split(' ');
  const out: string[] = [];
  let i = 0;
  while (i < tokens.length) {
    let hit = 0;
    const previous = out[out.length - 1] ?? '';
    if (!/^(?:by|of|with|like|include|includes|including|partners|customers)$/.test(previous)) {
      for (let len = Math.min(3, tokens.length - i); len >= 1; len--) {
        const phrase = tokens.slice(i, i + len).join(' ');
        const city = lex.get(phrase);
        if (!city || phrase.length < 2) continue;
        const alias = Object.hasOwn(CITY_ALIASES, phrase) && phrase !== 'la';
        const capital = tokens.slice(i, i + len).every((w) => /^[A-Z]/.test(st.casing.get(w) ?? ''));
        if (!alias && !capital && !majorCityKeys().has(phrase)) continue;
        addValues(st, 'location.hq.city', [city], phrase);
        hit = len;
        break;
      }
    }
    if (hit) {
      out.push(BARRIER.trim());
      i += hit;
    } else out.push(tokens[i++]!);
  }
  st.s = out.join(' ');
};

const ALPHA2 = new Map(COUNTRIES.map((c) => [c.alpha2.toLowerCase(), c.code]));

/**
 * Two-letter country codes standing on their own ("fintech; DE; series A", "logistics de/at/ch"):
 * the HQ country. A code of `BARE_COUNTRY_CODES` alone, any code in a "/" list of two or more codes
 * one of which is in that table; never after "by", "of", "with", nor in lower case after a
 * capitalised word no rule read (a name's part: "Banco de Chile").
 */
const countryCodeStep: Step = (st) => {
  const tokens = st.s.split(' ');
  const isCode = (k: number) => ALPHA2.has(tokens[k] ?? '');
  const capital = (w: string | undefined) => w !== undefined && /^[A-Z]/.test(st.casing.get(w) ?? '');
  const read = new Set<number>();
  for (let i = 0; i < tokens.length; i++) {
    if (!isCode(i) || /^(?:by|of|with|like|the|a)$/.test(tokens[i - 1] ?? '')) continue;
    // a lower-case word after a capitalised one no rule read is a name's ("Banco de Chile")
    if (!capital(tokens[i]!) && capital(tokens[i - 1])) continue;
    // a "/" list of codes
    let j = i;
    while (tokens[j + 1] === '/' && isCode(j + 2)) j += 2;
    const run = [];
    for (let k = i; k <= j; k += 2) run.push(k);
    if (run.length > 1 && run.some((k) => BARE_COUNTRY_CODES.has(tokens[k]!)))
      for (const k of run) read.add(k);
    else if (BARE_COUNTRY_CODES.has(tokens[i]!) && tokens[i + 1] !== '/' && tokens[i - 1] !== '/')
      read.add(i);
    i = j;
  }
  if (read.size === 0) return;
  const codes = [...read].map((k) => ALPHA2.get(tokens[k]!)!);
  addValues(st, 'location.hq.country', [...new Set(codes)], [...read].map((k) => tokens[k]).join(' '));
  st.s = tokens.map((t, k) => (read.has(k) ? BARRIER.trim() : t)).join(' ');
};

export const placesGroup: RuleGroup = {
  name: 'places',
  steps: {
    codes: [
      step({
        re: rx(`${GLOBAL_WORD}|worldwide|international(?:ly)?|multinationals?|serving the (?:whole )?world`),
        apply: (m, st) => {
          setValue(st, 'location.market_served.is_global', true, m[0]!);
          return true;
        },
      }),
    ],
    places: [
      // Northern Ireland is a part of the UK the catalog cannot name, and never Ireland: reported
      // unread ("the UK and Ireland but not Northern Ireland" keeps both countries, excludes neither)
      step({
        re: rx('northern (?:ireland|irish)'),
        apply: (m, st) => {
          st.unmatched.push(m[0]!);
          return true;
        },
      }),
      placeStep,
      cityStep,
      bareCityStep,
      countryCodeStep,
    ],
  },
  vocabulary: [OFFICE_TRIG, MARKET_TRIG, HQ_TRIG],
};
