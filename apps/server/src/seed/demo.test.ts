import { count } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registrars, users } from '../db/schema';
import { createTestApp, type TestApp } from '../test/test-app';
import { seedDemo } from './demo';

let testApp: TestApp;
beforeAll(async () => {
  testApp = await createTestApp();
});
afterAll(async () => testApp?.close());

describe('demo seeding', () => {
  it('loads the demo once when instances starting together seed an empty database at the same time', async () => {
    const { app } = testApp;
    // Without the lock, the second and third failed on registrars_pkey (the fleet test's three instances).
    await Promise.all([seedDemo(app), seedDemo(app), seedDemo(app)]);
    const [registrarCount] = await app.db.select({ n: count() }).from(registrars);
    const [userCount] = await app.db.select({ n: count() }).from(users);
    expect(registrarCount?.n).toBe(3);
    expect(userCount?.n).toBe(12);
  });
});
