/**
 * The BFF's description step (docs/product-rules.md, section 14): the filter-builder with size and negation
 * words read by the BFF, the same way in front of the embedded and the real service.
 *
 * A description with none of those words goes upstream untouched (one call, the same body). One
 * with some is taken apart (`describe.ts`): its rest goes to the upstream filter-builder (no call
 * when only function words are left), its negated phrases, joined, in one more call, and the two
 * answers are merged (`merge.ts`) into one: `{data: {filters, exclude, matches, unmatched},
 * credits_consumed}` with the credits of the calls made. Every call goes through the typed port over
 * the pipeline (validation, budget, cache, ledger), so the ledger holds each of them.
 */
import { FilterBuilderRequest, FilterBuilderResponse, type FilterMatch } from '../../contract/api';
import { matchEndpoint } from '../../contract/endpoints';
import type { BffUser } from '../context';
import { type ServicePort, servicePort } from '../lists/port';
import { type CallOptions, type CallUpstream, splitUrl } from '../proxy/pipeline';
import { answerOf, problem, ServiceRefusal } from '../proxy/problem';
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
  /** Whether a description holds size, negation or own-meaning words (`translateQuery` has work). */
  reads: (query: string) => boolean;
  /**
   * A description as filters and exclusions (list generation with a `query`); null when it holds
   * no size, negation or own-meaning words (the service can take the query as it is). Throws the
   * `ServiceRefusal` of a call that fails.
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

/**
 * `port`: how the reader's own filter-builder calls are made (the company store's port keeps their
 * answers); by default straight over `call`.
 */
export function createWordsReader(call: CallUpstream, port: ServicePort = servicePort(call)): WordsReader {
  /** One filter-builder call; throws the refusal to relay. */
  async function translate(user: BffUser, query: string): Promise<Answered> {
    const answered = await port(user, 'list.filterBuilder', { query });
    const parsed = FilterBuilderResponse.safeParse(answered.data);
    if (!parsed.success)
      throw new ServiceRefusal(
        problem(502, 'The Company Data Service answered the filter-builder in an unknown shape.'),
      );
    const { filters, matches, unmatched } = parsed.data.data;
    return {
      translated: {
        filters,
        ...(matches ? { matches } : {}),
        ...(unmatched ? { unmatched } : {}),
      },
      credits: parsed.data.credits_consumed,
      cache: answered.cache,
    };
  }

  /** The calls a description needs, made at once, and their answers merged; throws a refusal. */
  async function read(
    user: BffUser,
    parts: Description,
  ): Promise<{ answer: TranslatedQuery; cache: string | null }> {
    const negatedText = parts.negated.map((n) => n.scope).join(', ');
    // Both asked at once; when both fail, the first's refusal is the one answered.
    const settled = await Promise.allSettled([
      parts.rest !== null ? translate(user, parts.rest) : undefined,
      negatedText !== '' ? translate(user, negatedText) : undefined,
    ]);
    const [positive, negated] = settled.map((s) => {
      if (s.status === 'rejected') throw s.reason;
      return s.value;
    });
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
    const result = await read(user, parts).catch(answerOf);
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
    reads: (query) => readDescription(query.trim()) !== null,
    translateQuery: async (user, query) => {
      const parts = readDescription(query.trim());
      if (!parts) return null;
      return (await read(user, parts)).answer;
    },
  };
}
