import type { ApiKey, HistoryEntry } from '@registrar-panel/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import translator from '../lib/translator';
import type { ReactElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { beforeAll, describe, expect, it } from 'vitest';
import { DetailList } from '../components/detail-list';
import { HistoryTable } from '../features/registrar/components/history-table';
import { AddressLines } from '../features/registrar/components/contact-values';
import { ApiKeysTable } from '../features/users/api-keys/components/api-keys-table';
import { initI18n, loadFeatureTexts } from '../lib/i18n';
import { visible } from '../lib/visible-text';

/*
 * What others typed reaches the screen without control characters or bidirectional controls,
 * which could reverse a name ('+32…@acme' reading as something else) or reorder the text around it.
 */

/** Every character the pages must never render: C0, C1, ALM, LRM/RLM, embeddings and overrides, isolates. */
// eslint-disable-next-line no-control-regex -- these characters are what the test looks for
const invisible = /[\u0000-\u001f\u007f-\u009f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/;
const hostile = 'Ann\u202Egpj.exe\u2066\u0007\u0085\u061c\u200f@acme';
/** The markup's own text: the icons' SVG source holds line breaks of its own. */
const rendered = (element: ReactElement) => renderToStaticMarkup(element).replace(/<svg[\s\S]*?<\/svg>/g, '');

beforeAll(async () => {
  await initI18n();
  await loadFeatureTexts('registrar');
  await loadFeatureTexts('users');
});

describe('the display helper', () => {
  it('makes every string in a value visible and keeps the rest', () => {
    const value = { name: hostile, count: 3, none: null, list: ['a\u202eb', 2], nested: { when: new Date(0) } };
    const shown = visible(value);
    expect(shown.name).toBe('Ann\uFFFDgpj.exe\uFFFD\uFFFD\uFFFD\uFFFD\uFFFD@acme');
    expect(shown.list).toEqual(['a\uFFFDb', 2]);
    expect(shown).toMatchObject({ count: 3, none: null });
    expect(shown.nested.when).toBeInstanceOf(Date);
  });

  it('is applied to every value a text interpolates', () => {
    const text = translator.t('users.apiKeys.list.revokeLabel', { name: hostile });
    expect(text).toContain('Ann\uFFFDgpj.exe');
    expect(text).not.toMatch(invisible);
  });
});

describe('pages showing text from outside', () => {
  it('the history shows a typed username, details and address without them', () => {
    const entries: HistoryEntry[] = [
      { id: 's1', at: '2026-05-04T10:00:00Z', username: hostile, action: 'signIn.wrongPassword', details: {}, ip: '192.0.2.1\u202e' },
      {
        id: 'a1',
        at: '2026-05-04T10:00:00Z',
        username: 'admin@acme',
        action: 'registrar.publicContact.update',
        details: { contact: 'publicContact', changes: [{ field: 'organization', old: 'Acme', new: `Acme ${hostile}` }] },
        ip: null,
      },
    ];
    const markup = rendered(<HistoryTable entries={entries} />);
    expect(markup).toContain('Ann\uFFFDgpj');
    expect(markup).not.toMatch(invisible);
  });

  it('the history names a sign-in for a name that is no account as such, the registrar it was tried at being all that was kept', () => {
    const entry: HistoryEntry = { id: 's2', at: '2026-05-04T10:00:00Z', username: '@acme', action: 'signIn.wrongPassword', details: {}, ip: '192.0.2.1' };
    const markup = rendered(<HistoryTable entries={[entry]} />);
    expect(markup).toContain('A name that is no account');
    expect(markup).not.toContain('@acme');
  });

  it("the API keys page shows a key's name and who created or revoked it without them", () => {
    const key: ApiKey = {
      id: 'k1',
      name: hostile,
      prefix: 'rpk_k1',
      scopes: ['billing'],
      allowedAddresses: [],
      expiresOn: '2099-12-31',
      state: 'revoked',
      createdAt: '2026-05-04T10:00:00Z',
      createdBy: hostile,
      revokedAt: '2026-05-05T10:00:00Z',
      revokedBy: hostile,
      lastUsedAt: null,
      lastUsedIp: null,
    };
    const markup = rendered(
      // The table asks whether the registrar's status lets a key be revoked: a query.
      <QueryClientProvider client={new QueryClient()}>
        <ApiKeysTable apiKeys={[{ ...key, state: 'active', revokedAt: null, revokedBy: null }, key]} onRevoke={() => {}} />
      </QueryClientProvider>,
    );
    expect(markup).toContain('Ann\uFFFDgpj');
    expect(markup).not.toMatch(invisible);
  });

  it("a registrar's organisation and address, as label/value rows and address lines, without them", () => {
    const markup = rendered(
      <QueryClientProvider client={new QueryClient()}>
        <DetailList rows={[{ label: 'Organisation', value: hostile }]} />
        <AddressLines address={{ street: hostile, postalCode: '1000', city: 'Brussels\u202e', countryCode: 'BE' }} />
      </QueryClientProvider>,
    );
    expect(markup).toContain('Ann\uFFFDgpj');
    expect(markup).not.toMatch(invisible);
  });
});
