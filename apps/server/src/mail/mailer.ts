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

export function createMailer(options: { smtpUrl: string | undefined; from: string; db: Db }): Mailer {
  if (options.smtpUrl) {
    const transport = nodemailer.createTransport(options.smtpUrl);
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
