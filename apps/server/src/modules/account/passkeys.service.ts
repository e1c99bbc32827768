import type { AddPasskey, MyPasskey, MyPasskeysResponse, PasskeyOptions, RenamePasskey } from '@registrar-panel/contract';
import { AppError, notFound } from '../../errors';
import { productNameOf } from '../../identity/directory/identity-mail';
import { registerPasskey, registrationOptions, type PasskeyDeps } from '../../identity/passkeys/passkeys';
import { deletePasskeyUnlessLast, findPasskey, listPasskeys, renamePasskey, type PasskeyRow } from '../../identity/passkeys/passkeys.repository';
import { relyingPartyOf } from '../../identity/passkeys/relying-party';
import type { SignedInUser } from '../../plugins/auth';
import { recordAudit } from '../audit/audit.repository';
import { ownAccount, recordChange, type AccountDeps } from './account.service';

/*
 * The caller's passkeys on My account: listed, added through the WebAuthn ceremony of
 * identity/passkeys/, removed unless the last second step; each change audited and mailed in one
 * transaction. With Keycloak they are Keycloak's: listed and removed through the directory (its
 * admin API), added on Keycloak's own page (the web sends the user to `kc_action=webauthn-register`).
 */

const present = (row: PasskeyRow): MyPasskey => ({
  id: row.credentialId,
  name: row.name,
  createdAt: row.createdAt.toISOString(),
  lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
});

/** The ceremony's dependencies, or why passkeys cannot be used here (Keycloak, or an IP-address PUBLIC_URL). */
function passkeyDepsOf(deps: AccountDeps): PasskeyDeps | { unavailable: 'ipAddress' | 'identityService' } {
  if (deps.directory.credentialsAt !== 'portal') return { unavailable: 'identityService' };
  const rp = relyingPartyOf(deps.config.publicUrl);
  if (!rp.available) return { unavailable: rp.reason };
  return { db: deps.db, rp, rpName: productNameOf(deps.config.tld), now: deps.now };
}

function usablePasskeyDeps(deps: AccountDeps): PasskeyDeps {
  const passkeys = passkeyDepsOf(deps);
  if ('unavailable' in passkeys)
    throw AppError.of(409, passkeys.unavailable === 'identityService' ? 'account.atIdentityService' : 'account.passkey.unavailable');
  return passkeys;
}

/** The caller's passkeys as Keycloak holds them (no last use: Keycloak keeps none). */
async function identityServicePasskeys(deps: AccountDeps, actor: SignedInUser): Promise<MyPasskey[]> {
  const factors = (await deps.directory.secondFactorsOf([actor.username])).get(actor.username);
  return (factors?.passkeys ?? []).map((passkey) => ({
    id: passkey.id,
    name: passkey.name,
    createdAt: passkey.createdAt.toISOString(),
    lastUsedAt: passkey.lastUsedAt?.toISOString() ?? null,
  }));
}

export async function listMyPasskeys(deps: AccountDeps, actor: SignedInUser): Promise<MyPasskeysResponse> {
  if (deps.directory.credentialsAt === 'identityService') {
    const rp = relyingPartyOf(deps.config.publicUrl);
    if (!rp.available) return { available: false, unavailableReason: rp.reason, passkeys: [] };
    // A passkey just added on Keycloak's page comes after the TOTP in Keycloak's order: put first, the next sign-in asks it.
    await deps.directory.preferPasskeys(actor.username);
    return { available: true, unavailableReason: null, passkeys: await identityServicePasskeys(deps, actor) };
  }
  const passkeys = passkeyDepsOf(deps);
  if ('unavailable' in passkeys) return { available: false, unavailableReason: passkeys.unavailable, passkeys: [] };
  return { available: true, unavailableReason: null, passkeys: (await listPasskeys(deps.db, actor.username)).map(present) };
}

/** The options for the browser, with a new single-use challenge for this user. */
export async function startPasskeyRegistration(deps: AccountDeps, actor: SignedInUser): Promise<PasskeyOptions> {
  const passkeys = usablePasskeyDeps(deps);
  const user = await ownAccount(deps, actor);
  const options = await registrationOptions(passkeys, { username: user.username, id: user.id, name: user.name });
  return { options: { ...options } };
}

/** Checks the browser's answer and keeps the passkey under its name: audited and mailed. */
export async function addPasskey(deps: AccountDeps, actor: SignedInUser, body: AddPasskey): Promise<MyPasskey> {
  const passkeys = usablePasskeyDeps(deps);
  const user = await ownAccount(deps, actor);
  let added: PasskeyRow | undefined;
  await recordChange(deps, actor, user, async (tx) => {
    const checked = await registerPasskey({ ...passkeys, db: tx }, user.username, { ...body.response, clientExtensionResults: {} }, body.name);
    if (!checked.ok) throw AppError.of(400, 'account.passkey.notAccepted');
    added = checked.value;
    return { action: 'account.passkey.add', details: { passkeyName: body.name }, change: { kind: 'passkeyAdded', name: body.name } };
  });
  if (!added) throw new Error('the passkey was recorded without its row');
  return present(added);
}

/** Removes one of the caller's passkeys unless it is their last second step; another user's is not found. */
export async function removePasskey(deps: AccountDeps, actor: SignedInUser, passkeyId: string): Promise<void> {
  if (deps.directory.credentialsAt !== 'portal') return removeIdentityServicePasskey(deps, actor, passkeyId);
  const user = await ownAccount(deps, actor);
  await recordChange(deps, actor, user, async (tx) => {
    const row = await findPasskey(tx, user.username, passkeyId);
    if (!row) throw notFound();
    const outcome = await deletePasskeyUnlessLast(tx, user.username, passkeyId);
    if (outcome === 'notFound') throw notFound();
    if (outcome === 'last') throw AppError.of(400, 'account.passkey.last');
    return { action: 'account.passkey.remove', details: { passkeyName: row.name }, change: { kind: 'passkeyRemoved', name: row.name } };
  });
}

/**
 * Gives one of the caller's passkeys a new name (the contract's name rules); audited, not mailed: a
 * name changes nothing about how the account signs in. Another user's passkey is not found.
 */
export async function renameMyPasskey(deps: AccountDeps, actor: SignedInUser, passkeyId: string, { name }: RenamePasskey): Promise<MyPasskey> {
  if (deps.directory.credentialsAt !== 'portal') throw AppError.of(409, 'account.atIdentityService');
  const user = await ownAccount(deps, actor);
  return deps.db.transaction(async (tx) => {
    const before = await findPasskey(tx, user.username, passkeyId);
    if (!before) throw notFound();
    const renamed = await renamePasskey(tx, user.username, passkeyId, name);
    if (!renamed) throw notFound();
    if (before.name !== name) await recordAudit(tx, actor, 'account.passkey.rename', { before: before.name, after: name });
    return present(renamed);
  });
}

/** The same with Keycloak: the passkey removed through the directory (never the last second factor), audited and mailed. */
async function removeIdentityServicePasskey(deps: AccountDeps, actor: SignedInUser, passkeyId: string): Promise<void> {
  const user = await ownAccount(deps, actor);
  const passkey = (await identityServicePasskeys(deps, actor)).find((candidate) => candidate.id === passkeyId);
  if (!passkey) throw notFound();
  await recordChange(deps, actor, user, async () => {
    const outcome = await deps.directory.removePasskey(user.username, passkeyId);
    if (outcome === 'notFound') throw notFound();
    if (outcome === 'last') throw AppError.of(400, 'account.passkey.last');
    return { action: 'account.passkey.remove', details: { passkeyName: passkey.name }, change: { kind: 'passkeyRemoved', name: passkey.name } };
  });
}
