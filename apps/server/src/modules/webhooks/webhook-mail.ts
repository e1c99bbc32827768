import { defaultLanguage, type Language } from '@registrar-panel/contract';
import { productNameOf } from '../../identity/directory/identity-mail';
import { mailTexts } from '../../mail/mail-texts';
import { administratorRecipients, distinctRecipients } from '../../mail/recipients';
import type { Db } from '../../db/database';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config';
import type { UserDirectory } from '../../identity/directory/user-directory';
import type { Outbox } from '../../mail/outbox';
import type { EndpointRow } from './webhooks.repository';
import { endpointFacts } from './webhooks.presenter';

/*
 * The webhook endpoints' notices to the registrar's ADMIN users, each in their language: what changed
 * (or that the endpoint was disabled for failing), its address without query or user-info and its
 * events. Never the secret. Queued in the transaction of the change.
 */

export type EndpointChange = 'create' | 'update' | 'delete' | 'enable' | 'disable' | 'secretRotate';

/** What the notices need; the delivery's deps (webhook-delivery.ts) have it, without this file importing that one. */
interface MailDeps {
  config: Pick<Config, 'supportEmail' | 'tld' | 'publicUrl'>;
  directory: Pick<UserDirectory, 'listUsers'>;
  outbox: Outbox;
  log: Pick<FastifyBaseLogger, 'error'>;
}

/** The registrar's ADMIN users, asked before the change's transaction (the directory may be Keycloak, outside it). */
export async function webhookRecipients(deps: MailDeps, registrarHandle: string) {
  const users = await deps.directory.listUsers(registrarHandle).catch((error: unknown) => {
    deps.log.error({ err: error, registrar: registrarHandle }, "webhook notice: the registrar's administrators could not be listed");
    return [];
  });
  return distinctRecipients(administratorRecipients(users));
}

export function webhookMail(
  change: EndpointChange | 'failing',
  endpoint: Pick<EndpointRow, 'id' | 'url' | 'eventKinds' | 'description' | 'registrarHandle'>,
  context: { actor?: { username: string; ip: string | null }; at: Date; config: MailDeps['config'] },
  language: Language = defaultLanguage,
) {
  const texts = mailTexts(language);
  const { t } = texts;
  const handle = endpoint.registrarHandle;
  const facts = endpointFacts(endpoint);
  const pageUrl = `${context.config.publicUrl}/users/webhooks`;
  const subject = t(`mail.webhook.subject.${change}`, { handle });
  const text = [
    t('mail.greetingAnonymous'),
    '',
    `${subject}.`,
    ...(change === 'failing' ? ['', t('mail.webhook.failing.text', { url: pageUrl })] : []),
    '',
    t('mail.webhook.url', { url: facts.url }),
    t('mail.webhook.events', { list: facts.eventKinds.join(', ') }),
    ...(context.actor ? [t('mail.notice.changedBy', { actor: context.actor.username })] : []),
    t('mail.notice.when', { time: texts.time(context.at) }),
    ...(context.actor?.ip ? [t('mail.notice.fromIp', { ip: context.actor.ip })] : []),
    '',
    t('mail.webhook.manage', { url: pageUrl }),
    t('mail.notice.unexpected', { supportEmail: context.config.supportEmail }),
    '',
    t('mail.webhook.why', { handle }),
  ].join('\n');
  return { subject, text, fromName: t('mail.sender', { productName: productNameOf(context.config.tld) }) };
}

/** The notice that an endpoint was disabled for failing, queued in the delivery's transaction. */
export async function mailEndpointDisabled(deps: MailDeps, tx: Db, endpoint: EndpointRow, at: Date): Promise<void> {
  const recipients = await webhookRecipients(deps, endpoint.registrarHandle);
  await deps.outbox.add(
    tx,
    ...recipients.map(({ email, language }) => ({ to: email, ...webhookMail('failing', endpoint, { at, config: deps.config }, language) })),
  );
}
