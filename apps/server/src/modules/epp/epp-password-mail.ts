import { brusselsDay, defaultLanguage, eppPasswordPages, formatDay, type Language } from '@registrar-panel/contract';
import { mailTexts } from '../../mail/mail-texts';
import type { SignedInUser } from '../../plugins/auth';
import type { EppChangeMail } from './epp-change-mail';

/*
 * The EPP password's life in mails (issue 31), plain text in the recipient's language: the reset link
 * to the registrar's ADMIN users, and the reminder that the password is older than the policy. Neither
 * ever holds a password; the link's token is in the reset mail only, and only a hash of it is kept.
 */

export interface PasswordMailContext {
  registrarHandle: string;
  publicUrl: string;
  supportEmail: string;
  productName: string;
}

type Actor = Pick<SignedInUser, 'username' | 'firstName' | 'lastName' | 'ip'>;

function actorName(actor: Actor): string {
  const name = `${actor.firstName} ${actor.lastName}`.trim();
  return name ? `${name} (${actor.username})` : actor.username;
}

/** The reset link's address: the token in the fragment, which browsers send to no server and in no Referer. */
export function resetLinkUrl(publicUrl: string, token: string): string {
  return `${publicUrl}${eppPasswordPages.reset}#${token}`;
}

export function eppResetLinkMail(
  link: { token: string; minutes: number; actor: Actor; at: Date },
  context: PasswordMailContext,
  language: Language = defaultLanguage,
): EppChangeMail {
  const texts = mailTexts(language);
  const { t } = texts;
  const handle = context.registrarHandle;
  const text = [
    t('mail.greetingAnonymous'),
    '',
    t('mail.eppResetLink.asked', { actor: actorName(link.actor), handle }),
    '',
    t('mail.eppResetLink.open', { handle }),
    resetLinkUrl(context.publicUrl, link.token),
    '',
    t('mail.eppResetLink.validity', { count: link.minutes }),
    t('mail.eppResetLink.ignore'),
    '',
    t('mail.notice.when', { time: texts.time(link.at) }),
    t('mail.notice.fromIp', { ip: link.actor.ip }),
    '',
    t('mail.eppResetLink.why', { handle }),
    t('mail.notice.unexpected', { supportEmail: context.supportEmail }),
  ].join('\n');
  return { subject: t('mail.eppResetLink.subject', { handle }), text, fromName: t('mail.sender', { productName: context.productName }) };
}

export function eppPasswordAgeMail(
  age: { changedAt: Date; days: number; maxAgeDays: number },
  context: PasswordMailContext,
  language: Language = defaultLanguage,
): EppChangeMail {
  const { t } = mailTexts(language);
  const handle = context.registrarHandle;
  const text = [
    t('mail.greetingAnonymous'),
    '',
    t('mail.eppPasswordAge.age', { handle, day: formatDay(brusselsDay(age.changedAt)), count: age.days }),
    t('mail.eppPasswordAge.policy', { count: age.maxAgeDays }),
    '',
    t('mail.eppPasswordAge.how', { url: `${context.publicUrl}${eppPasswordPages.security}` }),
    t('mail.eppPasswordAge.once'),
    '',
    t('mail.eppPasswordAge.why', { handle }),
  ].join('\n');
  return { subject: t('mail.eppPasswordAge.subject', { handle }), text, fromName: t('mail.sender', { productName: context.productName }) };
}
