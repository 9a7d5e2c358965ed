import type { ServiceContext } from '../context';
import { ApiProblem } from '../problem';
import { type ApiKey, charge } from '../store/keys';

/** Charges the key or answers 402, taking nothing, when its balance is short. */
export function chargeOrThrow(ctx: ServiceContext, key: ApiKey, endpoint: string, cost: number): void {
  const charged = charge(ctx.db, key.id, endpoint, cost);
  if (!charged.ok)
    throw new ApiProblem(402, `This request costs ${cost} credits and the key has ${charged.balance} left.`);
}
