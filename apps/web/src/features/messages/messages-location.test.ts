import { describe, expect, it } from 'vitest';
import { messagesHref, messagesLocationOf } from './messages-location';

const locationOf = (href: string) => messagesLocationOf(new URL(href, 'http://portal.test').searchParams);

describe("the inbox's address", () => {
  it('keeps the filters and the cursor, and reads them back', () => {
    const filter = { kind: 'lockSet', unread: 'true', from: '2026-11-01', to: '2026-11-27', domain: 'café.be' } as const;
    const href = messagesHref(filter, '2026-11-20T10:00:00.000Z_880004');
    expect(href.startsWith('/messages?kind=lockSet&unread=true&from=2026-11-01&to=2026-11-27&domain=caf')).toBe(true);
    expect(locationOf(href)).toEqual({ filter, before: '2026-11-20T10:00:00.000Z_880004' });
  });

  it('is the bare path without filters', () => {
    expect(messagesHref({})).toBe('/messages');
    expect(locationOf('/messages')).toEqual({ filter: {}, before: undefined });
  });

  it('refuses what the API refuses (an address edited by hand), and ignores unread=false', () => {
    expect(locationOf('/messages?kind=nonsense')).toBeUndefined();
    expect(locationOf('/messages?from=2026-13-01')).toBeUndefined();
    expect(locationOf('/messages?before=yesterday')).toBeUndefined();
    expect(locationOf('/messages?unread=false')?.filter.unread).toBeUndefined();
  });
});
