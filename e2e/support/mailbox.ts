import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { inject } from 'vitest';
import type { ReceivedMail } from './mail-catcher';

/** A mail as the SMTP listener received it, decoded enough to read its subject, text and links. */
export interface Mail {
  to: string[];
  subject: string;
  text: string;
  file: string;
}

function decodeQuotedPrintable(body: string): string {
  const bytes = body.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/gi, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16)));
  return Buffer.from(bytes, 'latin1').toString('utf8');
}

function decodeHeader(value: string): string {
  return value.replace(/=\?utf-8\?([QB])\?([^?]*)\?=/gi, (_m, kind: string, text: string) =>
    kind.toUpperCase() === 'B' ? Buffer.from(text, 'base64').toString('utf8') : decodeQuotedPrintable(text.replace(/_/g, ' ')),
  );
}

/** Parses a plain-text mail (what the portal sends): headers, then the body in its transfer encoding. */
export function parseMail(received: ReceivedMail, file: string): Mail {
  const split = received.raw.search(/\r?\n\r?\n/);
  const head = received.raw.slice(0, split).replace(/\r?\n[ \t]+/g, ' ');
  const body = received.raw.slice(split).replace(/^\r?\n\r?\n/, '');
  const header = (name: string) => new RegExp(`^${name}:\\s*(.*)$`, 'im').exec(head)?.[1] ?? '';
  const encoding = header('Content-Transfer-Encoding').toLowerCase();
  const text = encoding === 'quoted-printable' ? decodeQuotedPrintable(body) : encoding === 'base64' ? Buffer.from(body, 'base64').toString('utf8') : body;
  return { to: received.to, subject: decodeHeader(header('Subject')), text: text.replace(/\r\n/g, '\n'), file };
}

export function allMail(): Mail[] {
  const dir = inject('mailDir');
  return readdirSync(dir)
    .filter((name) => name.endsWith('.json'))
    .sort()
    .map((name) => parseMail(JSON.parse(readFileSync(join(dir, name), 'utf8')) as ReceivedMail, name));
}

/** Waits (up to 10 s) for a mail to `to` whose subject contains `subject`, received after `after` (a file name from an earlier mail). */
export async function waitForMail(to: string, subject: string, after = ''): Promise<Mail> {
  const deadline = Date.now() + 10_000;
  for (;;) {
    const found = allMail().find((mail) => mail.file > after && mail.to.includes(to) && mail.subject.includes(subject));
    if (found) return found;
    if (Date.now() > deadline) throw new Error(`no mail to ${to} about "${subject}"`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/** The last mail file name so far, to wait for mail newer than it. */
export function lastMailFile(): string {
  return allMail().at(-1)?.file ?? '';
}

export function firstLink(mail: Mail): string {
  const link = /https?:\/\/\S+/.exec(mail.text)?.[0];
  if (!link) throw new Error(`no link in "${mail.subject}"`);
  return link;
}
