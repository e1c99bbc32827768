CREATE TABLE "user_email_changes" (
	"account_id" text COLLATE "C" PRIMARY KEY NOT NULL,
	"previous_email" text NOT NULL,
	"changed_at" timestamp with time zone NOT NULL
);
