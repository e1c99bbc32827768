/*
 * `npm run password-list -- DIR`: writes the common-password list that panel users' passwords are
 * checked against into DIR, as the file the realm's `passwordBlacklist` policy names. DIR is
 * Keycloak's `data/password-blacklists/` folder (`npm run keycloak` does this itself).
 */
import { commonPasswordsPackage, writeCommonPasswordsFile } from '../../lib/unsafe-passwords';

const dir = process.argv[2];
if (!dir) {
  console.error('Usage: npm run password-list -- DIR   (e.g. npm run password-list -- /opt/keycloak/data/password-blacklists)');
  process.exit(2);
}
const { path, count } = writeCommonPasswordsFile(dir);
console.log(`Wrote ${count} common passwords (npm package ${commonPasswordsPackage}) to ${path}`);
