import { afterAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/test-app';

/* HSTS is sent when the portal is reached over https (PUBLIC_URL), never over plain http. */
const apps: TestApp[] = [];
afterAll(async () => Promise.all(apps.map((t) => t.close())));

describe('security headers', () => {
  it('asks browsers to keep to https for a year when PUBLIC_URL is https', async () => {
    const t = await createTestApp({ publicUrl: 'https://portal.example' });
    apps.push(t);
    const res = await t.app.inject({ url: '/health' });
    expect(res.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
    expect(res.headers['content-security-policy']).toContain("frame-ancestors 'none'");
  });

  it('sends no HSTS over plain http (a local demo must stay reachable)', async () => {
    const t = await createTestApp();
    apps.push(t);
    const res = await t.app.inject({ url: '/health' });
    expect(res.headers['strict-transport-security']).toBeUndefined();
  });
});
