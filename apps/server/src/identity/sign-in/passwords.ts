import { hash, verify } from '@node-rs/argon2';

/**
 * argon2id (the library's default algorithm; its enum is a const enum that isolated modules cannot
 * import) with the default cost: 19 MiB, 2 passes.
 */
export async function hashPassword(password: string): Promise<string> {
  return hash(password);
}

let decoyHash: Promise<string> | undefined;

/**
 * Verifies a password. Without a stored hash (unknown user, account not activated) it checks a decoy,
 * so that the answer takes as long whether or not the username exists.
 */
export async function verifyPassword(storedHash: string | null, password: string): Promise<boolean> {
  if (!storedHash) {
    decoyHash ??= hashPassword('decoy password that no account has');
    await verify(await decoyHash, password).catch(() => false);
    return false;
  }
  try {
    return await verify(storedHash, password);
  } catch {
    return false;
  }
}
