import { renderToStaticMarkup } from 'react-dom/server';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { changePageLanguage, initI18n, loadFeatureTexts } from './i18n';
import translator from './translator';
import { Trans } from './use-translation';

beforeAll(async () => {
  await initI18n('en');
  await loadFeatureTexts('registrar');
  await loadFeatureTexts('registrations');
});

afterEach(async () => {
  await changePageLanguage('en');
});

describe('the translator', () => {
  it("picks the plural form by the language's own rules, French's `many` included", async () => {
    translator.addText('fr', 'test.items_one', '{{count}} élément');
    translator.addText('fr', 'test.items_many', '{{count}} d’éléments');
    translator.addText('fr', 'test.items_other', '{{count}} éléments');
    await changePageLanguage('fr');
    expect([0, 1, 2, 1_000_000].map((count) => translator.t('test.items', { count }))).toEqual(['0 élément', '1 élément', '2 éléments', '1000000 d’éléments']);
  });

  it('leaves a placeholder without a value as it is, and makes invisible controls in a value visible', () => {
    translator.addText('en', 'test.greeting', 'Hello {{name}}, {{missing}}');
    expect(translator.t('test.greeting', { name: 'a\u202Eb' })).toBe('Hello a\uFFFDb, {{missing}}');
  });
});

describe('Trans', () => {
  it('puts the given element around the marked words, with the values filled in', () => {
    const markup = renderToStaticMarkup(
      <Trans
        i18nKey="registrar.generalData.noticeMail"
        values={{ email: 'support@example.be' }}
        components={{ mail: <a href="mailto:support@example.be" /> }}
      />,
    );
    expect(markup).toBe('Support can be reached at <a href="mailto:support@example.be">support@example.be</a>.');
  });

  it('keeps the words around the element, in the page language', async () => {
    await changePageLanguage('fr');
    const markup = renderToStaticMarkup(
      <Trans i18nKey="registrations.date.availableOnHelp" components={{ guidelines: <a href="https://example.be/rules" /> }} />,
    );
    expect(markup).toMatch(/^[^<]+<a href="https:\/\/example\.be\/rules">[^<]+<\/a>[^<]+$/);
    expect(markup).not.toContain('guidelines>');
  });
});
