-- The mail relay delivers here when no SMTP server is configured; mail waiting to be sent is in the job queue.
ALTER TABLE "mail_outbox" RENAME TO "demo_mailbox";--> statement-breakpoint
ALTER SEQUENCE "mail_outbox_id_seq" RENAME TO "demo_mailbox_id_seq";--> statement-breakpoint
ALTER INDEX "mail_outbox_pkey" RENAME TO "demo_mailbox_pkey";
