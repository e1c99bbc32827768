-- Issue 32, the stop links of rule hit mails (modules/notification-rules/rule-mail.ts): SHA-256 digests only.
CREATE TABLE "rule_mail_stop_links" (
	"token_hash" text PRIMARY KEY NOT NULL,
	"username" text COLLATE "C" NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"used_at" timestamp with time zone
);
--> statement-breakpoint
CREATE INDEX "rule_mail_stop_links_user_idx" ON "rule_mail_stop_links" USING btree ("username");--> statement-breakpoint
CREATE INDEX "rule_mail_stop_links_created_idx" ON "rule_mail_stop_links" USING btree ("created_at");