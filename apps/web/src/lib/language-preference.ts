import { matchLanguage } from '@registrar-panel/contract';
import { callApi } from './api-client';
import { authSession } from './auth';
import { onLanguageChosen } from './language';
import { pseudoLanguage } from './language-choice';

/**
 * Saves each language the signed-in user chooses as their preference on the server (`PUT
 * /services/me/language`; with Keycloak its `locale` attribute), so that their mails and their next
 * device follow it. The pseudo-language is no choice to keep. A failed save is not alerted: the page
 * has switched and this browser keeps the choice; the next choice saves again.
 */
export function saveLanguageChoices(): () => void {
  return onLanguageChosen(async (chosen) => {
    const language = chosen === pseudoLanguage ? undefined : matchLanguage(chosen);
    if (!language || !authSession.get()) return;
    await callApi('setMyLanguage', { body: { language }, quiet: true });
  });
}
