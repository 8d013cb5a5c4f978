ALTER TABLE "user_story_progress" ADD COLUMN "completed_at" timestamp with time zone;--> statement-breakpoint
-- Chapters completed before this column: their last save is the best date known.
UPDATE "user_story_progress" SET "completed_at" = coalesce("client_updated_at", "last_accessed_at") WHERE "completed";
