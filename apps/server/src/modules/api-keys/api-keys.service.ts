import { productNameOf } from '../../identity/directory/identity-mail';
import {
  addCalendarDays,
  apiKeyDisplayPrefix,
  apiKeyLimits,
  brusselsDay,
  type ApiKey,
  type ApiKeyCreatedResponse,
  type CreateApiKey,
} from '@registrar-panel/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config';
import type { Db } from '../../db/database';
import { AppError, notFound } from '../../errors';
import type { UserDirectory } from '../../identity/directory/user-directory';
import type { Outbox } from '../../mail/outbox';
import type { SignedInUser } from '../../plugins/auth';
import { recordAudit } from '../audit/audit.repository';
import { apiKeyCreatedMail } from './api-key-mail';
import { apiKeyRecipients } from './api-key-recipients';
import { generateApiKey } from './api-key-secret';
import { presentApiKey, scopesOf } from './api-keys.presenter';
import { activeKeyNames, findOwnApiKey, insertApiKey, lockKeyCreation, listApiKeys, revokeApiKey, type ApiKeyRow } from './api-keys.repository';

export interface ApiKeysDeps {
  db: Db;
  directory: UserDirectory;
  outbox: Outbox;
  log: Pick<FastifyBaseLogger, 'error'>;
  config: Pick<Config, 'publicUrl' | 'supportEmail' | 'tld'>;
}

/** What the history keeps of a key: never its secret or hash. */
function auditDetails(row: ApiKeyRow) {
  return {
    name: row.name,
    prefix: apiKeyDisplayPrefix(row.id),
    scopes: scopesOf(row.scopes),
    expiresOn: row.expiresOn,
    allowedAddresses: row.allowedAddresses,
  };
}

/** Names are told apart as people read them: not by letter case or surrounding spaces. */
const sameName = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

/*
 * The registrar's API keys: an ADMIN lists, creates and revokes them, for their own registrar only
 * (the route table's `manageApiKeys`, checked before these run; no key may call them: their entries
 * have no `apiKeyScope`).
 */

/** The registrar's keys, newest first, with their state now. */
export async function getApiKeys(db: Db, actor: SignedInUser): Promise<ApiKey[]> {
  const now = new Date();
  return (await listApiKeys(db, actor.registrarHandle)).map((row) => presentApiKey(row, now));
}

/**
 * Creates a key and answers it with its secret, the only time the secret is seen. The key, its
 * history entry and its notices are saved in one transaction, under the registrar's creation
 * lock, so the cap and the unique name hold when two creations race.
 */
export async function createApiKey(deps: ApiKeysDeps, actor: SignedInUser, input: CreateApiKey): Promise<ApiKeyCreatedResponse> {
  const { db } = deps;
  const now = new Date();
  const today = brusselsDay(now);
  const registrarHandle = actor.registrarHandle;
  const recipients = await apiKeyRecipients({ db, directory: deps.directory, log: deps.log }, registrarHandle);
  const generated = generateApiKey();
  // A key that expires within the notice period gets no separate reminder: its creation notice says when it ends.
  const noticeDue = input.expiresOn > addCalendarDays(today, apiKeyLimits.expiryNoticeDays);
  const row = await db.transaction(async (tx) => {
    await lockKeyCreation(tx, registrarHandle);
    const names = await activeKeyNames(tx, registrarHandle, today);
    if (names.some((name) => sameName(name, input.name))) throw AppError.of(409, 'apiKeys.nameTaken', { field: 'name' });
    if (names.length >= apiKeyLimits.maxActiveKeys) throw AppError.of(409, 'apiKeys.tooMany', { params: { max: apiKeyLimits.maxActiveKeys } });
    const inserted = await insertApiKey(tx, {
      id: generated.id,
      registrarHandle,
      name: input.name,
      secretHash: generated.secretHash,
      scopes: input.scopes,
      allowedAddresses: input.allowedAddresses,
      expiresOn: input.expiresOn,
      createdAt: now,
      createdBy: actor.username,
      expiryNoticeSentAt: noticeDue ? null : now,
    });
    await recordAudit(tx, actor, 'apiKey.create', auditDetails(inserted));
    const context = { registrarHandle, publicUrl: deps.config.publicUrl, supportEmail: deps.config.supportEmail, productName: productNameOf(deps.config.tld) };
    const created = { ...inserted, scopes: input.scopes };
    await deps.outbox.add(
      tx,
      ...recipients.map(({ email, language }) => ({ to: email, ...apiKeyCreatedMail(created, { actor, at: now }, context, language) })),
    );
    return inserted;
  });
  return { apiKey: presentApiKey(row, now), secret: generated.key };
}

/** Revokes at once; the key stays listed. Revoking a revoked key changes and records nothing. */
export async function revokeOwnApiKey(db: Db, actor: SignedInUser, id: string): Promise<ApiKey> {
  const now = new Date();
  const row = await db.transaction(async (tx) => {
    const revoked = await revokeApiKey(tx, { registrarHandle: actor.registrarHandle, id, by: actor.username, at: now });
    if (revoked) {
      await recordAudit(tx, actor, 'apiKey.revoke', auditDetails(revoked));
      return revoked;
    }
    // Not revoked by this call: another registrar's key or none (404), or one revoked already.
    const existing = await findOwnApiKey(tx, actor.registrarHandle, id);
    if (!existing) throw notFound();
    return existing;
  });
  return presentApiKey(row, now);
}
