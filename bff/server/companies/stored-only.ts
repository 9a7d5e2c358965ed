/**
 * Reading only what the team's company store holds (issue 36): inside `storedOnly(fn)`, every call
 * the store's port would buy from the service throws `NotStored` instead, before anything is held
 * or spent, however deep in the list planner it is made. A screening runs itself this way first
 * when the budget left cannot cover its worst case, to count what it would really buy
 * (../lists/screening.ts): a re-screen whose data is all stored costs nothing and is not refused.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import type { ServiceEndpointId } from '../../contract/endpoints';

/** A call the store could not answer inside `storedOnly`: it would have been bought. */
export class NotStored extends Error {
  constructor(
    readonly endpoint: ServiceEndpointId,
    readonly input: unknown,
  ) {
    super(`${endpoint} is not in the company store`);
    this.name = 'NotStored';
  }
}

const only = new AsyncLocalStorage<true>();

/** Runs `fn` with buying refused: a call the store cannot answer throws `NotStored`. */
export function storedOnly<T>(fn: () => Promise<T>): Promise<T> {
  return only.run(true, fn);
}

/** Whether buying is refused here (inside `storedOnly`). */
export function buyingRefused(): boolean {
  return only.getStore() === true;
}
