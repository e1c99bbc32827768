import type { Config } from '../../config';
import type { Mail } from '../../mail/mail';
import { linkTokenTtlMs } from '../account-links/link-tokens';

/*
 * The identity service's mails. Plain text, short, and never carrying a secret other than the
 * single-use link the mail exists for.
 */

export interface MailUser {
  username: string;
  name: string;
  email: string;
}

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

const linkValidity = `The link is valid for ${linkTokenTtlMs / 3_600_000} hours and can be used once.`;

function signature(context: MailContext): string {
  return `--\nThe ${context.productName}\n${context.portalUrl}`;
}

export function activationMail(user: MailUser, link: string, context: MailContext): Mail {
  return {
    to: user.email,
    subject: `Activate your ${context.productName} account`,
    text: [
      `Hello ${user.name},`,
      '',
      `An account was created for you on the ${context.productName}. Your username is ${user.username}.`,
      '',
      'Open this link to choose your password:',
      link,
      '',
      `${linkValidity} At your first sign-in you will set up 2-step verification with an authenticator app.`,
      '',
      signature(context),
    ].join('\n'),
  };
}

export function passwordResetMail(user: MailUser, link: string, context: MailContext): Mail {
  return {
    to: user.email,
    subject: `Reset your ${context.productName} password`,
    text: [
      `Hello ${user.name},`,
      '',
      `A password reset was requested for your account ${user.username}.`,
      '',
      'Open this link to choose a new password:',
      link,
      '',
      `${linkValidity} If you did not ask for this, ignore this mail: your password stays as it is.`,
      '',
      signature(context),
    ].join('\n'),
  };
}

export function totpResetMail(user: MailUser, context: MailContext): Mail {
  return {
    to: user.email,
    subject: `Your 2-step verification on the ${context.productName} was reset`,
    text: [
      `Hello ${user.name},`,
      '',
      `An administrator reset the 2-step verification of your account ${user.username}.`,
      'At your next sign-in you will set it up again with your authenticator app.',
      '',
      'If you did not expect this, contact your administrator.',
      '',
      signature(context),
    ].join('\n'),
  };
}

/** A sign-in from an address the account had not used (`newIp`), or any sign-in shortly after an email change. */
export function newIpSignInMail(user: MailUser, sign: { ip: string; at: Date; newIp?: boolean }, context: MailContext): Mail {
  return {
    to: user.email,
    subject: `New sign-in to your ${context.productName} account`,
    text: [
      `Hello ${user.name},`,
      '',
      sign.newIp === false
        ? `Your account ${user.username} was signed in, shortly after its e-mail address was changed.`
        : `Your account ${user.username} was signed in from an IP address it had not used before.`,
      '',
      `IP address: ${sign.ip}`,
      `Time: ${sign.at.toISOString()}`,
      '',
      'If this was you, there is nothing to do. If it was not, reset your password at once and tell your administrator.',
      '',
      signature(context),
    ].join('\n'),
  };
}

export function passwordChangedMail(user: MailUser, change: { at: Date }, context: MailContext): Mail {
  return {
    to: user.email,
    subject: `Your ${context.productName} password was changed`,
    text: [
      `Hello ${user.name},`,
      '',
      `The password of your account ${user.username} was changed at ${change.at.toISOString()}.`,
      '',
      'If you did not do this, contact your administrator at once.',
      '',
      signature(context),
    ].join('\n'),
  };
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
): Mail {
  return {
    to: change.previousEmail,
    subject: `The e-mail address of your ${context.productName} account was changed`,
    text: [
      `Hello ${user.name},`,
      '',
      `The e-mail address of your account ${user.username} was changed at ${change.at.toISOString()} by the administrator ${change.by.name} (${change.by.username}).`,
      '',
      `Previous address: ${change.previousEmail}`,
      `New address: ${change.maskedNewEmail}`,
      '',
      `For the next ${change.noticeMinutes} minutes, password reset links and security notices for your account are also sent to this address.`,
      '',
      `If you did not expect this, contact ${change.by.name} at ${change.by.email}, or the registry at ${change.supportEmail}, at once.`,
      '',
      signature(context),
    ].join('\n'),
  };
}
