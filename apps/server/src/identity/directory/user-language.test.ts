import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registrars, users } from '../../db/schema';
import { createRegistrar } from '../../test/factories';
import { createTestApp, type TestApp } from '../../test/test-app';
import { createActiveUser } from '../testing/users';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
  await createRegistrar(t.database.db, { handle: 'alpha' });
  await createActiveUser(t.database.db, t.config, { username: 'sam@alpha' });
});
afterAll(async () => t?.close());

describe("the embedded directory keeps a user's chosen language", () => {
  it('has none until the user chooses, then the one chosen, and none again once cleared', async () => {
    const directory = t.app.userDirectory;
    expect((await directory.findUser('sam@alpha'))?.language).toBeNull();
    await directory.setLanguage('sam@alpha', 'nl');
    expect((await directory.findUser('sam@alpha'))?.language).toBe('nl');
    const id = (await directory.findUser('sam@alpha'))?.id ?? '';
    expect((await directory.findUserById(id))?.language).toBe('nl');
    expect((await directory.listUsers('alpha')).map((user) => user.language)).toEqual(['nl']);
    await directory.setLanguage('sam@alpha', null);
    expect((await directory.findUser('sam@alpha'))?.language).toBeNull();
  });

  it('the database holds only the four languages, for users and registrars alike', async () => {
    const db = t.database.db;
    await expect(db.update(users).set({ language: 'xx' }).where(eq(users.username, 'sam@alpha'))).rejects.toThrow();
    await expect(db.update(registrars).set({ language: 'EN' }).where(eq(registrars.handle, 'alpha'))).rejects.toThrow();
    const [row] = await db.select({ language: registrars.language }).from(registrars).where(eq(registrars.handle, 'alpha'));
    expect(row?.language).toBe('en');
  });
});
