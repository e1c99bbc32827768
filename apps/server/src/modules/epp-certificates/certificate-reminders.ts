import { eppCertificateDaysLeft, eppCertificateReminderDue, eppCertificateRules, type EppCertificateSlot } from '@registrar-panel/contract';
import { productNameOf } from '../../identity/directory/identity-mail';
import type { Recipient } from '../../mail/mail-texts';
import { certificateExpiryMail } from './certificate-mail';
import { certificateRecipients } from './certificate-notices';
import type { EppCertificatesDeps } from './epp-certificates.service';
import { certificatesNearExpiry, claimReminder } from './epp-certificates.repository';

const dayMs = 86_400_000;

/**
 * Mails the reminders due at `now`: 30, 7 and 1 days before a certificate's last day (Brussels) and
 * on that day, to the registrar's technical contact and ADMIN users. Each reminder is claimed on the
 * certificate's row (`reminder_days`, by its `id`) in the transaction that queues its mails, so runs
 * that overlap, on one instance or several, mail it once; a replaced certificate has a new id and
 * gets none of the old one's. A missed run catches up with the latest reminder only. Answers the
 * ids reminded, each with the threshold.
 */
export async function sendCertificateReminders(deps: EppCertificatesDeps, now: Date = new Date()): Promise<{ id: string; days: number }[]> {
  const horizon = new Date(now.getTime() + (Math.max(...eppCertificateRules.reminderDays) + 2) * dayMs);
  const candidates = await certificatesNearExpiry(deps.db, now, horizon);
  const recipientsOf = new Map<string, Promise<Recipient[]>>();
  const reminded: { id: string; days: number }[] = [];
  for (const certificate of candidates) {
    const daysLeft = eppCertificateDaysLeft(certificate.notAfter, now);
    const due = eppCertificateReminderDue(daysLeft);
    if (due === undefined || (certificate.reminderDays !== null && certificate.reminderDays <= due)) continue;
    let recipients = recipientsOf.get(certificate.registrarHandle);
    if (!recipients) recipientsOf.set(certificate.registrarHandle, (recipients = certificateRecipients(deps, certificate.registrarHandle)));
    const to = await recipients;
    const context = { registrarHandle: certificate.registrarHandle, supportEmail: deps.config.supportEmail, productName: productNameOf(deps.config.tld) };
    const facts = { ...certificate, slot: certificate.slot as EppCertificateSlot };
    const claimed = await deps.db.transaction(async (tx) => {
      if (!(await claimReminder(tx, certificate.id, due))) return false;
      await deps.outbox.add(tx, ...to.map(({ email, language }) => ({ to: email, ...certificateExpiryMail(facts, daysLeft, context, language) })));
      return true;
    });
    if (claimed) reminded.push({ id: certificate.id, days: due });
  }
  return reminded;
}
