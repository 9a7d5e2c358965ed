/**
 * What the company store did for one answer of the BFF, gathered while the answer is made: the
 * credits it saved and when each company's data was fetched. The proxy route opens a receipt per
 * request (`withReceipt`) and turns it into the `x-credits-saved` and `x-as-of` headers; the store's
 * port adds to the open one, however deep in the list planner its call was made, so no step has
 * to carry it.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import { credits } from '../../contract/pricing';

export class Receipt {
  private savedSum = 0;
  /**
   * The request asked for everything afresh (`Cache-Control: no-cache`): every call the store's port
   * makes for it, however deep in the list planner, buys afresh and refreshes the store.
   */
  constructor(readonly refresh = false) {}
  /** Per company uuid: when the oldest of its data in this answer was fetched (ISO). */
  readonly asOf = new Map<string, string>();
  /** The oldest fetch time of anything in the answer (ISO); undefined: nothing known. */
  oldest: string | undefined;
  /** Whether anything was bought from the service for the answer (else it came from the store). */
  bought = false;

  get saved(): number {
    return credits(this.savedSum);
  }

  addSaved(n: number): void {
    if (n > 0) this.savedSum += n;
  }

  /** `uuid`'s data was fetched at `at` (the oldest time wins). */
  fetched(uuid: string | undefined, at: string): void {
    if (uuid !== undefined) {
      const before = this.asOf.get(uuid);
      if (before === undefined || at < before) this.asOf.set(uuid, at);
    }
    if (this.oldest === undefined || at < this.oldest) this.oldest = at;
  }
}

const receipts = new AsyncLocalStorage<Receipt>();

/** Runs `fn` with a receipt of its own open. */
export async function withReceipt<T>(
  refresh: boolean,
  fn: () => Promise<T>,
): Promise<{ value: T; receipt: Receipt }> {
  const receipt = new Receipt(refresh);
  const value = await receipts.run(receipt, fn);
  return { value, receipt };
}

/** The receipt of the answer being made, if one is open. */
export function openReceipt(): Receipt | undefined {
  return receipts.getStore();
}
