import { SMTPServer } from 'smtp-server';

/** A mail as received over SMTP, with its text decoded enough to read subjects and links. */
export interface ReceivedMail {
  to: string[];
  subject: string;
  /** The From header, encoded words decoded: `".be registrar panel" <no-reply@…>`. */
  from: string;
  /** Every part's text, transfer encoding undone (quoted-printable, base64), HTML parts included. */
  text: string;
  /** A header of the mail, as sent (folding undone), or '' when it has none. */
  header: (name: string) => string;
}

function decodeQuotedPrintable(body: string): string {
  const bytes = body.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/gi, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16)));
  return Buffer.from(bytes, 'latin1').toString('utf8');
}

function decodeHeader(value: string): string {
  // Whitespace between two encoded words is folding, not text (RFC 2047 6.2): a long subject is split so.
  return value
    .replace(/(\?=)\s+(?==\?)/g, '$1')
    .replace(/=\?utf-8\?([QB])\?([^?]*)\?=/gi, (_m, kind: string, text: string) =>
      kind.toUpperCase() === 'B' ? Buffer.from(text, 'base64').toString('utf8') : decodeQuotedPrintable(text.replace(/_/g, ' ')),
    );
}

/** Headers and body of one MIME entity; multipart bodies are walked part by part. */
function textOf(entity: string): string {
  const split = entity.search(/\r?\n\r?\n/);
  const head = split < 0 ? entity : entity.slice(0, split).replace(/\r?\n[ \t]+/g, ' ');
  const body = split < 0 ? '' : entity.slice(split).replace(/^\r?\n\r?\n/, '');
  const header = (name: string) => new RegExp(`^${name}:\\s*(.*)$`, 'im').exec(head)?.[1] ?? '';
  const boundary = /boundary="?([^";]+)"?/i.exec(header('Content-Type'))?.[1];
  if (boundary) {
    return body
      .split(`--${boundary}`)
      .slice(1)
      .filter((part) => !part.startsWith('--'))
      .map(textOf)
      .join('\n');
  }
  const encoding = header('Content-Transfer-Encoding').toLowerCase();
  return encoding === 'quoted-printable' ? decodeQuotedPrintable(body) : encoding === 'base64' ? Buffer.from(body, 'base64').toString('utf8') : body;
}

export function parseReceivedMail(to: string[], raw: string): ReceivedMail {
  const head = raw.slice(0, raw.search(/\r?\n\r?\n/)).replace(/\r?\n[ \t]+/g, ' ');
  const subject = decodeHeader(/^Subject:\s*(.*)$/im.exec(head)?.[1] ?? '');
  const from = decodeHeader(/^From:\s*(.*)$/im.exec(head)?.[1] ?? '');
  const header = (name: string) => new RegExp(`^${name}:\\s*(.*)$`, 'im').exec(head)?.[1] ?? '';
  return { to, subject, from, text: textOf(raw).replace(/\r\n/g, '\n'), header };
}

export interface SmtpListener {
  port: number;
  received: ReceivedMail[];
  /** Waits (up to 15 s) for a mail to `to` whose subject contains `subject`, among those after `after` mails. */
  waitFor(to: string, subject: string, after?: number): Promise<ReceivedMail>;
  /** While refusing, every mail is answered with a permanent error, as a relay that rejects it. */
  refuse(refusing: boolean): void;
  close(): Promise<void>;
}

/** A real SMTP listener on loopback (on `port`, or one of the kernel's choosing) that keeps what it receives. */
export async function startSmtpListener(options: { port?: number } = {}): Promise<SmtpListener> {
  const received: ReceivedMail[] = [];
  let refusing = false;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    onRcptTo(_address, _session, callback) {
      callback(refusing ? Object.assign(new Error('Mailbox unavailable'), { responseCode: 550 }) : undefined);
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        received.push(
          parseReceivedMail(
            session.envelope.rcptTo.map((r) => r.address),
            Buffer.concat(chunks).toString('utf8'),
          ),
        );
        callback();
      });
    },
  });
  // A sender that drops its connection mid-session makes smtp-server report it on the server, where an
  // unheard error would end the test run; the tests count what arrives.
  server.on('error', () => undefined);
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve));
  const address = server.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    port,
    received,
    async waitFor(to, subject, after = 0) {
      const deadline = Date.now() + 15_000;
      for (;;) {
        const mail = received.slice(after).find((m) => m.to.includes(to) && m.subject.includes(subject));
        if (mail) return mail;
        if (Date.now() > deadline)
          throw new Error(`no mail to ${to} about "${subject}" (received: ${received.map((m) => `${m.to.join(',')}: ${m.subject}`).join('; ')})`);
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    },
    refuse(value) {
      refusing = value;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** The first link in a mail's text that contains `part`, HTML entities undone. */
export function linkIn(mail: ReceivedMail, part: string): string {
  const link = (mail.text.match(/https?:\/\/[^\s"<>]+/g) ?? []).map((url) => url.replace(/&amp;/g, '&')).find((url) => url.includes(part));
  if (!link) throw new Error(`no link with "${part}" in mail "${mail.subject}"`);
  return link;
}
