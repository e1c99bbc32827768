/**
 * A set that holds more than the 2^24 members V8 allows one `Set` (a registry's snapshot holds tens
 * of millions of billing events, and the bulk loader remembers every key it has seen to refuse
 * duplicates). Members go into a new `Set` once the last one holds `segmentSize`; a lookup asks
 * each, so it costs one hash lookup per 8 million members.
 */
export class LargeSet<T> {
  private readonly segments: Set<T>[] = [new Set()];
  private count = 0;

  constructor(private readonly segmentSize = 1 << 23) {}

  get size(): number {
    return this.count;
  }

  has(value: T): boolean {
    return this.segments.some((segment) => segment.has(value));
  }

  add(value: T): this {
    if (this.has(value)) return this;
    let last = this.segments[this.segments.length - 1]!;
    if (last.size >= this.segmentSize) {
      last = new Set();
      this.segments.push(last);
    }
    last.add(value);
    this.count++;
    return this;
  }
}
