import { brusselsDay, defaultLanguage, formatDay, type EppCertificateSlot, type Language } from '@registrar-panel/contract';
import { mailTexts, type MailTexts } from '../../mail/mail-texts';
import type { SignedInUser } from '../../plugins/auth';

/*
 * The mails about a registrar's EPP client certificates: the security notice of each change, and the
 * reminders before it expires. Public facts only (subject, fingerprint, end of validity): never the PEM.
 */

export interface CertificateMailFacts {
  slot: EppCertificateSlot;
  subject: string;
  fingerprint: string;
  notAfter: Date;
}

export type CertificateChange =
  | { kind: 'upload'; certificate: CertificateMailFacts }
  | { kind: 'replace'; certificate: CertificateMailFacts; replaced: string }
  | { kind: 'remove'; certificate: CertificateMailFacts };

export interface CertificateMail {
  subject: string;
  text: string;
  fromName: string;
}

interface MailContext {
  registrarHandle: string;
  supportEmail: string;
  productName: string;
}

function factLines(certificate: CertificateMailFacts, { t, time }: MailTexts): string[] {
  return [
    t('mail.eppCertificate.which', { which: t(`mail.eppCertificate.${certificate.slot}`) }),
    t('mail.eppCertificate.subject', { subject: certificate.subject }),
    t('mail.eppCertificate.fingerprint', { fingerprint: certificate.fingerprint }),
    t('mail.eppCertificate.validUntil', { time: time(certificate.notAfter) }),
  ];
}

function footer(context: MailContext, { t }: MailTexts): string[] {
  return [t('mail.notice.why', { handle: context.registrarHandle }), t('mail.notice.unexpected', { supportEmail: context.supportEmail })];
}

/** The notice of an upload, replacement or removal: what, by whom, when and from where, in the recipient's language. */
export function certificateChangeMail(
  change: CertificateChange,
  context: MailContext & { actor: Pick<SignedInUser, 'username' | 'firstName' | 'lastName' | 'ip'>; at: Date },
  language: Language = defaultLanguage,
): CertificateMail {
  const texts = mailTexts(language);
  const { t } = texts;
  const handle = context.registrarHandle;
  const name = `${context.actor.firstName} ${context.actor.lastName}`.trim();
  const text = [
    t('mail.greetingAnonymous'),
    '',
    t(`mail.eppCertificate.${change.kind}.done`, { handle }),
    '',
    ...factLines(change.certificate, texts),
    ...(change.kind === 'replace' ? [t('mail.eppCertificate.replaced', { fingerprint: change.replaced })] : []),
    '',
    t('mail.notice.changedBy', { actor: name ? `${name} (${context.actor.username})` : context.actor.username }),
    t('mail.notice.when', { time: texts.time(context.at) }),
    t('mail.notice.fromIp', { ip: context.actor.ip }),
    '',
    ...footer(context, texts),
  ].join('\n');
  return { subject: t(`mail.eppCertificate.${change.kind}.subject`, { handle }), text, fromName: t('mail.sender', { productName: context.productName }) };
}

/** The reminder `daysLeft` days before the certificate expires (0: on its last day). */
export function certificateExpiryMail(
  certificate: CertificateMailFacts,
  daysLeft: number,
  context: MailContext,
  language: Language = defaultLanguage,
): CertificateMail {
  const texts = mailTexts(language);
  const { t } = texts;
  const facts = { handle: context.registrarHandle, which: t(`mail.eppCertificate.${certificate.slot}`), time: texts.time(certificate.notAfter) };
  const when = daysLeft <= 0 ? t('mail.eppCertificate.expiry.today', facts) : t('mail.eppCertificate.expiry.inDays', { ...facts, count: daysLeft });
  const text = [
    t('mail.greetingAnonymous'),
    '',
    when,
    t('mail.eppCertificate.expiry.next'),
    '',
    ...factLines(certificate, texts),
    '',
    ...footer(context, texts),
  ].join('\n');
  const day = formatDay(brusselsDay(certificate.notAfter));
  return {
    subject: t('mail.eppCertificate.expiry.subject', { handle: context.registrarHandle, day }),
    text,
    fromName: t('mail.sender', { productName: context.productName }),
  };
}
