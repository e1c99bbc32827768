import { describe, expect, it } from 'vitest';
import { languages } from './languages';
import { loadMessageTexts } from './message-texts';
import { message, messageIn, messageTexts } from './messages';

describe('loadMessageTexts', () => {
  it("gives English's own texts, and a text for every key in each other language", async () => {
    expect(await loadMessageTexts('en')).toBe(messageTexts);
    for (const language of languages.filter((l) => l !== 'en')) {
      const texts = await loadMessageTexts(language);
      expect(Object.keys(texts)).toEqual(Object.keys(messageTexts));
      expect(texts['error.notFound'], language).not.toBe(messageTexts['error.notFound']);
    }
  });
});

describe('messageIn', () => {
  it('rewrites only the text, its placeholders filled in, keeping key, field and params', async () => {
    const french = await loadMessageTexts('fr');
    const original = message('validation.maxLength', { field: 'name', params: { max: 255 } });
    expect(messageIn(french, original)).toEqual({
      messageKey: 'validation.maxLength',
      defaultMessage: 'Trop de caractères. La longueur maximale est de 255 caractères.',
      field: 'name',
      params: { max: 255 },
    });
  });

  it('leaves a message with a key it does not know as it is', async () => {
    const unknown = { messageKey: 'somewhere.else', defaultMessage: 'As sent.' };
    expect(messageIn(await loadMessageTexts('de'), unknown)).toBe(unknown);
  });
});
