import { renderToStaticMarkup } from 'react-dom/server';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { messageTexts } from '@registrar-panel/contract';
import { initI18n } from '../lib/i18n';
import { accessRefused } from '../lib/registrar-blocked';
import { RegistrarBlockedGate } from './registrar-blocked';

/** What the shell shows, as HTML (the unit runs in Node: the server renderer needs no DOM). */
const shown = () =>
  renderToStaticMarkup(
    <MemoryRouter>
      <RegistrarBlockedGate>
        <p>the app</p>
      </RegistrarBlockedGate>
    </MemoryRouter>,
  );

beforeAll(async () => {
  await initI18n();
});
afterEach(() => accessRefused.set(null));

describe('a blocked registrar', () => {
  it('leaves the app as it is until a call says the registrar is blocked', () => {
    expect(shown()).toBe('<p>the app</p>');
  });

  it('then shows one page-level message with a sign-out button instead of the app', () => {
    accessRefused.set('registrar.accessBlocked');
    const html = shown();
    expect(html).not.toContain('the app');
    expect(html).toContain('<h1 class="h4 mb-3" tabindex="-1">Access blocked</h1>');
    expect(html).toContain(messageTexts['registrar.accessBlocked'].replace("'", '&#x27;'));
    expect(html).toMatch(/<button type="button" class="btn btn-primary"><svg[\s\S]*<\/svg>Sign out<\/button>/);
    // A page, not an alert that would close by itself.
    expect(html).toMatch(/^<main [^>]*data-testid="registrar-blocked"/);
    expect(html).not.toContain('role="alert"');
  });
});

describe('a user whose own access has ended', () => {
  it('sees that their access has ended, with a sign-out button, instead of the app', () => {
    accessRefused.set('access.ended');
    const html = shown();
    expect(html).not.toContain('the app');
    expect(html).toContain('<h1 class="h4 mb-3" tabindex="-1">Access ended</h1>');
    expect(html).toContain(messageTexts['access.ended']);
    expect(html).toMatch(/<button type="button" class="btn btn-primary"><svg[\s\S]*<\/svg>Sign out<\/button>/);
  });
});
