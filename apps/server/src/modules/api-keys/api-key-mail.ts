import { apiKeyDisplayPrefix, formatDateTime, formatDay, type ApiKeyScope } from '@registrar-panel/contract';
import type { SignedInUser } from '../../plugins/auth';

/*
 * The API keys' security notices, plain text: the key's name, its prefix (`rpk_<id>`, which names
 * it but opens nothing), scopes, addresses, expiry day in Brussels and who created it. Never the
 * secret: it is shown once, to the ADMIN who created the key, and then exists nowhere.
 */

export interface ApiKeyMail {
  subject: string;
  text: string;
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
}

const scopeTexts: Record<ApiKeyScope, string> = {
  registrations: 'registrations (search, registrations, contacts, the portfolio overview and their CSV exports)',
  billing: 'billing (billing lines and their CSV)',
  domainReport: 'domainReport (the domain report CSV)',
};

function factLines(key: KeyFacts): string[] {
  return [
    `Name: ${key.name}`,
    `Key: ${apiKeyDisplayPrefix(key.id)}_… (the rest of the key is never sent by mail)`,
    `Scopes: ${key.scopes.map((scope) => scopeTexts[scope]).join('; ')}`,
    `Allowed IP addresses: ${key.allowedAddresses.length === 0 ? 'any' : key.allowedAddresses.join(', ')}`,
    `Expires: at the end of ${formatDay(key.expiresOn)} (Brussels time)`,
  ];
}

function footer(context: MailContext): string[] {
  return [
    `An administrator of your registrar can revoke the key at once on the 'API keys' page of User Management in the registrar panel: ${context.publicUrl}`,
    `If you did not expect this key, revoke it and contact ${context.supportEmail}.`,
    '',
    `You receive this security notification as the technical contact or an administrator of registrar ${context.registrarHandle}.`,
  ];
}

/** The notice that a key was created: what it may do, by whom, when and from where. */
export function apiKeyCreatedMail(key: KeyFacts, creation: { actor: SignedInUser; at: Date }, context: MailContext): ApiKeyMail {
  const { actor, at } = creation;
  const name = `${actor.firstName} ${actor.lastName}`.trim();
  const text = [
    'Hello,',
    '',
    `A new API key was created for registrar ${context.registrarHandle}. Tools that hold it can read the registrar's data through the registrar panel's API, within its scopes, until it expires or is revoked.`,
    '',
    ...factLines(key),
    `Created by: ${name ? `${name} (${actor.username})` : actor.username}`,
    `When: ${formatDateTime(at)}`,
    `From IP address: ${actor.ip}`,
    '',
    ...footer(context),
  ].join('\n');
  return { subject: `API key "${key.name}" created for registrar ${context.registrarHandle}`, text };
}

/** The reminder that a key stops working soon, sent once, `apiKeyLimits.expiryNoticeDays` ahead. */
export function apiKeyExpiryMail(key: KeyFacts & { createdBy: string; createdAt: Date }, daysLeft: number, context: MailContext): ApiKeyMail {
  const when = daysLeft === 0 ? 'today' : daysLeft === 1 ? 'tomorrow' : `in ${daysLeft} days`;
  const text = [
    'Hello,',
    '',
    `The API key "${key.name}" of registrar ${context.registrarHandle} expires ${when}: it works until the end of ${formatDay(key.expiresOn)}, Brussels time, and every request with it is refused from then on.`,
    "Tools that still use it need a new key before then: an administrator creates one on the 'API keys' page of User Management, and the tools are given the new key.",
    '',
    ...factLines(key),
    `Created by: ${key.createdBy}, ${formatDateTime(key.createdAt)}`,
    '',
    ...footer(context),
  ].join('\n');
  return { subject: `API key "${key.name}" of registrar ${context.registrarHandle} expires on ${formatDay(key.expiresOn)}`, text };
}
