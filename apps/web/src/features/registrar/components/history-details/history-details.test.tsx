import type { AuditAction, AuditDetails, HistoryEntry } from '@registrar-panel/contract';
import { renderToStaticMarkup } from 'react-dom/server';
import { beforeAll, describe, expect, it } from 'vitest';
import { initI18n, loadFeatureTexts } from '../../../../lib/i18n';
import { HistoryDetails } from '.';

/**
 * An entry's details as a person reads them (the unit runs in Node: the server renderer needs no
 * DOM): one string a line, the text a screen reader hears included ('changed to').
 */
function shown<A extends AuditAction>(action: A, details: Partial<AuditDetails[A]>): string[] {
  // TypeScript relates a generic action to the entry's union only up to 25 members; there are more now.
  const entry = { id: 'a1', at: '2026-05-04T10:00:00Z', username: 'admin@acme', action, details, ip: '192.0.2.1' } as HistoryEntry;
  return shownEntry(entry);
}

function shownEntry(entry: HistoryEntry): string[] {
  const markup = renderToStaticMarkup(<HistoryDetails entry={entry} />);
  const lines = markup.includes('<li') ? [...markup.matchAll(/<li>(.*?)<\/li>/g)].map((match) => match[1] ?? '') : [markup];
  return lines
    .map((line) =>
      line
        .replace(/<[^>]+>/g, '')
        .replaceAll('&amp;', '&')
        .replaceAll('&quot;', '"')
        .replaceAll('&#x27;', "'")
        .replace(/\s+/g, ' ')
        .trim(),
    )
    .filter((line) => line !== '');
}

const contact = { contact: 'techContact', version: 3 } as const;
const ann = { username: 'ann@acme', name: 'Ann', email: 'ann@acme.be' };
const hook = { id: 'h1', url: 'https://hooks.example.com/registry', eventKinds: ['user.create', 'epp.password.update'], description: '' };
const hookLines = ['Address: https://hooks.example.com/registry', 'Events: Added a user, Changed the EPP password'];
const key = { name: 'Nightly export', prefix: 'rpk_AbCdEf012345', scopes: ['registrations', 'billing'], expiresOn: '2026-12-31' };

/**
 * Details as each audit action's service records them, with what the history shows. Typed by the
 * contract's list: a new action does not compile until it is shown here.
 */
const examples: { [A in AuditAction]: { details: AuditDetails[A]; lines: string[] } } = {
  'registrar.publicContact.update': {
    details: { ...contact, changes: [{ field: 'email', old: 'info@acme.be', new: 'hello@acme.be' }] },
    lines: ['Email: info@acme.be → changed to hello@acme.be'],
  },
  'registrar.techContact.update': {
    details: { ...contact, changes: [{ field: 'name', old: 'Ann', new: 'Bob' }] },
    lines: ['Name: Ann → changed to Bob'],
  },
  'registrar.adminContact.update': {
    details: { ...contact, changes: [{ field: 'address.city', old: 'Gent', new: 'Leuven' }] },
    lines: ['City: Gent → changed to Leuven'],
  },
  'registrar.abuseContact.update': {
    details: { ...contact, changes: [{ field: 'phone', old: null, new: '+32.21234567' }] },
    lines: ['Phone: (empty) → changed to +32.21234567'],
  },
  'registrar.language.update': { details: { before: 'en', after: 'de' }, lines: ['Language of contact mails: English → changed to Deutsch'] },
  'epp.ipAddresses.update': {
    details: { before: ['192.0.2.1', '192.0.2.2'], after: ['192.0.2.2', '2001:db8::1'] },
    lines: ['Added: 2001:db8::1', 'Removed: 192.0.2.1'],
  },
  'epp.password.update': { details: { firstTime: true }, lines: ['First password set'] },
  'epp.password.resetLinkRequest': { details: { recipients: 2 }, lines: ['Mailed to 2 administrators'] },
  'epp.password.resetLinkUse': { details: { requestedBy: 'ann@acme' }, lines: ['Link asked for by ann@acme'] },
  'user.create': { details: { ...ann, roles: ['TECH', 'FINANCE'] }, lines: ['User: ann@acme', 'Roles: TECH, FINANCE'] },
  'user.update': {
    details: { username: 'ann@acme', before: { name: 'Ann', email: 'ann@acme.be', roles: ['TECH'] }, after: { name: 'Ann', email: 'ann@acme.be', roles: [] } },
    lines: ['User: ann@acme', 'Roles: TECH → changed to no roles'],
  },
  'user.delete': { details: { ...ann, roles: [] }, lines: ['User: ann@acme', 'Roles: no roles'] },
  'user.totpReset': { details: { username: 'ann@acme' }, lines: ['User: ann@acme'] },
  'user.activationResend': { details: { username: 'ann@acme' }, lines: ['User: ann@acme'] },
  'user.disable': { details: { username: 'ann@acme' }, lines: ['User: ann@acme'] },
  'user.enable': { details: { username: 'ann@acme' }, lines: ['User: ann@acme'] },
  'user.accessEnd': { details: { username: 'ann@acme', accessEnd: '2026-06-30' }, lines: ['User: ann@acme', 'Access ends on 2026/06/30'] },
  'apiKey.create': {
    details: { ...key, allowedAddresses: ['192.0.2.0/24', '2001:db8::/48'] },
    lines: [
      'Key: Nightly export (rpk_AbCdEf012345)',
      'Scopes: Registrations, Billing lines',
      'Expires after: 2026/12/31',
      'Allowed addresses: 192.0.2.0/24, 2001:db8::/48',
    ],
  },
  'apiKey.revoke': {
    details: { ...key, scopes: ['domainReport'], allowedAddresses: [] },
    lines: ['Key: Nightly export (rpk_AbCdEf012345)', 'Scopes: Domain report', 'Expires after: 2026/12/31', 'Allowed addresses: Any address'],
  },
  'epp.certificate.upload': {
    details: { slot: 'primary', fingerprint: '3f2a9c0d', subject: 'CN=epp.acme.example, O=Acme', notAfter: '2027-01-15T09:00:00.000Z' },
    lines: ['Certificate: Primary', 'Subject: CN=epp.acme.example, O=Acme', 'SHA-256 fingerprint: 3f2a9c0d', 'Valid until: 2027/01/15 10:00:00 CET'],
  },
  'epp.certificate.replace': {
    details: {
      ...{ slot: 'primary', fingerprint: '3f2a9c0d', subject: 'CN=epp.acme.example, O=Acme', notAfter: '2027-01-15T09:00:00.000Z' },
      slot: 'failover',
      replaced: '11aa22bb',
    },
    lines: [
      'Certificate: Failover',
      'Subject: CN=epp.acme.example, O=Acme',
      'SHA-256 fingerprint: 3f2a9c0d',
      'Valid until: 2027/01/15 10:00:00 CET',
      'Replaced certificate: 11aa22bb',
    ],
  },
  'epp.certificate.remove': {
    details: { slot: 'primary', fingerprint: '3f2a9c0d', subject: 'CN=epp.acme.example, O=Acme', notAfter: '2027-01-15T09:00:00.000Z' },
    lines: ['Certificate: Primary', 'Subject: CN=epp.acme.example, O=Acme', 'SHA-256 fingerprint: 3f2a9c0d', 'Valid until: 2027/01/15 10:00:00 CET'],
  },
  'download.domainReport': {
    details: { fileName: 'domain_names_Acme_20260504-120000.csv', rows: 1 },
    lines: ['File: domain_names_Acme_20260504-120000.csv · 1 row'],
  },
  'download.billing': {
    details: { fileName: '202604-Acme-billingLines.csv', year: 2026, month: 4, rows: 12 },
    lines: ['File: 202604-Acme-billingLines.csv · 12 rows'],
  },
  'download.portfolioOnDate': {
    details: { fileName: 'portfolio.csv', at: '2026-03-03T22:59:59.999Z', filters: {}, rows: 2 },
    lines: ['File: portfolio.csv · 2 rows'],
  },
  'download.portfolioChanges': {
    details: { fileName: 'changes.csv', from: '2026-02-28T22:59:59.999Z', to: '2026-03-31T21:59:59.999Z', rows: 1 },
    lines: ['File: changes.csv · 1 row'],
  },
  'download.searchExport': {
    details: { fileName: 'search.csv', ulabel: 'acme*', filters: {}, rows: 0 },
    lines: ['File: search.csv · 0 rows'],
  },
  'download.forecast': { details: { fileName: 'forecast.csv', months: 12, from: '2026-05' }, lines: ['File: forecast.csv'] },
  'download.historyExport': {
    details: { fileName: 'acme-history-20260504-120000.csv', filter: { kind: 'apiKeys', from: '2026-05-01', user: undefined } },
    lines: ['File: acme-history-20260504-120000.csv', 'Filter: Kind of action: API keys, From: 2026-05-01'],
  },
  'download.reconciliation': {
    details: { fileName: 'reconciliation_Acme_20260504-120000.csv', runId: 'r1', rows: 3 },
    lines: ['File: reconciliation_Acme_20260504-120000.csv · 3 rows'],
  },
  'reconciliation.upload': {
    details: { runId: 'r1', fileName: 'our-names.csv', bytes: 2048, lines: 40, counts: { missingFromFile: 1 } },
    lines: ['File: our-names.csv · 40 rows'],
  },
  'webhook.create': { details: hook, lines: hookLines },
  'webhook.update': { details: { before: { ...hook, url: 'https://old.example.com/x' }, after: hook }, lines: hookLines },
  'webhook.delete': { details: hook, lines: hookLines },
  'webhook.enable': { details: hook, lines: hookLines },
  'webhook.disable': { details: { ...hook, reason: 'manual' }, lines: hookLines },
  'webhook.secretRotate': { details: hook, lines: hookLines },
  'account.password.change': { details: { sessionsEnded: 2 }, lines: ['2 other sessions signed out'] },
  'account.totp.change': { details: { sessionsEnded: 1 }, lines: ['1 other session signed out'] },
  'account.session.end': {
    details: { browser: 'Firefox 133', os: 'Linux', address: '192.0.2.7' },
    lines: ['Device: Firefox 133, Linux', 'IP address: 192.0.2.7'],
  },
  'account.sessions.endOthers': { details: { sessionsEnded: 0 }, lines: ['0 other sessions signed out'] },
  'account.passkey.add': { details: { passkeyName: 'Work laptop' }, lines: ['Passkey: Work laptop'] },
  'account.passkey.remove': { details: { passkeyName: 'Old key' }, lines: ['Passkey: Old key'] },
  'account.passkey.rename': { details: { before: 'Old key', after: 'Desk key' }, lines: ['Passkey: Old key → changed to Desk key'] },
  'user.passkeysRemove': { details: { username: 'ann@acme', passkeysRemoved: 2 }, lines: ['User: ann@acme', '2 passkeys removed'] },
  'user.secondFactorsRecover': {
    details: { username: 'ann@acme', totpRemoved: true, passkeysRemoved: 1 },
    lines: ['User: ann@acme', 'Authenticator app removed', '1 passkey removed'],
  },
  'registrar.passkeyPolicy.update': { details: { required: true }, lines: ['Passkeys required of every user'] },
};

beforeAll(async () => {
  await initI18n();
  await loadFeatureTexts('registrar');
});

describe('history details', () => {
  it.each(Object.entries(examples))('shows %s readably', (action, { details, lines }) => {
    expect(shown(action as AuditAction, details)).toEqual(lines);
  });

  it('shows an API key by its name and monospace prefix, never its scopes as JSON', () => {
    const markup = renderToStaticMarkup(
      <HistoryDetails
        entry={{ id: 'a2', at: '2026-05-04T10:00:00Z', username: 'admin@acme', action: 'apiKey.create', details: examples['apiKey.create'].details, ip: null }}
      />,
    );
    expect(markup).toContain('<span class="font-monospace text-break">(rpk_AbCdEf012345)</span>');
    expect(markup).toContain('<time dateTime="2026-12-31">2026/12/31</time>');
    expect(markup).not.toContain('[');
  });

  it('keeps a scope it does not know as it is, and leaves out what a key entry lacks', () => {
    expect(shown('apiKey.revoke', { name: 'Old tool', scopes: ['registrations', 'somethingNew'] })).toEqual([
      'Key: Old tool',
      'Scopes: Registrations, somethingNew',
    ]);
  });

  it('reads a later password change, a removed access end, an unchanged IP list and an export without a filter', () => {
    expect(shown('epp.password.update', { firstTime: false })).toEqual([]);
    expect(shown('user.accessEnd', { username: 'ann@acme', accessEnd: null })).toEqual(['User: ann@acme', 'Access end date removed']);
    expect(shown('epp.ipAddresses.update', { before: ['192.0.2.1'], after: ['192.0.2.1'] })).toEqual(['No change in the list']);
    expect(shown('download.historyExport', { fileName: 'acme-history.csv', filter: {} })).toEqual(['File: acme-history.csv', 'Filter: no filter']);
  });

  it('shows what an entry recorded before a field existed holds, and nothing for what it lacks', () => {
    // The server leaves out the fields a stored row does not hold in today's shape (history-entry.presenter.ts).
    expect(shown('registrar.techContact.update', { contact: 'techContact', version: 2 })).toEqual([]);
    expect(shown('user.update', { username: 'ann@acme' })).toEqual(['User: ann@acme']);
    expect(shown('user.create', { username: 'ann@acme' })).toEqual(['User: ann@acme']);
    expect(shown('user.accessEnd', { username: 'ann@acme' })).toEqual(['User: ann@acme']);
    expect(shown('epp.ipAddresses.update', { after: ['192.0.2.1'] })).toEqual(['Added: 192.0.2.1']);
    expect(shown('download.domainReport', { fileName: 'domain_names_Acme.csv' })).toEqual(['File: domain_names_Acme.csv']);
    expect(shown('apiKey.create', {})).toEqual([]);
  });

  it('shows nothing for a sign-in, and the values of details it does not know', () => {
    const signIn = { id: 's1', at: '2026-05-04T10:00:00Z', username: 'ann@acme', details: {}, ip: null };
    expect(shownEntry({ ...signIn, action: 'signIn.success' })).toEqual([]);
    expect(shownEntry({ ...signIn, action: 'signIn.wrongPassword' })).toEqual([]);
    // An action of a newer server, while this page is open: not in the contract this page was built with.
    const unknown = { ...signIn, id: 'a9', action: 'domains.something.new', details: { reason: 'test', count: 2 } };
    expect(shownEntry(unknown as unknown as HistoryEntry)).toEqual(['reason: test', 'count: 2']);
  });
});
