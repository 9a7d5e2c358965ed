/**
 * Filter translation (service endpoint 2, docs/api.md): plain language to the structured filters list generation
 * takes. Alongside `filters` (exactly as the spec says), `matches` tells which words became which
 * filter and `unmatched` which words were ignored, so the web app can show it.
 */
import { FilterBuilderRequest, type FilterBuilderResponse } from '../../contract/api';
import { filterBuilderCost } from '../../contract/pricing';
import type { ServiceContext } from '../context';
import { parseOrThrow } from '../problem';
import { investorUuidsByName } from '../query/investors';
import type { ApiKey } from '../store/keys';
import { translate } from '../translate/translate';
import { chargeOrThrow } from './charge';

export function translateText(ctx: ServiceContext, text: string) {
  return translate(text, { today: ctx.now(), resolveInvestor: (name) => investorUuidsByName(ctx.db, name) });
}

export function buildFilters(ctx: ServiceContext, key: ApiKey, body: unknown): FilterBuilderResponse {
  const req = parseOrThrow(FilterBuilderRequest, body);
  const t = translateText(ctx, req.query);
  const cost = filterBuilderCost();
  chargeOrThrow(ctx, key, 'list.filter_builder', cost);
  return { data: { filters: t.filters, matches: t.matches, unmatched: t.unmatched }, credits_consumed: cost };
}
