import type { MailRetryPolicy } from '../config';
import PgBoss from 'pg-boss';
import { jobQueueSchema, queueNames } from '../db/job-queue-schema';
import { connectionOf, type Executor } from '../jobs/job-queue';
import type { Mail } from './mail';

/*
 * Every mail the portal sends is first a job in the queue, added in the same transaction as the
 * change that causes it: a change that rolls back sends nothing, and a change that commits has its
 * mail recorded with it. The relay (relay.ts) sends it later, with retries. No user request waits
 * for, or fails because of, the mail server.
 */

/**
 * A mail being sent longer than this is taken for lost (an instance killed while sending) and
 * tried again: three times the SMTP timeout (connect, greet, answer), at least 15 s.
 */
export function sendingTimeoutSeconds(smtpTimeoutMs: number): number {
  return Math.max(15, Math.ceil((3 * smtpTimeoutMs) / 1000));
}

export interface Outbox {
  /** Queues mails in the caller's transaction (or on their own when given the database). */
  add(executor: Executor, ...mails: Mail[]): Promise<void>;
}

export function mailOutbox(options: { retry: MailRetryPolicy; smtpTimeoutMs: number }): Outbox {
  const { retry } = options;
  // Only its insert is used, always on the executor given: this instance never connects itself.
  const boss = new PgBoss({ db: { executeSql: () => Promise.reject(new Error('the outbox writes through the executor given')) }, schema: jobQueueSchema });
  return {
    async add(executor, ...mails) {
      if (mails.length === 0) return;
      const jobs = mails.map((mail) => ({
        name: queueNames.mail,
        data: {
          to: mail.to,
          subject: mail.subject,
          text: mail.text,
          ...(mail.fromName ? { fromName: mail.fromName } : {}),
          ...(mail.headers ? { headers: mail.headers } : {}),
        },
        retryLimit: retry.retryLimit,
        retryDelay: retry.retryDelaySeconds,
        retryBackoff: true,
        expireInSeconds: sendingTimeoutSeconds(options.smtpTimeoutMs),
        // Kept waiting through every retry: beyond the sum of the doubling waits, whatever their jitter.
        keepUntil: new Date(Date.now() + retry.retryDelaySeconds * 2 ** (retry.retryLimit + 2) * 1000).toISOString(),
      }));
      await boss.insert(jobs, { db: connectionOf(executor) });
    },
  };
}
