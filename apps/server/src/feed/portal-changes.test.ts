import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PanelRole } from '@registrar-panel/contract';
import { createRegistrar } from '../test/factories';
import { call } from '../test/http';
import { createTestApp, type TestApp } from '../test/test-app';
import { ipUrl, passwordUrl } from '../modules/epp/epp.test-support';
import { applyLines, lines, numbered } from './feed.test-support';
import { portalChangesAfter } from './portal-changes';
import { exposition, sampleOf } from '../modules/metrics/metrics.test-support';

/*
 * The outgoing stream: what registrar staff save in the portal is there, in order, written with
 * the change (a refused or empty change leaves nothing); the feed keeps those fields until the
 * registry acknowledges them with portalSeq.
 */

let t: TestApp;
const tech = { username: 'tech@alpha', roles: ['TECH'] as PanelRole[] };
const password = 'Fine Secret 42!';

beforeAll(async () => {
  t = await createTestApp();
  await createRegistrar(t.database.db, { handle: 'alpha' });
  await createRegistrar(t.database.db, { handle: 'bravo' });
});
afterAll(async () => t?.close());

const publicContact = {
  organization: 'Alpha Domains NV',
  email: 'hello@alpha.example',
  phone: '+32.98765432',
  url: 'https://www.alpha.example',
  address: { street: 'Rue Neuve 2', postalCode: '1000', city: 'Brussels', countryCode: 'BE' },
};

describe('portal changes', () => {
  it('holds every saved change of contacts and EPP settings, in order, with the password only as its hash', async () => {
    expect((await call(t, { method: 'PUT', url: '/services/registrar', as: tech, body: publicContact })).statusCode).toBe(200);
    const whois = { type: 'TECH', name: 'Noor Peeters', phone: '+32.21234567', email: 'noc@alpha.example' };
    expect((await call(t, { method: 'POST', url: '/services/registrar/whoisContact', as: tech, body: whois })).statusCode).toBe(200);
    expect((await call(t, { method: 'PUT', url: ipUrl, as: tech, body: { ipAddresses: ['192.0.2.10', '2001:db8::1'] } })).statusCode).toBe(200);
    expect((await call(t, { method: 'PUT', url: passwordUrl, as: tech, body: { newPassword: password } })).statusCode).toBe(200);
    // Refused or unchanged: nothing travels.
    expect((await call(t, { method: 'PUT', url: ipUrl, as: tech, body: { ipAddresses: ['not an address'] } })).statusCode).toBe(400);
    expect((await call(t, { method: 'PUT', url: ipUrl, as: tech, body: { ipAddresses: ['192.0.2.10', '2001:db8::1'] } })).statusCode).toBe(200);

    const changes = await portalChangesAfter(t.database.db, 0, 100);
    expect(changes.map((c) => [c.registrar, c.field, c.by])).toEqual([
      ['alpha', 'publicContact', 'tech@alpha'],
      ['alpha', 'techContact', 'tech@alpha'],
      ['alpha', 'eppIpAddresses', 'tech@alpha'],
      ['alpha', 'eppPassword', 'tech@alpha'],
    ]);
    expect(changes[1]!.value).toEqual({ name: 'Noor Peeters', phone: '+32.21234567', email: 'noc@alpha.example' });
    expect(changes[2]!.value).toEqual(['192.0.2.10', '2001:db8::1']);
    const secret = changes[3]!.value as { hash: string };
    expect(secret.hash).toMatch(/^\$argon2id\$/);
    expect(JSON.stringify(changes)).not.toContain(password);
    expect((await portalChangesAfter(t.database.db, changes[1]!.seq, 100)).map((c) => c.field)).toEqual(['eppIpAddresses', 'eppPassword']);
  });

  it('are kept by the feed until the registry acknowledges them', async () => {
    // Before any feed, the position an operator watches is 0.
    expect(sampleOf(await exposition(t), 'registrar_panel_registry_feed_position')).toBe(0);
    const changes = await portalChangesAfter(t.database.db, 0, 100);
    const last = changes.at(-1)!.seq;
    const feedLine = (portalSeq: number) =>
      lines.registrar('alpha', { portalSeq, eppIpAddresses: ['198.51.100.1'], publicContact: { ...publicContact, organization: 'Registry Says NV' } });
    const stale = await applyLines(t.database, numbered([feedLine(changes[0]!.seq), lines.registrar('bravo')], 1));
    expect(stale.keptPortalChanges).toEqual([{ registrar: 'alpha', fields: ['techContact', 'eppIpAddresses'] }]);
    const row = await t.database.pool.query(
      `SELECT public_contact->>'organization' AS organization, tech_contact->>'name' AS tech FROM registrars WHERE handle = 'alpha'`,
    );
    // The public contact's change was acknowledged (portalSeq covers it): the registry's value applies.
    expect(row.rows[0]).toEqual({ organization: 'Registry Says NV', tech: 'Noor Peeters' });
    const ips = await call(t, { method: 'GET', url: ipUrl, as: tech });
    expect(ips.json<{ data: unknown }>().data).toEqual({ ipAddresses: ['192.0.2.10', '2001:db8::1'] });

    const seen = await applyLines(t.database, numbered([feedLine(last)], 3));
    expect(seen.keptPortalChanges).toEqual([]);
    expect((await call(t, { method: 'GET', url: ipUrl, as: tech })).json<{ data: unknown }>().data).toEqual({ ipAddresses: ['198.51.100.1'] });
    const after = await t.database.pool.query(`SELECT tech_contact->>'name' AS tech FROM registrars WHERE handle = 'alpha'`);
    expect(after.rows[0]).toEqual({ tech: 'Tech Person' });
    const scraped = await exposition(t);
    expect(sampleOf(scraped, 'registrar_panel_registry_feed_position')).toBe(3);
    expect(sampleOf(scraped, 'registrar_panel_registry_feed_age_seconds')).toBeLessThan(60);
  });
});
