import type { FastifyBaseLogger } from 'fastify';
import nodemailer from 'nodemailer';
import type PgBoss from 'pg-boss';
import type { Db } from '../db/database';
import { demoMailbox } from '../db/schema';
import { queueNames } from '../db/job-queue-schema';
import type { Mail } from './mail';

/*
 * The mail relay: every instance runs one, and pg-boss hands each queued mail to one of them
 * (SKIP LOCKED). A mail the SMTP server does not take is failed back to the queue, which tries it
 * again after a doubling wait; a mail is marked sent as soon as the server accepted it. An
 * instance killed between the two would send that mail once more when it is retried: the one case
 * of a duplicate, against never losing a mail. The mails a killed instance was sending are taken
 * up again once their sending time is over (outbox.ts), by the queue's maintenance (job-queue.ts).
 */

/** The address of MAIL_FROM (`Name <address>` or a bare address). */
export function senderAddress(from: string): string {
  return /<([^<>]+)>\s*$/.exec(from)?.[1]?.trim() ?? from.trim();
}

/** Hands one mail to the mail server, or to the demo's mailbox. */
export type MailTransport = (mail: Mail) => Promise<void>;

export function smtpTransport(options: { smtpUrl: string; from: string; timeoutMs: number }): { send: MailTransport; close: () => void } {
  // A relay that does not answer must not hold a mail for nodemailer's default minutes.
  const transport = nodemailer.createTransport({
    url: options.smtpUrl,
    pool: true,
    maxConnections: 3,
    connectionTimeout: options.timeoutMs,
    greetingTimeout: options.timeoutMs,
    socketTimeout: options.timeoutMs,
  });
  return {
    async send(mail) {
      const from = mail.fromName ? { name: mail.fromName, address: senderAddress(options.from) } : options.from;
      await transport.sendMail({ from, to: mail.to, subject: mail.subject, text: mail.text, ...(mail.headers ? { headers: mail.headers } : {}) });
    },
    close: () => transport.close(),
  };
}

/** No SMTP server configured: mail lands in the database, where demo mode shows it (/dev/mail). */
export function demoMailboxTransport(db: Db): MailTransport {
  return async (mail) => {
    await db.insert(demoMailbox).values({ to: mail.to, subject: mail.subject, text: mail.text });
  };
}

export interface RelayEvents {
  /** A mail was handed over ('sent') or failed back to the queue ('failed'). */
  onAttempt?: (outcome: 'sent' | 'failed') => void;
}

/** How many mails one instance sends at once; a batch is fetched each poll. */
const batchSize = 10;

export async function startMailRelay(options: { boss: PgBoss; send: MailTransport; log: FastifyBaseLogger; pollingIntervalSeconds?: number } & RelayEvents) {
  const { boss, log } = options;
  await boss.work<Mail>(queueNames.mail, { batchSize, pollingIntervalSeconds: options.pollingIntervalSeconds ?? 1 }, async (jobs) => {
    // Each mail on its own: one refused recipient does not send the batch's other mails again.
    await Promise.all(
      jobs.map(async (job) => {
        try {
          await options.send(job.data);
          // Done at once, not when the whole batch is: an instance killed mid-batch leaves only
          // the mails it had not sent yet to be taken up again.
          await boss.complete(queueNames.mail, job.id);
          options.onAttempt?.('sent');
        } catch (error) {
          options.onAttempt?.('failed');
          // The mail's text holds links that are secrets: the log names the recipient and the reason only.
          const reason = error instanceof Error ? error.message : String(error);
          log.warn({ to: job.data.to, subject: job.data.subject, reason }, 'mail not sent; it will be tried again');
          await boss.fail(queueNames.mail, job.id, { reason });
        }
      }),
    );
  });
}
