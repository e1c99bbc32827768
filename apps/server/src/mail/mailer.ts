import nodemailer from 'nodemailer';
import type { Db } from '../db/database';
import { mailOutbox } from '../db/schema';

export interface Mail {
  to: string;
  subject: string;
  text: string;
}

/** Sends mail: over SMTP when SMTP_URL is set, otherwise into the database outbox (demo mode shows it). */
export interface Mailer {
  send(mail: Mail): Promise<void>;
}

export function createMailer(options: { smtpUrl: string | undefined; from: string; db: Db; timeoutMs?: number }): Mailer {
  if (options.smtpUrl) {
    // A relay that does not answer must not hold a request for nodemailer's default minutes.
    const timeoutMs = options.timeoutMs ?? 10_000;
    const transport = nodemailer.createTransport({ url: options.smtpUrl, connectionTimeout: timeoutMs, greetingTimeout: timeoutMs, socketTimeout: timeoutMs });
    return {
      async send(mail) {
        await transport.sendMail({ from: options.from, to: mail.to, subject: mail.subject, text: mail.text });
      },
    };
  }
  return {
    async send(mail) {
      await options.db.insert(mailOutbox).values(mail);
    },
  };
}
