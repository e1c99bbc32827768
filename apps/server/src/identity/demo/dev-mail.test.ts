import { afterAll, describe, expect, it } from 'vitest';
import { demoMailbox } from '../../db/schema';
import { createTestApp, type TestApp } from '../../test/test-app';

const apps: TestApp[] = [];
afterAll(async () => Promise.all(apps.map((app) => app.close())));

describe('/dev/mail', () => {
  it('shows the outbox in demo mode, newest first, with its links clickable and its text escaped', async () => {
    const t = await createTestApp({ demoMode: true });
    apps.push(t);
    await t.database.db.insert(demoMailbox).values([
      { to: 'first@mail.example', subject: 'First', text: 'Hello <b>there</b>' },
      {
        to: 'second@mail.example',
        subject: 'Second',
        text: 'Open http://portal.test/auth/realms/registrar-panel/login-actions/action-token?key=abc to go on.',
      },
    ]);
    const res = await t.app.inject({ url: '/dev/mail' });
    expect(res.statusCode).toBe(200);
    expect(res.body.indexOf('Second')).toBeLessThan(res.body.indexOf('First'));
    expect(res.body).toContain(
      '<a href="http://portal.test/auth/realms/registrar-panel/login-actions/action-token?key=abc">http://portal.test/auth/realms/registrar-panel/login-actions/action-token?key=abc</a>',
    );
    expect(res.body).toContain('Hello &lt;b&gt;there&lt;/b&gt;');
  });

  it('opens only to a browser on this machine: never to another address, nor through a proxy', async () => {
    const t = await createTestApp({ demoMode: true, trustProxy: ['127.0.0.1'] });
    apps.push(t);
    await t.database.db.insert(demoMailbox).values({
      to: 'someone@mail.example',
      subject: 'Activate your account',
      text: 'Open http://portal.test/auth/realms/registrar-panel/login-actions/action-token?key=secret-key to go on.',
    });
    for (const remoteAddress of ['127.0.0.1', '127.0.0.53', '::1', '::ffff:127.0.0.1']) {
      const local = await t.app.inject({ url: '/dev/mail', remoteAddress });
      expect(local.statusCode, remoteAddress).toBe(200);
      expect(local.body).toContain('secret-key');
    }
    const refused = [
      await t.app.inject({ url: '/dev/mail', remoteAddress: '203.0.113.5' }),
      // A client cannot claim to be local...
      await t.app.inject({ url: '/dev/mail', remoteAddress: '203.0.113.5', headers: { 'x-forwarded-for': '127.0.0.1' } }),
      // ...and a proxy on this machine does not make its visitors local.
      await t.app.inject({ url: '/dev/mail', remoteAddress: '127.0.0.1', headers: { 'x-forwarded-for': '198.51.100.7' } }),
    ];
    for (const res of refused) {
      expect(res.statusCode).toBe(403);
      expect(res.body).toContain('only in a browser on the machine the portal runs on');
      expect(res.body).not.toContain('secret-key');
    }
  });

  it('does not exist outside demo mode', async () => {
    const t = await createTestApp({ demoMode: false });
    apps.push(t);
    expect((await t.app.inject({ url: '/dev/mail', headers: { host: 'portal.test' } })).statusCode).toBe(404);
  });
});
