CREATE TYPE "public"."job_status" AS ENUM('queued', 'running', 'succeeded', 'failed', 'cancelled');--> statement-breakpoint
CREATE TYPE "public"."transcript_version_source" AS ENUM('upload', 'alignment', 'editor', 'import', 'restore');--> statement-breakpoint
CREATE TABLE "background_jobs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"kind" text NOT NULL,
	"payload" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"status" "job_status" DEFAULT 'queued' NOT NULL,
	"stage" text DEFAULT 'Waiting to start' NOT NULL,
	"progress" real DEFAULT 0 NOT NULL,
	"result" jsonb,
	"error" text,
	"attempts" integer DEFAULT 0 NOT NULL,
	"max_attempts" integer DEFAULT 3 NOT NULL,
	"cancel_requested" boolean DEFAULT false NOT NULL,
	"locked_by" text,
	"heartbeat_at" timestamp with time zone,
	"subject_id" uuid,
	"created_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"started_at" timestamp with time zone,
	"finished_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "background_jobs_progress_check" CHECK ("background_jobs"."progress" between 0 and 1)
);
--> statement-breakpoint
CREATE TABLE "transcript_versions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"chapter_id" uuid NOT NULL,
	"version" integer NOT NULL,
	"file_key" text NOT NULL,
	"source" "transcript_version_source" NOT NULL,
	"note" text,
	"created_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "transcript_versions_version_check" CHECK ("transcript_versions"."version" >= 1)
);
--> statement-breakpoint
ALTER TABLE "chapters" ADD COLUMN "removed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "stories" ADD COLUMN "published_revision" jsonb;--> statement-breakpoint
ALTER TABLE "background_jobs" ADD CONSTRAINT "background_jobs_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transcript_versions" ADD CONSTRAINT "transcript_versions_chapter_id_chapters_id_fk" FOREIGN KEY ("chapter_id") REFERENCES "public"."chapters"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transcript_versions" ADD CONSTRAINT "transcript_versions_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "background_jobs_status_created_idx" ON "background_jobs" USING btree ("status","created_at");--> statement-breakpoint
CREATE INDEX "background_jobs_subject_idx" ON "background_jobs" USING btree ("kind","subject_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "transcript_versions_chapter_version_idx" ON "transcript_versions" USING btree ("chapter_id","version");--> statement-breakpoint
-- Learners keep seeing what was published: each published story's revision is its content today
-- (only chapters with audio and a transcript).
UPDATE "stories" AS s SET "published_revision" = jsonb_build_object(
  'publishedAt', to_char(coalesce(s."published_at", now()) AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
  'title', s."title",
  'description', s."description",
  'imageUrl', s."image_url",
  'language', s."language",
  'level', s."level",
  'newWordsCount', s."new_words_count",
  'chapters', coalesce((
    SELECT jsonb_agg(jsonb_build_object(
      'id', c."id", 'title', c."title", 'position', c."position", 'duration', c."duration",
      'audioFileId', c."audio_file_id", 'transcriptFileId', c."transcript_file_id"
    ) ORDER BY c."position")
    FROM "chapters" AS c
    WHERE c."story_id" = s."id" AND c."audio_file_id" <> '' AND c."transcript_file_id" <> ''
  ), '[]'::jsonb)
) WHERE s."status" = 'published';
--> statement-breakpoint
-- Every transcript a chapter has today is its first version.
INSERT INTO "transcript_versions" ("chapter_id", "version", "file_key", "source")
SELECT "id", 1, "transcript_file_id", 'upload' FROM "chapters" WHERE "transcript_file_id" <> '';
