/**
 * Growable typed arrays: the columns of the query index are appended to while it is built and when a
 * company is added, and a few of them are kept sorted by inserting in place.
 */

type Typed = Uint32Array | Float64Array | Uint8Array;

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

  /** Releases the unused capacity. */
  trim(): void {
    if (this.data.length > this.length + 4) this.data = this.data.slice(0, this.length) as T;
  }

  /** Replaces the content (the vector takes ownership of `data`). */
  adopt(data: T): void {
    this.data = data;
    this.length = data.length;
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
