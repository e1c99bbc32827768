import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { inject } from 'vitest';
import { parseReceivedMail } from '../../apps/server/src/identity/testing/smtp-listener';
import type { ReceivedMail } from './mail-catcher';

/** A mail as the SMTP listener received it, decoded enough to read its subject, text and links. */
export interface Mail {
  to: string[];
  subject: string;
  text: string;
  file: string;
}

/** Parses a mail as received: headers, then the body (or each part) in its transfer encoding. */
export function parseMail(received: ReceivedMail, file: string): Mail {
  const { subject, text } = parseReceivedMail(received.to, received.raw);
  return { to: received.to, subject, text, file };
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
