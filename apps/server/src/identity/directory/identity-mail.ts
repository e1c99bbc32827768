import { defaultLanguage, matchLanguage, type Language } from '@registrar-panel/contract';
import type { Config } from '../../config';
import { mailTexts, type MailTexts } from '../../mail/mail-texts';
import type { Mail } from '../../mail/mail';
import { linkTokenTtlMs } from '../account-links/link-tokens';

/*
 * The identity service's mails. Plain text, short, and never carrying a secret other than the
 * single-use link the mail exists for; in the user's language (English when they chose none).
 */

export interface MailUser {
  username: string;
  name: string;
  email: string;
  /** The language the user chose (`users.language`, Keycloak's `locale`); none: English. */
  language?: string | null;
}

/** The language of a user's mails: the one they chose, else English. */
export const mailLanguageOf = (user: { language?: string | null }): Language => matchLanguage(user.language) ?? defaultLanguage;

export interface MailContext {
  /** '.be registrar panel', as the portal's header reads. */
  productName: string;
  portalUrl: string;
}

/** '.be registrar panel': the portal's header (web `app.header.title`), its mails and the Keycloak realm's display name. */
export function productNameOf(tld: string): string {
  return `.${tld} registrar panel`;
}

/** The product's name and address as every identity mail signs with them. */
export function mailContextOf(config: Config): MailContext {
  return { productName: productNameOf(config.tld), portalUrl: config.publicUrl };
}

const linkHours = linkTokenTtlMs / 3_600_000;

/** A mail in `texts`' language: its subject, its lines, the greeting and signature, and the sender's name. */
function written(texts: MailTexts, context: MailContext, to: string, subject: string, greeting: string, lines: string[]): Mail {
  const { t } = texts;
  const productName = context.productName;
  return {
    to,
    subject,
    fromName: t('mail.sender', { productName }),
    text: [greeting, '', ...lines, '', `--\n${t('mail.signature', { productName })}\n${context.portalUrl}`].join('\n'),
  };
}

export function activationMail(user: MailUser, link: string, context: MailContext, language: Language = defaultLanguage): Mail {
  const texts = mailTexts(language);
  const { t } = texts;
  const { productName } = context;
  return written(texts, context, user.email, t('mail.activation.subject', { productName }), t('mail.greeting', { name: user.name }), [
    t('mail.activation.created', { productName, username: user.username }),
    '',
    t('mail.activation.open'),
    link,
    '',
    `${t('mail.linkValidity', { count: linkHours })} ${t('mail.activation.next')}`,
  ]);
}

export function passwordResetMail(user: MailUser, link: string, context: MailContext, language: Language = defaultLanguage): Mail {
  const texts = mailTexts(language);
  const { t } = texts;
  return written(texts, context, user.email, t('mail.reset.subject', { productName: context.productName }), t('mail.greeting', { name: user.name }), [
    t('mail.reset.requested', { username: user.username }),
    '',
    t('mail.reset.open'),
    link,
    '',
    `${t('mail.linkValidity', { count: linkHours })} ${t('mail.reset.ignore')}`,
  ]);
}

export function totpResetMail(user: MailUser, context: MailContext, language: Language = defaultLanguage): Mail {
  const texts = mailTexts(language);
  const { t } = texts;
  return written(texts, context, user.email, t('mail.totpReset.subject', { productName: context.productName }), t('mail.greeting', { name: user.name }), [
    t('mail.totpReset.done', { username: user.username }),
    t('mail.totpReset.next'),
    '',
    t('mail.totpReset.unexpected'),
  ]);
}

/** An ADMIN removed the user's passkeys (user management); their authenticator app, if any, stays. */
export function passkeysRemovedMail(user: MailUser, context: MailContext, language: Language = defaultLanguage): Mail {
  const texts = mailTexts(language);
  const { t } = texts;
  return written(texts, context, user.email, t('mail.passkeysRemoved.subject', { productName: context.productName }), t('mail.greeting', { name: user.name }), [
    t('mail.passkeysRemoved.done', { username: user.username }),
    t('mail.passkeysRemoved.next'),
    '',
    t('mail.totpReset.unexpected'),
  ]);
}

/** The registry removed an ADMIN's second factors (`npm run recover-admin`): they set one up again at their next sign-in. */
export function secondFactorsRecoveredMail(user: MailUser, context: MailContext, language: Language = defaultLanguage): Mail {
  const texts = mailTexts(language);
  const { t } = texts;
  return written(
    texts,
    context,
    user.email,
    t('mail.secondFactorsRecovered.subject', { productName: context.productName }),
    t('mail.greeting', { name: user.name }),
    [
      t('mail.secondFactorsRecovered.done', { username: user.username }),
      t('mail.secondFactorsRecovered.next'),
      '',
      t('mail.secondFactorsRecovered.unexpected'),
    ],
  );
}

/** A sign-in from an address the account had not used (`newIp`), or any sign-in shortly after an email change. */
export function newIpSignInMail(
  user: MailUser,
  sign: { ip: string; at: Date; newIp?: boolean },
  context: MailContext,
  language: Language = defaultLanguage,
): Mail {
  const texts = mailTexts(language);
  const { t } = texts;
  return written(texts, context, user.email, t('mail.newSignIn.subject', { productName: context.productName }), t('mail.greeting', { name: user.name }), [
    sign.newIp === false ? t('mail.newSignIn.afterEmailChange', { username: user.username }) : t('mail.newSignIn.newAddress', { username: user.username }),
    '',
    t('mail.newSignIn.ip', { ip: sign.ip }),
    t('mail.newSignIn.time', { time: texts.time(sign.at) }),
    '',
    t('mail.newSignIn.advice'),
  ]);
}

export function passwordChangedMail(user: MailUser, change: { at: Date }, context: MailContext, language: Language = defaultLanguage): Mail {
  const texts = mailTexts(language);
  const { t } = texts;
  return written(texts, context, user.email, t('mail.passwordChanged.subject', { productName: context.productName }), t('mail.greeting', { name: user.name }), [
    t('mail.passwordChanged.done', { username: user.username, time: texts.time(change.at) }),
    '',
    t('mail.passwordChanged.unexpected'),
  ]);
}

/** The ADMIN who changed a user's e-mail, as the previous address is told. */
export interface ChangingAdmin {
  username: string;
  name: string;
  email: string;
}

/**
 * To the previous address after an ADMIN changed it: what changed, who did it and whom to ask; the
 * new address masked (email-change.ts `maskEmail`), so that the mail tells no one where it went.
 */
export function emailChangedMail(
  user: MailUser,
  change: { previousEmail: string; maskedNewEmail: string; by: ChangingAdmin; at: Date; noticeMinutes: number; supportEmail: string },
  context: MailContext,
  language: Language = defaultLanguage,
): Mail {
  const texts = mailTexts(language);
  const { t } = texts;
  const admin = { adminName: change.by.name, adminUsername: change.by.username, adminEmail: change.by.email };
  return written(
    texts,
    context,
    change.previousEmail,
    t('mail.emailChanged.subject', { productName: context.productName }),
    t('mail.greeting', { name: user.name }),
    [
      t('mail.emailChanged.done', { username: user.username, time: texts.time(change.at), ...admin }),
      '',
      t('mail.emailChanged.previous', { email: change.previousEmail }),
      t('mail.emailChanged.new', { email: change.maskedNewEmail }),
      '',
      t('mail.emailChanged.notices', { count: change.noticeMinutes }),
      '',
      t('mail.emailChanged.unexpected', { ...admin, supportEmail: change.supportEmail }),
    ],
  );
}

/** What the user changed on My account (modules/account/), as the notice tells them. */
export type AccountChange =
  | { kind: 'passwordChanged' }
  | { kind: 'totpChanged' }
  | { kind: 'sessionEnded'; device: string | null; address: string }
  | { kind: 'otherSessionsEnded' }
  | { kind: 'passkeyAdded' | 'passkeyRemoved'; name: string };

/** The notice of a change the user made on their own account: when, what, and whom to ask if it was not them. */
export function accountChangeMail(user: MailUser, change: AccountChange, at: Date, context: MailContext, language: Language = defaultLanguage): Mail {
  if (change.kind === 'passwordChanged') return passwordChangedMail(user, { at }, context, language);
  const texts = mailTexts(language);
  const { t } = texts;
  const common = { productName: context.productName, username: user.username, time: texts.time(at) };
  const [subject, done] =
    change.kind === 'passkeyAdded' || change.kind === 'passkeyRemoved'
      ? [t(`mail.account.${change.kind}.subject`, common), t(`mail.account.${change.kind}.done`, { ...common, name: change.name })]
      : change.kind === 'totpChanged'
        ? [t('mail.account.totpChanged.subject', common), t('mail.account.totpChanged.done', common)]
        : change.kind === 'sessionEnded'
          ? [
              t('mail.account.sessionEnded.subject', common),
              t('mail.account.sessionEnded.done', { ...common, device: change.device ?? t('mail.account.unknownDevice'), address: change.address }),
            ]
          : [t('mail.account.otherSessionsEnded.subject', common), t('mail.account.otherSessionsEnded.done', common)];
  return written(texts, context, user.email, subject, t('mail.greeting', { name: user.name }), [done, '', t('mail.passwordChanged.unexpected')]);
}
