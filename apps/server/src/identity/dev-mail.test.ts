import { afterAll, describe, expect, it } from 'vitest';
import { mailOutbox } from '../db/schema';
import { createTestApp, type TestApp } from '../test/test-app';

const apps: TestApp[] = [];
afterAll(async () => Promise.all(apps.map((app) => app.close())));

describe('/dev/mail', () => {
  it('shows the outbox in demo mode, newest first, with its links clickable and its text escaped', async () => {
    const t = await createTestApp({ demoMode: true });
    apps.push(t);
    await t.database.db.insert(mailOutbox).values([
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

  it('does not exist outside demo mode', async () => {
    const t = await createTestApp({ demoMode: false });
    apps.push(t);
    expect((await t.app.inject({ url: '/dev/mail' })).statusCode).toBe(404);
  });
});
