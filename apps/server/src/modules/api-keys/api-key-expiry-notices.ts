import { productNameOf } from '../../identity/directory/identity-mail';
import type { Recipient } from '../../mail/mail-texts';
import { addCalendarDays, apiKeyLimits, brusselsDay } from '@registrar-panel/contract';
import { apiKeyExpiryMail } from './api-key-mail';
import { apiKeyRecipients } from './api-key-recipients';
import type { ApiKeysDeps } from './api-keys.service';
import { scopesOf } from './api-keys.presenter';
import { claimExpiryNotice, keysDueForExpiryNotice } from './api-keys.repository';

/** What the notices need: the same as the service's (mails go through the same outbox and directory). */
export type ExpiryNoticeDeps = ApiKeysDeps;

/** Whole calendar days from one `YYYY-MM-DD` to another. */
function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);
}

/**
 * Mails the reminder of every key, not revoked, whose expiry day (Brussels) is at most
 * `apiKeyLimits.expiryNoticeDays` away and has not passed, once per key: each key is claimed
 * (`expiry_notice_sent_at`) in the transaction that queues its mails, so runs that overlap, on one
 * instance or several, mail each key once. A run that was missed catches up, as long as the key
 * has not expired. Answers the ids of the keys this run reminded.
 */
export async function sendApiKeyExpiryNotices(deps: ExpiryNoticeDeps, now: Date = new Date()): Promise<string[]> {
  const today = brusselsDay(now);
  const due = await keysDueForExpiryNotice(deps.db, today, addCalendarDays(today, apiKeyLimits.expiryNoticeDays));
  const recipientsOf = new Map<string, Promise<Recipient[]>>();
  const reminded: string[] = [];
  for (const key of due) {
    let recipients = recipientsOf.get(key.registrarHandle);
    if (!recipients) recipientsOf.set(key.registrarHandle, (recipients = apiKeyRecipients(deps, key.registrarHandle)));
    const to = await recipients;
    const context = {
      registrarHandle: key.registrarHandle,
      publicUrl: deps.config.publicUrl,
      supportEmail: deps.config.supportEmail,
      productName: productNameOf(deps.config.tld),
    };
    const facts = { ...key, scopes: scopesOf(key.scopes) };
    const daysLeft = daysBetween(today, key.expiresOn);
    const claimed = await deps.db.transaction(async (tx) => {
      if (!(await claimExpiryNotice(tx, key.id))) return false;
      await deps.outbox.add(tx, ...to.map(({ email, language }) => ({ to: email, ...apiKeyExpiryMail(facts, daysLeft, context, language) })));
      return true;
    });
    if (claimed) reminded.push(key.id);
  }
  return reminded;
}
