/**
 * Growable typed arrays: the columns of the query index are appended to while it is built and when a
 * company is added, and a few of them are kept sorted by inserting in place.
 */

type Typed = Uint32Array | Float64Array | Uint8Array;

/** Spare capacity kept after a bulk load: an eighth, at most 256. */
const slack = (length: number) => Math.min(256, Math.max(4, length >> 3));

abstract class Vec<T extends Typed> {
  data: T;
  length = 0;

  constructor(capacity: number) {
    this.data = this.allocate(Math.max(4, capacity));
  }

  protected abstract allocate(n: number): T;

  private grow(min: number): void {
    const next = this.allocate(Math.max(min, this.data.length * 2));
    (next as Uint32Array).set(this.data as Uint32Array);
    this.data = next;
  }

  push(v: number): void {
    if (this.length === this.data.length) this.grow(this.length + 1);
    this.data[this.length++] = v;
  }

  /** Inserts `v` at index `i`, shifting the tail one place right. */
  insert(i: number, v: number): void {
    if (this.length === this.data.length) this.grow(this.length + 1);
    this.data.copyWithin(i + 1, i, this.length);
    this.data[i] = v;
    this.length++;
  }

  last(): number {
    return this.length === 0 ? Number.NaN : this.data[this.length - 1]!;
  }

  /** A view of the filled part (shares memory; invalid after the next push). */
  view(): T {
    return this.data.subarray(0, this.length) as T;
  }

  /**
   * Releases unused capacity after a bulk load, keeping a little room so that the companies added
   * one by one afterwards do not each start by reallocating every column.
   */
  trim(): void {
    if (this.data.length > this.length + slack(this.length)) this.resize(this.length + slack(this.length));
  }

  /** Replaces the content with a copy of `data` (plus room to grow). */
  adopt(data: T): void {
    this.length = 0;
    this.resize(data.length + slack(data.length));
    (this.data as Uint32Array).set(data as Uint32Array);
    this.length = data.length;
  }

  private resize(capacity: number): void {
    const next = this.allocate(capacity);
    (next as Uint32Array).set((this.data as Uint32Array).subarray(0, this.length));
    this.data = next;
  }
}

export class U32Vec extends Vec<Uint32Array> {
  protected allocate(n: number): Uint32Array {
    return new Uint32Array(n);
  }
}

export class F64Vec extends Vec<Float64Array> {
  protected allocate(n: number): Float64Array {
    return new Float64Array(n);
  }
}

export class U8Vec extends Vec<Uint8Array> {
  protected allocate(n: number): Uint8Array {
    return new Uint8Array(n);
  }
}

/** First index in the sorted prefix `data[0, length)` whose value is >= v. */
export function lowerBound(data: ArrayLike<number>, length: number, v: number): number {
  let lo = 0;
  let hi = length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (data[mid]! < v) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** First index in the sorted prefix `data[0, length)` whose value is > v. */
export function upperBound(data: ArrayLike<number>, length: number, v: number): number {
  let lo = 0;
  let hi = length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (data[mid]! <= v) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}
