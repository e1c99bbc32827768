import { describe, expect, it } from 'vitest';
import { historyHref, historyLocationOf } from './history-location';

describe('the history in the address', () => {
  it('round-trips a filter and page through the link', () => {
    const href = historyHref({ user: 'ann', kind: 'contacts', from: '2025-01-01', to: '2025-01-31' }, 3);
    expect(href).toBe('/registrar/history?user=ann&kind=contacts&from=2025-01-01&to=2025-01-31&page=3');
    const parsed = historyLocationOf(new URL(href, 'http://x').searchParams);
    expect(parsed.location).toEqual({ filter: { user: 'ann', kind: 'contacts', from: '2025-01-01', to: '2025-01-31' }, page: 3 });
  });

  it('leaves out empty filters and page 1', () => {
    expect(historyHref({})).toBe('/registrar/history');
    expect(historyLocationOf(new URLSearchParams('kind=&user=')).location).toEqual({ filter: {}, page: 1 });
  });

  it("names the fields of a link's wrong filter", () => {
    const parsed = historyLocationOf(new URLSearchParams('from=2025-02-30&kind=nope'));
    expect(parsed.messages?.map((message) => [message.field, message.messageKey]).sort()).toEqual([
      ['from', 'validation.historyDate'],
      ['kind', 'error.badRequest'],
    ]);
  });
});
