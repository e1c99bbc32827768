import type { Db } from '../../db/database';
import type { UserDirectory } from '../../identity/directory/user-directory';
import { passkeysRequiredHeld } from '../../identity/passkeys/passkey-policy.repository';

/**
 * A new user of a registrar that requires passkeys is given the requirement at the identity service
 * (Keycloak's user attribute; the embedded sign-in reads the registrar's choice itself). Read under
 * the registrar row's share lock: a change of the choice under way (user-passkeys.service.ts) has
 * either listed this user already or waits for this one to be done.
 */
export async function applyPasskeyRequirementTo(deps: { db: Db; directory: UserDirectory }, registrarHandle: string, username: string): Promise<void> {
  if (deps.directory.credentialsAt !== 'identityService') return;
  await deps.db.transaction(async (tx) => {
    if (await passkeysRequiredHeld(tx, registrarHandle)) await deps.directory.applyPasskeyRequirement({ username }, true);
  });
}
