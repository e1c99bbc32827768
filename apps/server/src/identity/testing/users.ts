import type { PanelRole } from '@registrar-panel/contract';
import { registrarHandleOf } from '@registrar-panel/contract';
import type { Config } from '../../config';
import type { Db } from '../../db/database';
import { users } from '../../db/schema';
import { hashPassword } from '../sign-in/passwords';
import { encryptTotpSecret, newTotpSecret, totpKey } from '../sign-in/totp';

export const testPassword = 'Correct-Horse-Battery-9';

/** An active user with a password and, unless `totp: false`, a TOTP secret (returned). */
export async function createActiveUser(
  db: Db,
  config: Config,
  user: { username: string; roles?: PanelRole[]; name?: string; email?: string; password?: string; totp?: boolean },
): Promise<{ username: string; secret: string | null; email: string }> {
  const secret = user.totp === false ? null : newTotpSecret();
  const email = user.email ?? `${user.username.replace('@', '.')}@mail.example`;
  await db.insert(users).values({
    username: user.username,
    registrarHandle: registrarHandleOf(user.username),
    name: user.name ?? 'Test User',
    email,
    roles: user.roles ?? ['SUPPORT'],
    passwordHash: await hashPassword(user.password ?? testPassword),
    totpSecretEncrypted: secret ? encryptTotpSecret(secret, totpKey(config.totpEncryptionKey)) : null,
    state: 'active',
  });
  return { username: user.username, secret, email };
}
