import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/database';
import { identitySigningKeys } from '../../db/schema';
import { openTestDatabase } from '../../test/test-database';
import { loadSigningKeys } from './signing-keys';

let database: Database;
beforeAll(async () => {
  // A migrated database no instance has started on yet: no signing key.
  database = await openTestDatabase();
});
afterAll(async () => database?.close());

describe('signing keys', () => {
  it('instances starting together on an empty database end with one key, the same for all', async () => {
    expect(await database.db.select().from(identitySigningKeys)).toEqual([]);
    const loaded = await Promise.all([1, 2, 3, 4, 5].map(() => loadSigningKeys(database.db)));
    const kids = loaded.map((keys) => keys.privateJwks.map((jwk) => jwk.kid));
    expect(new Set(kids.flat()).size).toBe(1);
    expect(kids.every((list) => list.length === 1)).toBe(true);
    expect(await database.db.select().from(identitySigningKeys)).toHaveLength(1);
  });
});
