import { once } from 'node:events';
import type { AddressInfo } from 'node:net';
import { connect, createServer, type Server, type TLSSocket } from 'node:tls';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EppCertificatesResponse, PanelRole } from '@registrar-panel/contract';
import { portalChangesAfter } from '../../feed/portal-changes';
import { createRegistrar } from '../../test/factories';
import { createTestApp, type TestApp } from '../../test/test-app';
import { addUser } from '../epp/epp.test-support';
import { makeCertificate, type TestCertificate } from './certificates.test-support';
import { certificatesUrl } from './epp-certificates.test-support';

/*
 * The fingerprint the portal publishes is the one a TLS stack sees. A real mutual-TLS server, as the
 * registry's EPP server would be, accepts a client only when the SHA-256 fingerprint of the
 * certificate it presents is among those the portal-changes stream (the reader `npm run feed:changes`
 * uses) published for the registrar. Also: two real parallel HTTP uploads to one slot, one wins.
 */

let t: TestApp;
let base: string;
let tls: Server;
const tech = { username: 'tech@alpha', roles: ['TECH'] as PanelRole[] };
let uploaded: TestCertificate;
let unpublished: TestCertificate;
let serverCertificate: TestCertificate;
let rival: TestCertificate;

/** The fingerprints the stream says the registrar's slots hold now: each slot's latest value, null for a removal. */
async function publishedFingerprints(registrar: string): Promise<Set<string>> {
  const slots = new Map<string, string | null>();
  for (const change of await portalChangesAfter(t.database.db, 0, 10_000)) {
    if (change.registrar !== registrar || !change.field.startsWith('eppCertificate')) continue;
    slots.set(change.field, (change.value as { fingerprint: string } | null)?.fingerprint ?? null);
  }
  return new Set([...slots.values()].filter((value): value is string => value !== null));
}

/** Connects with a client certificate and its key; answers what the server said, or 'refused' when it closed. */
async function connectWith(client: TestCertificate): Promise<string> {
  const socket = connect({ host: '127.0.0.1', port: (tls.address() as AddressInfo).port, cert: client.pem, key: client.keyPem, rejectUnauthorized: false });
  let said = '';
  socket.setEncoding('utf8');
  socket.on('data', (chunk: string) => (said += chunk));
  socket.on('error', () => undefined);
  await once(socket, 'close');
  return said || 'refused';
}

async function http(method: string, path: string, body?: unknown): Promise<Response> {
  const token = await t.tokenFor(tech);
  return fetch(`${base}${path}`, {
    method,
    headers: { authorization: `Bearer ${token}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
}

beforeAll(async () => {
  [t, uploaded, unpublished, serverCertificate, rival] = await Promise.all([
    createTestApp(),
    makeCertificate({ name: 'CN=epp-client.alpha.example' }),
    makeCertificate({ name: 'CN=epp-client.alpha.example' }),
    makeCertificate({ key: 'p256', name: 'CN=epp.registry.example' }),
    makeCertificate({ key: 'p256' }),
  ]);
  await createRegistrar(t.database.db, { handle: 'alpha' });
  await addUser(t, 'tech@alpha', ['TECH']);
  base = await t.app.listen({ host: '127.0.0.1', port: 0 });
  tls = createServer({ cert: serverCertificate.pem, key: serverCertificate.keyPem, requestCert: true, rejectUnauthorized: false }, (socket: TLSSocket) => {
    void (async () => {
      const presented = socket.getPeerX509Certificate()?.fingerprint256.replace(/:/g, '').toLowerCase();
      const allowed = await publishedFingerprints('alpha');
      if (presented && allowed.has(presented)) socket.end('accepted');
      else socket.destroy();
    })();
  });
  tls.listen(0, '127.0.0.1');
  await once(tls, 'listening');
});
afterAll(async () => {
  tls?.close();
  await t?.close();
});

describe('the published fingerprint is what a TLS server sees', () => {
  it('accepts the uploaded certificate, refuses an unpublished one, and refuses it after removal', async () => {
    const res = await http('PUT', `${certificatesUrl}/primary`, { pem: uploaded.pem, replaces: null });
    expect(res.status).toBe(200);
    const { primary } = ((await res.json()) as { data: EppCertificatesResponse }).data;
    expect(await publishedFingerprints('alpha')).toEqual(new Set([primary!.fingerprint]));

    expect(await connectWith(uploaded)).toBe('accepted');
    expect(await connectWith(unpublished)).toBe('refused');

    const removed = await http('DELETE', `${certificatesUrl}/primary?fingerprint=${primary!.fingerprint}`);
    expect(removed.status).toBe(200);
    expect(await connectWith(uploaded)).toBe('refused');
  });
});

describe('parallel uploads to one slot', () => {
  it('lets one win; the other is told the slot changed', async () => {
    const answers = await Promise.all([
      http('PUT', `${certificatesUrl}/failover`, { pem: unpublished.pem, replaces: null }),
      http('PUT', `${certificatesUrl}/failover`, { pem: rival.pem, replaces: null }),
    ]);
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 409]);
    const loser = (await answers.find((answer) => answer.status === 409)!.json()) as { messages: { messageKey: string }[] };
    expect(loser.messages.map((m) => m.messageKey)).toEqual(['eppCertificate.changed']);
    const winner = answers.findIndex((answer) => answer.status === 200);
    const slots = ((await (await http('GET', certificatesUrl)).json()) as { data: EppCertificatesResponse }).data;
    const expected = winner === 0 ? unpublished : rival;
    expect(slots.failover!.pem.replace(/\s/g, '')).toBe(expected.pem.replace(/\s/g, ''));
    // One change on the stream, one audit entry: the loser left nothing.
    const failoverChanges = (await portalChangesAfter(t.database.db, 0, 100)).filter((change) => change.field === 'eppCertificateFailover');
    expect(failoverChanges).toHaveLength(1);
  });
});
