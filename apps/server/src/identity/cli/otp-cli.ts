/*
 * `npm run otp -- USERNAME`: prints a user's current one-time code.
 * Demo accounts in demo mode use their fixed secret (README). Other users' secrets are read from
 * the database (DATABASE_URL, or the embedded server in DATA_DIR) and TOTP_ENCRYPTION_KEY.
 */
import { eq } from 'drizzle-orm';
import { loadConfig } from '../../config';
import { openDatabase } from '../../db/database';
import { users } from '../../db/schema';
import { demoTotpSecret, isDemoAccount } from '../demo/demo-accounts';
import { currentTotpCode, decryptTotpSecret, totpKey } from '../sign-in/totp';

async function secretOf(username: string): Promise<string> {
  const config = loadConfig();
  if (config.demoMode && isDemoAccount(username)) return demoTotpSecret(username);
  const database = await openDatabase({ databaseUrl: config.database.directUrl, dataDir: config.dataDir, migrations: 'refuse' });
  try {
    const [row] = await database.db.select({ secret: users.totpSecretEncrypted }).from(users).where(eq(users.username, username));
    if (!row) throw new Error(`No user ${username}.`);
    if (!row.secret) throw new Error(`${username} has not set up 2-step verification yet.`);
    return decryptTotpSecret(row.secret, totpKey(config.totpEncryptionKey));
  } finally {
    await database.close();
  }
}

const username = process.argv[2];
if (!username) {
  console.error('Usage: npm run otp -- USERNAME   (e.g. npm run otp -- admin@acme)');
  process.exit(2);
}
try {
  const secret = await secretOf(username);
  const code = await currentTotpCode(secret);
  const secondsLeft = 30 - (Math.floor(Date.now() / 1000) % 30);
  console.log(`${code}  (valid for ${secondsLeft} more seconds)`);
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
}
