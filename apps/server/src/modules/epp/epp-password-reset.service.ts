import { createHash, randomBytes } from 'node:crypto';
import { eppPasswordResetLinkMinutes, type EppPasswordResetLinkCheck, type EppPasswordSetWithLink } from '@registrar-panel/contract';
import type { Db } from '../../db/database';
import { AppError, notFound } from '../../errors';
import type { Outbox } from '../../mail/outbox';
import { administratorRecipients, distinctRecipients } from '../../mail/recipients';
import type { SignedInUser } from '../../plugins/auth';
import { recordAudit } from '../audit/audit.repository';
import { claimResetLink, findResetLink, insertResetLink, type ResetLinkState } from './epp-password-life.repository';
import { eppResetLinkMail, type PasswordMailContext } from './epp-password-mail';
import { saveEppPassword, type EppPasswordDeps } from './epp-password.service';
import { findRegistrarEpp, lockRegistrarEpp } from './epp.repository';

/*
 * The EPP password's reset link (issue 31): an ADMIN who does not know the current password asks
 * for it; it is mailed to every ADMIN of the registrar and works once, for 30 minutes, for a signed-in
 * ADMIN of that registrar (the route's capability is ADMIN's; the registrar is checked here). Only the
 * token's SHA-256 is stored: the database cannot open the link.
 */

export interface EppPasswordResetDeps extends EppPasswordDeps {
  outbox: Outbox;
  mail: Omit<PasswordMailContext, 'registrarHandle'>;
}

/** The hash a link is stored and found by. */
export function resetTokenHash(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/** Why a link does not work, as the page tells it: not this registrar's (or none), used, expired. */
function refusal(link: ResetLinkState | undefined, registrarHandle: string): AppError {
  if (!link || link.registrarHandle !== registrarHandle) return AppError.of(404, 'epp.resetLink.invalid');
  if (link.used) return AppError.of(409, 'epp.resetLink.used');
  return AppError.of(409, 'epp.resetLink.expired', { params: { minutes: eppPasswordResetLinkMinutes } });
}

/** Mails a new link to the registrar's ADMIN users, each in their language; answers how many and until when. */
export async function requestEppPasswordResetLink(deps: EppPasswordResetDeps, actor: SignedInUser): Promise<{ recipients: number; expiresAt: string }> {
  const registrar = await findRegistrarEpp(deps.db, actor.registrarHandle);
  if (!registrar) throw notFound();
  // The directory is asked outside the transaction: it does not take part in it (Keycloak).
  const recipients = distinctRecipients(administratorRecipients(await deps.directory.listUsers(actor.registrarHandle)));
  const token = randomBytes(32).toString('base64url');
  const at = new Date();
  const expiresAt = new Date(at.getTime() + eppPasswordResetLinkMinutes * 60_000);
  const context = { ...deps.mail, registrarHandle: registrar.handle };
  await deps.db.transaction(async (tx) => {
    await insertResetLink(tx, { tokenHash: resetTokenHash(token), registrarHandle: registrar.handle, requestedBy: actor.username, expiresAt });
    await recordAudit(tx, actor, 'epp.password.resetLinkRequest', { recipients: recipients.length });
    const mails = recipients.map(({ email, language }) => ({
      to: email,
      ...eppResetLinkMail({ token, minutes: eppPasswordResetLinkMinutes, actor, at }, context, language),
    }));
    await deps.outbox.add(tx, ...mails);
  });
  return { recipients: recipients.length, expiresAt: expiresAt.toISOString() };
}

/** Whether the link still works for the caller, without using it. */
export async function checkEppPasswordResetLink(
  { db }: Pick<EppPasswordDeps, 'db'>,
  actor: SignedInUser,
  input: EppPasswordResetLinkCheck,
): Promise<{ expiresAt: string }> {
  const link = await findResetLink(db, resetTokenHash(input.token));
  if (!link || link.registrarHandle !== actor.registrarHandle || link.used || link.expired) throw refusal(link, actor.registrarHandle);
  return { expiresAt: link.expiresAt.toISOString() };
}

/**
 * Uses the link and sets the password without the current one, in one transaction: the link is
 * claimed atomically (one of parallel requests wins), and a refused password rolls the claim back,
 * so the link still works for a better one.
 */
export async function setEppPasswordWithLink(deps: EppPasswordResetDeps, actor: SignedInUser, input: EppPasswordSetWithLink): Promise<void> {
  const at = new Date();
  const directoryUsers = await deps.directory.listUsers(actor.registrarHandle);
  const tokenHash = resetTokenHash(input.token);
  await deps.db.transaction(async (tx: Db) => {
    const claimed = await claimResetLink(tx, tokenHash, actor.registrarHandle);
    if (!claimed) throw refusal(await findResetLink(tx, tokenHash), actor.registrarHandle);
    const registrar = await lockRegistrarEpp(tx, actor.registrarHandle);
    if (!registrar) throw notFound();
    await saveEppPassword(tx, deps, { actor, registrar, directoryUsers, newPassword: input.newPassword, at }, () =>
      recordAudit(tx, actor, 'epp.password.resetLinkUse', { requestedBy: claimed.requestedBy }),
    );
  });
}
