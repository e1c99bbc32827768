/**
 * A small seeded pseudo-random generator (mulberry32). Every generated record draws from its own
 * stream, derived from the seed and the record's index, so the data depends on the seed only and not
 * on batch sizes or loading order.
 */
export class Random {
  private state: number;

  constructor(seed: number) {
    this.state = seed >>> 0;
  }

  /** A float in [0, 1). */
  next(): number {
    this.state = (this.state + 0x6d2b79f5) >>> 0;
    let t = this.state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  }

  /** An integer in [min, max], both included. */
  int(min: number, max: number): number {
    return min + Math.floor(this.next() * (max - min + 1));
  }

  chance(probability: number): boolean {
    return this.next() < probability;
  }

  pick<T>(items: readonly T[]): T {
    const item = items[Math.floor(this.next() * items.length)];
    if (item === undefined) throw new Error('pick from an empty list');
    return item;
  }

  /** Picks a key with a probability proportional to its weight. */
  weighted<K extends string>(weights: Readonly<Record<K, number>>): K {
    const table = cumulativeTable(weights);
    const roll = this.next() * table.total;
    const { keys, bounds } = table;
    for (let i = 0; i < bounds.length; i++) if (roll < bounds[i]!) return keys[i] as K;
    return keys[keys.length - 1] as K;
  }

  hex(length: number): string {
    let out = '';
    while (out.length < length) out += ((this.next() * 0x100000000) >>> 0).toString(16).padStart(8, '0');
    return out.slice(0, length);
  }
}

/** Mixes numbers into one 32-bit seed (murmur3 finaliser on a running hash). */
export function mixSeed(...parts: number[]): number {
  let h = 0x9e3779b9;
  for (const part of parts) {
    h = Math.imul(h ^ (part >>> 0), 0x85ebca6b);
    h ^= h >>> 13;
    h = Math.imul(h, 0xc2b2ae35);
    h ^= h >>> 16;
  }
  return h >>> 0;
}

/** Independent streams per kind of record, so adding a field to one kind leaves the others unchanged. */
export const streams = { registrar: 1, contact: 2, domain: 3, name: 4, shuffle: 5, billing: 6, eppConnection: 7, registryMessage: 8 } as const;

export function randomFor(seed: number, stream: number, index: number): Random {
  return new Random(mixSeed(seed, stream, index));
}

interface CumulativeTable {
  keys: string[];
  bounds: number[];
  total: number;
}

// Weight tables are module constants: their running sums are computed once, not per draw.
const tables = new WeakMap<object, CumulativeTable>();

function cumulativeTable(weights: Readonly<Record<string, number>>): CumulativeTable {
  let table = tables.get(weights);
  if (!table) {
    const keys = Object.keys(weights);
    let total = 0;
    const bounds = keys.map((key) => (total += weights[key]!));
    table = { keys, bounds, total };
    tables.set(weights, table);
  }
  return table;
}
