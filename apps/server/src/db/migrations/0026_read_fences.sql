CREATE TABLE "read_fences" (
	"reader" text PRIMARY KEY NOT NULL,
	"lsn" "pg_lsn" NOT NULL,
	"written_at" timestamp with time zone DEFAULT now() NOT NULL
);
