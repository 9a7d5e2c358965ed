/**
 * The BFF's description step (decisions section 14): the filter-builder with size and negation
 * words read by the BFF, the same way in front of the embedded and the real service.
 *
 * A description with none of those words goes upstream untouched (one call, the same body). One
 * with some is taken apart (`describe.ts`): its rest goes to the upstream filter-builder (no call
 * when only function words are left), its negated phrases, joined, in one more call, and the two
 * answers are merged (`merge.ts`) into one: `{data: {filters, exclude, matches, unmatched},
 * credits_consumed}` with the credits of the calls made. Every call runs through the pipeline's
 * `call` (validation, budget, cache, ledger), so the ledger holds each of them.
 */
import { HTTPException } from 'hono/http-exception';
import { FilterBuilderRequest, FilterBuilderResponse, type FilterMatch } from '../../contract/api';
import { matchEndpoint } from '../../contract/endpoints';
import type { BffUser } from '../context';
import { type CallOptions, type CallUpstream, splitUrl } from '../proxy/pipeline';
import { problem } from '../proxy/problem';
import { callEndpoint } from '../routing';
import { type Description, readDescription } from './describe';
import { mergeAnswer, type Translated } from './merge';

/** A description read with its size and negation words. */
export type TranslatedQuery = {
  filters: Record<string, unknown>;
  exclude: Record<string, unknown>;
  /** Credits of the filter-builder calls made. */
  credits: number;
  matches: FilterMatch[];
  unmatched: string[];
};

export type WordsReader = {
  /** The pipeline's `call`, with filter-builder requests read for size and negation words. */
  call: CallUpstream;
  /**
   * A description as filters and exclusions (list generation with a `query`); null when it holds
   * no size, negation or own-meaning words (the service can take the query as it is). Throws an
   * HTTPException carrying the upstream's answer when a call fails.
   */
  translateQuery: (user: BffUser, query: string) => Promise<TranslatedQuery | null>;
};

type Answered = { translated: Translated; credits: number; cache: string | null };

function isFilterBuilder(req: Request): boolean {
  if (req.method !== 'POST') return false;
  const m = matchEndpoint(req.method, splitUrl(req.url).pathname, ['service']);
  return m?.kind === 'endpoint' && m.id === 'list.filterBuilder';
}

/** The request's description, or undefined when the body is not a valid request (the pipeline answers). */
async function queryOf(req: Request): Promise<string | undefined> {
  try {
    const parsed = FilterBuilderRequest.safeParse(await req.clone().json());
    return parsed.success ? parsed.data.query : undefined;
  } catch {
    return undefined;
  }
}

export function createWordsReader(call: CallUpstream): WordsReader {
  /** One filter-builder call; a Response is the failure to relay. */
  async function translate(user: BffUser, query: string): Promise<Answered | Response> {
    const res = await callEndpoint({ call }, user, 'list.filterBuilder', { query });
    if (!res.ok) return res;
    const parsed = FilterBuilderResponse.safeParse(await res.json());
    if (!parsed.success)
      return problem(502, 'The Company Data Service answered the filter-builder in an unknown shape.');
    const { filters, matches, unmatched } = parsed.data.data;
    return {
      translated: {
        filters,
        ...(matches ? { matches } : {}),
        ...(unmatched ? { unmatched } : {}),
      },
      credits: parsed.data.credits_consumed,
      cache: res.headers.get('x-cache'),
    };
  }

  /** The calls a description needs, made at once, and their answers merged; a Response on failure. */
  async function read(
    user: BffUser,
    parts: Description,
  ): Promise<{ answer: TranslatedQuery; cache: string | null } | Response> {
    const negatedText = parts.negated.map((n) => n.scope).join(', ');
    const [positive, negated] = await Promise.all([
      parts.rest !== null ? translate(user, parts.rest) : undefined,
      negatedText !== '' ? translate(user, negatedText) : undefined,
    ]);
    if (positive instanceof Response) return positive;
    if (negated instanceof Response) return negated;
    const merged = mergeAnswer(parts, positive?.translated, negated?.translated);
    const made = [positive, negated].filter((a): a is Answered => a !== undefined);
    const credits = made.reduce((sum, a) => sum + a.credits, 0);
    const cache = made.length === 0 ? null : made.every((a) => a.cache === 'hit') ? 'hit' : 'miss';
    return { answer: { ...merged, credits }, cache };
  }

  /** A filter-builder call: its size and negation words read here, the rest by the service. */
  async function readWords(user: BffUser, req: Request, opts: CallOptions | undefined): Promise<Response> {
    // Options (asked afresh, a body already read) are the caller's: pass them on untouched.
    const query = await queryOf(req);
    const parts = query === undefined ? null : readDescription(query);
    if (!parts) return call(user, req, opts);
    const result = await read(user, parts);
    if (result instanceof Response) return result;
    const { credits, ...data } = result.answer;
    const body: FilterBuilderResponse = { data, credits_consumed: credits };
    return new Response(JSON.stringify(body), {
      status: 200,
      headers: {
        'content-type': 'application/json',
        ...(result.cache ? { 'x-cache': result.cache } : {}),
      },
    });
  }

  return {
    // Not async: every call but a filter-builder's goes on as it came, without a promise of its own.
    call: (user, req, opts) => (isFilterBuilder(req) ? readWords(user, req, opts) : call(user, req, opts)),
    translateQuery: async (user, query) => {
      const parts = readDescription(query.trim());
      if (!parts) return null;
      const result = await read(user, parts);
      if (result instanceof Response) throw new HTTPException(result.status as 400, { res: result });
      return result.answer;
    },
  };
}
