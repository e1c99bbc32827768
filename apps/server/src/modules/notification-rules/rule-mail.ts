import { createHash, randomBytes } from 'node:crypto';
import { accessEnded, defaultLanguage, maySignIn } from '@registrar-panel/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/database';
import type { DirectoryUser, UserDirectory } from '../../identity/directory/user-directory';
import type { Outbox } from '../../mail/outbox';
import { writeMailChoice } from './notification-rules.repository';
import { ruleHitsInboxUrl, ruleHitsMail } from './rule-hit-mail';
import {
  claimHits,
  deleteStopLinksBefore,
  insertStopLink,
  spendStopLink,
  stopLinkUser,
  unmailedRecipients,
  type MailedChoice,
  type UnmailedRecipient,
} from './rule-mail.repository';

/*
 * Rule hits by mail (issue 32, section 2): each user's hits not mailed yet, one mail per user and
 * registrar per run, at once (every minute) or in the daily digest (07:00 Brussels, the hits made
 * before that day began). The hits are claimed (`mailed_at`) in the transaction that queues the mail,
 * so runs that overlap, on one instance or several, mail each hit once. Only a user still active in
 * the registrar that owns the rule, of a registrar that may sign in, is mailed; the hits of anyone else
 * are claimed without a mail, so they are never mailed later (they stay in the inbox).
 */

export const ruleMailLimits = {
  /** Hits a mail lists; the rest are counted and found in the inbox. */
  listedHits: 20,
  /** A stop link works this long, once. */
  stopLinkDays: 60,
} as const;

export interface RuleMailDeps {
  db: Db;
  directory: UserDirectory;
  outbox: Outbox;
  log: FastifyBaseLogger;
  publicUrl: string;
  productName: string;
}

const dayMs = 24 * 60 * 60 * 1000;
const stopLinksSince = (now: Date) => new Date(now.getTime() - ruleMailLimits.stopLinkDays * dayMs);

const hashOf = (token: string) => createHash('sha256').update(token).digest('hex');

/** The page a stop link opens (routes: rule-mail-stop.routes.ts). */
export const ruleMailStopPath = '/mail/rule-hits/stop';

function stopUrl(publicUrl: string, token: string, language: string): string {
  return `${publicUrl}${ruleMailStopPath}?${new URLSearchParams({ key: token, lang: language }).toString()}`;
}

/** Whether this user, with hits of that registrar, may still be mailed about them. */
function mayBeMailed(recipient: UnmailedRecipient, user: DirectoryUser | null, now: Date): user is DirectoryUser {
  if (!maySignIn(recipient.registrar_status) || !user) return false;
  if (user.registrarHandle !== recipient.registrar_handle) return false;
  return (user.state === 'active' || user.state === 'locked') && !accessEnded(user.accessEnd, now);
}

/** Mails every `mode` user's due hits; answers how many mails it queued. */
export async function sendRuleHitMails(deps: RuleMailDeps, mode: MailedChoice, now: Date = new Date()): Promise<number> {
  await deleteStopLinksBefore(deps.db, stopLinksSince(now));
  let mails = 0;
  for (const recipient of await unmailedRecipients(deps.db, mode, now)) {
    const user = await deps.directory.findUser(recipient.username).catch((error: unknown) => {
      deps.log.error({ err: error, username: recipient.username }, 'rule hit mails: the user could not be read; tried again next run');
      return undefined;
    });
    if (user === undefined) continue;
    const mailed = await deps.db.transaction(async (tx) => {
      const claim = { username: recipient.username, registrarHandle: recipient.registrar_handle, mode, now, listed: ruleMailLimits.listedHits };
      const { total, hits } = await claimHits(tx, claim);
      if (total === 0 || !mayBeMailed(recipient, user, now)) return false;
      const token = randomBytes(32).toString('base64url');
      await insertStopLink(tx, recipient.username, hashOf(token), now);
      const language = user.language ?? defaultLanguage;
      const mail = ruleHitsMail(
        {
          mode,
          registrarHandle: recipient.registrar_handle,
          total,
          hits,
          inboxUrl: ruleHitsInboxUrl(deps.publicUrl),
          stopUrl: stopUrl(deps.publicUrl, token, language),
          productName: deps.productName,
        },
        language,
      );
      await deps.outbox.add(tx, { to: user.email, ...mail });
      return true;
    });
    if (mailed) mails++;
  }
  return mails;
}

/** The user a stop link would stop the mails of, or undefined for a link unknown, spent or too old. */
export async function checkStopLink(db: Db, token: string, now: Date = new Date()): Promise<string | undefined> {
  if (!token) return undefined;
  return stopLinkUser(db, hashOf(token), stopLinksSince(now));
}

/** Sets the link's user's choice to `off` and spends their links; undefined for a link not usable. */
export async function useStopLink(db: Db, token: string, now: Date = new Date()): Promise<string | undefined> {
  if (!token) return undefined;
  return db.transaction(async (tx) => {
    const username = await spendStopLink(tx, hashOf(token), stopLinksSince(now), now);
    if (username !== undefined) await writeMailChoice(tx, username, 'off');
    return username;
  });
}
