import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PanelRole } from '@registrar-panel/contract';
import { createRegistrar } from '../../test/factories';
import { createTestApp, type TestApp } from '../../test/test-app';

/* An ADMIN chooses the language of the mails to the registrar's contacts that are no users. */
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
  await createRegistrar(t.database.db, { handle: 'alpha' });
  await createRegistrar(t.database.db, { handle: 'beta' });
});
afterAll(async () => t?.close());

const as = async (username: string, roles: PanelRole[]) => ({ authorization: `Bearer ${await t.tokenFor({ username, roles })}` });
const registrarOf = async (username: string) =>
  (await t.app.inject({ url: '/services/registrar', headers: await as(username, ['ADMIN']) })).json<{
    data: { registrar: { language: string; version: number } };
  }>().data.registrar;

describe('PUT /services/registrar/language', () => {
  it('is English until an ADMIN chooses; the choice is answered, kept and in the history', async () => {
    expect((await registrarOf('ann@alpha')).language).toBe('en');
    const versionBefore = (await registrarOf('ann@alpha')).version;
    const res = await t.app.inject({
      method: 'PUT',
      url: '/services/registrar/language',
      headers: await as('ann@alpha', ['ADMIN']),
      payload: { language: 'de' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json<{ data: { registrar: { language: string } } }>().data.registrar.language).toBe('de');
    expect(await registrarOf('ann@alpha')).toMatchObject({ language: 'de', version: versionBefore });
    const history = await t.app.inject({ url: '/services/registrar/history?kind=contacts', headers: await as('ann@alpha', ['ADMIN']) });
    expect(history.json<{ data: { entries: { action: string; username: string; details: unknown }[] } }>().data.entries).toContainEqual(
      expect.objectContaining({ action: 'registrar.language.update', username: 'ann@alpha', details: { before: 'en', after: 'de' } }),
    );
  });

  it("changes only the caller's own registrar, whatever identifiers of another it names", async () => {
    const headers = await as('ann@alpha', ['ADMIN']);
    const res = await t.app.inject({
      method: 'PUT',
      url: '/services/registrar/language?handle=beta',
      headers,
      payload: { language: 'fr', handle: 'beta', registrarHandle: 'beta' },
    });
    expect(res.statusCode).toBe(200);
    expect((await registrarOf('ann@alpha')).language).toBe('fr');
    expect((await registrarOf('bob@beta')).language).toBe('en');
  });

  it('is for ADMINs only, and takes only the four languages', async () => {
    for (const role of ['SUPPORT', 'TECH', 'FINANCE'] as const) {
      const res = await t.app.inject({
        method: 'PUT',
        url: '/services/registrar/language',
        headers: await as('sam@beta', [role]),
        payload: { language: 'nl' },
      });
      expect(res.statusCode, role).toBe(403);
    }
    for (const language of ['xx', 'de-DE', '<script>', '../', 'x'.repeat(100_000)]) {
      const res = await t.app.inject({ method: 'PUT', url: '/services/registrar/language', headers: await as('bob@beta', ['ADMIN']), payload: { language } });
      expect(res.statusCode).toBe(400);
    }
    expect((await registrarOf('bob@beta')).language).toBe('en');
  });
});
