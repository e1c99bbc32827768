import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { exactly } from './exact';

interface Pair {
  name: string;
  size: number | null;
  note?: string;
}

// The checks are the compiler's: `npm run typecheck` fails when an expected error does not come.
describe('exactly', () => {
  it('takes a schema whose output is the type', () => {
    const schema = exactly<Pair>()(z.object({ name: z.string(), size: z.number().nullable(), note: z.string().optional() }));
    expect(schema.parse({ name: 'a', size: null })).toEqual({ name: 'a', size: null });
  });

  it('refuses a schema that misses a field, has one more, or types one otherwise', () => {
    // @ts-expect-error `size` is missing
    exactly<Pair>()(z.object({ name: z.string(), note: z.string().optional() }));
    // @ts-expect-error `extra` is not in the type
    exactly<Pair>()(z.object({ name: z.string(), size: z.number().nullable(), note: z.string().optional(), extra: z.string() }));
    // @ts-expect-error `size` may be null
    exactly<Pair>()(z.object({ name: z.string(), size: z.number(), note: z.string().optional() }));
    expect(true).toBe(true);
  });
});
