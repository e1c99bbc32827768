import translator from './translator';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { changePageLanguage, initI18n, loadFeatureTexts } from './i18n';

const files = import.meta.glob<{ default: Record<string, unknown> }>(['../app/*.json', '../features/*/*.json'], { eager: true });

beforeAll(async () => {
  await initI18n('en');
});

afterEach(async () => {
  await changePageLanguage('en');
});

describe('i18n', () => {
  it('speaks English by default and finds the shell texts', () => {
    expect(translator.language).toBe('en');
    expect(translator.t('app.notFound')).toBe('Page not found');
  });

  it('finds the contract message texts with their parameters', () => {
    expect(translator.t('validation.maxLength', { max: 255 })).toBe('Too many characters. The maximum length is 255.');
  });

  it('shows a missing key between three asterisks and logs it with the language', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    expect(translator.t('registrar.noSuchText')).toBe('***registrar.noSuchText***');
    expect(warn).toHaveBeenCalledWith('missing translation: registrar.noSuchText (en)');
    warn.mockRestore();
  });

  it('has flat string texts and no key defined in two files of a language, where one would silently win', () => {
    const owners = new Map<string, string>();
    for (const [file, { default: texts }] of Object.entries(files)) {
      const language = /(\w+)\.json$/.exec(file)?.[1];
      for (const [key, text] of Object.entries(texts)) {
        expect(typeof text, `${file}: ${key}`).toBe('string');
        expect(owners.get(`${language}:${key}`), `${key} is in ${owners.get(`${language}:${key}`)} and ${file}`).toBeUndefined();
        owners.set(`${language}:${key}`, file);
      }
    }
  });
});

describe('switching language', () => {
  it("shows the shell and the loaded features' texts in the new language, with its plural rules", async () => {
    await loadFeatureTexts('registrar');
    await changePageLanguage('fr');
    expect(translator.language).toBe('fr');
    expect(translator.t('app.notFound')).toBe('Page introuvable');
    expect(translator.t('registrar.tabs.billing')).toBe('Facturation');
    expect(translator.t('app.notAllowed.yours', { count: 2, roles: 'TECH et ADMIN' })).toBe('Avec vos rôles, TECH et ADMIN, vous pouvez\u00a0:');
  });

  it('loads the texts of a feature opened after the switch in the new language', async () => {
    await changePageLanguage('de');
    await loadFeatureTexts('epp');
    expect(translator.t('epp.title')).toBe('EPP-Einstellungen');
  });

  it('never falls back on English: a text missing in Dutch shows as ***key***', async () => {
    translator.addText('en', 'test.onlyInEnglish', 'Only in English');
    await changePageLanguage('nl');
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    expect(translator.t('test.onlyInEnglish')).toBe('***test.onlyInEnglish***');
    expect(warn).toHaveBeenCalledWith('missing translation: test.onlyInEnglish (nl)');
    warn.mockRestore();
  });

  it("shows the contract's message texts in the page's language", async () => {
    await changePageLanguage('nl');
    expect(translator.t('validation.maxLength', { max: 255 })).toBe('Te veel tekens. Het maximum is 255 tekens.');
    await changePageLanguage('fr');
    expect(translator.t('error.internal')).toBe("Une erreur interne s'est produite.");
    await changePageLanguage('de');
    expect(translator.t('validation.required')).toBe('Bitte füllen Sie dieses Pflichtfeld aus.');
  });

  it('offers the pseudo-language in tests: English accented and at least 40 % longer, placeholders kept', async () => {
    await loadFeatureTexts('registrar');
    await changePageLanguage('en-XA');
    const english = translator.getFixedT('en');
    const pseudo = translator.t('validation.maxLength', { max: 255 });
    expect(pseudo).toMatch(/^\[.*\]$/);
    expect(pseudo).toContain('255');
    expect(pseudo).not.toBe(english('validation.maxLength', { max: 255 }));
    const text = translator.t('registrar.tabs.billing');
    expect(text.length).toBeGreaterThanOrEqual(Math.ceil(english('registrar.tabs.billing').length * 1.4));
  });
});
