import { describe, expect, it } from 'vitest';
import { LargeSet } from './large-set';

describe('LargeSet', () => {
  it('holds members across segments, once each (the loader uses segments of 2^23, below the 2^24 a V8 Set can hold)', () => {
    const set = new LargeSet<number>(4);
    for (let i = 0; i < 10; i++) set.add(i).add(i);
    for (let i = 0; i < 10; i += 3) set.add(i);
    expect(set.size).toBe(10);
    expect(Array.from({ length: 12 }, (_, i) => set.has(i))).toEqual([...Array<boolean>(10).fill(true), false, false]);
  });
});
