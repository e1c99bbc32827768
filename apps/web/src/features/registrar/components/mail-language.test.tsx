import type { PanelRole, Registrar } from '@registrar-panel/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { renderToStaticMarkup } from 'react-dom/server';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { authSession, type AuthSession } from '../../../lib/auth';
import { initI18n, loadFeatureTexts } from '../../../lib/i18n';
import { MailLanguage } from './mail-language';

/* The general data page's language of contact mails, as a person with each role sees it (server renderer, no DOM). */
const registrar = { handle: 'acme', language: 'de' } as Registrar;

function shownTo(roles: PanelRole[]): string {
  authSession.set({
    user: { username: 'ann@acme', firstName: 'Ann', lastName: 'A', email: 'a@acme.be', registrarHandle: 'acme', roles },
  } as unknown as AuthSession);
  return renderToStaticMarkup(
    <QueryClientProvider client={new QueryClient()}>
      <MailLanguage registrar={registrar} />
    </QueryClientProvider>,
  );
}

beforeAll(async () => {
  await initI18n();
  await loadFeatureTexts('registrar');
});
afterEach(() => authSession.set(null));

describe('the language of contact mails', () => {
  it("lets an ADMIN choose among the four, each by its own name, the registrar's selected", () => {
    const markup = shownTo(['ADMIN']);
    const options = [...markup.matchAll(/<option value="([a-z]+)" lang="[a-z]+"( selected="")?>([^<]+)<\/option>/g)].map((match) => [
      match[1],
      match[3],
      Boolean(match[2]),
    ]);
    expect(options).toEqual([
      ['en', 'English', false],
      ['nl', 'Nederlands', false],
      ['fr', 'Français', false],
      ['de', 'Deutsch', true],
    ]);
    expect(markup).toContain('Save language');
  });

  it('shows it to the other roles without a way to change it', () => {
    for (const role of ['SUPPORT', 'TECH', 'FINANCE'] as const) {
      const markup = shownTo([role]);
      expect(markup).not.toContain('<select');
      expect(markup).toContain('<span lang="de">Deutsch</span>');
    }
  });
});
