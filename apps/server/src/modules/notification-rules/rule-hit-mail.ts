import type { Language } from '@registrar-panel/contract';
import { mailTexts } from '../../mail/mail-texts';
import type { Mail } from '../../mail/mail';
import type { ClaimedHit, MailedChoice } from './rule-mail.repository';

/*
 * The mail of a user's rule hits, plain text in their language: the first hits listed (Brussels
 * time), how many more, a link to the inbox showing rule hits, and the stop link, which is also
 * the mail's List-Unsubscribe (RFC 2369) with one-click unsubscribe (RFC 8058).
 */

/** The portal's inbox showing rule hits only (the web's `paths.messages` with its `kind` filter). */
export function ruleHitsInboxUrl(publicUrl: string): string {
  return `${publicUrl}/messages?kind=ruleHit`;
}

export function ruleHitsMail(
  mail: { mode: MailedChoice; registrarHandle: string; total: number; hits: readonly ClaimedHit[]; inboxUrl: string; stopUrl: string; productName: string },
  language: Language,
): Omit<Mail, 'to'> {
  const texts = mailTexts(language);
  const { t } = texts;
  const handle = mail.registrarHandle;
  const count = mail.total;
  const more = mail.total - mail.hits.length;
  const text = [
    t('mail.greetingAnonymous'),
    '',
    t(mail.mode === 'digest' ? 'mail.ruleHits.digestIntro' : 'mail.ruleHits.intro', { count }),
    '',
    ...mail.hits.map((hit) => t('mail.ruleHits.line', { time: texts.time(hit.at), text: hit.text })),
    ...(more > 0 ? [t('mail.ruleHits.more', { count: more })] : []),
    '',
    t('mail.ruleHits.inbox', { url: mail.inboxUrl }),
    '',
    t('mail.ruleHits.why', { handle }),
    t('mail.ruleHits.stop', { url: mail.stopUrl }),
    '',
    t('mail.signature', { productName: mail.productName }),
  ].join('\n');
  return {
    subject: t(mail.mode === 'digest' ? 'mail.ruleHits.digestSubject' : 'mail.ruleHits.subject', { count, handle }),
    text,
    fromName: t('mail.sender', { productName: mail.productName }),
    headers: { 'List-Unsubscribe': `<${mail.stopUrl}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' },
  };
}
