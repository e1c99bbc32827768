import { defaultLanguage, type Language } from '@registrar-panel/contract';
import { mailTexts, type MailTexts } from '../../mail/mail-texts';
import type { SignedInUser } from '../../plugins/auth';

/** What changed in the EPP settings; never holds a password. */
export type EppChange = { kind: 'ipAddresses'; before: readonly string[]; after: readonly string[] } | { kind: 'password'; firstTime: boolean };

export interface EppChangeMail {
  subject: string;
  text: string;
  fromName: string;
}

type Actor = Pick<SignedInUser, 'username' | 'firstName' | 'lastName' | 'ip'>;

function whatChanged(change: EppChange, handle: string, { t }: MailTexts): { subject: string; lines: string[] } {
  if (change.kind === 'password') {
    const which = change.firstTime ? 'passwordSet' : 'passwordChanged';
    return { subject: t(`mail.epp.${which}.subject`, { handle }), lines: [t(`mail.epp.${which}.done`, { handle }), t('mail.epp.password.effect')] };
  }
  const listOrNone = (items: readonly string[]) => (items.length === 0 ? t('mail.epp.ip.none') : items.join(', '));
  const added = change.after.filter((ip) => !change.before.includes(ip));
  const removed = change.before.filter((ip) => !change.after.includes(ip));
  return {
    subject: t('mail.epp.ip.subject', { handle }),
    lines: [
      t('mail.epp.ip.done', { handle }),
      '',
      t('mail.epp.ip.added', { list: listOrNone(added) }),
      t('mail.epp.ip.removed', { list: listOrNone(removed) }),
      change.after.length === 0 ? t('mail.epp.ip.nowNone') : t('mail.epp.ip.now', { list: change.after.join(', ') }),
    ],
  };
}

/**
 * The security notification for a change of EPP settings: what changed, by whom, when (Brussels
 * time) and from which IP address, in the recipient's language.
 */
export function eppChangeMail(
  change: EppChange,
  context: { registrarHandle: string; actor: Actor; at: Date; supportEmail: string; productName: string },
  language: Language = defaultLanguage,
): EppChangeMail {
  const texts = mailTexts(language);
  const { t } = texts;
  const { registrarHandle, actor, at, supportEmail } = context;
  const name = `${actor.firstName} ${actor.lastName}`.trim();
  const { subject, lines } = whatChanged(change, registrarHandle, texts);
  const text = [
    t('mail.greetingAnonymous'),
    '',
    ...lines,
    '',
    t('mail.notice.changedBy', { actor: name ? `${name} (${actor.username})` : actor.username }),
    t('mail.notice.when', { time: texts.time(at) }),
    t('mail.notice.fromIp', { ip: actor.ip }),
    '',
    t('mail.notice.why', { handle: registrarHandle }),
    t('mail.notice.unexpected', { supportEmail }),
  ].join('\n');
  return { subject, text, fromName: t('mail.sender', { productName: context.productName }) };
}
