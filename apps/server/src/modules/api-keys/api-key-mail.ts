import { apiKeyDisplayPrefix, defaultLanguage, formatDay, type ApiKeyScope, type Language } from '@registrar-panel/contract';
import { mailTexts, type MailTexts } from '../../mail/mail-texts';
import type { SignedInUser } from '../../plugins/auth';

/*
 * The API keys' security notices, plain text, in the recipient's language: the key's name, its
 * prefix (`rpk_<id>`, which names it but opens nothing), scopes, addresses, expiry day in Brussels
 * and who created it. Never the secret: it is shown once, to the ADMIN who created the key, and then
 * exists nowhere. Scope names stay as the API writes them, with their meaning in the language.
 */

export interface ApiKeyMail {
  subject: string;
  text: string;
  fromName: string;
}

/** The parts of a key its mails tell. */
export interface KeyFacts {
  id: string;
  name: string;
  scopes: readonly ApiKeyScope[];
  allowedAddresses: readonly string[];
  expiresOn: string;
}

export interface MailContext {
  registrarHandle: string;
  publicUrl: string;
  supportEmail: string;
  /** '.be registrar panel': the sender's display name. */
  productName: string;
}

function factLines(key: KeyFacts, { t }: MailTexts): string[] {
  return [
    t('mail.apiKey.name', { name: key.name }),
    t('mail.apiKey.key', { prefix: apiKeyDisplayPrefix(key.id) }),
    t('mail.apiKey.scopes', { scopes: key.scopes.map((scope) => t(`mail.apiKey.scope.${scope}`)).join('; ') }),
    t('mail.apiKey.addresses', { list: key.allowedAddresses.length === 0 ? t('mail.apiKey.anyAddress') : key.allowedAddresses.join(', ') }),
    t('mail.apiKey.expires', { day: formatDay(key.expiresOn) }),
  ];
}

function footer(context: MailContext, { t }: MailTexts): string[] {
  return [
    t('mail.apiKey.revoke', { url: context.publicUrl }),
    t('mail.apiKey.unexpected', { supportEmail: context.supportEmail }),
    '',
    t('mail.notice.why', { handle: context.registrarHandle }),
  ];
}

/** The notice that a key was created: what it may do, by whom, when and from where. */
export function apiKeyCreatedMail(
  key: KeyFacts,
  creation: { actor: SignedInUser; at: Date },
  context: MailContext,
  language: Language = defaultLanguage,
): ApiKeyMail {
  const texts = mailTexts(language);
  const { t } = texts;
  const { actor, at } = creation;
  const name = `${actor.firstName} ${actor.lastName}`.trim();
  const handle = context.registrarHandle;
  const text = [
    t('mail.greetingAnonymous'),
    '',
    t('mail.apiKey.created.intro', { handle }),
    '',
    ...factLines(key, texts),
    t('mail.apiKey.created.by', { actor: name ? `${name} (${actor.username})` : actor.username }),
    t('mail.notice.when', { time: texts.time(at) }),
    t('mail.notice.fromIp', { ip: actor.ip }),
    '',
    ...footer(context, texts),
  ].join('\n');
  return { subject: t('mail.apiKey.created.subject', { name: key.name, handle }), text, fromName: t('mail.sender', { productName: context.productName }) };
}

/** The reminder that a key stops working soon, sent once, `apiKeyLimits.expiryNoticeDays` ahead. */
export function apiKeyExpiryMail(
  key: KeyFacts & { createdBy: string; createdAt: Date },
  daysLeft: number,
  context: MailContext,
  language: Language = defaultLanguage,
): ApiKeyMail {
  const texts = mailTexts(language);
  const { t } = texts;
  const facts = { name: key.name, handle: context.registrarHandle, day: formatDay(key.expiresOn) };
  const when =
    daysLeft === 0
      ? t('mail.apiKey.expiry.today', facts)
      : daysLeft === 1
        ? t('mail.apiKey.expiry.tomorrow', facts)
        : t('mail.apiKey.expiry.inDays', { ...facts, count: daysLeft });
  const text = [
    t('mail.greetingAnonymous'),
    '',
    when,
    t('mail.apiKey.expiry.next'),
    '',
    ...factLines(key, texts),
    t('mail.apiKey.expiry.createdBy', { actor: key.createdBy, time: texts.time(key.createdAt) }),
    '',
    ...footer(context, texts),
  ].join('\n');
  return { subject: t('mail.apiKey.expiry.subject', facts), text, fromName: t('mail.sender', { productName: context.productName }) };
}
