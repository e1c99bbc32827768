import { apiKeyScopes, type ApiKeyState } from '@registrar-panel/contract';
import translator from '../../../lib/translator';
import { beforeAll, describe, expect, it } from 'vitest';
import { initI18n, loadFeatureTexts } from '../../../lib/i18n';
import { scopeLabel } from '../../../lib/api-key-labels';
import { curlExample, scopeHelp, stateLabel } from './api-key-text';

beforeAll(async () => {
  await initI18n();
  await loadFeatureTexts('users');
});

describe('API key texts', () => {
  it('names every scope in words, with a line on what it reads', () => {
    expect(apiKeyScopes.map((scope) => scopeLabel(translator.t, scope))).toEqual(['Registrations', 'Billing lines', 'Domain report', 'Event stream']);
    for (const scope of apiKeyScopes) expect(scopeHelp(translator.t, scope), scope).not.toMatch(/^\*\*\*/);
    expect(scopeHelp(translator.t, 'registrations')).toContain('contacts');
  });

  it('names every state', () => {
    const states: ApiKeyState[] = ['active', 'expired', 'revoked'];
    expect(states.map((state) => stateLabel(translator.t, state))).toEqual(['Active', 'Expired', 'Revoked']);
  });
});

describe('the curl example of a new key', () => {
  const secret = 'rpk_abc_s3cr3t';
  const origin = 'https://panel.example';

  it('searches the registrations with a registrations key, the key as a bearer token', () => {
    expect(curlExample(origin, secret, ['billing', 'registrations'], 'acme')).toBe(
      'curl -H "Authorization: Bearer rpk_abc_s3cr3t" "https://panel.example/services/domains/search?ulabel=*&size=10"',
    );
  });

  it("reads last month's billing lines with a billing key, December of last year in January", () => {
    expect(curlExample(origin, secret, ['billing'], 'acme', new Date('2026-05-10T10:00:00Z'))).toContain(
      '/services/registrar/finance/billingLines?year=2026&month=4"',
    );
    expect(curlExample(origin, secret, ['billing'], 'acme', new Date('2026-01-10T10:00:00Z'))).toContain('billingLines?year=2025&month=12"');
  });

  it("saves the registrar's domain report to a file with a report key", () => {
    expect(curlExample(origin, secret, ['domainReport'], 'acme')).toBe(
      'curl -H "Authorization: Bearer rpk_abc_s3cr3t" "https://panel.example/services/registrar/acme/report/domains/csv" -o domains.csv',
    );
  });
});
