import { readdirSync, readFileSync } from 'node:fs';
import { languages, messageTexts, type Language } from '@registrar-panel/contract';

/*
 * Every catalogue of the portal's texts, read from disk for the parity and glossary tests: the web's
 * JSON files (`app/` and each feature), the server's messages (the contract's `messageTexts` in
 * English, `message-texts/<language>.json` for the others), the server's own (identity pages, mails)
 * and the Keycloak theme's `messages_*.properties`.
 */

const repository = new URL('../../../../', import.meta.url);
const webSource = new URL('apps/web/src/', repository);
const keycloakThemes = new URL('deploy/keycloak/themes/registrar-panel/', repository);
const contractMessages = new URL('packages/contract/src/', repository);
/** The server's own catalogues: the embedded identity service's pages and the portal's mails. */
const serverParts = [
  { part: 'server:identity', dir: new URL('apps/server/src/identity/texts/', repository) },
  { part: 'server:mail', dir: new URL('apps/server/src/mail/texts/', repository) },
];

/** One catalogue: a part (`web:app`, `web:registrar`, `keycloak:login`…) in one language. */
export interface Catalogue {
  part: string;
  language: Language;
  file: string;
  texts: Record<string, string>;
}

function readJson(url: URL): Record<string, string> {
  return JSON.parse(readFileSync(url, 'utf8')) as Record<string, string>;
}

/**
 * A Java properties file as Keycloak reads it: `key=value` (or `key: value`), `#` and `!` comments,
 * a line ending in a backslash continues on the next; escapes (`\n`, `\uXXXX`, `\:`) are read.
 */
export function readProperties(text: string): Record<string, string> {
  const texts: Record<string, string> = {};
  const lines = text.split(/\r?\n/);
  for (let index = 0; index < lines.length; index++) {
    let line = lines[index]!.replace(/^\s+/, '');
    if (line === '' || line.startsWith('#') || line.startsWith('!')) continue;
    while (/(?<!\\)(?:\\\\)*\\$/.test(line) && index + 1 < lines.length) line = line.slice(0, -1) + lines[++index]!.replace(/^\s+/, '');
    const separator = /(?<!\\)(?:\\\\)*[=:]|(?<!\\)\s/.exec(line);
    const key = separator ? line.slice(0, separator.index + separator[0].length - 1) : line;
    const value = separator ? line.slice(separator.index + separator[0].length).replace(/^\s*[=:]?\s*/, '') : '';
    texts[unescape(key.trim())] = unescape(value);
  }
  return texts;
}

const unescape = (value: string) =>
  value.replace(/\\(u[0-9a-fA-F]{4}|.)/g, (_, escaped: string) =>
    escaped.length === 5 ? String.fromCharCode(parseInt(escaped.slice(1), 16)) : ({ n: '\n', t: '\t', r: '\r' }[escaped] ?? escaped),
  );

/** Every catalogue, each part in each of the four languages (a missing file fails the read). */
export function allCatalogues(): Catalogue[] {
  const catalogues: Catalogue[] = [];
  const features = readdirSync(new URL('features/', webSource), { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name);
  const webParts = [{ part: 'web:app', dir: 'app/' }, ...features.map((feature) => ({ part: `web:${feature}`, dir: `features/${feature}/` }))];
  for (const { part, dir } of webParts) {
    for (const language of languages) {
      const url = new URL(`${dir}${language}.json`, webSource);
      catalogues.push({ part, language, file: url.pathname, texts: readJson(url) });
    }
  }
  for (const language of languages) {
    const url = new URL(language === 'en' ? 'messages.ts' : `message-texts/${language}.json`, contractMessages);
    catalogues.push({ part: 'contract:messages', language, file: url.pathname, texts: language === 'en' ? { ...messageTexts } : readJson(url) });
  }
  for (const { part, dir } of serverParts) {
    for (const language of languages) {
      const url = new URL(`${language}.json`, dir);
      catalogues.push({ part, language, file: url.pathname, texts: readJson(url) });
    }
  }
  for (const theme of ['login', 'email']) {
    for (const language of languages) {
      const url = new URL(`${theme}/messages/messages_${language}.properties`, keycloakThemes);
      catalogues.push({ part: `keycloak:${theme}`, language, file: url.pathname, texts: readProperties(readFileSync(url, 'utf8')) });
    }
  }
  return catalogues;
}

/** The glossary of a language, `docs/glossary/<language>.md`, as text. */
export const glossaryText = (language: Language): string => readFileSync(new URL(`docs/glossary/${language}.md`, repository), 'utf8');
