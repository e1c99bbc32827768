import { describe, expect, it } from 'vitest';
import { presentHistoryEntry, storedDetails } from './history-entry.presenter';
import type { HistoryRow } from './history.repository';

const row = (over: Partial<HistoryRow>): HistoryRow => ({
  source: 'a',
  id: 7,
  at: new Date('2026-05-04T10:00:00Z'),
  atMicros: '0',
  username: 'admin@acme',
  action: 'user.create',
  details: {},
  ip: '192.0.2.1',
  ...over,
});

describe('details of stored audit rows', () => {
  it('keeps a row recorded in its action shape as it is', () => {
    const details = { username: 'ann@acme', name: 'Ann', email: 'ann@acme.be', roles: ['TECH'] };
    expect(storedDetails('user.create', details)).toEqual(details);
  });

  it('leaves out the fields an older row holds otherwise, and the ones no shape has', () => {
    expect(storedDetails('registrar.techContact.update', { contact: 'tech', changes: { name: { before: 'A', after: 'B' } }, version: 3 })).toEqual({
      version: 3,
    });
    expect(storedDetails('user.update', { n: 1 })).toEqual({});
    expect(storedDetails('download.domainReport', { fileName: 'f.csv', rows: '12' })).toEqual({ fileName: 'f.csv' });
  });

  it('keeps a scope or role this version no longer knows, and a filter in its stored order', () => {
    expect(storedDetails('apiKey.revoke', { name: 'Old tool', scopes: ['registrations', 'somethingNew'] })).toEqual({
      name: 'Old tool',
      scopes: ['registrations', 'somethingNew'],
    });
    const filter = { to: '2026-05-31', from: '2026-05-01', kind: 'users' };
    expect(Object.keys(storedDetails('download.historyExport', { fileName: 'h.csv', filter }).filter ?? {})).toEqual(['to', 'from', 'kind']);
  });
});

describe('history entries', () => {
  it('gives a sign-in no details and an audit entry its action', () => {
    expect(presentHistoryEntry(row({ source: 's', id: 3, action: 'signIn.wrongPassword', details: { odd: true } }))).toEqual({
      id: 's3',
      at: '2026-05-04T10:00:00.000Z',
      username: 'admin@acme',
      action: 'signIn.wrongPassword',
      details: {},
      ip: '192.0.2.1',
    });
    expect(presentHistoryEntry(row({ action: 'user.enable', details: { username: 'ann@acme', n: 1 } }))).toMatchObject({
      id: 'a7',
      action: 'user.enable',
      details: { username: 'ann@acme' },
    });
  });

  it('sends an action it does not know with its details as stored', () => {
    expect(presentHistoryEntry(row({ action: 'domains.something.new', details: { reason: 'test' } }))).toMatchObject({
      action: 'domains.something.new',
      details: { reason: 'test' },
    });
  });
});
