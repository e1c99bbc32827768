import i18next from 'i18next';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { initI18n } from './i18n';

const files = import.meta.glob<{ default: Record<string, unknown> }>(['../app/en.json', '../features/*/en.json'], { eager: true });

beforeAll(async () => {
  await initI18n();
});

describe('i18n', () => {
  it('speaks English by default and finds the shell texts', () => {
    expect(i18next.language).toBe('en');
    expect(i18next.t('app.notFound')).toBe('Page not found');
  });

  it('finds the contract message texts with their parameters', () => {
    expect(i18next.t('validation.maxLength', { max: 255 })).toBe('Too many characters. The maximum length is 255.');
  });

  it('shows a missing key between three asterisks and logs it', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    expect(i18next.t('registrar.noSuchText')).toBe('***registrar.noSuchText***');
    expect(warn).toHaveBeenCalledWith('missing translation: registrar.noSuchText');
    warn.mockRestore();
  });

  it('has flat string texts and no key defined in two files, where one would silently win', () => {
    const owners = new Map<string, string>();
    for (const [file, { default: texts }] of Object.entries(files)) {
      for (const [key, text] of Object.entries(texts)) {
        expect(typeof text, `${file}: ${key}`).toBe('string');
        expect(owners.get(key), `${key} is in ${owners.get(key)} and ${file}`).toBeUndefined();
        owners.set(key, file);
      }
    }
  });
});
