import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PanelRole, RegistryMessagesResponse } from '@registrar-panel/contract';
import { applyLines, lines, numbered } from '../../feed/feed.test-support';
import { readPosition } from '../../feed/position';
import { createRegistrar } from '../../test/factories';
import { call } from '../../test/http';
import { createTestApp, type TestApp } from '../../test/test-app';

const as = (username: string, role: PanelRole) => ({ username, roles: [role] });
const tech = as('tech@alpha', 'TECH');
const other = as('support@alpha', 'SUPPORT');
const finance = as('finance@alpha', 'FINANCE');
const bravo = as('tech@bravo', 'TECH');

let t: TestApp;
const now = Date.now();
const ago = (hours: number) => new Date(now - hours * 3_600_000);

beforeAll(async () => {
  t = await createTestApp();
  await createRegistrar(t.database.db, { handle: 'alpha' });
  await createRegistrar(t.database.db, { handle: 'bravo' });
  const announcement = { kind: 'announcement', domain: null, text: 'Maintenance on Saturday.' };
  const result = await applyLines(
    t.database,
    numbered(
      [
        lines.message(1, 'alpha', ago(50), { kind: 'transferRequested', domain: 'wanted.be', text: 'A transfer of wanted.be was requested.' }),
        lines.message(2, 'alpha', ago(40)),
        lines.message(3, null, ago(30), announcement),
        lines.message(4, 'bravo', ago(20), { domain: 'bravo-only.be' }),
        lines.message(5, 'alpha', ago(10), { kind: 'lockSet', domain: 'locked.be', text: 'The registry lock was set on locked.be.' }),
        lines.message(6, 'bravo', ago(5), { ...announcement, text: 'To bravo only.' }),
      ],
      (await readPosition(t.database.pool)) + 1,
    ),
  );
  expect(result.rejects).toEqual([]);
}, 60_000);
afterAll(async () => t?.close());

async function inbox(user: { username: string; roles: PanelRole[] }, query: Record<string, string> = {}): Promise<RegistryMessagesResponse> {
  const res = await call(t, { url: '/services/messages', as: user, query });
  expect(res.statusCode).toBe(200);
  return res.json<{ data: RegistryMessagesResponse }>().data;
}
async function unread(user: { username: string; roles: PanelRole[] }): Promise<number> {
  const res = await call(t, { url: '/services/messages/unread', as: user });
  expect(res.statusCode).toBe(200);
  return res.json<{ data: { unread: number } }>().data.unread;
}

describe("the registry's messages", () => {
  it('asks for a sign-in; every role may ask, and an API key may not', async () => {
    expect((await call(t, { url: '/services/messages' })).statusCode).toBe(401);
    expect((await call(t, { url: '/services/messages/unread' })).statusCode).toBe(401);
  });

  it("lists the registrar's messages and the announcements to all, newest first, never another registrar's", async () => {
    const page = await inbox(tech);
    expect(page.messages.map((m) => m.id)).toEqual([5, 3, 2, 1]);
    expect(page.messages[1]).toMatchObject({ kind: 'announcement', toAll: true, pinned: true, read: false, domain: null });
    expect(page.pinned.map((m) => m.id)).toEqual([3]);
    expect((await inbox(bravo)).messages.map((m) => m.id)).toEqual([6, 4, 3]);
    expect(await unread(tech)).toBe(4);
  });

  it('shows a user without readRegistrations (FINANCE) the announcements only', async () => {
    expect((await inbox(finance)).messages.map((m) => m.id)).toEqual([3]);
    expect(await unread(finance)).toBe(1);
  });

  it('filters by kind, domain, dates and unread, and pages by the cursor', async () => {
    expect((await inbox(tech, { kind: 'lockSet' })).messages.map((m) => m.id)).toEqual([5]);
    expect((await inbox(tech, { domain: 'WANTED.be' })).messages.map((m) => m.id)).toEqual([1]);
    const first = await inbox(tech, { size: '2' });
    expect(first.messages.map((m) => m.id)).toEqual([5, 3]);
    const second = await inbox(tech, { size: '2', before: first.next! });
    expect(second.messages.map((m) => m.id)).toEqual([2, 1]);
    expect(second.next).toBeNull();
    const day = new Date(now - 50 * 3_600_000).toLocaleDateString('en-CA', { timeZone: 'Europe/Brussels' });
    expect((await inbox(tech, { from: day, to: day })).messages.map((m) => m.id)).toContain(1);
    expect((await call(t, { url: '/services/messages', as: tech, query: { kind: 'nonsense' } })).statusCode).toBe(400);
    expect((await call(t, { url: '/services/messages', as: tech, query: { before: 'yesterday' } })).statusCode).toBe(400);
  });

  it('marks read and unread per user: the count falls for that user only', async () => {
    const res = await call(t, { method: 'PUT', url: '/services/messages/5/read', as: tech, body: { read: true } });
    expect(res.statusCode).toBe(200);
    expect(res.json<{ data: { unread: number } }>().data.unread).toBe(3);
    expect((await inbox(tech, { unread: 'true' })).messages.map((m) => m.id)).toEqual([3, 2, 1]);
    expect((await inbox(tech, { unread: 'false' })).messages.map((m) => m.id)).toEqual([5]);
    expect(await unread(other)).toBe(4);
    await call(t, { method: 'PUT', url: '/services/messages/5/read', as: tech, body: { read: false } });
    expect(await unread(tech)).toBe(4);
  });

  it("answers 404 for another registrar's message, its announcement, and a FINANCE user's message about a registration", async () => {
    for (const id of [4, 6, 999]) {
      expect((await call(t, { method: 'PUT', url: `/services/messages/${id}/read`, as: tech, body: { read: true } })).statusCode).toBe(404);
      expect((await call(t, { method: 'POST', url: `/services/messages/${id}/dismiss`, as: tech })).statusCode).toBe(404);
    }
    expect((await call(t, { method: 'PUT', url: '/services/messages/5/read', as: finance, body: { read: true } })).statusCode).toBe(404);
    // Only an announcement is dismissed.
    expect((await call(t, { method: 'POST', url: '/services/messages/5/dismiss', as: tech })).statusCode).toBe(404);
    expect(await unread(bravo)).toBe(3);
  });

  it('dismisses an announcement for good: unpinned and read, also after "unread" and "mark all read"', async () => {
    const res = await call(t, { method: 'POST', url: '/services/messages/3/dismiss', as: other });
    expect(res.statusCode).toBe(200);
    expect((await inbox(other)).pinned).toEqual([]);
    await call(t, { method: 'PUT', url: '/services/messages/3/read', as: other, body: { read: false } });
    expect((await inbox(other)).messages.find((m) => m.id === 3)).toMatchObject({ read: true, pinned: false });
    expect((await inbox(tech)).pinned.map((m) => m.id)).toEqual([3]);
  });

  it('marks all read in one go, for the caller only, even when users press it at once', async () => {
    const answers = await Promise.all([1, 2, 3].map(() => call(t, { method: 'POST', url: '/services/messages/read', as: tech })));
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200, 200]);
    expect(await unread(tech)).toBe(0);
    expect((await inbox(tech)).pinned.map((m) => m.id)).toEqual([3]);
    expect(await unread(bravo)).toBe(3);
    expect(await unread(finance)).toBe(1);
  });
});
