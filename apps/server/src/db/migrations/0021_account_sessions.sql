CREATE TABLE "account_sessions" (
	"session_id" text PRIMARY KEY NOT NULL,
	"username" text COLLATE "C" NOT NULL,
	"registrar_handle" text COLLATE "C" NOT NULL,
	"user_agent" text NOT NULL,
	"address" text NOT NULL,
	"started_at" timestamp with time zone NOT NULL,
	"last_seen_at" timestamp with time zone NOT NULL,
	"ended_at" timestamp with time zone
);
--> statement-breakpoint
CREATE INDEX "account_sessions_user_idx" ON "account_sessions" USING btree ("username","last_seen_at");--> statement-breakpoint
CREATE INDEX "account_sessions_started_idx" ON "account_sessions" USING btree ("started_at");