/**
 * The list planner (docs/decisions/0021-typed-list-planner.md): a typed list request in, a page out,
 * in steps over the typed port to the service (./port.ts):
 *
 * 1. account lists to hide or mark (bff/server/accounts/exclusion.ts), around the rest;
 * 2. a description's size and negation words read into filters and exclusions (bff/server/words);
 * 3. company size and exclusions resolved (./resolver.ts);
 * 4. anything else asked of the service as it is;
 * around 3 and 4, signal filters served by screening the list those steps read (./screening.ts).
 *
 * Each step throws its refusals (`BffProblem`s with a code); the app's `onError` answers them.
 */
import { type FilterMatch, ListRequest, type ParsedListRequest } from '../../contract/api';
import type { Plan } from '../../contract/pricing';
import type { ScreenEstimate } from '../../contract/signal-filters';
import {
  type AccountListLookup,
  accountListStep,
  listsVersion,
  namesAccountLists,
} from '../accounts/exclusion';
import type { BffUser } from '../context';
import { problem, ServiceRefusal } from '../proxy/problem';
import type { ListPage, ListStep, RunOptions, ServicePort } from './port';
import { serviceRequest } from './request';
import {
  createListResolver,
  type ListResolverOptions,
  needsResolving,
  type TranslatedQuery,
} from './resolver';
import { hasSignals, Screening, type ScreeningOptions } from './screening';

/** The words reader's part in lists (bff/server/words/filter-builder.ts). */
export type QueryWords = {
  /** Whether a description holds words the BFF reads itself (size, negation, its own meanings). */
  reads: (query: string) => boolean;
  /** Those words as filters and exclusions; null when there are none. */
  translate: (
    user: BffUser,
    query: string,
  ) => Promise<{
    filters: Record<string, unknown>;
    exclude?: Record<string, unknown>;
    credits: number;
    matches: FilterMatch[];
    unmatched: string[];
  } | null>;
};

export type ListPlannerOptions = {
  plan: Plan;
  log: (line: string) => void;
  lists?: Omit<ListResolverOptions, 'plan'> | undefined;
  accountLists: AccountListLookup;
  words?: QueryWords;
  /** Signal filters' screening (./screening.ts): the budget left, the clock, the memory's life. */
  signals?: Omit<ScreeningOptions, 'plan' | 'log'>;
};

export type ListPlanner = {
  /** The page of a list request; throws the refusals. `run` says whether it is asked afresh. */
  list: (user: BffUser, request: ParsedListRequest, run?: RunOptions) => Promise<ListPage>;
  /** Whether a request needs none of the steps: it can go to the service as it came. */
  passesOn: (request: ParsedListRequest) => boolean;
  /**
   * Which of `uuids` are in any of the account lists `ids` (`exclude_account_lists`); throws the
   * `InvalidRequest` naming the lists the user may not use. With no uuids, only that check.
   */
  hiddenAmong: (user: BffUser, ids: readonly string[], uuids: readonly string[]) => Promise<Set<string>>;
  /**
   * The version of the account lists `ids` (each one's id, last change and size: members added or
   * removed change it); throws the `InvalidRequest` naming the lists the user may not use.
   */
  accountListsVersion: (user: BffUser, ids: readonly string[]) => Promise<string>;
  /** What screening a request by its signal filters may cost, before anything is spent. */
  screenEstimate: (user: BffUser, request: ParsedListRequest) => Promise<ScreenEstimate>;
};

export function createListPlanner(port: ServicePort, o: ListPlannerOptions): ListPlanner {
  const { translateQuery, ...resolverOptions } = o.lists ?? {};
  const resolver = createListResolver(port, { plan: o.plan, log: o.log, ...resolverOptions });
  // A reading given in the options is asked of every query (a test's seam); else the words reader's.
  const words: QueryWords | undefined = translateQuery
    ? { reads: () => true, translate: translateQuery }
    : o.words;
  const accountLists = accountListStep(o.accountLists, { plan: o.plan });
  const screening = new Screening(port, { plan: o.plan, log: o.log, ...o.signals });

  /** The service's own answer to a request it can take as it is. */
  const service: ListStep = async (user, request, run) => {
    const called = await port(
      user,
      'list.generate',
      serviceRequest(request),
      run.fresh ? { fresh: true } : {},
    );
    return called.data as ListPage;
  };

  /** Company size and exclusions resolved; else the service. */
  const resolved: ListStep = (user, request, run) =>
    needsResolving(request) ? resolver.resolve(user, request, null, run) : service(user, request, run);

  /** A description's words read, then signals screened, company size and exclusions resolved; else the service. */
  const described: ListStep = async (user, request, run) => {
    if (request.query !== undefined && words) {
      const translated = await words.translate(user, request.query);
      if (translated) {
        const { query: _query, ...rest } = request;
        const again = ListRequest.safeParse({
          ...rest,
          filters: translated.filters,
          ...(translated.exclude ? { exclude: translated.exclude } : {}),
        });
        if (!again.success) {
          o.log(`[bff] the translation of a query is no valid list request: ${again.error.message}`);
          throw new ServiceRefusal(
            problem(500, 'The BFF could not read its own translation of the description.'),
          );
        }
        if (hasSignals(again.data)) {
          // The list the words describe, read page by page without what reading them cost again.
          const free = { ...(translated as TranslatedQuery), credits: 0 };
          return screening.page(user, again.data, run, (u, r, rn) => resolver.resolve(u, r, free, rn), {
            credits: translated.credits,
            queryTranslated: true,
          });
        }
        return resolver.resolve(user, again.data, translated as TranslatedQuery, run);
      }
    }
    if (hasSignals(request)) return screening.page(user, request, run, resolved);
    return resolved(user, request, run);
  };

  return {
    list: (user, request, run = {}) => accountLists(user, request, run, described),
    screenEstimate: (user, request) => screening.estimate(user, request, resolved),
    hiddenAmong: async (user, ids, uuids) => {
      const unique = [...new Set(ids)];
      await o.accountLists.usableLists(user, unique, 'exclude_account_lists');
      if (uuids.length === 0) return new Set();
      return new Set((await o.accountLists.membersAmong(unique, uuids)).keys());
    },
    accountListsVersion: async (user, ids) =>
      listsVersion(await o.accountLists.usableLists(user, [...new Set(ids)], 'exclude_account_lists')),
    passesOn: (r) =>
      !namesAccountLists(r) &&
      !needsResolving(r) &&
      !hasSignals(r) &&
      (r.query === undefined || words === undefined || !words.reads(r.query)),
  };
}
