import { z } from 'zod';
import { languages } from './languages';

/**
 * A language chosen for a user or a registrar's mails: one of the portal's four, exactly as the
 * list writes it (the API takes no region and no other case; the web sends what it shows).
 */
export const languageField = z.enum(languages, { error: 'validation.unknown' });

/** `PUT /services/me/language` and `PUT /services/registrar/language`: `{ "language": "nl" }`. */
export const languageChoiceSchema = z.object({ language: languageField });
export type LanguageChoice = z.output<typeof languageChoiceSchema>;
