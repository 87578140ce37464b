CREATE TABLE "stored_file_chunks" (
	"version" uuid NOT NULL,
	"seq" integer NOT NULL,
	"data" "bytea" NOT NULL,
	"written_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "stored_file_chunks_version_seq_pk" PRIMARY KEY("version","seq")
);
--> statement-breakpoint
CREATE TABLE "stored_files" (
	"key" text PRIMARY KEY NOT NULL,
	"version" uuid NOT NULL,
	"size_bytes" bigint NOT NULL,
	"stored_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "stored_files_version_unique" UNIQUE("version")
);
--> statement-breakpoint
CREATE INDEX "stored_file_chunks_written_at" ON "stored_file_chunks" USING btree ("written_at");--> statement-breakpoint
-- Uploads are photos and PDFs, compressed already: kept out of line without trying to compress them again.
ALTER TABLE "stored_file_chunks" ALTER COLUMN "data" SET STORAGE EXTERNAL;