-- Issue 34, reconciliation. drizzle-kit wrote this file; "PARTITION BY RANGE" was added by hand (drizzle-kit
-- cannot declare it). reconciliation_results has no partition here: db/monthly-partitions.ts makes them.
CREATE TABLE "reconciliation_results" (
	"run_id" uuid NOT NULL,
	"run_started_at" timestamp with time zone NOT NULL,
	"kind" text NOT NULL,
	"seq" bigint NOT NULL,
	"line_no" integer,
	"name" text,
	"field" text,
	"registry_value" text,
	"file_value" text,
	"problem" text,
	CONSTRAINT "reconciliation_results_run_id_kind_seq_run_started_at_pk" PRIMARY KEY("run_id","kind","seq","run_started_at")
) PARTITION BY RANGE ("run_started_at");
--> statement-breakpoint
CREATE TABLE "reconciliation_runs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"registrar_handle" text COLLATE "C" NOT NULL,
	"started_by" text NOT NULL,
	"file_name" text,
	"state" text NOT NULL,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone,
	"bytes_received" bigint DEFAULT 0 NOT NULL,
	"bytes_total" bigint,
	"lines_read" integer DEFAULT 0 NOT NULL,
	"columns" text[] DEFAULT '{}' NOT NULL,
	"counts" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"failure" text,
	CONSTRAINT "reconciliation_runs_state_check" CHECK ("reconciliation_runs"."state" IN ('receiving', 'comparing', 'done', 'failed'))
);
--> statement-breakpoint
ALTER TABLE "reconciliation_results" ADD CONSTRAINT "reconciliation_results_run_id_reconciliation_runs_id_fk" FOREIGN KEY ("run_id") REFERENCES "public"."reconciliation_runs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reconciliation_runs" ADD CONSTRAINT "reconciliation_runs_registrar_handle_registrars_handle_fk" FOREIGN KEY ("registrar_handle") REFERENCES "public"."registrars"("handle") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "reconciliation_results_started_idx" ON "reconciliation_results" USING btree ("run_started_at");--> statement-breakpoint
CREATE UNIQUE INDEX "reconciliation_runs_one_running_idx" ON "reconciliation_runs" USING btree ("registrar_handle") WHERE "reconciliation_runs"."state" IN ('receiving', 'comparing');--> statement-breakpoint
CREATE INDEX "reconciliation_runs_registrar_idx" ON "reconciliation_runs" USING btree ("registrar_handle","started_at");--> statement-breakpoint
CREATE INDEX "reconciliation_runs_started_idx" ON "reconciliation_runs" USING btree ("started_at");